import { kindsOf, type BatchNames } from '../action-registry.js';
import { SNS_ACTIONS } from '../sns/actions/index.js';
import { SQS_ACTIONS } from '../sqs/actions/index.js';

/**
 * The action names a fault may target, as literal types so a typo is a compile error: derived from each service's
 * action registry (sqs/actions/index.ts, sns/actions/index.ts), which the FaultInjector's runtime check reads too.
 * Read through `kindsOf`, so that these public types are declared without the registries' handlers.
 */
const sqsKinds = kindsOf(SQS_ACTIONS);
const snsKinds = kindsOf(SNS_ACTIONS);

/** An SQS action by the SDK's name, without `Command`. */
export type SqsAction = keyof typeof sqsKinds;
/** An SNS action by the SDK's name, without `Command`. */
export type SnsAction = keyof typeof snsKinds;
/** An SQS batch action: its answer has per-entry `Successful` / `Failed` lists. */
export type SqsBatchAction = BatchNames<typeof sqsKinds>;
/** An SNS batch action: its answer has per-entry `Successful` / `Failed` lists. */
export type SnsBatchAction = BatchNames<typeof snsKinds>;
