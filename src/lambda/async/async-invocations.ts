// STUB (to be replaced by the asynchronous-invocation work): the contract LambdaMock and SNS rely on.
import type { LambdaFunction, InvocationTrigger } from '../lambda-function.js';
import type { LambdaRuntime } from '../runtime.js';

export class AsyncInvocations {
  constructor(readonly runtime: LambdaRuntime) {}
  /** Queues one event for `fn` (Invoke Event, SNS); answers its request id. */
  enqueue(_fn: LambdaFunction, _event: unknown, _trigger: InvocationTrigger): string {
    throw new Error('not yet');
  }
  reset(): void {}
}
