import { AwsError } from '../../../core/aws-error.js';
import { sqsErrors } from '../errors.js';
import { isPresent } from './params.js';

export interface BatchResultErrorEntry {
  Id: string;
  SenderFault: boolean;
  Code: string;
  Message: string;
}

const ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * The whole-request checks every SQS batch action makes, in AWS's order: some entries, at most ten,
 * well-formed ids, no id twice. `entryShape` names the entry type in the empty-batch message.
 */
export function validateBatchEntries<T extends { Id?: unknown }>(
  entries: unknown,
  entryShape: string,
): (T & { Id: string })[] {
  if (!isPresent(entries) || (Array.isArray(entries) && entries.length === 0))
    throw sqsErrors.emptyBatchRequest(entryShape);
  if (!Array.isArray(entries)) throw sqsErrors.batchEntriesNotList(entryShape);
  if (entries.length > 10) throw sqsErrors.tooManyEntriesInBatchRequest(entries.length);
  const seen = new Set<string>();
  for (const entry of entries as unknown[]) {
    const id = (entry as { Id?: unknown } | null)?.Id;
    if (typeof id !== 'string' || !ENTRY_ID.test(id)) throw sqsErrors.invalidBatchEntryId();
    if (seen.has(id)) throw sqsErrors.batchEntryIdsNotDistinct(id);
    seen.add(id);
  }
  return entries as (T & { Id: string })[];
}

/** Runs one entry; an AWS error becomes that entry's `Failed` record instead of failing the batch. */
export function runEntry<R>(id: string, work: () => R): { ok: R } | { failed: BatchResultErrorEntry } {
  try {
    return { ok: work() };
  } catch (error) {
    if (!(error instanceof AwsError)) throw error;
    return { failed: { Id: id, SenderFault: error.type === 'Sender', Code: error.code, Message: error.message } };
  }
}

/**
 * Successful and Failed as SQS answers them: an empty list is left out (AWS snapshots show a batch
 * that fully succeeded without `Failed`), although the SDK's types call both required.
 */
export interface BatchOutput<S> {
  Successful?: S[];
  Failed?: BatchResultErrorEntry[];
}

export function batchOutput<S>(successful: S[], failed: BatchResultErrorEntry[]): BatchOutput<S> {
  return {
    ...(successful.length > 0 ? { Successful: successful } : {}),
    ...(failed.length > 0 ? { Failed: failed } : {}),
  };
}
