import type {
  CreateStateMachineAliasCommandInput,
  CreateStateMachineCommandInput,
  DeleteStateMachineAliasCommandInput,
  DeleteStateMachineCommandInput,
  DeleteStateMachineVersionCommandInput,
  DescribeStateMachineAliasCommandInput,
  DescribeStateMachineCommandInput,
  DescribeStateMachineForExecutionCommandInput,
  ListStateMachineAliasesCommandInput,
  ListStateMachinesCommandInput,
  ListStateMachineVersionsCommandInput,
  PublishStateMachineVersionCommandInput,
  UpdateStateMachineAliasCommandInput,
  UpdateStateMachineCommandInput,
  ValidateStateMachineDefinitionCommandInput,
} from '@aws-sdk/client-sfn';
import { partitionOf } from '../../../core/arn.js';
import type { RequestContext } from '../../../core/request-context.js';
import { problemText, validateDefinition } from '../asl/validate.js';
import { sfnErrors } from '../errors.js';
import {
  StateMachine,
  type LoggingConfiguration,
  type Revision,
  type StateMachineType,
  type Version,
} from '../models.js';
import type { SfnBackend } from '../sfn-backend.js';
import { arnParts, checkName, machineOf, machineTarget, pageOf, required } from './checks.js';
import { setTags } from './tags.js';

const TYPES = ['STANDARD', 'EXPRESS'] as const;
const LOG_LEVELS = ['ALL', 'ERROR', 'FATAL', 'OFF'] as const;
/** §1.4 [AWS-snap]: what DescribeStateMachine shows when none was set. */
const DEFAULT_LOGGING: LoggingConfiguration = { level: 'OFF', includeExecutionData: false };
const MAX_DEFINITION_BYTES = 1_048_576;

/** The definition checked (§1.3): InvalidDefinition with every problem, in AWS's words. */
function checkedDefinition(text: unknown, type: StateMachineType) {
  const definition = String(required(text, 'definition'));
  if (Buffer.byteLength(definition) > MAX_DEFINITION_BYTES)
    throw sfnErrors.tooLong('…', 'definition', MAX_DEFINITION_BYTES);
  const validated = validateDefinition(definition, type);
  if ('diagnostics' in validated) throw sfnErrors.invalidDefinition(problemText(validated.diagnostics));
  return { text: definition, definition: validated.machine };
}

function checkRole(value: unknown): string {
  const role = String(required(value, 'roleArn'));
  if (!/^arn:aws[a-z-]*:iam::\d{12}:role\/.+/.test(role)) throw sfnErrors.invalidArn(role);
  return role;
}

function loggingOf(value: CreateStateMachineCommandInput['loggingConfiguration']): LoggingConfiguration {
  if (!value) return DEFAULT_LOGGING;
  const level = value.level ?? 'OFF';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw sfnErrors.badEnum(level, 'loggingConfiguration.level', LOG_LEVELS);
  return {
    level,
    includeExecutionData: value.includeExecutionData ?? false,
    ...(value.destinations ? { destinations: value.destinations } : {}),
  };
}

