import type { BatchSpec } from '../../core/action-registry.js';
import { byPosition, type BatchShape } from '../../core/faults/batch-entries.js';
import type { SnsBackend } from './sns-backend.js';

/** SNS: PublishBatch's topic checks, its `Failed` record, and both lists always present. */
export function snsBatchShape(backend: SnsBackend, check: BatchSpec<SnsBackend>['check']): BatchShape {
  return {
    entriesKey: 'PublishBatchRequestEntries',
    // Any entry that fails a check fails a PublishBatch as a whole [V], a failed entry too.
    checkRequest: (input) => void check(backend, input as never),
    emptyOutput: () => ({ Successful: [], Failed: [] }),
    // The field order of the SDK's BatchResultErrorEntry schema.
    failedEntry: (id, error) => ({
      Id: id,
      Code: error.code,
      SenderFault: error.type === 'Sender',
      Message: error.message,
    }),
    merge: (output, injected, position) => {
      const { Successful = [], Failed = [] } = output as { Successful?: object[]; Failed?: { Id: string }[] };
      return { ...output, Successful, Failed: [...Failed, ...injected].sort(byPosition(position)) };
    },
  };
}
