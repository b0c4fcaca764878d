import type { AwsMock } from '../aws-mock.js';
import { applyMiddleware, dispatch, middlewareFor, type MiddlewareStackLike } from '../plugin.js';

/**
 * The SNS plugin. SNS is not emulated yet (issue 4): every command answers a clear NotEmulatedError,
 * never a made-up success and never the network.
 */
export class SnsMock {
  private readonly middleware = middlewareFor(
    {
      service: 'SNS',
      clientName: 'SNSClient',
      handle: (action, input, request) => dispatch('SNS', {}, this, action, input, request),
    },
    () => this.aws.ids,
  );

  constructor(readonly aws: AwsMock) {}

  applyToStack(stack: MiddlewareStackLike): void {
    applyMiddleware(stack, this.middleware, 'sqsSnsMock:SNS');
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal */
  resetState(): void {}
}