/** CreateStateMachine (§1.3): idempotent for the very same request; any difference is StateMachineAlreadyExists. */
export function createStateMachine(
  backend: SfnBackend,
  input: Partial<CreateStateMachineCommandInput>,
  request: RequestContext,
) {
  const name = checkName(input.name);
  const type = (input.type ?? 'STANDARD') as StateMachineType;
  if (!(TYPES as readonly string[]).includes(type)) throw sfnErrors.badEnum(type, 'type', TYPES);
  const { text, definition } = checkedDefinition(input.definition, type);
  const roleArn = checkRole(input.roleArn);
  if (input.versionDescription !== undefined && !input.publish) {
    throw sfnErrors.validation('Version description can only be set when publish is true');
  }
  const logging = loggingOf(input.loggingConfiguration);
  const tracing = { enabled: input.tracingConfiguration?.enabled ?? false };
  const region = backend.region(request.region);
  const arn = `arn:${partitionOf(request.region)}:states:${request.region}:${backend.accountId}:stateMachine:${name}`;
  const existing = region.machines.get(name);
  if (existing) {
    const same =
      existing.status === 'ACTIVE' &&
      existing.type === type &&
      existing.revision.definitionText === text &&
      existing.revision.roleArn === roleArn &&
      JSON.stringify(existing.revision.loggingConfiguration) === JSON.stringify(logging) &&
      existing.revision.tracingConfiguration.enabled === tracing.enabled;
    if (!same) throw sfnErrors.machineExists(arn);
    return { stateMachineArn: existing.arn, creationDate: new Date(existing.creationDate) };
  }
  const now = backend.clock.now();
  const revision: Revision = {
    definitionText: text,
    definition,
    roleArn,
    loggingConfiguration: logging,
    tracingConfiguration: tracing,
    revisionId: undefined,
    updateDate: now,
  };
  const machine = new StateMachine(arn, name, request.region, type, revision, now);
  region.machines.set(name, machine);
  if (input.tags?.length) setTags(backend, arn, input.tags);
  const version = input.publish ? publish(backend, machine, input.versionDescription) : undefined;
  return {
    stateMachineArn: arn,
    creationDate: new Date(now),
    ...(version ? { stateMachineVersionArn: version.arn } : {}),
  };
}

/** DescribeStateMachine (§1.4): a version ARN describes the version. */
export function describeStateMachine(backend: SfnBackend, input: Partial<DescribeStateMachineCommandInput>) {
  const { machine, version, alias } = machineTarget(backend, input.stateMachineArn);
  if (alias) throw sfnErrors.invalidArn(String(input.stateMachineArn));
  const revision = version ?? machine.revision;
  return {
    stateMachineArn: version?.arn ?? machine.arn,
    name: machine.name,
    status: machine.status,
    definition: revision.definitionText,
    roleArn: revision.roleArn,
    type: machine.type,
    creationDate: new Date(version?.creationDate ?? machine.creationDate),
    loggingConfiguration: revision.loggingConfiguration,
    tracingConfiguration: revision.tracingConfiguration,
    ...(machine.updated || version ? { revisionId: revision.revisionId } : {}),
    ...(version?.description !== undefined ? { description: version.description } : {}),
  };
}

/** DescribeStateMachineForExecution (§1.4): the definition the execution ran with. */
export function describeStateMachineForExecution(
  backend: SfnBackend,
  input: Partial<DescribeStateMachineForExecutionCommandInput>,
) {
  const parts = arnParts(input.executionArn, 'execution', 'executionArn');
  const arn = parts.join(':');
  const execution = backend.executions.get(arn);
  if (!execution) throw sfnErrors.executionMissing(arn);
  const { revision, machine } = execution;
  return {
    stateMachineArn: machine.arn,
    name: machine.name,
    definition: revision.definitionText,
    roleArn: revision.roleArn,
    updateDate: new Date(revision.updateDate),
    loggingConfiguration: revision.loggingConfiguration,
    tracingConfiguration: revision.tracingConfiguration,
    ...(execution.revision.revisionId !== undefined ? { revisionId: execution.revision.revisionId } : {}),
    // §1.16: a Map Run's child names its run and the Map's label.
    ...(execution.mapRunArn !== undefined
      ? { mapRunArn: execution.mapRunArn, label: backend.mapRuns.get(execution.mapRunArn)?.label }
      : {}),
  };
}

/**
 * UpdateStateMachine (§1.4): a new revision for running executions to keep the old one; the same values keep the
 * same revision id.
 */
