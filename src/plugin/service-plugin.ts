/**
 * The SDK plugin every service's facade is (`client.middlewareStack.use(aws.sqs)`): the middleware that answers the
 * service's commands from its emulation (src/plugin/plugin.ts), added under the service's name. The facades differ in
 * their emulation only, so each holds one of these, made by the account (ServiceContext's `plugIn`), and hands
 * `applyToStack` to it.
 */
import type { Account } from '../core/account.js';
import { handClientConfig } from './install/install.js';
import type { MiddlewareStackLike, SdkPlugin, ServiceEmulation } from '../core/emulation.js';
import { applyMiddleware, middlewareFor, type AnswerMiddleware } from './plugin.js';

export class ServicePlugin implements SdkPlugin {
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
