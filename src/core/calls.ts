/**
 * The request/response seam: one service of the account calls an action of another as a client of it would, and
 * waits for the answer (Step Functions' tasks: Lambda's Invoke, SQS's SendMessage, SNS's Publish, EventBridge's
 * PutEvents). Where the delivery seam (delivery.ts) hands a message over and answers whether it was taken, this one
 * answers the action's output, or throws its `AwsError`, as the SDK's client would see them. A leaf: it names no
 * service. The account runs the call through the target's emulation (src/account/aws-mock.ts), with the faults a test
 * injected, as a client's command would be; the target is picked by the service segment of its ARNs.
 */
import type { RequestContext } from './request-context.js';

/**
 * Runs `action` of the service that owns the ARN service `arnService` (`lambda`, `sqs`, `sns`, `events`, `states`)
 * with `input` (the action's SDK input shape) for `request`. Rejects with the action's error, with a
 * `NotEmulatedError` for an action the service does not emulate, and with a `NoSuchServiceError` for a service the
 * account does not emulate.
 */
export type CallAction = (
  arnService: string,
  action: string,
  input: object,
  request: RequestContext,
) => Promise<object>;

/** A call to a service the account does not emulate: never a made-up answer. */
export class NoSuchServiceError extends Error {
  constructor(readonly arnService: string) {
    super(`sqs-sns-mock: no emulated service answers for "${arnService}"`);
    this.name = 'NoSuchServiceError';
  }
}
