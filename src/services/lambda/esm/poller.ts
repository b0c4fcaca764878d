import type { TimerHandle } from '../../../core/clock.js';
import { noteInvocationStarting } from '../../../core/diagnostics/synchronous-advance.js';
import type { FindSource, PulledMessage, PullSource, PullWaiter } from '../../../core/pull.js';
import type { TimedWork } from '../../../core/work/work-tracker.js';
import type { InvocationTrigger } from '../invocation.js';
import type { InvocationResult, LambdaFunction } from '../lambda-function.js';
import type { ExecutionEnvironment } from '../sandbox/environments.js';
import type { LambdaRuntime } from '../runtime.js';
import { recordFilteredOut } from '../journey-steps.js';
import { itemsToKeep } from './batch-response.js';
import type { MappingSettings } from './mapping-settings.js';
import { ConcurrencyScaling } from './scaling.js';
import { recordBytes, recordBytesAtMost, sqsRecord, type SqsRecord } from './sqs-event.js';

/** The synchronous invocation payload limit a batch stays under (docs/aws-behaviour/lambda.md §2.4, §6). */
export const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
/** `{"Records":[` and `]}`. */
const ENVELOPE_BYTES = 14;
/** Lambda's poller receives at most 10 messages per ReceiveMessage, as any consumer does. */
const RECEIVE_MAX = 10;
/** §2.9: with a window, the visibility timeout Lambda gives a batch when window + timeout exceed the queue's. */
const EXTENDED_VISIBILITY_MARGIN_SECONDS = 30;
/** A throttled batch is retried after 1 s, then 2, 4, … (lambda.md §2.12: the timing is not known, §7.8). */
const FIRST_THROTTLE_RETRY_MS = 1000;

/** What the poller needs of its mapping, read at each use so that an update takes effect at once. */
export interface PollTarget {
  readonly uuid: string;
  readonly eventSourceArn: string;
  readonly settings: MappingSettings;
  /** The mapped function's unqualified ARN, where its journey steps happen (it may have been deleted since). */
  readonly functionArn: string;
  /** The function to invoke now and the ARN it is invoked by; undefined once the function was deleted. */
  resolveFunction(): { fn: LambdaFunction; invokedArn: string } | undefined;
}

export interface PollerServices {
  readonly runtime: LambdaRuntime;
  readonly findSource: FindSource;
}

/** Records taken from the queue for one invocation. Its messages are in flight from their receive on. */
interface Batch {
  readonly queue: PullSource;
  readonly records: SqsRecord[];
  /** An upper bound of the payload's size, while it stays under 6 MB; past that, `exactBytes` counts. */
  boundBytes: number;
  exactBytes: number | undefined;
  /** When the first record's visibility timeout ends: a throttled batch is retried until then (§2.12). */
  readonly visibleAgainAt: number;
  throttledAttempts: number;
  /** The function's environment taken for it as it was handed on (lambda.md §5.8), until its invocation starts. */
  reserved: { fn: LambdaFunction; environment: ExecutionEnvironment } | undefined;
}

interface Retry {
  readonly at: number;
  readonly handle: TimerHandle;
}

type FillOutcome = 'dry' | 'full' | 'busy';

/**
 * The poller of one SQS event source mapping (docs/aws-behaviour/lambda.md §2.4–2.8, §2.12). It has no polling timer
 * of its own: while it has room for another batch it waits on the queue as a long poll does (`PullWaiter`), and the
 * queue wakes it the moment messages become receivable (a send, a delay or visibility timeout ending, a FIFO group
 * unlocked). It receives through the pull seam (src/core/pull.ts), at the queue's visibility timeout (§2.9), builds
 * batches (BatchSize, the batching window, 6 MB), invokes the function, and deletes what succeeded.
 *
 * A batch's invocation starts in a promise continuation, never inside the call that woke the poller (a SendMessage,
 * a delete): the handler then never runs inside its sender's call, and a handler that sends to its own queue does not
 * re-enter the poller.
 */
export class SqsPoller implements PullWaiter, TimedWork {
  private active = false;
  /** Deleted: never starts again. */
  private retired = false;
  /** Reset: whatever is still running comes back to nothing. */
  private discarded = false;
  /** The queue it waits on, while it waits. */
  private waitingOn: PullSource | undefined;
  private filling = false;
  /** Batches invoked and not yet done, throttled ones waiting for a retry included. */
  private inFlight = 0;
  private pending: Batch | undefined;
  private windowTimer: TimerHandle | undefined;
  private windowEndsAt: number | undefined;
  private readonly retries = new Set<Retry>();
  private readonly scaling = new ConcurrencyScaling();
  private scaleTimer: TimerHandle | undefined;
  private scaleAt: number | undefined;
  /** Stops waiting for the function to have a free environment, while it waits. */
  private stopWaitingForRoom: (() => void) | undefined;
  private readonly removeWork: () => void;

