import type { AsyncInvocations } from './async/async-invocations.js';
import type { EventSourceMappings } from './esm/mappings.js';
import type { LambdaBackend } from './lambda-backend.js';
import type { LambdaMock } from './lambda-mock.js';

/** What the rest of the mock reaches of Lambda: its functions, mappings and asynchronous queue. */
export interface LambdaInternals {
  readonly backend: LambdaBackend;
  readonly mappings: EventSourceMappings;
  readonly asyncInvocations: AsyncInvocations;
  /** The facade, for the resource types that create functions as `aws.lambda.createFunction` does. */
  readonly mock: LambdaMock;
}

/** The part of the account's internals (src/services.ts `ServiceInternals`) Lambda's resource types create through. */
export interface WithLambda {
  readonly lambda: LambdaInternals;
}
