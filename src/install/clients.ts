import type { MiddlewareStackLike } from '../plugin.js';
import type { ServiceName } from '../sdk-errors.js';

/** What `aws.install(Class)` needs of the mock: the plugin that answers the class's commands. */
export interface InstallablePlugins {
  readonly sqs: { applyToStack(stack: MiddlewareStackLike): void };
  readonly sns: { applyToStack(stack: MiddlewareStackLike): void };
  readonly lambda: { applyToStack(stack: MiddlewareStackLike): void };
}

/** A client class the mock can install itself into: one entry per class. */
export interface InstallableClient {
  readonly service: ServiceName;
  readonly plugin: (mock: InstallablePlugins) => { applyToStack(stack: MiddlewareStackLike): void };
}

/** Keyed by the SDK's client name, which is also the `clientName` of its commands' handler context. */
export const INSTALLABLE_CLIENTS: Readonly<Record<string, InstallableClient>> = {
  SQSClient: { service: 'SQS', plugin: (mock) => mock.sqs },
  SNSClient: { service: 'SNS', plugin: (mock) => mock.sns },
  LambdaClient: { service: 'Lambda', plugin: (mock) => mock.lambda },
};
