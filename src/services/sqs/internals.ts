import type { SqsBackend } from './sqs-backend.js';

/** What the rest of the mock reaches of SQS: its queues and messages. */
export interface SqsInternals {
  readonly backend: SqsBackend;
}

/**
 * The part of the account's internals (src/account/services.ts `ServiceInternals`) SQS's resource types create through.
 */
export interface WithSqs {
  readonly sqs: SqsInternals;
}
