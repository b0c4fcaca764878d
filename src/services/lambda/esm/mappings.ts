import { NotEmulatedError } from '../../../core/aws-error.js';
import type { FindSource, PullSource } from '../../../core/pull.js';
import { functionArn, parseFunctionRef } from '../function-arn.js';
import type { FunctionDirectory } from '../lambda-backend.js';
import type { LambdaFunction } from '../lambda-function.js';
import type { LambdaRuntime } from '../runtime.js';
import { SqsEventSourceMapping, type MappedFunction } from './mapping.js';
import { mappingErrors } from './mapping-errors.js';
import {
  checkModelRanges,
  hasOnSuccessDestination,
  readIntegerMembers,
  resolveSettings,
  type MappingInput,
  type MappingSettings,
} from './mapping-settings.js';

export type { EventSourceMapping, MappingState } from './mapping.js';
export type { MappingInput } from './mapping-settings.js';

export interface MappingServices {
  readonly accountId: string;
  readonly runtime: LambdaRuntime;
  readonly functions: FunctionDirectory;
  /** The account's queues by ARN (any region), through the pull seam. */
  readonly findSource: FindSource;
}

/**
 * The account's SQS event source mappings, in creation order: CreateEventSourceMapping's checks and errors
 * (docs/aws-behaviour/lambda.md §2.1–2.3, §2.9), Get, Update, Delete and List. Each mapping polls its queue on its own
 * (poller.ts).
 *
 * Order of the checks, first failure wins (AWS's order is not recorded, §7.3): integer members that are not whole
 * numbers in the body (the body is parsed first); the event source; the API model's
 * ranges (its request layer checks them before the service sees the request); OnSuccess; the function; the queue;
 * the rules between BatchSize, the window and FIFO (mapping-settings.ts); the filters; the visibility timeout against
 * the function's timeout; last the duplicate, a conflict with existing state rather than bad input.
 */
export class EventSourceMappings {
  private readonly byUuid = new Map<string, SqsEventSourceMapping>();

  constructor(readonly services: MappingServices) {}

  /** CreateEventSourceMapping in `region`; throws AwsErrors of LAMBDA_ERRORS. */
  create(given: MappingInput, region: string): SqsEventSourceMapping {
    const input = readIntegerMembers(given);
    const eventSourceArn = input.EventSourceArn;
    if (typeof eventSourceArn !== 'string' || eventSourceArn === '') throw mappingErrors.unrecognizedEventSource();
    if (eventSourceArn.split(':')[2] !== 'sqs') {
      throw new NotEmulatedError('Lambda', 'CreateEventSourceMapping', 'only SQS queues are emulated as event sources');
    }
    checkModelRanges(input);
    if (hasOnSuccessDestination(input)) throw mappingErrors.unsupportedDestination();
    const { fn, target } = this.findFunction(input.FunctionName, region);
    const queue = this.services.findSource(eventSourceArn);
    if (!queue) throw mappingErrors.queueDoesNotExist();
    const settings = resolveSettings(input, undefined, queue.fifo);
    checkVisibility(queue, fn);
    const existing = this.duplicateOf(eventSourceArn, target);
    if (existing) throw mappingErrors.duplicate(eventSourceArn, fn.name, existing.uuid);
    const mapping = new SqsEventSourceMapping(
      this.services.runtime.ids.uuid(),
      region,
      eventSourceArn,
      settings,
      target,
      {
        accountId: this.services.accountId,
        runtime: this.services.runtime,
        findSource: this.services.findSource,
        findFunction: (arn) => this.services.functions.findByArn(arn),
      },
    );
    this.byUuid.set(mapping.uuid, mapping);
    return mapping;
  }

  /** GetEventSourceMapping. */
  get(uuid: string): SqsEventSourceMapping {
    const mapping = typeof uuid === 'string' ? this.byUuid.get(uuid) : undefined;
    if (!mapping) throw mappingErrors.notFound();
    return mapping;
  }

