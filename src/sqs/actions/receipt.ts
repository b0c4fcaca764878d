import { sqsErrors } from '../errors.js';
import type { QueuedMessage } from '../messages/message.js';
import type { Queue } from '../queue.js';
import { decodeReceiptHandle } from '../receipt-handle.js';
import { isPresent, optionalInteger } from './params.js';
import { textOf } from '../../util/text.js';

/**
 * The message a receipt handle names in `queue`, or undefined when that message is gone (deleted or
 * expired). A handle that is malformed or belongs to another queue → ReceiptHandleIsInvalid. On a FIFO
 * queue a handle counts only while its receive is the message's latest and the message is still in
 * flight; a standard queue accepts any handle of the message (spec §4.10).
 */
export function messageForHandle(queue: Queue, handle: unknown): { message: QueuedMessage | undefined; handle: string } {
  if (!isPresent(handle) || handle === '') throw sqsErrors.missingParameter('ReceiptHandle');
  const text = textOf(handle);
  const parts = decodeReceiptHandle(text);
  const found = parts ? queue.lookup(parts) : { kind: 'invalid' as const };
  if (found.kind === 'invalid') throw sqsErrors.receiptHandleIsInvalid(text);
  const message = found.kind === 'found' ? found.message : undefined;
  if (queue.fifo && message && (message.state !== 'inFlight' || message.receiveNumber !== parts!.receiveNumber)) {
    throw sqsErrors.invalidParameter('ReceiptHandle', text, 'The receipt handle has expired.');
  }
  return { message, handle: text };
}

/** Deletes the message a handle names; a handle of a message already gone succeeds, as in SQS. */
export function deleteByHandle(queue: Queue, handle: unknown): void {
  const { message } = messageForHandle(queue, handle);
  if (!message) return;
  queue.delete(message);
  // On a FIFO queue the delete may unlock the message's group: a waiting long poll can take its next message now.
  if (queue.fifo) queue.wake();
}

const MAX_VISIBILITY = 43_200;

/** Sets a received message's visibility timeout anew, counted from now (spec §4.12). */
export function changeVisibilityByHandle(queue: Queue, handle: unknown, seconds: number): void {
  const found = messageForHandle(queue, handle);
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