export function updateStateMachine(backend: SfnBackend, input: Partial<UpdateStateMachineCommandInput>) {
  const machine = machineOf(backend, input.stateMachineArn);
  if (
    input.definition === undefined &&
    input.roleArn === undefined &&
    input.loggingConfiguration === undefined &&
    input.tracingConfiguration === undefined
  ) {
    throw sfnErrors.nothingToUpdate();
  }
  if (input.versionDescription !== undefined && !input.publish) {
    throw sfnErrors.validation('Version description can only be set when publish is true');
  }
  const current = machine.revision;
  const definition = input.definition !== undefined ? checkedDefinition(input.definition, machine.type) : undefined;
  const next: Revision = {
    definitionText: definition?.text ?? current.definitionText,
    definition: definition?.definition ?? current.definition,
    roleArn: input.roleArn !== undefined ? checkRole(input.roleArn) : current.roleArn,
    loggingConfiguration:
      input.loggingConfiguration !== undefined ? loggingOf(input.loggingConfiguration) : current.loggingConfiguration,
    tracingConfiguration:
      input.tracingConfiguration !== undefined
        ? { enabled: input.tracingConfiguration.enabled ?? false }
        : current.tracingConfiguration,
    revisionId: current.revisionId,
    updateDate: current.updateDate,
  };
  const changed =
    next.definitionText !== current.definitionText ||
    next.roleArn !== current.roleArn ||
    JSON.stringify(next.loggingConfiguration) !== JSON.stringify(current.loggingConfiguration) ||
    next.tracingConfiguration.enabled !== current.tracingConfiguration.enabled;
  if (changed || current.revisionId === undefined) {
    machine.revision = { ...next, revisionId: backend.account.ids.uuid(), updateDate: backend.clock.now() };
    machine.updated = true;
  }
  const version = input.publish ? publish(backend, machine, input.versionDescription) : undefined;
  return {
    updateDate: new Date(machine.revision.updateDate),
    revisionId: machine.revision.revisionId,
    ...(version ? { stateMachineVersionArn: version.arn } : {}),
  };
}

/** DeleteStateMachine (§1.4): a machine that does not exist is no error; running executions are stopped. */
export function deleteStateMachine(backend: SfnBackend, input: Partial<DeleteStateMachineCommandInput>) {
  const parts = arnParts(input.stateMachineArn, 'stateMachine', 'stateMachineArn');
  const region = backend.region(parts[3]!);
  const machine = region.machines.get(parts[6]!);
  if (!machine || machine.arn !== parts.slice(0, 7).join(':')) return {};
  if (parts.length > 7) throw sfnErrors.invalidArn(parts.join(':'));
  region.machines.delete(machine.name);
  machine.status = 'DELETING';
  for (const execution of machine.executions.values()) execution.stopper?.(undefined, undefined);
  backend.tags.delete(machine.arn);
  return {};
}

