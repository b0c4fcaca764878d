import { replayStatus, storedReplayWindow, type ReplayFacts } from '../replay-policy.js';
import type { SnsBackend } from '../sns-backend.js';
import { recordDeliveries } from './journey-steps.js';
import type { Subscription } from '../subscription.js';
import type { Topic } from '../topic.js';
import { EndpointBodies } from './endpoint-body.js';
import { offerTo } from './fan-out.js';
import { MessageFilter } from './filtering.js';
import { deliveryContext } from './publisher.js';

/**
 * Replaying a FIFO topic's archive to one subscription (AWS Developer Guide, "Amazon SNS message replay for FIFO
 * topic subscribers"). Setting a ReplayPolicy starts a replay and "will replace the existing replay"; the archived
 * messages of its window go to that subscription only, oldest first, through its filter policy, raw or in the
 * envelope as usual, with the same MessageId, Timestamp and content and the `Replayed` marker [D]. A subscription
 * waiting for ConfirmSubscription replays once confirmed.
 *
 * The emulation delivers the archived part at once, inside the call that starts the replay. Its choices where AWS
 * says nothing: a replayed message keeps its SequenceNumber, MessageGroupId, MessageDeduplicationId and the publish
 * request's trace header (an SQS endpoint's AWSTraceHeader, as the original delivery had it), so a FIFO
 * queue that took the original less than five minutes before drops the replay as a duplicate; replays are not
 * added to the topic's `published()` deliveries; a replay that finds no archive when it can start is Failed.
 */

/** What the ReplayPolicy check needs to know about `topic` at `now`. */
export function replayFacts(topic: Topic, now: number): ReplayFacts {
  return { topicFifo: topic.fifo, archiveBeginning: topic.archiveAt(now).beginning(now), now };
}

/**
 * Starts the replay the subscription's ReplayPolicy asks for, replacing any earlier one; a policy removed (`""`)
 * ends the replay and with it any pause. Call after the policy was stored.
 */
export function startReplay(backend: SnsBackend, topic: Topic, subscription: Subscription): void {
  const policy = subscription.replayPolicy;
  if (policy === undefined) {
    topic.replays.delete(subscription);
    return;
  }
  topic.replays.set(subscription, { window: storedReplayWindow(policy), started: false, failed: false });
  runReplay(backend, topic, subscription);
}

/** ConfirmSubscription: a replay that waited for the confirmation runs now. */
export function runReplay(backend: SnsBackend, topic: Topic, subscription: Subscription): void {
  const run = topic.replays.get(subscription);
  if (!run || run.started || subscription.pendingConfirmation) return;
  const now = backend.clock.now();
  const archive = topic.archiveAt(now);
  run.started = true;
  if (!archive.active) {
    run.failed = true;
    return;
  }
  for (const { notification, entry, deduplicationId, traceHeader } of archive.between(
    run.window.startingPoint,
    run.window.endingPoint ?? now,
  )) {
    const { journeys } = backend;
    // The replay's step reads before what the endpoint records as it takes the copy (a queue's `sent`).
    const seq = journeys?.reserveSeq();
    const delivery = offerTo(
      subscription,
      new EndpointBodies({ ...notification, replayed: true }),
      entry,
      new MessageFilter(entry.attributes),
      deliveryContext(backend, topic, entry, deduplicationId, traceHeader),
    );
    if (journeys) recordDeliveries(journeys, topic.arn, notification.messageId, [delivery], now, seq!, 'replayed');
  }
}

/** GetSubscriptionAttributes: ReplayStatus, shown while a ReplayPolicy is set. */
export function replayAttributes(topic: Topic, subscription: Subscription, now: number): Record<string, string> {
  const run = topic.replays.get(subscription);
  return run ? { ReplayStatus: replayStatus(run, now) } : {};
}
