/**
 * How a bucket's events reach their destinations (docs/aws-behaviour/s3.md §3.3, §3.6, §3.7): each event that a
 * configuration's events and filter take is queued when the request ends and delivered on the account's clock, after
 * `delay` ms (0 by default: the next turn of the clock), one message per configuration, through the account's delivery
 * seam as `s3.amazonaws.com`. What each delivery became is kept for the bucket's view and its journey.
 */
import { partitionOf } from '../../../core/arn.js';
import type { Clock, TimerHandle } from '../../../core/clock.js';
import type { Deliver, DeliveryMessage, DeliveryResult, DeliverySender } from '../../../core/delivery.js';
import type { IdSource } from '../../../core/ids.js';
import { currentScope, runOutsideScope } from '../../../core/invocation/scope.js';
import type { JourneyRecorder } from '../../../core/journeys/recorder.js';
import type { TimerSet } from '../../../core/timer-set.js';
import type { WorkTracker } from '../../../core/work/work-tracker.js';
import type { Bucket } from '../bucket.js';
import { S3_PRINCIPAL } from '../sdk.js';
import { keyPasses, type NotificationTarget } from './configuration.js';
import { eventMatches } from './event-names.js';
import { eventBridgeEvent, recordsBody, testEventBody, type S3Event } from './records.js';
import { S3Steps } from './journey-steps.js';

/** What one configuration's delivery of an event became (the bucket view's `deliveries`). */
export interface NotificationDelivery {
  /** The configuration's Id; undefined for EventBridge, whose configuration has none. */
  readonly configurationId: string | undefined;
  /** The destination's ARN (EventBridge: the default bus of the bucket's region). */
  readonly target: string;
  delivered: boolean;
  reason?: string;
}

/** An event the bucket emitted, as its view shows it. */
export interface EmittedEvent {
  readonly event: S3Event;
  readonly deliveries: NotificationDelivery[];
}

/** The subject SNS destinations get (§3.6 [AWS-snap]). */
const SNS_SUBJECT = 'Amazon S3 Notification';
/**
 * §3.8: Lambda stops a function invoked more than this many times by one chain of events that it writes back into
 * the bucket (its recursive loop detection, on by default).
 */
export const MAX_RECURSIVE_INVOCATIONS = 16;

interface Pending {
  readonly due: number;
  readonly deliver: () => void;
}

