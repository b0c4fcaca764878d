import type { AwsError } from '../../../core/aws-error.js';
import { sqsErrors } from '../errors.js';
import { MAX_VISIBILITY_TIMEOUT_SECONDS, type Queue } from '../queue.js';
import { isPresent, optionalInteger } from './params.js';
import { textOf } from '../../../core/util/text.js';
import { unreachable } from '../../../core/util/unreachable.js';

/** A ReceiptHandle parameter: required; its text is what the queue looks up and the errors quote. */
function receiptHandleParam(handle: unknown): string {
  if (!isPresent(handle) || handle === '') throw sqsErrors.missingParameter('ReceiptHandle');
  return textOf(handle);
}

/**
 * A handle the queue refused, as SQS words it: malformed, forged or of another queue → ReceiptHandleIsInvalid; on a
 * FIFO queue one that is not the latest, or whose message is no longer in flight, has expired.
 */
function refusedHandle(outcome: 'invalid' | 'expired', handle: string): AwsError {
  return outcome === 'invalid' ? sqsErrors.receiptHandleIsInvalid(handle) : sqsErrors.receiptHandleExpired(handle);
}

/** DeleteMessage and its batch entries (Queue.deleteByHandle). */
export function deleteByHandle(queue: Queue, handle: unknown): void {
  const text = receiptHandleParam(handle);
  const outcome = queue.deleteByHandle(text, 'DeleteMessage');
  if (outcome === 'invalid' || outcome === 'expired') throw refusedHandle(outcome, text);
}

/** ChangeMessageVisibility and its batch entries (Queue.changeVisibilityByHandle). */
export function changeVisibilityByHandle(queue: Queue, handle: unknown, seconds: number): void {
  const text = receiptHandleParam(handle);
  const outcome = queue.changeVisibilityByHandle(text, seconds);
  switch (outcome) {
    case 'changed':
      return;
    case 'invalid':
    case 'expired':
      throw refusedHandle(outcome, text);
    case 'gone':
      throw sqsErrors.messageNotAvailableForVisibilityChange(text);
    case 'beyondLimit':
      throw sqsErrors.visibilityTimeoutBeyondLimit(seconds, MAX_VISIBILITY_TIMEOUT_SECONDS);
    default:
      return unreachable(outcome);
  }
}

/** A VisibilityTimeout parameter: required, an integer in 0..43200, with the reason text of the caller. */
export function visibilityTimeoutParam(value: unknown, missingName: string, reason: string): number {
  if (!isPresent(value)) throw sqsErrors.missingParameter(missingName);
  return optionalInteger('VisibilityTimeout', value, 0, MAX_VISIBILITY_TIMEOUT_SECONDS, reason)!;
}
