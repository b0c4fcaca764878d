import { sqsErrors } from '../errors.js';
import type { QueuedMessage } from '../messages/message.js';
import type { Queue } from '../queue.js';
import { isPresent, optionalInteger } from './params.js';
import { textOf } from '../../util/text.js';
import { unreachable } from '../../util/unreachable.js';

type Resolved = { message: QueuedMessage; current: boolean } | { message: undefined; handle: string };

/**
 * What a receipt handle names in `queue` (Queue.resolveHandle): the message, and whether the handle is its most recent
 * receive's (on a standard queue an older one still names it); no message when it was deleted or expired. A handle that
 * is malformed, forged or of another queue → ReceiptHandleIsInvalid; on a FIFO queue one that is not the latest, or
 * whose message is no longer in flight, has expired.
 */
function resolve(queue: Queue, handle: unknown): Resolved {
  if (!isPresent(handle) || handle === '') throw sqsErrors.missingParameter('ReceiptHandle');
  const text = textOf(handle);
  const found = queue.resolveHandle(text);
  switch (found.kind) {
    case 'current':
    case 'superseded':
      return { message: found.message, current: found.kind === 'current' };
    case 'invalid':
      throw sqsErrors.receiptHandleIsInvalid(text);
    case 'expired':
      throw sqsErrors.invalidParameter('ReceiptHandle', text, 'The receipt handle has expired.');
    case 'gone':
      return { message: undefined, handle: text };
    default:
      return unreachable(found);
  }
}

/**
 * Deletes the message a handle names. A handle of a message already gone succeeds, as in SQS; so does an older handle
 * of a message received again since, which deletes nothing (docs/aws-behaviour/sqs.md §4.10).
 */
export function deleteByHandle(queue: Queue, handle: unknown): void {
  const found = resolve(queue, handle);
  if (!found.message || !found.current) return;
  queue.delete(found.message);
  // On a FIFO queue the delete may unlock the message's group: a waiting long poll can take its next message now.
  if (queue.fifo) queue.wake();
}

const MAX_VISIBILITY = 43_200;

/**
 * Sets a received message's visibility timeout anew, counted from now (docs/aws-behaviour/sqs.md §4.12). On a standard
 * queue an older handle of a message received again since still acts, unlike DeleteMessage's: LocalStack's
 * AWS-validated test_terminate_visibility_timeout_after_receive received a message with VisibilityTimeout 0, again
 * with 3, then set the first handle's to 0, and the message came back at once. So a slow consumer can release a message
 * another now holds, in AWS and here.
 */
export function changeVisibilityByHandle(queue: Queue, handle: unknown, seconds: number): void {
  const found = resolve(queue, handle);
  if (!found.message) {
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
