import { shortName, stepErrorOf, type JourneyRecorder, type StepError } from '../../core/journeys/index.js';
import { itemsToKeep } from './esm/batch-response.js';
import type { Invocation, InvocationTrigger } from './invocation.js';

/**
 * The journey steps of one invocation, one per message it is about (each SQS record of a mapping's batch, the SNS
 * message of a subscription's event, or for an Invoke the request itself): `invoked` now, and `ended` records
 * `succeeded`, `failed` (with the handler's own error) or `timedOut`.
 */
export function invocationSteps(
  journeys: JourneyRecorder,
  functionName: string,
  invocation: Invocation,
): { ended(invocation: Invocation): void } {
  const { requestId } = invocation;
  const about = messageIdsOf(invocation.trigger, invocation.event, requestId);
  const where = functionName;
  const at = invocation.startedAt.getTime();
  // A mapping's receive and a subscription's delivery already say who handed the message over.
  const by = invocation.trigger.kind === 'invoke' ? `Invoke (${invocation.trigger.invocationType})` : undefined;
  for (const messageId of about) {
    journeys.record({
      at,
      service: 'lambda',
      kind: 'invoked',
      where,
      messageId,
      requestId,
      environmentId: invocation.environmentId,
      by,
      note: invocation.coldStart ? 'cold start' : undefined,
    });
  }
  return {
    ended(done) {
      const ended = done.endedAt?.getTime() ?? journeys.now();
      const kind = done.outcome === 'success' ? 'succeeded' : done.outcome === 'timeout' ? 'timedOut' : 'failed';
      const error = done.outcome === 'success' ? undefined : errorOf(done);
      const failedItems = kind === 'succeeded' ? reportedFailures(done, about) : undefined;
      for (const messageId of about) {
        const itemError =
          failedItems === 'all' ? WHOLE_BATCH_FAILED : failedItems?.has(messageId) ? REPORTED : undefined;
        journeys.record(
          itemError
            ? { at: ended, service: 'lambda', kind: 'failed', where, messageId, requestId, error: itemError }
            : { at: ended, service: 'lambda', kind, where, messageId, requestId, error },
        );
      }
    },
  };
}

/** A record the handler's SQSBatchResponse named in `batchItemFailures` (docs/aws-behaviour/lambda.md §2.7). */
const REPORTED: StepError = { name: 'BatchItemFailure', message: 'the handler reported it in batchItemFailures' };

/** An answer that fails the whole batch with ReportBatchItemFailures on (lambda.md §2.7). */
const WHOLE_BATCH_FAILED: StepError = {
  name: 'BatchItemFailure',
  message: 'the answer is no valid SQSBatchResponse (or names an id not in the batch): the whole batch failed',
};

/**
 * Under ReportBatchItemFailures, the records a successful answer failed: those it named, or 'all' for an answer
 * that fails the whole batch; undefined for any other invocation. Read as the poller reads it (`itemsToKeep`).
 */
function reportedFailures(done: Invocation, about: readonly string[]): ReadonlySet<string> | 'all' | undefined {
  const { trigger } = done;
  if (trigger.kind !== 'sqs' || trigger.reportBatchItemFailures !== true) return undefined;
  return itemsToKeep(done.result, new Set(about));
}

/** Which messages an invocation is about; an Invoke of no message is about its request. */
export function messageIdsOf(trigger: InvocationTrigger, event: unknown, requestId: string): string[] {
  const records = (event as { Records?: unknown } | null)?.Records;
  if (Array.isArray(records)) {
    if (trigger.kind === 'sqs') {
      const ids = records.map((record) => (record as { messageId?: unknown } | null)?.messageId);
      if (ids.every((id) => typeof id === 'string')) return ids as string[];
    }
    if (trigger.kind === 'sns') {
      const id = (records[0] as { Sns?: { MessageId?: unknown } } | undefined)?.Sns?.MessageId;
      if (typeof id === 'string') return [id];
    }
  }
  return [requestId];
}

/**
 * What the handler threw, as it was (its class and text, and the errors a batch library's wrapper holds), else
 * Lambda's error payload.
 */
function errorOf(invocation: Invocation): StepError | undefined {
  const { thrown, error } = invocation;
  if (thrown instanceof Error) return stepErrorOf(thrown);
  if (error) return { name: error.errorType, message: error.errorMessage };
  return undefined;
}

/** What the journey steps of an asynchronous event need of it. */
interface AsyncEvent {
  readonly fn: { readonly arn: string };
  readonly requestId: string;
  readonly trigger: InvocationTrigger;
  readonly payload: unknown;
  readonly invokeCount: number;
}

/** Lambda will try the event again at `at` (after an error or a throttle). */
export function recordRetry(journeys: JourneyRecorder, event: AsyncEvent, at: number): void {
  const { requestId } = event;
  for (const messageId of messageIdsOf(event.trigger, event.payload, requestId)) {
    journeys.record({
      at: journeys.now(),
      service: 'lambda',
      kind: 'retried',
      where: event.fn.arn,
      messageId,
      requestId,
      visibleAt: at,
      note: `after ${event.invokeCount} ${event.invokeCount === 1 ? 'try' : 'tries'}`,
    });
  }
}

/** A destination Lambda handed a given-up event to, and what it answered. */
export interface SentToDestination {
  readonly arn: string;
  readonly result: { readonly accepted: boolean; readonly messageId?: string; readonly reason?: string };
}

/**
 * Lambda gave the event up: one `deadLettered` step per destination that took it, naming the destination's message
 * (`nextMessageId`: the queue's MessageId, the topic's), so the journey goes on there; one saying it is lost when
 * none did. `seq` places the steps before what the destinations recorded as they took it.
 */
export function recordGiveUp(
  journeys: JourneyRecorder,
  event: AsyncEvent,
  condition: string,
  sent: readonly SentToDestination[],
  seq: number,
): void {
  const { requestId } = event;
  const at = journeys.now();
  const took = sent.filter((destination) => destination.result.accepted);
  const refused = sent
    .filter((destination) => !destination.result.accepted)
    .map((destination) => `${shortName(destination.arn)} refused it: ${destination.result.reason ?? 'refused'}`);
  const lost = took.length === 0 ? ', no destination took it: the event is lost' : '';
  const note = [`given up: ${condition}${lost}`, ...refused].join('; ');
  const ids = messageIdsOf(event.trigger, event.payload, requestId);
  const step = 1 / (2 * ids.length * Math.max(1, took.length) + 2);
  for (const messageId of ids) {
    const base = {
      at,
      service: 'lambda',
      kind: 'deadLettered',
      where: event.fn.arn,
      messageId,
      requestId,
      note,
    } as const;
    if (took.length === 0) journeys.record({ ...base, seq: (seq += step) });
    for (const destination of took)
      journeys.record({
        ...base,
        seq: (seq += step),
        target: destination.arn,
        nextMessageId: destination.result.messageId,
      });
  }
}

/**
 * A mapping's filter criteria passed no filter for the message: Lambda deletes it without invoking the function
 * (docs/aws-behaviour/lambda.md §2.10). `where` is the function, `by` the mapping, `filterReason` why each filter
 * failed.
 */
export function recordFilteredOut(
  journeys: JourneyRecorder,
  functionArn: string,
  record: { readonly messageId: string },
  mapping: string,
  filterReason: string | undefined,
): void {
  journeys.record({
    at: journeys.now(),
    service: 'lambda',
    kind: 'filteredOut',
    where: functionArn,
    messageId: record.messageId,
    by: mapping,
    filterReason,
    note: 'deleted unread',
  });
}
