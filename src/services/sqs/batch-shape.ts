import type { BatchSpec } from '../../core/action-registry.js';
import { byPosition, type BatchShape } from '../../core/faults/batch-entries.js';
import { batchOutput, runEntry, type BatchOutput, type BatchResultErrorEntry } from './actions/batch.js';
import type { SqsBackend } from './sqs-backend.js';

/** SQS: a batch action's own request check, `Failed` records and empty-list rule. */
export function sqsBatchShape(backend: SqsBackend, check: BatchSpec<SqsBackend>['check']): BatchShape {
  return {
    entriesKey: 'Entries',
    // As each SQS batch action starts: the queue, then count, Ids and distinctness of all the entries, and for
    // SendMessageBatch the batch's size and FIFO rules. What fails one entry only is that entry's own business.
    checkRequest: (input) => void check(backend, input as never),
    emptyOutput: () => ({}),
    failedEntry: (id, error) => {
      const result = runEntry(id, () => {
        throw error;
      });
      return 'failed' in result ? result.failed : { Id: id };
    },
    merge: (output, injected, position) => {
      const { Successful = [], Failed = [] } = output as BatchOutput<object>;
      return batchOutput(Successful, [...Failed, ...(injected as BatchResultErrorEntry[])].sort(byPosition(position)));
    },
  };
}