  /** Who receives and deletes, as journeys name it. */
  private readonly receiver: string;

  constructor(
    private readonly target: PollTarget,
    private readonly services: PollerServices,
  ) {
    this.removeWork = services.runtime.work.addTimed(this);
    this.receiver = `event source mapping ${target.uuid}`;
  }

  get polling(): boolean {
    return this.active;
  }

  /** Starts polling (the mapping is enabled): takes what the queue has now. */
  start(): void {
    if (this.active || this.retired) return;
    this.active = true;
    this.poll();
  }

  /**
   * Stops polling (disabled, deleted): no more receives, no window, no retry. Messages it held and had not yet handed
   * to the function come back when their visibility timeout ends, as they would in AWS; an invocation running now
   * finishes, and its messages are still deleted on success (the poller that received them deletes them).
   */
  stop(): void {
    this.active = false;
    this.stopWaiting();
    this.services.runtime.timers.clear(this.windowTimer);
    this.windowTimer = this.windowEndsAt = this.pending = undefined;
    this.stopWaitingForRoom?.();
    this.stopWaitingForRoom = undefined;
    for (const retry of this.retries) this.services.runtime.timers.clear(retry.handle);
    this.inFlight -= this.retries.size;
    this.retries.clear();
    this.services.runtime.timers.clear(this.scaleTimer);
    this.scaleTimer = this.scaleAt = undefined;
  }

  /** The mapping was deleted: stop for good; an invocation running now still finishes and its deletes happen. */
  retire(): void {
    this.stop();
    this.retired = true;
    this.removeWork();
  }

  /** The account was reset: stop, leave no waiter and no timer, and ignore what still finishes. */
  discard(): void {
    this.retire();
    this.discarded = true;
  }

  /** Waiter: the queue has messages that may be receivable. Done waiting (true) once it has no room left. */
  attempt(): boolean {
    if (!this.active) {
      this.waitingOn = undefined;
      return true;
    }
    if (this.fill() !== 'full') return false;
    this.waitingOn = undefined;
    return true;
  }

  /** Waiter: the queue was deleted. The poller stops quietly (lambda.md §7.16: what AWS reports is not known). */
  abandon(): void {
    this.waitingOn = undefined;
  }

  /** TimedWork: the batching window's end, a throttle retry, the bound's next step, or the queue's next message. */
  nextAt(): number | undefined {
    if (!this.active) return undefined;
    let next = this.windowEndsAt;
    for (const retry of this.retries) if (next === undefined || retry.at < next) next = retry.at;
    if (this.scaleAt !== undefined && (next === undefined || this.scaleAt < next)) next = this.scaleAt;
    const visibleAt = this.waitingOn?.nextVisibleAt();
    if (visibleAt !== undefined && (next === undefined || visibleAt < next)) next = visibleAt;
    return next;
  }

  /** Takes what it has room for, then waits on the queue if it still has room. */
  private poll(): void {
    if (!this.active) return;
    const queue = this.services.findSource(this.target.eventSourceArn);
    if (queue !== this.waitingOn) this.stopWaiting();
    if (!queue) return;
    const outcome = this.fill(queue);
    if (outcome === 'dry' && this.waitingOn === undefined) {
      this.waitingOn = queue;
      queue.wait(this);
    } else if (outcome === 'full') {
      this.stopWaiting();
    }
  }

  private stopWaiting(): void {
    this.waitingOn?.stopWaiting(this);
    this.waitingOn = undefined;
  }

  /**
   * Receives until the queue has nothing receivable ('dry') or the poller has no room for another batch ('full').
   * A delete it makes (a filtered-out message) can wake the queue's waiters, the poller among them: that nested call
   * answers 'busy' and the outer loop goes on.
   */
  private fill(queue: PullSource | undefined = this.waitingOn): FillOutcome {
    if (this.filling || !queue) return 'busy';
    this.filling = true;
    try {
      const clock = this.services.runtime.clock;
      for (;;) {
        const settings = this.target.settings;
        if (!this.pending && this.inFlight >= this.scaling.bound(clock.now(), settings.maximumConcurrency)) {
          this.atBound();
          return 'full';
        }
        // A plain handler is one environment (lambda.md §5.8): no batch is taken while it is busy, so none waits for
        // it with its messages in flight.
        if (!this.pending && !this.functionHasRoom()) return 'full';
        const room = Math.min(RECEIVE_MAX, settings.batchSize - (this.pending?.records.length ?? 0));
        const received = queue.receive(room, this.visibilityTimeoutSeconds(queue, settings), this.receiver);
        if (received.length === 0) {
          this.drained();
          return 'dry';
        }
        for (const message of received) this.take(queue, message, settings);
        // Without a window each receive is a batch (§2.4).
        if (settings.windowSeconds === 0 && this.pending) this.flush();
      }
    } finally {
      this.filling = false;
    }
  }