/** ListStateMachines (§1.4): by name, in code-point order. */
export function listStateMachines(
  backend: SfnBackend,
  input: Partial<ListStateMachinesCommandInput>,
  request: RequestContext,
) {
  const machines = [...backend.region(request.region).machines.values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const { items, nextToken } = pageOf(machines, input.maxResults, input.nextToken);
  return {
    stateMachines: items.map((machine) => ({
      stateMachineArn: machine.arn,
      name: machine.name,
      type: machine.type,
      creationDate: new Date(machine.creationDate),
    })),
    ...(nextToken !== undefined ? { nextToken } : {}),
  };
}

/** ValidateStateMachineDefinition (§1.3): the diagnostics, never an error for the definition. */
export function validateStateMachineDefinition(
  _backend: SfnBackend,
  input: Partial<ValidateStateMachineDefinitionCommandInput>,
) {
  const definition = String(required(input.definition, 'definition'));
  const type = (input.type ?? 'STANDARD') as StateMachineType;
  const validated = validateDefinition(definition, type);
  const diagnostics = 'diagnostics' in validated ? validated.diagnostics : [];
  return {
    result: diagnostics.length === 0 ? 'OK' : 'FAIL',
    diagnostics: diagnostics.map((d) => ({
      severity: 'ERROR',
      code: d.code,
      message: d.message,
      ...(d.location !== undefined ? { location: d.location } : {}),
    })),
    truncated: false,
  };
}

// -------------------------------------------------------------------------------------------------------------------
// Versions and aliases (§1.5)

/** Publishes the machine's current revision: the version of that revision if there is one already. */
function publish(backend: SfnBackend, machine: StateMachine, description: string | undefined): Version {
  const revision = machine.revision;
  for (const version of machine.versions.values()) {
    if (version.definitionText === revision.definitionText && version.roleArn === revision.roleArn) return version;
  }
  const number = machine.nextVersion++;
  const version: Version = {
    ...revision,
    revisionId: revision.revisionId ?? backend.account.ids.uuid(),
    arn: `${machine.arn}:${number}`,
    number,
    description,
    creationDate: backend.clock.now(),
  };
  machine.versions.set(number, version);
  return version;
}

export function publishStateMachineVersion(
  backend: SfnBackend,
  input: Partial<PublishStateMachineVersionCommandInput>,
) {
  const machine = machineOf(backend, input.stateMachineArn);
  if (input.revisionId !== undefined && input.revisionId !== (machine.revision.revisionId ?? input.revisionId)) {
    throw sfnErrors.conflict(
      `Failed to publish the State Machine version for revision ${input.revisionId}. The current State Machine revision is ${machine.revision.revisionId}.`,
    );
  }
  const version = publish(backend, machine, input.description);
  return { creationDate: new Date(version.creationDate), stateMachineVersionArn: version.arn };
}

export function listStateMachineVersions(backend: SfnBackend, input: Partial<ListStateMachineVersionsCommandInput>) {
  const machine = machineOf(backend, input.stateMachineArn);
  const versions = [...machine.versions.values()].sort((a, b) => b.number - a.number);
  const { items, nextToken } = pageOf(versions, input.maxResults, input.nextToken);
  return {
    stateMachineVersions: items.map((version) => ({
      stateMachineVersionArn: version.arn,
      creationDate: new Date(version.creationDate),
    })),
    ...(nextToken !== undefined ? { nextToken } : {}),
  };
}

export function deleteStateMachineVersion(backend: SfnBackend, input: Partial<DeleteStateMachineVersionCommandInput>) {
  const parts = arnParts(input.stateMachineVersionArn, 'stateMachine', 'stateMachineVersionArn');
  const machine = backend.region(parts[3]!).machines.get(parts[6]!);
  const number = Number(parts[7]);
  if (!machine || !machine.versions.has(number)) return {};
  const arn = parts.join(':');
  for (const alias of machine.aliases.values()) {
    if (alias.routing.some((route) => route.stateMachineVersionArn === arn)) {
      throw sfnErrors.conflict(
        `Version to be deleted must not be referenced by an alias. Current list of aliases referencing this version: [${alias.arn}]`,
      );
    }
  }
  machine.versions.delete(number);
  return {};
}

/** The routing of an alias (§1.5): one or two versions of the machine, weights summing to 100. */
function routingOf(backend: SfnBackend, machineArn: string | undefined, routing: unknown) {
  const routes = required(routing, 'routingConfiguration') as { stateMachineVersionArn?: string; weight?: number }[];
  if (!Array.isArray(routes) || routes.length < 1 || routes.length > 2) {
    throw sfnErrors.validation(
      "1 validation error detected: Value at 'routingConfiguration' failed to satisfy constraint: Member must have length between 1 and 2",
    );
  }
  let machine: StateMachine | undefined;
  const checked = routes.map((route) => {
    const target = machineTarget(backend, route.stateMachineVersionArn, 'routingConfiguration.stateMachineVersionArn');
    if (!target.version) throw sfnErrors.invalidArn(String(route.stateMachineVersionArn));
    if (machine && machine !== target.machine)
      throw sfnErrors.validation('All versions in the routing configuration must belong to the same state machine');
    machine = target.machine;
    return { stateMachineVersionArn: target.version.arn, weight: Number(route.weight ?? 0) };
  });
  if (checked.reduce((sum, route) => sum + route.weight, 0) !== 100) {
    throw sfnErrors.validation('Sum of routing configuration weights must be equal to 100');
  }
  if (machineArn !== undefined && machine!.arn !== machineArn)
    throw sfnErrors.validation('Routing configuration must reference versions of the aliased state machine');
  return { machine: machine!, routes: checked };
}

export function createStateMachineAlias(backend: SfnBackend, input: Partial<CreateStateMachineAliasCommandInput>) {
  const name = checkName(input.name);
  if (/^\d+$/.test(name)) throw sfnErrors.invalidName(name);
  const { machine, routes } = routingOf(backend, undefined, input.routingConfiguration);
  const arn = `${machine.arn}:${name}`;
  const existing = machine.aliases.get(name);
  if (existing) {
    if (JSON.stringify(existing.routing) === JSON.stringify(routes) && existing.description === input.description) {
      return { stateMachineAliasArn: arn, creationDate: new Date(existing.creationDate) };
    }
    throw sfnErrors.conflict(
      `Failed to create alias because an alias with the same name and a different routing configuration already exists.`,
    );
  }
  const now = backend.clock.now();
  machine.aliases.set(name, {
    arn,
    name,
    description: input.description,
    routing: routes,
    creationDate: now,
    updateDate: now,
  });
  return { stateMachineAliasArn: arn, creationDate: new Date(now) };
}

function aliasOf(backend: SfnBackend, value: unknown) {
  const target = machineTarget(backend, value, 'stateMachineAliasArn');
  if (!target.alias) throw sfnErrors.aliasMissing(String(value));
  return target;
}

export function describeStateMachineAlias(backend: SfnBackend, input: Partial<DescribeStateMachineAliasCommandInput>) {
  const { alias } = aliasOf(backend, input.stateMachineAliasArn);
  return {
    stateMachineAliasArn: alias!.arn,
    name: alias!.name,
    ...(alias!.description !== undefined ? { description: alias!.description } : {}),
    routingConfiguration: alias!.routing,
    creationDate: new Date(alias!.creationDate),
    updateDate: new Date(alias!.updateDate),
  };
}

export function updateStateMachineAlias(backend: SfnBackend, input: Partial<UpdateStateMachineAliasCommandInput>) {
  const { machine, alias } = aliasOf(backend, input.stateMachineAliasArn);
  if (input.routingConfiguration !== undefined)
    alias!.routing = routingOf(backend, machine.arn, input.routingConfiguration).routes;
  if (input.description !== undefined) alias!.description = input.description;
  alias!.updateDate = backend.clock.now();
  return { updateDate: new Date(alias!.updateDate) };
}

export function deleteStateMachineAlias(backend: SfnBackend, input: Partial<DeleteStateMachineAliasCommandInput>) {
  const parts = arnParts(input.stateMachineAliasArn, 'stateMachine', 'stateMachineAliasArn');
  backend
    .region(parts[3]!)
    .machines.get(parts[6]!)
    ?.aliases.delete(parts[7] ?? '');
  return {};
}

export function listStateMachineAliases(backend: SfnBackend, input: Partial<ListStateMachineAliasesCommandInput>) {
  const machine = machineOf(backend, input.stateMachineArn);
  const aliases = [...machine.aliases.values()];
  const { items, nextToken } = pageOf(aliases, input.maxResults, input.nextToken);
  return {
    stateMachineAliases: items.map((alias) => ({
      stateMachineAliasArn: alias.arn,
      creationDate: new Date(alias.creationDate),
    })),
    ...(nextToken !== undefined ? { nextToken } : {}),
  };
}
