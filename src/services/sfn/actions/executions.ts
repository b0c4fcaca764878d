import type {
  DescribeExecutionCommandInput,
  GetExecutionHistoryCommandInput,
  ListExecutionsCommandInput,
  RedriveExecutionCommandInput,
  StartExecutionCommandInput,
  StartSyncExecutionCommandInput,
  StopExecutionCommandInput,
} from '@aws-sdk/client-sfn';
import type { RequestContext } from '../../../core/request-context.js';
import { MAX_PAYLOAD_BYTES, utf8Bytes } from '../asl/json.js';
import type { Execution } from '../engine/execution.js';
import { sfnErrors } from '../errors.js';
import type { SfnBackend } from '../sfn-backend.js';
import { checkName, executionOf, machineTarget, MAX_NAME, mapRunOf, pageOf, parseInput } from './checks.js';

const STATUSES = ['SUCCEEDED', 'TIMED_OUT', 'PENDING_REDRIVE', 'ABORTED', 'FAILED', 'RUNNING'] as const;
const REDRIVE_FILTERS = ['REDRIVEN', 'NOT_REDRIVEN'] as const;

/**
 * StartExecution (§1.6): a machine, version or alias ARN; any JSON input, `{}` when none; a name unique per machine
 * (the same name and input while it runs answers the same execution).
 */
export function startExecution(
  backend: SfnBackend,
  input: Partial<StartExecutionCommandInput>,
  request: RequestContext,
) {
  const execution = start(backend, input, request);
  return { executionArn: execution.arn, startDate: new Date(execution.startDate) };
}

function start(backend: SfnBackend, input: Partial<StartExecutionCommandInput>, request: RequestContext): Execution {
  // §1.6 [3P measured]: the model's constraints (the name's length, the input's size) come before the machine's
  // existence; the name's characters and the input's JSON after it.
  if (typeof input.name === 'string' && input.name.length > MAX_NAME)
    throw sfnErrors.tooLong(input.name, 'name', MAX_NAME);
  if (typeof input.input === 'string' && utf8Bytes(input.input) > MAX_PAYLOAD_BYTES)
    throw sfnErrors.tooManyBytes('input', MAX_PAYLOAD_BYTES);
  const { machine, version, alias } = machineTarget(backend, input.stateMachineArn);
  if (machine.status === 'DELETING') throw sfnErrors.machineDeleting(machine.arn);
  const name = input.name === undefined || input.name === null ? backend.account.ids.uuid() : checkName(input.name);
  const { text, value } = parseInput(input.input);
  const parts = machine.arn.split(':');
  if (machine.type === 'EXPRESS') {
    const arn = `${parts.slice(0, 5).join(':')}:express:${machine.name}:${name}:${backend.account.ids.uuid()}`;
    return backend.startExecution(machine, machine.revision, arn, name, text, value, {
      traceHeader: input.traceHeader ?? request.traceHeader,
    });
  }
  const arn = `${parts.slice(0, 5).join(':')}:execution:${machine.name}:${name}`;
  const existing = machine.executions.get(name);
  if (existing) {
    if (existing.status === 'RUNNING' && existing.inputText === text) return existing;
    throw sfnErrors.executionExists(arn);
  }
  // §1.5: an alias picks one of its versions by weight, from the account's (seedable) randomness.
  let versionArn = version?.arn;
  let revision = version ?? machine.revision;
  if (alias) {
    let draw = backend.account.ids.random() * 100;
    const route = alias.routing.find((candidate) => (draw -= candidate.weight) < 0) ?? alias.routing.at(-1)!;
    const picked = machine.versions.get(Number(route.stateMachineVersionArn.split(':')[7]))!;
    versionArn = picked.arn;
    revision = picked;
  }
  return backend.startExecution(machine, revision, arn, name, text, value, {
    versionArn,
    aliasArn: alias?.arn,
    traceHeader: input.traceHeader ?? request.traceHeader,
  });
}

/**
 * StartSyncExecution (§1.7): an Express machine's execution, answered when it ends; a failed one is no API error.
 */