  /** UpdateEventSourceMapping: changes what `input` names; the same rules as Create (lambda.md §2.3, §2.9). */
  update(uuid: string, given: MappingInput, region: string): SqsEventSourceMapping {
    const input = readIntegerMembers(given);
    const mapping = this.get(uuid);
    checkModelRanges(input);
    if (hasOnSuccessDestination(input)) throw mappingErrors.unsupportedDestination();
    let target = mapping.target;
    let fn = this.services.functions.findByArn(target.arn);
    if (input.FunctionName !== undefined) ({ fn, target } = this.findFunction(input.FunctionName, region));
    const queue = this.services.findSource(mapping.eventSourceArn);
    const settings: MappingSettings = resolveSettings(input, mapping.settings, queue?.fifo ?? false);
    if (queue && fn) checkVisibility(queue, fn);
    if (target.echoedArn !== mapping.target.echoedArn) {
      const existing = this.duplicateOf(mapping.eventSourceArn, target);
      if (existing && fn) throw mappingErrors.duplicate(mapping.eventSourceArn, fn.name, existing.uuid);
    }
    mapping.update(settings, target, input.Enabled !== undefined && input.Enabled !== null);
    return mapping;
  }

  /** DeleteEventSourceMapping: answers the mapping in state 'Deleting'; it is gone at once. */
  delete(uuid: string): SqsEventSourceMapping {
    const mapping = this.get(uuid);
    this.byUuid.delete(uuid);
    mapping.delete();
    return mapping;
  }

  /**
   * ListEventSourceMappings, in creation order. A FunctionName that names no function is not an error (lambda.md
   * §2.2); it is read in `region` like any FunctionName.
   */
  list(filter: { functionName?: string; eventSourceArn?: string }, region: string): SqsEventSourceMapping[] {
    let wanted: string | undefined;
    if (filter.functionName !== undefined) {
      const ref = parseFunctionRef(filter.functionName);
      if (!ref) return [];
      wanted = functionArn(ref.region ?? region, ref.accountId ?? this.services.accountId, ref.name);
    }
    return [...this.byUuid.values()].filter(
      (mapping) =>
        (wanted === undefined || mapping.target.arn === wanted) &&
        (filter.eventSourceArn === undefined || mapping.eventSourceArn === filter.eventSourceArn),
    );
  }

  /** The mappings that invoke `fn`. */
  forFunction(fn: LambdaFunction): SqsEventSourceMapping[] {
    return [...this.byUuid.values()].filter((mapping) => mapping.target.arn === fn.arn);
  }

  all(): SqsEventSourceMapping[] {
    return [...this.byUuid.values()];
  }

  /** Stops every poller; leaves no timer and no waiter on any queue. */
  reset(): void {
    for (const mapping of this.byUuid.values()) mapping.discard();
    this.byUuid.clear();
  }

  private findFunction(name: unknown, region: string): { fn: LambdaFunction; target: MappedFunction } {
    const found = typeof name === 'string' ? this.services.functions.find(name, region) : undefined;
    if (!found) throw mappingErrors.functionDoesNotExist();
    const { fn, ref } = found;
    return {
      fn,
      target: {
        name: fn.name,
        region: fn.region,
        arn: fn.arn,
        echoedArn: ref.qualifier === undefined ? fn.arn : `${fn.arn}:${ref.qualifier}`,
      },
    };
  }

  private duplicateOf(eventSourceArn: string, target: MappedFunction): SqsEventSourceMapping | undefined {
    for (const mapping of this.byUuid.values()) {
      if (mapping.eventSourceArn === eventSourceArn && mapping.target.echoedArn === target.echoedArn) return mapping;
    }
    return undefined;
  }
}

/** §2.9: the function's timeout may not exceed the queue's visibility timeout, on create and on update. */
function checkVisibility(queue: PullSource, fn: LambdaFunction): void {
  const visibility = queue.visibilityTimeoutSeconds;
  const timeout = fn.settings.timeoutSeconds;
  if (timeout > visibility) throw mappingErrors.visibilityBelowTimeout(visibility, timeout);
}
