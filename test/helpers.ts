import { SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { createAwsMock, type AwsMock, type AwsMockOptions } from '../src/index.js';

/** A request handler that fails the test if anything ever tries to reach the network. */
export const networkTrap = {
  handle(): never {
    throw new Error('the network was reached');
  },
  updateHttpClientConfig(): void {},
  httpHandlerConfigs: () => ({}),
};

/**
 * An SQSClient as users make one (with `client`'s options, e.g. `maxAttempts`), with the plugin of a fresh account
 * and no way to the network.
 */
export function sqsSetup(options: AwsMockOptions = {}, client: SQSClientConfig = {}): { aws: AwsMock; sqs: SQSClient } {
  const aws = createAwsMock(options);
  const sqs = new SQSClient({ region: aws.region, requestHandler: networkTrap, ...client });
  sqs.middlewareStack.use(aws.sqs);
  return { aws, sqs };
}

/** Runs `promise` to its rejection and returns the error, failing if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected the promise to reject');
}

/**
 * Runs a command the SDK does not have (yet) through a plugin's middleware, as the SDK would run a
 * future command: same step, same context fields. The terminal handler stands for the network.
 */
export async function sendUnknownCommand(
  plugin: { applyToStack(stack: { add(middleware: unknown, options: object): void }): void },
  clientName: 'SQSClient' | 'SNSClient',
  commandName = 'FutureFeatureCommand',
): Promise<unknown> {
  type Middleware = (next: () => Promise<never>, context: object) => (args: { input: object }) => Promise<unknown>;
  let middleware: Middleware | undefined;
  plugin.applyToStack({ add: (added) => (middleware = added as Middleware) });
  const network = (): Promise<never> => Promise.reject(new Error('the network was reached'));
  return middleware!(network, { commandName, clientName })({ input: {} });
}

/**
 * A client's config for one attempt, on every SDK version: the SDK's own retries are left out, so a test sees what the
 * mock answered. `maxAttempts: 1` alone is not that: SDKs before about 3.4xx counted attempts from 0 in their
 * standard retry strategy and retried a throttle or 5xx once even then (docs/aws-behaviour/sdk.md §3.4.1).
 */
export const ONE_ATTEMPT = {
  maxAttempts: 1,
  retryStrategy: {
    mode: 'standard',
    retry: <Input extends object, Output extends object>(
      next: (args: Input) => Promise<Output>,
      args: Input,
    ): Promise<Output> => next(args),
  },
} as const;