export async function startSyncExecution(
  backend: SfnBackend,
  input: Partial<StartSyncExecutionCommandInput>,
  request: RequestContext,
) {
  const { machine } = machineTarget(backend, input.stateMachineArn);
  if (machine.type !== 'EXPRESS') throw sfnErrors.typeNotSupported();
  const execution = start(backend, input, request);
  await execution.done;
  const billed = Math.max(
    100,
    Math.ceil(((execution.stopDate ?? execution.startDate) - execution.startDate) / 100) * 100,
  );
  return {
    executionArn: execution.arn,
    stateMachineArn: machine.arn,
    name: execution.name,
    startDate: new Date(execution.startDate),
    stopDate: new Date(execution.stopDate!),
    status: execution.status,
    ...(execution.error !== undefined ? { error: execution.error } : {}),
    ...(execution.cause !== undefined ? { cause: execution.cause } : {}),
    input: execution.inputText,
    inputDetails: { included: true },
    ...(execution.output !== undefined ? { output: execution.output, outputDetails: { included: true } } : {}),
    ...(execution.traceHeader !== undefined ? { traceHeader: execution.traceHeader } : {}),
    billingDetails: { billedMemoryUsedInMB: 64, billedDurationInMilliseconds: billed },
  };
}

/** §1.8, §1.17 [AWS-snap]: how many times it was redriven, when, and whether it can be now. */
function redrive(backend: SfnBackend, execution: Execution) {
  const { status, reason } = backend.redriveStatusOf(execution);
  return {
    redriveCount: execution.redriveCount,
    ...(execution.redriveDate !== undefined ? { redriveDate: new Date(execution.redriveDate) } : {}),
    redriveStatus: status,
    ...(reason !== undefined ? { redriveStatusReason: reason } : {}),
  };
}

/**
 * RedriveExecution (§1.17): a Standard execution that failed, timed out or was aborted runs again from where it
 * stood, with the same ARN; any other is ExecutionNotRedrivable with the reason DescribeExecution gives.
 */
export function redriveExecution(backend: SfnBackend, input: Partial<RedriveExecutionCommandInput>) {
  const execution = executionOf(backend, input.executionArn);
  const { status, reason } = backend.redriveStatusOf(execution);
  if (status !== 'REDRIVABLE') throw sfnErrors.notRedrivable(reason ?? 'Execution is redrivable only by its Map Run');
  backend.redrive(execution);
  return { redriveDate: new Date(execution.redriveDate!) };
}

/** DescribeExecution (§1.8). */
export function describeExecution(backend: SfnBackend, input: Partial<DescribeExecutionCommandInput>) {
  const execution = executionOf(backend, input.executionArn);
  return {
    executionArn: execution.arn,
    stateMachineArn: execution.machine.arn,
    name: execution.name,
    status: execution.status,
    startDate: new Date(execution.startDate),
    ...(execution.stopDate !== undefined ? { stopDate: new Date(execution.stopDate) } : {}),
    input: execution.inputText,
    inputDetails: { included: true },
    ...(execution.output !== undefined ? { output: execution.output, outputDetails: { included: true } } : {}),
    ...(execution.error !== undefined ? { error: execution.error } : {}),
    ...(execution.cause !== undefined ? { cause: execution.cause } : {}),
    ...(execution.traceHeader !== undefined ? { traceHeader: execution.traceHeader } : {}),
    ...(execution.versionArn !== undefined ? { stateMachineVersionArn: execution.versionArn } : {}),
    ...(execution.aliasArn !== undefined ? { stateMachineAliasArn: execution.aliasArn } : {}),
    ...(execution.mapRunArn !== undefined ? { mapRunArn: execution.mapRunArn } : {}),
    ...redrive(backend, execution),
  };
}

