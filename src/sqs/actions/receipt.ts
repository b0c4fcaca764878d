import { sqsErrors } from '../errors.js';
import type { QueuedMessage } from '../messages/message.js';
import type { Queue } from '../queue.js';
import { isPresent, optionalInteger } from './params.js';
import { textOf } from '../../util/text.js';

type Resolved = { message: QueuedMessage } | { message: undefined; kind: 'superseded' | 'gone'; handle: string };

/**
 * What a receipt handle names in `queue` (Queue.resolveHandle): the message when the handle is its most recent
 * receive's, `superseded` when a standard queue's message was received again since, `gone` when the message was
 * deleted or expired. A handle that is malformed, forged or of another queue → ReceiptHandleIsInvalid; on a FIFO queue
 * one that is not the latest, or whose message is no longer in flight, has expired.
 */
function resolve(queue: Queue, handle: unknown): Resolved {
  if (!isPresent(handle) || handle === '') throw sqsErrors.missingParameter('ReceiptHandle');
  const text = textOf(handle);
  const found = queue.resolveHandle(text);
  switch (found.kind) {
    case 'current':
      return { message: found.message };
    case 'invalid':
      throw sqsErrors.receiptHandleIsInvalid(text);
    case 'expired':
      throw sqsErrors.invalidParameter('ReceiptHandle', text, 'The receipt handle has expired.');
    default:
      return { message: undefined, kind: found.kind, handle: text };
  }
}

/**
 * Deletes the message a handle names. A handle of a message already gone succeeds, as in SQS; so does an older handle
 * of a message received again since, which deletes nothing (docs/aws-behaviour/sqs.md §4.10).
 */
export function deleteByHandle(queue: Queue, handle: unknown): void {
  const { message } = resolve(queue, handle);
  if (!message) return;
  queue.delete(message);
  // On a FIFO queue the delete may unlock the message's group: a waiting long poll can take its next message now.
  if (queue.fifo) queue.wake();
}

const MAX_VISIBILITY = 43_200;

/**
 * Sets a received message's visibility timeout anew, counted from now (docs/aws-behaviour/sqs.md §4.12).
 *
 * An older handle of a standard-queue message received again since succeeds and changes nothing, as DeleteMessage
 * does with one (§4.10). AWS documents no rule for this call, and this is a choice against the one observation there
 * is: LocalStack's AWS-validated test_terminate_visibility_timeout_after_receive saw AWS apply such a handle (a
 * receive with VisibilityTimeout 0, a second one with 3, then the first handle set 0 and the message came back at
 * once); a consumer's report (mapbox/ecs-watchbot#135) puts "Message does not exist or is not available for
 * visibility timeout change." down to one instead. The documented delete rule gives tests the promise they need: a
 * slow consumer whose message went to another can neither release nor extend it under that one. It succeeds, as that
 * rule's request does and as the validated test saw.
 */
export function changeVisibilityByHandle(queue: Queue, handle: unknown, seconds: number): void {
  const found = resolve(queue, handle);
  if (!found.message) {
    if (found.kind === 'superseded') return;
    throw sqsErrors.invalidParameter(
      'ReceiptHandle',
      found.handle,
      'Message does not exist or is not available for visibility timeout change.',
    );
  }
  const hiddenSinceReceive = queue.now() + seconds * 1000 - found.message.lastReceivedAt;
  if (hiddenSinceReceive > MAX_VISIBILITY * 1000) {
    throw sqsErrors.invalidParameter(
      'VisibilityTimeout',
      seconds,
      `Total VisibilityTimeout for the message is beyond the limit [${MAX_VISIBILITY} seconds].`,
    );
  }
  queue.changeVisibility(found.message, seconds);
}

/** A VisibilityTimeout parameter: required, an integer in 0..43200, with the reason text of the caller. */
export function visibilityTimeoutParam(value: unknown, missingName: string, reason: string): number {
  if (!isPresent(value)) throw sqsErrors.missingParameter(missingName);
  return optionalInteger('VisibilityTimeout', value, 0, MAX_VISIBILITY, reason)!;
}
