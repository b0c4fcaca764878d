import type { Account } from './account.js';
import { globalClock, injectedClock, type Clock, type InjectedClock } from './clock.js';
import { createIdSource, type IdSource } from './ids.js';
import { installClient, type InstallHandle } from './install/install.js';
import { LambdaMock } from './lambda/lambda-mock.js';
import { policyMode, type PolicyMode } from './policies/mode.js';
import { SnsMock } from './sns/sns-mock.js';
import type { HonestOptions } from './sqs/honest-delivery.js';
import { SqsMock } from './sqs/sqs-mock.js';
import { StackRegistry } from './templates/engine/stack-registry.js';
import { provision } from './templates/provision.js';
import type { ProvisionOptions, Stack } from './templates/stack.js';
import { REGION_NAME } from './util/region-name.js';
import { textOf } from './util/text.js';
import { WorkTracker, type RunUntilIdleOptions } from './work/work-tracker.js';
import { timeSourceOf } from './diagnostics/time-sources.js';

export interface AwsMockOptions {
  /** The emulated account's id, 12 digits. Default `000000000000`. */
  accountId?: string;
  /**
   * Where the commands of a client without a region act (CreateQueue, ListQueues, CreateTopic, ListTopics, ...), and
   * where views look by name; a client with a region acts in its own. Default `us-east-1`.
   */
  region?: string;
  /** An uninstalled `@sinonjs/fake-timers` clock; by default the global timers, read at each use. */
  clock?: InjectedClock;
  /** Makes ids, receipt handles, request ids and the honest mode's choices reproducible. */
  seed?: number;
  /**
   * Standard queues behave as loosely as real ones may: out-of-order delivery, occasional duplicate
   * delivery, and short polls that return a random share of the messages. Off by default.
   */
  honest?: boolean | HonestOptions;
  /**
   * How many published messages each topic keeps for `aws.sns.topic(name).published()` (and `toHavePublished`): the
   * last N, 0 for none. Default: every one, which costs heap for each publish a long test makes.
   */
  publishedHistory?: number;
  /**
   * `'enforce'`: SNS delivers into a queue (and a subscription's dead-letter queue) only where the queue's Policy
   * allows sns.amazonaws.com to sqs:SendMessage from the topic, as AWS does; a refused delivery is recorded on the
   * published message's `deliveries`. Default `'ignore'`: delivered regardless (`aws.sns.deliveryProblems()` still
   * lists what AWS would refuse).
   */
  policies?: PolicyMode;
  /**
   * How many invocations each Lambda function keeps for `fn.invocations()` (and the Lambda matchers): the last N, 0
   * for none. Default: every one, with its event, which costs heap in a test that drains many messages.
   */
  invocationHistory?: number;
}

/** One emulated AWS account: the queues and topics that its SQS and SNS plugins share. */
export class AwsMock implements Account {
  readonly accountId: string;
  readonly region: string;
  readonly seed: number | undefined;
  readonly honest: boolean | HonestOptions;
  readonly publishedHistory: number | undefined;
  readonly policies: PolicyMode;
  readonly clock: Clock;
  readonly sqs: SqsMock<AwsMock>;
  readonly sns: SnsMock<AwsMock>;
  /** Lambda functions with in-process handlers, SQS event source mappings, and the plugin for `LambdaClient`. */
  readonly lambda: LambdaMock<AwsMock>;
  /** @internal */
  readonly work: WorkTracker;
  private idSource: IdSource;
  private readonly installs = new Set<InstallHandle>();
  /** The stack names and exports of every `provision`, kept until reset. */
  private readonly stacks = new StackRegistry();

