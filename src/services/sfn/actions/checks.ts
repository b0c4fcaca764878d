/**
 * What several Step Functions actions check (docs/aws-behaviour/stepfunctions.md §1.2, §1.6): names, ARNs, JSON
 * inputs, page sizes; and how an ARN names a state machine, a version, an alias, an execution or an activity.
 */
import { readJson } from '../../../core/json/json-reader.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { Json } from '../asl/json.js';
import { sfnErrors } from '../errors.js';
import { isName } from '../names.js';
import type { Execution } from '../engine/execution.js';
import type { MapRun } from '../engine/map-run.js';
import type { Alias, StateMachine, Version } from '../models.js';
import type { SfnBackend } from '../sfn-backend.js';

/** §1.2: a name longer than the model allows is its constraint's ValidationException; a bad character InvalidName. */
export function checkName(value: unknown, at = 'name'): string {
  if (value === undefined || value === null) throw sfnErrors.missing(at);
  const name = String(value);
  if (name.length > MAX_NAME) throw sfnErrors.tooLong(name, at, MAX_NAME);
  if (!isName(name, MAX_NAME)) throw sfnErrors.invalidName(name);
  return name;
}

export const MAX_NAME = 80;

export function required<T>(value: T | undefined | null, at: string): T {
  if (value === undefined || value === null) throw sfnErrors.missing(at);
  return value;
}

/** `arn:<partition>:states:<region>:<account>:<type>:...`, or InvalidArn with AWS's text (§1.2 [AWS-snap]). */
export function arnParts(value: unknown, type: string, at: string): string[] {
  const arn = String(required(value, at));
  const parts = arn.split(':');
  if (
    parts.length < 7 ||
    parts[0] !== 'arn' ||
    parts[2] !== 'states' ||
    parts[5] !== type ||
    parts.some((part, i) => i >= 6 && part === '')
  ) {
    if (type === 'execution' && parts[5] === 'express' && parts[2] === 'states') throw sfnErrors.expressArn();
    throw sfnErrors.invalidArn(arn);
  }
  return parts;
}

/** What a state machine ARN names: the machine, one of its versions, or one of its aliases. */
export interface MachineTarget {
  readonly machine: StateMachine;
  readonly version?: Version;
  readonly alias?: Alias;
}

/** The machine (version, alias) an ARN names, or StateMachineDoesNotExist. */
export function machineTarget(backend: SfnBackend, value: unknown, at = 'stateMachineArn'): MachineTarget {
  const parts = arnParts(value, 'stateMachine', at);
  const arn = parts.join(':');
  const machine = backend.region(parts[3]!).machines.get(parts[6]!);
  if (!machine || parts[4] !== backend.accountId || parts.length > 8) throw sfnErrors.machineMissing(arn);
  if (parts.length === 7) return { machine };
  const qualifier = parts[7]!;
  if (/^\d+$/.test(qualifier)) {
    const version = machine.versions.get(Number(qualifier));
    if (!version) throw sfnErrors.machineMissing(arn);
    return { machine, version };
  }
  const alias = machine.aliases.get(qualifier);
  if (!alias) throw sfnErrors.machineMissing(arn);
  return { machine, alias };
}

/** A machine by its plain ARN (no qualifier). */
export function machineOf(backend: SfnBackend, value: unknown, at = 'stateMachineArn'): StateMachine {
  const target = machineTarget(backend, value, at);
  if (target.version || target.alias) throw sfnErrors.invalidArn(String(value));
  return target.machine;
}

/** A Standard execution by ARN (an Express one is InvalidArn, §1.2), or ExecutionDoesNotExist. */
export function executionOf(backend: SfnBackend, value: unknown, at = 'executionArn'): Execution {
  const parts = arnParts(value, 'execution', at);
  const arn = parts.join(':');
  const execution = backend.executions.get(arn);
  if (!execution) throw sfnErrors.executionMissing(arn);
  return execution;
}

/** A Map Run by ARN (§1.16), or ResourceNotFound. */
export function mapRunOf(backend: SfnBackend, value: unknown, at = 'mapRunArn'): MapRun {
  const arn = arnParts(value, 'mapRun', at).join(':');
  const run = backend.mapRuns.get(arn);
  if (!run) throw sfnErrors.resourceMissing(arn);
  return run;
}

/**
 * Execution input (§1.6 [AWS-snap]): any JSON value, `{}` when absent; text that is not JSON is refused with the
 * JSON parser's (Jackson's) message, without its location.
 */
export function parseInput(
  value: unknown,
  invalid: (detail: string) => Error = sfnErrors.invalidInput,
): { text: string; value: Json } {
  if (value === undefined || value === null) return { text: '{}', value: {} };
  const text = String(value);
  if (text.trim() === '') throw invalid('Invalid execution input.');
  try {
    return { text, value: JSON.parse(text) as Json };
  } catch {
    throw invalid(jacksonMessage(text));
  }
}

function jacksonMessage(text: string): string {
  try {
    readJson(text);
  } catch (error) {
    if (error instanceof Error)
      return error.message.replace(/^failed to parse JSON\. /, '').replace(/\n at \[Source:[\s\S]*$/, '');
  }
  return 'Unexpected end-of-input';
}

/** maxResults (§1.4 [AWS-snap]): 0 means the default page of 100; more than 1000 is refused. */
export function pageSize(value: unknown): number {
  if (value === undefined || value === null) return 100;
  const size = Number(value);
  if (size > 1000) throw sfnErrors.tooLarge(size, 'maxResults', 1000);
  if (size < 0) throw sfnErrors.tooSmall(size, 'maxResults', 0);
  return size === 0 ? 100 : size;
}

/** nextToken: an index here; AWS's tokens are opaque (§1.4: at most 1024 characters). */
export function pageStart(value: unknown, max = 1024): number {
  if (value === undefined || value === null) return 0;
  const token = String(value);
  if (token.length > max) throw sfnErrors.tooLong(token, 'nextToken', max);
  const start = Number.parseInt(token, 10);
  return Number.isFinite(start) && start >= 0 ? start : 0;
}

/** One page of `items`: its slice and the next page's token. */
export function pageOf<T>(
  items: readonly T[],
  maxResults: unknown,
  nextToken: unknown,
  tokenMax?: number,
): { items: T[]; nextToken?: string } {
  const size = pageSize(maxResults);
  const start = pageStart(nextToken, tokenMax);
  const end = start + size;
  return { items: items.slice(start, end), ...(end < items.length ? { nextToken: String(end) } : {}) };
}

/** The ARN of a machine in the request's region and the account. */
export function machineArn(backend: SfnBackend, request: RequestContext, name: string): string {
  return `arn:aws:states:${request.region}:${backend.accountId}:stateMachine:${name}`;
}
