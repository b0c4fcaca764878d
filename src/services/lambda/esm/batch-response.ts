/**
 * What a successful invocation's answer means for its batch with `ReportBatchItemFailures` on
 * (docs/aws-behaviour/lambda.md §2.7): `keep` holds the message ids that stay in the queue (the rest are deleted),
 * or is 'all' when the batch counts as failed as a whole.
 * - success, nothing kept: `null`/no answer, `{}`, `batchItemFailures` null or `[]` [Docs-2023][AWS-test];
 * - the whole batch failed: `batchItemFailures` not a list, an entry without a non-empty string `itemIdentifier`
 *   (wrong key, null, empty string), or an id that is not in the batch [Docs-2023][AWS-snap];
 * - an answer that is not an object (a string, a number, a list) cannot be an SQSBatchResponse: the whole batch
 *   failed. Lambda's docs list "invalid JSON response" among complete failures; that a valid JSON value of the wrong
 *   kind counts the same is our reading.
 */
export function itemsToKeep(answer: unknown, batchIds: ReadonlySet<string>): ReadonlySet<string> | 'all' {
  if (answer === null || answer === undefined) return NOTHING;
  if (typeof answer !== 'object' || Array.isArray(answer)) return 'all';
  const failures = (answer as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === null || failures === undefined) return NOTHING;
  if (!Array.isArray(failures)) return 'all';
  const keep = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || id === '' || !batchIds.has(id)) return 'all';
    keep.add(id);
  }
  return keep;
}

const NOTHING: ReadonlySet<string> = new Set();
