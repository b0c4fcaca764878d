import { createHash } from 'node:crypto';

/**
 * The deduplication id SQS and SNS derive for content-based deduplication: the SHA-256 hex of the
 * message body alone (attributes never count).
 */
export function contentDeduplicationId(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}