  /** §2.9: the queue's own visibility timeout, or window + function timeout + 30 s when those exceed it. */
  private visibilityTimeoutSeconds(queue: PullSource, settings: MappingSettings): number {
    const visibility = queue.visibilityTimeoutSeconds;
    if (settings.windowSeconds === 0) return visibility;
    const timeout = this.target.resolveFunction()?.fn.settings.timeoutSeconds ?? 0;
    return settings.windowSeconds + timeout > visibility
      ? settings.windowSeconds + timeout + EXTENDED_VISIBILITY_MARGIN_SECONDS
      : visibility;
  }

  private take(queue: PullSource, message: PulledMessage, settings: MappingSettings): void {
    const record = sqsRecord(message, queue, settings.windowSeconds > 0);
    // §2.10: a message no filter passes is deleted, never handed to the function.
    if (settings.filters && !settings.filters.passes(record)) {
      const { journeys } = this.services.runtime;
      // The reason is worded only for a miss, and only when journeys are recorded.
      if (journeys)
        recordFilteredOut(
          journeys,
          this.target.functionArn,
          record,
          this.receiver,
          settings.filters.explainMiss(record),
        );
      queue.delete(record.receiptHandle, `${this.receiver}: its filter criteria pass no record`);
      return;
    }
    // §2.4: a batch may hold fewer records than BatchSize to stay under 6 MB. The record that did not fit opens the
    // next batch at once, even at the concurrency bound: one batch more than the bound, only when a receive splits.
    if (this.pending && !fits(this.pending, record)) this.flush();
    const batch = this.pending ?? this.open(queue, settings);
    add(batch, record);
    if (batch.records.length >= settings.batchSize) this.flush();
  }

  private open(queue: PullSource, settings: MappingSettings): Batch {
    const { clock, timers } = this.services.runtime;
    const now = clock.now();
    const batch: Batch = {
      queue,
      records: [],
      boundBytes: ENVELOPE_BYTES,
      exactBytes: undefined,
      visibleAgainAt: now + 1000 * this.visibilityTimeoutSeconds(queue, settings),
      throttledAttempts: 0,
      reserved: undefined,
    };
    this.pending = batch;
    if (settings.windowSeconds > 0) {
      this.windowEndsAt = now + 1000 * settings.windowSeconds;
      this.windowTimer = timers.set(() => {
        this.windowTimer = this.windowEndsAt = undefined;
        if (this.pending) this.flush();
        this.poll();
      }, 1000 * settings.windowSeconds);
    }
    return batch;
  }

  /** Hands the pending batch to the function, in a promise continuation (see the class comment). */
  private flush(): void {
    const batch = this.pending;
    if (!batch) return;
    this.pending = undefined;
    this.services.runtime.timers.clear(this.windowTimer);
    this.windowTimer = this.windowEndsAt = undefined;
    this.inFlight++;
    // The environment is taken now, not as the batch opened: a batching window must not keep it from other
    // invocations (an Invoke of the function) while the batch fills.
    const fn = this.target.resolveFunction()?.fn;
    const environment = fn?.reserve();
    if (fn && environment) batch.reserved = { fn, environment };
    // Started, as far as a synchronous fake-timer advance is concerned: no timer may run before this job does.
    noteInvocationStarting();
    void Promise.resolve().then(() => this.invoke(batch));
  }

  private async invoke(batch: Batch): Promise<void> {
    if (this.discarded) return this.unreserve(batch);
    const resolved = this.target.resolveFunction();
    const reserved = batch.reserved?.fn === resolved?.fn ? batch.reserved?.environment : undefined;
    if (!reserved) this.unreserve(batch);
    batch.reserved = undefined;
    if (!resolved) {
      // The function was deleted (the mapping stays, lambda.md §2.2): the invocation fails, nothing is deleted, and
      // the messages come back after their visibility timeout, their receive count climbing towards the DLQ.
      this.batchDone();
      return;
    }
    const result = await resolved.fn.invoke(
      { Records: batch.records },
      {
        trigger: this.trigger(),
        invokedArn: resolved.invokedArn,
        ...(reserved ? { reserved } : {}),
      },
    );
    if (this.discarded) return;
    if (result.outcome === 'throttled') {
      this.retryLater(batch);
      return;
    }
    this.apply(batch, result);
    this.batchDone();
  }

