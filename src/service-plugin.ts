/**
 * The SDK plugin every service's facade is (`client.middlewareStack.use(aws.sqs)`): the middleware that answers the
 * service's commands from its emulation (src/plugin.ts), added under the service's name. The facades differ in their
 * emulation only, so they hold one of these and hand `applyToStack` to it.
 */
import type { Account } from './account.js';
import { handClientConfig } from './install/install.js';
import {
  applyMiddleware,
  middlewareFor,
  type AnswerMiddleware,
  type MiddlewareStackLike,
  type ServiceEmulation,
} from './plugin.js';

export class ServicePlugin {
  /** Made once: the same middleware added again replaces itself, another account's is refused (applyMiddleware). */
  private readonly middleware: AnswerMiddleware;

  constructor(
    readonly emulation: ServiceEmulation,
    account: Account,
  ) {
    this.middleware = middlewareFor(emulation, account);
  }

  applyToStack(stack: MiddlewareStackLike): void {
    const { sdk } = this.emulation;
    handClientConfig(sdk);
    applyMiddleware(stack, this.middleware, `sqsSnsMock:${sdk.service}`);
  }
}
