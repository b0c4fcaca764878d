import type { LambdaMock } from './lambda-mock.js';
import type { LambdaModels } from './lambda-models.js';

/** What the rest of the mock reaches of Lambda: its functions, mappings and asynchronous queue. */
export interface LambdaInternals extends LambdaModels {
  /** The facade, for the resource types that create functions as `aws.lambda.createFunction` does. */
  readonly mock: LambdaMock;
}

/**
 * The part of the account's internals (src/account/services.ts `ServiceInternals`) Lambda's resource types create
 * through.
 */
export interface WithLambda {
  readonly lambda: LambdaInternals;
}