  /**
   * §2.6, §2.7: success deletes the batch; with ReportBatchItemFailures only the reported messages stay. An error or
   * a timeout deletes nothing. FIFO: reported messages keep their group locked until their visibility timeout ends;
   * later messages of the group the function let succeed are deleted (what AWS does is not recorded, §7.5).
   */
  private apply(batch: Batch, result: InvocationResult): void {
    if (result.outcome !== 'success') return;
    let keep: ReadonlySet<string> | undefined;
    if (this.target.settings.reportBatchItemFailures) {
      const reported = itemsToKeep(result.result, new Set(batch.records.map((record) => record.messageId)));
      if (reported === 'all') return;
      keep = reported;
    }
    for (const record of batch.records) {
      if (!keep?.has(record.messageId)) batch.queue.delete(record.receiptHandle, this.receiver);
    }
  }

  /** What the mapping's invocations say started them; their journeys read per record what the answer failed. */
  private trigger(): InvocationTrigger {
    const { uuid, settings } = this.target;
    return settings.reportBatchItemFailures
      ? { kind: 'sqs', mappingUuid: uuid, reportBatchItemFailures: true }
      : { kind: 'sqs', mappingUuid: uuid };
  }

  /** §2.12: a throttled batch is retried with growing pauses while its visibility lasts, then given up. */
  private retryLater(batch: Batch): void {
    if (!this.active) return this.batchDone();
    const { clock, timers } = this.services.runtime;
    const delay = FIRST_THROTTLE_RETRY_MS * 2 ** batch.throttledAttempts++;
    const at = clock.now() + delay;
    if (at >= batch.visibleAgainAt) return this.batchDone();
    const retry: Retry = {
      at,
      handle: timers.set(() => {
        this.retries.delete(retry);
        void this.invoke(batch);
      }, delay),
    };
    this.retries.add(retry);
  }

  /** Whether the function could start a batch's invocation now; if not, the poller polls again once it can. */
  private functionHasRoom(): boolean {
    const fn = this.target.resolveFunction()?.fn;
    if (!fn || fn.hasRoom) return true;
    this.stopWaitingForRoom ??= fn.onRoom(() => {
      this.stopWaitingForRoom = undefined;
      this.poll();
    });
    return false;
  }

  /** Gives back the environment a batch took, when its invocation will not use it. */
  private unreserve(batch: Batch | undefined): void {
    if (!batch?.reserved) return;
    batch.reserved.fn.unreserve(batch.reserved.environment);
    batch.reserved = undefined;
  }

  private batchDone(): void {
    this.inFlight--;
    this.poll();
  }

  private atBound(): void {
    const { clock, timers } = this.services.runtime;
    const now = clock.now();
    this.scaling.atBound(now);
    if (this.scaleTimer !== undefined) return;
    const at = this.scaling.nextStepAt(now, this.target.settings.maximumConcurrency);
    if (at === undefined) return;
    this.scaleAt = at;
    this.scaleTimer = timers.set(() => {
      this.scaleTimer = this.scaleAt = undefined;
      this.poll();
    }, at - now);
  }

  private drained(): void {
    this.scaling.drained();
    this.services.runtime.timers.clear(this.scaleTimer);
    this.scaleTimer = this.scaleAt = undefined;
  }
}

/** Whether `record` still fits the batch's payload: by the cheap bound while it holds, else by the exact size. */
function fits(batch: Batch, record: SqsRecord): boolean {
  if (batch.exactBytes === undefined && batch.boundBytes + recordBytesAtMost(record) <= MAX_PAYLOAD_BYTES) return true;
  batch.exactBytes ??= batch.records.reduce((sum, each) => sum + recordBytes(each), ENVELOPE_BYTES);
  return batch.exactBytes + recordBytes(record) <= MAX_PAYLOAD_BYTES;
}

function add(batch: Batch, record: SqsRecord): void {
  batch.records.push(record);
  if (batch.exactBytes !== undefined) batch.exactBytes += recordBytes(record);
  else batch.boundBytes += recordBytesAtMost(record);
}
