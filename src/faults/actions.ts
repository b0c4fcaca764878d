/**
 * The action names a fault may target, as literal types so a typo is a compile error: derived from each service's
 * action registry (sqs/actions/index.ts, sns/actions/index.ts), which the FaultInjector's runtime check reads too.
 */
export type { SqsAction, SqsBatchAction } from '../sqs/actions/index.js';
export type { SnsAction, SnsBatchAction } from '../sns/actions/index.js';
