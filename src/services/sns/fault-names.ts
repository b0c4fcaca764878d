import { kindsOf, type BatchNames } from '../../core/action-registry.js';
import type { ErrorNames } from '../../core/faults/catalogue.js';
import { SNS_ACTIONS } from './actions/index.js';
import type { SNS_ERRORS } from './errors.js';

/**
 * What an SNS fault may name, as literal types so a typo is a compile error: derived from the action registry and
 * the error table. Read through `kindsOf`, so that these public types are declared without the registry's handlers.
 */
const snsKinds = kindsOf(SNS_ACTIONS);

/** An SNS action by the SDK's name, without `Command`. */
export type SnsAction = keyof typeof snsKinds;
/** An SNS batch action: its answer has per-entry `Successful` / `Failed` lists. */
export type SnsBatchAction = BatchNames<typeof snsKinds>;
/** An SNS error by SDK class name (`ThrottledException`) or query code (`Throttled`). */
export type SnsErrorName = ErrorNames<typeof SNS_ERRORS>;
