import type { TimerHandle } from '../../../core/clock.js';
import { recordGiveUp, recordRetry } from '../journey-steps.js';
import { IndexedHeap } from '../../../core/util/indexed-heap.js';
import type { TimedWork } from '../../../core/work/work-tracker.js';
import type { LambdaErrorPayload } from '../handler-contract.js';
import type { InvocationResult, InvocationTrigger, LambdaFunction } from '../lambda-function.js';
import type { LambdaRuntime } from '../runtime.js';
import type { DestinationSender } from './destinations.js';
import type { SentToDestination } from '../journey-steps.js';
import { deadLetterMessage, onFailureMessage, type GiveUpCondition, type GivenUpEvent } from './invocation-record.js';
import { retryDelayAfterError, throttleBackoff, tooOldAt } from './retry-policy.js';

/** One event in Lambda's asynchronous queue, from its acceptance until it succeeds or is given up. */
interface QueuedEvent {
  readonly fn: LambdaFunction;
  /** The event as the handler gets it: the JSON of what was queued, made once. */
  readonly payload: unknown;
  /** Kept by every retry (docs/aws-behaviour/lambda.md §4). */
  readonly requestId: string;
  readonly trigger: InvocationTrigger;
  readonly invokedArn: string;
  readonly enqueuedAt: number;
  /** Handler runs so far. */
  invokeCount: number;
  /** Throttles in a row, for the backoff. */
  throttles: number;
  lastError: LambdaErrorPayload | undefined;
  /** When it is next tried, epoch ms; with `order`, its place in the heap. */
  dueAt: number;
  order: number;
  slot: number;
}

export interface EnqueueOptions {
  /** The ARN the caller named, qualifier and all (`context.invokedFunctionArn`); default the function's. */
  readonly invokedArn?: string;
}

/** A sender for a Lambda side that has no other services: every destination is missing. */
const NO_DESTINATIONS: DestinationSender = { send: () => ({ accepted: false, reason: 'no destinations' }) };

/**
 * Lambda's asynchronous invocation (lambda.md §4), for Invoke with InvocationType Event and SNS deliveries: Lambda
 * accepts the event and answers at once, then tries the handler when the function's concurrency allows. A throttled
 * try goes back to the queue with a backoff from 1 s doubling to 5 min; a function error or timeout is retried after
 * 1 min and then 2 min, up to the function's maximumRetryAttempts, with the same request id. An event older than
 * maximumEventAgeInSeconds, out of retries, or for a function whose reserved concurrency is 0 is given up: its
 * on-failure destination gets the invocation record and its dead-letter queue the event (invocation-record.ts).
 * A function deleted meanwhile takes its queued events with it.
 *
 * Events waiting for a later try sit in one heap by due time, behind one timer of the account's TimerSet; the
 * account's work tracker reads the earliest, so `aws.runUntilIdle()` moves time straight to the next retry.
 */
