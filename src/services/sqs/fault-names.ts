import { kindsOf, type BatchNames } from '../../core/action-registry.js';
import type { ErrorNames } from '../../core/faults/catalogue.js';
import { SQS_ACTIONS } from './actions/index.js';
import type { SQS_ERRORS } from './errors.js';

/**
 * What an SQS fault may name, as literal types so a typo is a compile error: derived from the action registry and
 * the error table. Read through `kindsOf`, so that these public types are declared without the registry's handlers.
 */
const sqsKinds = kindsOf(SQS_ACTIONS);

/** An SQS action by the SDK's name, without `Command`. */
export type SqsAction = keyof typeof sqsKinds;
/** An SQS batch action: its answer has per-entry `Successful` / `Failed` lists. */
export type SqsBatchAction = BatchNames<typeof sqsKinds>;
/** An SQS error by SDK class name (`RequestThrottled`) or query code (`AWS.SimpleQueueService.NonExistentQueue`). */
export type SqsErrorName = ErrorNames<typeof SQS_ERRORS>;