  constructor(options: AwsMockOptions = {}) {
    this.accountId = options.accountId ?? '000000000000';
    this.region = options.region ?? 'us-east-1';
    if (!/^\d{12}$/.test(this.accountId))
      throw new TypeError(`sqs-sns-mock: accountId must be 12 digits, got "${this.accountId}"`);
    if (!REGION_NAME.test(this.region)) throw new TypeError(`sqs-sns-mock: "${this.region}" is not a region name`);
    this.seed = options.seed;
    this.honest = options.honest ?? false;
    this.publishedHistory = historyLimit('publishedHistory', options.publishedHistory, 'messages');
    this.policies = policyMode(options.policies);
    this.clock = options.clock ? injectedClock(options.clock) : globalClock();
    this.idSource = createIdSource(this.seed);
    this.sqs = new SqsMock(this);
    // Looked up at each delivery, so neither plugin depends on the other being built first.
    this.sns = new SnsMock(
      this,
      { findByArn: (arn) => this.sqs.backend.findByArn(arn) },
      {
        // SNS hands the event to Lambda's asynchronous queue (docs/aws-behaviour/lambda.md §3.5).
        invokeAsync: (functionArn, event, subscriptionArn) => {
          const fn = this.lambda.backend.findByArn(functionArn);
          return fn
            ? this.lambda.asyncInvocations.enqueue(
                fn,
                event,
                { kind: 'sns', subscriptionArn },
                { invokedArn: functionArn },
              )
            : undefined;
        },
      },
    );
    const injected = options.clock;
    this.work = new WorkTracker(
      this.clock,
      typeof injected?.tickAsync === 'function' ? (ms) => injected.tickAsync!(ms) : undefined,
      () => {
        if (injected) return injected;
        const source = timeSourceOf(globalThis.setTimeout);
        return source.kind === 'fake' ? source.clock : undefined;
      },
    );
    this.lambda = new LambdaMock(this, this.work, {
      findQueue: (arn) => this.sqs.backend.findByArn(arn),
      publishToTopic: (topicArn, message) => this.sns.publishFromService(topicArn, message.body, message.attributes),
      invocationHistory: historyLimit('invocationHistory', options.invocationHistory, 'invocations'),
    });
  }

  /**
   * Resolves, without moving time, once no Lambda handler runs and nothing is ready to run now (a poller with
   * messages to take, an invocation to start).
   */
  idle(): Promise<void> {
    return this.work.idle();
  }

  /**
   * Moves time with `advance` to each next thing the mock will do (a visibility expiry a poller waits for, a delay, a
   * retry, a batching window, a timeout) until nothing is left or `maxTime` (default 15 minutes) has passed; resolves
   * to the milliseconds moved. With an injected clock, `advance` defaults to its `tickAsync`.
   */
  runUntilIdle(options?: RunUntilIdleOptions): Promise<number> {
    return this.work.runUntilIdle(options);
  }

  /** Random ids of this account; replaced on reset so a seeded mock starts its sequence again. */
  get ids(): IdSource {
    return this.idSource;
  }

  /**
   * Answers every instance of an SDK client class (`SQSClient`, `SNSClient`, `LambdaClient`), made before or after,
   * in any module, with this mock, under the SDK's own middleware (docs/aws-behaviour/sdk-reach.md §2). `reset()`
   * keeps it.
   */
  install(clientClass: abstract new (...args: never[]) => unknown): InstallHandle {
    const installed = installClient(clientClass, this);
    const handle: InstallHandle = {
      restore: () => {
        this.installs.delete(handle);
        installed.restore();
      },
    };
    this.installs.add(handle);
    return handle;
  }

  /** Undoes every `install` of this mock. */
  restore(): void {
    for (const handle of [...this.installs]) handle.restore();
  }

  /**
   * Creates the queues, topics, subscriptions, policies, functions and event source mappings a CloudFormation
   * template declares (an object, JSON text or YAML text; CDK's synthesised JSON; SAM), as CloudFormation would
   * (docs/aws-behaviour/templates.md). All or nothing: on an error nothing stays created.
   */
  provision(template: unknown, options?: ProvisionOptions): Stack {
    return provision(this, this.stacks, template, options);
  }

  /**
   * Forgets every queue, topic, subscription, message, function, mapping and stack, ends waiting receives, and stops
   * every poller and pending retry, leaving no timer: as if new. Installs stay.
   */
  reset(): void {
    this.idSource = createIdSource(this.seed);
    this.sqs.resetState();
    this.sns.resetState();
    this.lambda.resetState();
    this.work.reset();
    this.stacks.reset();
  }
}

function historyLimit(option: string, value: unknown, unit: string): number | undefined {
  if (value === undefined || value === Number.POSITIVE_INFINITY) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`sqs-sns-mock: ${option} must be a whole number of ${unit}, 0 or more, got ${textOf(value)}`);
  }
  return value;
}

export function createAwsMock(options: AwsMockOptions = {}): AwsMock {
  return new AwsMock(options);
}

let defaultMock: AwsMock | undefined;

/** The process-wide account that `mockSqs()` and `mockSns()` share when given none. */
export function defaultAwsMock(): AwsMock {
  defaultMock ??= new AwsMock();
  return defaultMock;
}
