import type { SnsBackend } from './sns-backend.js';

/** What the rest of the mock reaches of SNS: its topics and subscriptions. */
export interface SnsInternals {
  readonly backend: SnsBackend;
}

/**
 * The part of the account's internals (src/account/services.ts `ServiceInternals`) SNS's resource types create through.
 */
export interface WithSns {
  readonly sns: SnsInternals;
}