export class AsyncInvocations {
  private readonly waiting = new IndexedHeap<QueuedEvent>(
    (a, b) => a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.order < b.order),
    { get: (event) => event.slot, set: (event, index) => (event.slot = index) },
  );
  private nextOrder = 0;
  /** Bumped by reset, so that runs and promise jobs of before it do nothing after it. */
  private generation = 0;
  private timer: TimerHandle | undefined;
  private timerAt: number | undefined;
  /** The promise job that will try the events due now, when one is pending. */
  private pendingRun: object | undefined;
  private readonly timedWork: TimedWork = { nextAt: () => this.nextDue() };

  constructor(
    readonly runtime: LambdaRuntime,
    private readonly destinations: DestinationSender = NO_DESTINATIONS,
  ) {}

  /**
   * Queues one event for `fn` (Invoke with InvocationType Event, an SNS delivery) and answers its request id. The
   * handler starts after the caller's call returns, without time passing.
   */
  enqueue(fn: LambdaFunction, event: unknown, trigger: InvocationTrigger, options: EnqueueOptions = {}): string {
    return this.enqueueJson(fn, asJson(event), trigger, options);
  }

  /** `enqueue` for an event that is already what JSON.parse gives (a delivery's body, parsed once). */
  enqueueJson(fn: LambdaFunction, payload: unknown, trigger: InvocationTrigger, options: EnqueueOptions = {}): string {
    const requestId = this.runtime.ids.uuid();
    const now = this.runtime.clock.now();
    this.schedule(
      {
        fn,
        payload,
        requestId,
        trigger,
        invokedArn: options.invokedArn ?? fn.arn,
        enqueuedAt: now,
        invokeCount: 0,
        throttles: 0,
        lastError: undefined,
        dueAt: now,
        order: 0,
        slot: -1,
      },
      now,
    );
    return requestId;
  }

  /** Events accepted and not yet tried, or waiting for a retry. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /**
   * When the earliest event is due. Events of deleted functions are dropped as they reach the front, so that
   * `aws.runUntilIdle()` does not move time for a retry that will never run.
   */
  private nextDue(): number | undefined {
    let head = this.waiting.peek();
    if (head?.fn.deleted) {
      while (head?.fn.deleted) {
        this.waiting.pop();
        head = this.waiting.peek();
      }
      this.arm();
    }
    return head?.dueAt;
  }

  /** Forgets every queued event and clears the timer: the account was reset. */
  reset(): void {
    this.generation++;
    this.waiting.clear();
    this.pendingRun = undefined;
    this.clearTimer();
  }

  private schedule(event: QueuedEvent, at: number): void {
    event.dueAt = at;
    event.order = this.nextOrder++;
    this.waiting.push(event);
    // The tracker keeps a set, and forgets it on reset: adding again is cheap and brings it back.
    this.runtime.work.addTimed(this.timedWork);
    this.arm();
  }

  /** Makes sure the earliest event is tried when due: now by a promise job, later by the one timer. */
  private arm(): void {
    const head = this.waiting.peek();
    if (!head) {
      this.clearTimer();
      return;
    }
    const now = this.runtime.clock.now();
    if (head.dueAt <= now) {
      this.runSoon();
      return;
    }
    if (this.timerAt === head.dueAt) return;
    this.clearTimer();
    this.timerAt = head.dueAt;
    this.timer = this.runtime.timers.set(() => {
      this.timer = undefined;
      this.timerAt = undefined;
      this.runDue();
    }, head.dueAt - now);
  }

  /**
   * A promise job rather than a timer: the caller (Publish, Invoke) answers first and the handler then starts without
   * time passing, so `aws.idle()` sees it run. Fake timers replace timers and queueMicrotask, never promise jobs.
   */
  private runSoon(): void {
    if (this.pendingRun) return;
    const token = {};
    this.pendingRun = token;
    void Promise.resolve().then(() => {
      if (this.pendingRun !== token) return;
      this.pendingRun = undefined;
      this.runDue();
    });
  }

  private clearTimer(): void {
    this.runtime.timers.clear(this.timer);
    this.timer = undefined;
    this.timerAt = undefined;
  }

  /** Tries every event due by now, oldest due first. */
  private runDue(): void {
    const now = this.runtime.clock.now();
    for (let head = this.waiting.peek(); head && head.dueAt <= now; head = this.waiting.peek()) {
      this.waiting.pop();
      this.tryEvent(head);
    }
    this.arm();
  }

  private tryEvent(event: QueuedEvent): void {
    const { fn } = event;
    if (fn.deleted) return;
    // lambda.md §4: straight to the destinations, never tried.
    if (fn.settings.reservedConcurrency === 0) return this.giveUp(event, 'ZeroReservedConcurrency');
    if (fn.throttles) return this.throttled(event);
    event.invokeCount++;
    const generation = this.generation;
    void fn
      .invoke(event.payload, { trigger: event.trigger, requestId: event.requestId, invokedArn: event.invokedArn })
      .then((result) => {
        if (generation === this.generation) this.settled(event, result);
      });
  }

  private settled(event: QueuedEvent, result: InvocationResult): void {
    if (result.outcome === 'success' || event.fn.deleted) return;
    if (result.outcome === 'throttled') {
      event.invokeCount--;
      return this.throttled(event);
    }
    event.lastError = result.error;
    event.throttles = 0;
    const retry = event.invokeCount - 1;
    if (retry >= event.fn.settings.maximumRetryAttempts) return this.giveUp(event, 'RetriesExhausted');
    this.retryAt(event, this.runtime.clock.now() + retryDelayAfterError(retry));
  }

  private throttled(event: QueuedEvent): void {
    this.retryAt(event, this.runtime.clock.now() + throttleBackoff(event.throttles++));
  }

  /** Schedules the next try, unless the event would then be too old (lambda.md §4). */
  private retryAt(event: QueuedEvent, at: number): void {
    if (tooOldAt(at, event.enqueuedAt, event.fn.settings.maximumEventAgeInSeconds)) {
      this.giveUp(event, 'EventAgeExceeded');
    } else {
      this.schedule(event, at);
      const journeys = this.runtime.journeys;
      if (journeys) recordRetry(journeys, event, at);
    }
  }

  /** The function's on-failure destination and dead-letter queue each get their message; without them it is lost. */
  private giveUp(event: QueuedEvent, condition: GiveUpCondition): void {
    const { fn } = event;
    const givenUp: GivenUpEvent = {
      requestId: event.requestId,
      functionArn: fn.arn,
      condition,
      invokeCount: event.invokeCount,
      payload: event.payload,
      lastError: event.lastError,
      at: this.runtime.clock.now(),
    };
    const { onFailure, deadLetterTargetArn } = fn.settings;
    const journeys = this.runtime.journeys;
    // The give-up reads before the destinations' own steps (a queue's `sent`), recorded as they take the message.
    const seq = journeys?.reserveSeq();
    const sent: SentToDestination[] = [];
    if (onFailure !== undefined)
      sent.push({ arn: onFailure, result: this.destinations.send(onFailure, onFailureMessage(givenUp), fn) });
    if (deadLetterTargetArn !== undefined)
      sent.push({
        arn: deadLetterTargetArn,
        result: this.destinations.send(deadLetterTargetArn, deadLetterMessage(givenUp), fn),
      });
    if (journeys) recordGiveUp(journeys, event, condition, sent, seq!);
  }
}

/** The event as Lambda stores it: JSON, with `undefined` (or anything JSON cannot say) as null. */
function asJson(event: unknown): unknown {
  const text = JSON.stringify(event);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}