/** StopExecution (§1.9): ABORTED, ExecutionAborted in the history; a closed execution stays as it is. */
export function stopExecution(backend: SfnBackend, input: Partial<StopExecutionCommandInput>) {
  const execution = executionOf(backend, input.executionArn);
  if (input.error !== undefined && input.error.length > 256) throw sfnErrors.tooLong(input.error, 'error', 256);
  if (input.cause !== undefined && input.cause.length > 32_768) throw sfnErrors.tooLong('…', 'cause', 32_768);
  execution.stopper?.(input.error, input.cause);
  return { stopDate: new Date(execution.stopDate ?? backend.clock.now()) };
}

/** ListExecutions (§1.10): newest first; Express machines have none to list. */
export function listExecutions(backend: SfnBackend, input: Partial<ListExecutionsCommandInput>) {
  if (input.statusFilter !== undefined && !(STATUSES as readonly string[]).includes(input.statusFilter)) {
    throw sfnErrors.badEnum(input.statusFilter, 'statusFilter', STATUSES);
  }
  let executions: Execution[];
  const mapRun = input.mapRunArn !== undefined ? mapRunOf(backend, input.mapRunArn) : undefined;
  if (mapRun) {
    // §1.16: a Map Run's Standard children (newest first, as every list of executions).
    executions = mapRun.children.filter((child) => child !== undefined && !child.express);
  } else {
    const { machine, version, alias } = machineTarget(backend, input.stateMachineArn);
    if (machine.type === 'EXPRESS') throw sfnErrors.typeNotSupported();
    executions = [...machine.executions.values()].filter(
      (execution) =>
        (version === undefined || execution.versionArn === version.arn) &&
        (alias === undefined || execution.aliasArn === alias.arn),
    );
  }
  if (input.redriveFilter !== undefined && !(REDRIVE_FILTERS as readonly string[]).includes(input.redriveFilter)) {
    throw sfnErrors.badEnum(input.redriveFilter, 'redriveFilter', REDRIVE_FILTERS);
  }
  const filtered = executions
    .filter((execution) => input.statusFilter === undefined || execution.status === input.statusFilter)
    .filter(
      (execution) =>
        input.redriveFilter === undefined || execution.redriveCount > 0 === (input.redriveFilter === 'REDRIVEN'),
    )
    .reverse();
  const { items, nextToken } = pageOf(filtered, input.maxResults, input.nextToken, 3096);
  return {
    executions: items.map((execution) => ({
      executionArn: execution.arn,
      stateMachineArn: execution.machine.arn,
      name: execution.name,
      status: execution.status,
      startDate: new Date(execution.startDate),
      ...(execution.stopDate !== undefined ? { stopDate: new Date(execution.stopDate) } : {}),
      ...(execution.versionArn !== undefined ? { stateMachineVersionArn: execution.versionArn } : {}),
      ...(execution.aliasArn !== undefined ? { stateMachineAliasArn: execution.aliasArn } : {}),
      ...(mapRun
        ? { mapRunArn: mapRun.arn, itemCount: mapRun.itemsPerChild[mapRun.children.indexOf(execution)] ?? 1 }
        : {}),
      redriveCount: execution.redriveCount,
    })),
    ...(nextToken !== undefined ? { nextToken } : {}),
  };
}

/**
 * GetExecutionHistory (§1.11): the events, oldest first or newest first, a page at a time; without execution data
 * their inputs and outputs are left out.
 */
export function getExecutionHistory(backend: SfnBackend, input: Partial<GetExecutionHistoryCommandInput>) {
  const execution = executionOf(backend, input.executionArn);
  const events = execution.history.events;
  const ordered = input.reverseOrder ? [...events].reverse() : events;
  const { items, nextToken } = pageOf(ordered, input.maxResults, input.nextToken, 3096);
  const withData = input.includeExecutionData ?? true;
  return {
    events: withData ? items : items.map(withoutData),
    ...(nextToken !== undefined ? { nextToken } : {}),
  };
}

function withoutData(event: Execution['history']['events'][number]): object {
  return Object.fromEntries(
    Object.entries(event).map(([key, value]) => {
      if (!key.endsWith('EventDetails') || typeof value !== 'object' || value === null) return [key, value];
      const { input: _input, output: _output, ...rest } = value as Record<string, unknown>;
      return [key, rest];
    }),
  );
}