export class Notifier {
  /** Queued deliveries, due in the order queued: the delay is one for all. */
  private readonly pending: Pending[] = [];
  private head = 0;
  private timer: TimerHandle | undefined;
  /** The promise job that delivers what is due now, when one is pending. */
  private pendingRun: object | undefined;
  private readonly timedWork = { nextAt: () => this.pending[this.head]?.due };
  /**
   * §3.8: the invocations S3's events started, by request id, with how many invocations of that chain came before:
   * a write from inside one continues its chain.
   */
  private readonly chains = new Map<string, number>();
  private readonly steps: S3Steps | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly timers: TimerSet,
    private readonly work: WorkTracker,
    private readonly deliver: Deliver,
    private readonly ids: IdSource,
    /** The account that owns the buckets: the source account of every delivery. */
    private readonly owner: string,
    journeys: JourneyRecorder | undefined,
    /** ms between a request's end and its deliveries (createAwsMock's `s3NotificationDelay`). */
    private readonly delay: number,
  ) {
    this.steps = journeys && new S3Steps(journeys);
  }

  /**
   * The event of a request that changed `bucket`: queued for each configuration that takes it, and for EventBridge if
   * the bucket sends its events there. Costs nothing for a bucket without notifications.
   */
  emit(bucket: Bucket, event: S3Event, history: EmittedEvent[]): void {
    const { targets, eventBridge } = bucket.notifications;
    if (targets.length === 0 && !eventBridge) return;
    const matched = targets.filter(
      (target) =>
        target.events.some((configured) => eventMatches(configured, event.name)) && keyPasses(target.filter, event.key),
    );
    const bridged = eventBridge ? eventBridgeEvent(event, this.ids.uuid()) : undefined;
    if (matched.length === 0 && bridged === undefined) return;
    const emitted: EmittedEvent = { event, deliveries: [] };
    history.push(emitted);
    this.steps?.published(event);
    const chain = this.chainOfCaller();
    this.queue(() => {
      for (const target of matched) this.deliverTo(target, bucket, emitted, chain);
      if (bridged !== undefined) this.deliverToBus(bucket, emitted, bridged);
    });
  }

  /** §3.2: the test message each queue and topic destination of a new configuration gets. */
  testEvent(bucket: Bucket, targets: readonly NotificationTarget[], requestId: string, hostId: string): void {
    const reached = targets.filter((target) => target.kind !== 'function');
    if (reached.length === 0) return;
    const body = testEventBody(bucket.name, this.clock.now(), requestId, hostId);
    this.queue(() => {
      for (const target of reached) {
        const mark = this.steps?.mark() ?? 0;
        const subject = target.kind === 'topic' ? SNS_SUBJECT : undefined;
        const result = this.deliver(target.arn, this.message(bucket, body, subject));
        this.steps?.delivered(bucket.arn, requestId, target.arn, result, mark);
      }
    });
  }

  /** Forgets every queued delivery and chain. */
  reset(): void {
    this.pending.length = 0;
    this.head = 0;
    this.chains.clear();
    this.pendingRun = undefined;
    this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private deliverTo(target: NotificationTarget, bucket: Bucket, emitted: EmittedEvent, chain: number): void {
    const { event } = emitted;
    const body = recordsBody(event, target.id);
    const mark = this.steps?.mark() ?? 0;
    let result: DeliveryResult;
    if (target.kind === 'function' && chain >= MAX_RECURSIVE_INVOCATIONS) {
      result = {
        accepted: false,
        reason:
          `Lambda's recursive loop detection stopped the invocation of ${target.arn}: the event comes from a chain ` +
          `of writes that has invoked it ${MAX_RECURSIVE_INVOCATIONS} times`,
      };
    } else {
      const message = this.message(bucket, body, target.kind === 'topic' ? SNS_SUBJECT : undefined, event.traceHeader);
      result = this.deliver(target.arn, target.kind === 'function' ? { ...message, via: bucket.arn } : message);
      if (target.kind === 'function' && result.accepted && result.messageId !== undefined)
        this.chains.set(result.messageId, chain + 1);
    }
    emitted.deliveries.push(outcome(target.id, target.arn, result));
    this.steps?.delivered(bucket.arn, event.id, target.arn, result, mark);
  }

  private deliverToBus(bucket: Bucket, emitted: EmittedEvent, body: string): void {
    const owner = emitted.event.owner;
    const region = bucket.region;
    const busArn = `arn:${partitionOf(region)}:events:${region}:${owner}:event-bus/default`;
    const mark = this.steps?.mark() ?? 0;
    const result = this.deliver(busArn, this.message(bucket, body, undefined));
    emitted.deliveries.push(outcome(undefined, busArn, result));
    this.steps?.delivered(bucket.arn, emitted.event.id, busArn, result, mark);
  }

  private message(bucket: Bucket, body: string, subject: string | undefined, traceHeader?: string): DeliveryMessage {
    const sender: DeliverySender = {
      principal: S3_PRINCIPAL,
      authority: 'resourcePolicy',
      sourceArn: bucket.arn,
      sourceAccount: this.owner,
      // **Emulation:** the SenderId SQS shows for S3's messages is not recorded (§8).
      senderId: S3_PRINCIPAL,
    };
    return { body, attributes: NO_ATTRIBUTES, sender, subject, traceHeader };
  }

  /** How many invocations of its chain came before the request now running (§3.8): 0 outside S3's invocations. */
  private chainOfCaller(): number {
    const scope = currentScope();
    return scope === undefined ? 0 : (this.chains.get(scope.requestId) ?? 0);
  }

  private queue(deliver: () => void): void {
    this.pending.push({ due: this.clock.now() + this.delay, deliver });
    // The tracker keeps a set, and forgets it on the account's reset: adding again is cheap and brings it back.
    this.work.addTimed(this.timedWork);
    this.arm();
  }

  /**
   * Makes sure the next delivery is made when due: now by a promise job (a timer of 0 ms set while fake timers tick
   * would wait a millisecond more), later by one timer of the account's TimerSet. Either is set outside any
   * invocation, as the mock's own work: a handler's write must not make its deliveries the handler's.
   */
  private arm(): void {
    const next = this.pending[this.head];
    if (next === undefined) return;
    if (next.due <= this.clock.now()) {
      if (this.pendingRun) return;
      const token = {};
      this.pendingRun = token;
      runOutsideScope(() => {
        void Promise.resolve().then(() => {
          if (this.pendingRun !== token) return;
          this.pendingRun = undefined;
          this.flush();
        });
      });
      return;
    }
    if (this.timer !== undefined) return;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.flush();
    }, next.due - this.clock.now());
  }

  /** Delivers what is due, in order; a delivery queued meanwhile (a handler's write) waits for its own turn. */
  private flush(): void {
    const now = this.clock.now();
    const end = this.pending.length;
    while (this.head < end && this.pending[this.head]!.due <= now) this.pending[this.head++]!.deliver();
    if (this.head === this.pending.length) {
      this.pending.length = 0;
      this.head = 0;
    }
    this.arm();
  }
}

const NO_ATTRIBUTES = Object.freeze({});

function outcome(configurationId: string | undefined, target: string, result: DeliveryResult): NotificationDelivery {
  return result.accepted
    ? { configurationId, target, delivered: true }
    : { configurationId, target, delivered: false, reason: result.reason };
}
