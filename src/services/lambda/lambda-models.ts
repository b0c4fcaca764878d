import type { AsyncInvocations } from './async/async-invocations.js';
import type { EventSourceMappings } from './esm/mappings.js';
import type { LambdaBackend } from './lambda-backend.js';

/**
 * Lambda's models, what its actions act on: the facade (lambda-mock.ts) hands itself as them, and the rest of the mock
 * reaches them through internals.ts. The actions know these, never the facade, which imports the actions.
 */
export interface LambdaModels {
  /** The functions, by region and name; its runtime carries the account's clock. */
  readonly backend: LambdaBackend;
  readonly mappings: EventSourceMappings;
  readonly asyncInvocations: AsyncInvocations;
}
