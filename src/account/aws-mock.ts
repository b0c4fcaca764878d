import type { Account } from '../core/account.js';
import { globalClock, injectedClock, type Clock, type InjectedClock } from '../core/clock.js';
import { createIdSource, type IdSource } from '../core/ids.js';
import { installableClients } from '../plugin/install/clients.js';
import { installClient, type InstallHandle } from '../plugin/install/install.js';
import type { EventsMock } from '../services/events/events-mock.js';
import type { SchedulerMock } from '../services/scheduler/scheduler-mock.js';
import type { S3Mock } from '../services/s3/s3-mock.js';
import type { SfnMock } from '../services/sfn/sfn-mock.js';
import type { LambdaMock } from '../services/lambda/lambda-mock.js';
import {
  arnService,
  deliveryRouter,
  type DeliveryMessage,
  type DeliveryPort,
  type DeliveryResult,
} from '../core/delivery.js';
import { policyMode, type PolicyMode } from '../core/policies/mode.js';
import { NoSuchServiceError } from '../core/calls.js';
import { runAction } from '../core/run-action.js';
import type { ServiceContext } from '../core/service-context.js';
import { ServicePlugin } from '../plugin/service-plugin.js';
import type { ServiceInstance } from '../core/service-module.js';
import {
  ARN_SERVICE_OWNERS,
  JOURNEY_VOCABULARY,
  SERVICE_MODULES,
  type ServiceInternals,
  type ServiceKey,
  type ServiceOptions,
  type ServicePorts,
} from './services.js';
import type { SnsMock } from '../services/sns/sns-mock.js';
import type { HonestOptions } from '../services/sqs/honest-delivery.js';
import type { SqsMock } from '../services/sqs/sqs-mock.js';
import { StackRegistry } from '../templates/engine/stack-registry.js';
import { loadProvisioning } from './load-provisioning.js';
import type { ProvisionOptions, Stack } from '../templates/stack.js';
import { ResourceNames } from '../core/resource-names.js';
import { REGION_NAME } from '../core/util/region-name.js';
import { WorkTracker, type RunUntilIdleOptions } from '../core/work/work-tracker.js';
import { timeSourceOf } from '../core/diagnostics/time-sources.js';
import { DEFAULT_JOURNEY_STEPS, JourneyRecorder } from '../core/journeys/recorder.js';
import type { Journey } from '../core/journeys/journey.js';
import { historyLimit } from '../core/util/history-limit.js';

/** createAwsMock's options: the account's own, and each service's (its module's options, e.g. sqs/module.ts). */
export interface AwsMockOptions extends ServiceOptions {
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
   * How many steps of messages' journeys the account keeps for `aws.journey(id)`, `aws.timeline()` and the matchers'
   * failure messages: the last N, across every service. Default 10,000 (about 200 bytes each, so about 2 MB when
   * full); `0` records nothing. See docs/guide/journeys.md.
   */
  journeySteps?: number;
}

type AnyInstance = ServiceInstance<unknown, unknown, DeliveryPort>;

/**
 * Every service of the list has its facade field on AwsMock (typed with the account as owner, which a derived type
 * cannot say): a service added to src/account/services.ts without one fails to compile here.
 */
type MissingFacades = Exclude<ServiceKey, keyof AwsMock>;
const everyFacadeDeclared: [MissingFacades] extends [never] ? true : MissingFacades = true;
void everyFacadeDeclared;

/** One emulated AWS account: the queues and topics that its SQS and SNS plugins share. */
export class AwsMock implements Account {
  readonly accountId: string;
  readonly region: string;
  readonly seed: number | undefined;
  readonly clock: Clock;
  readonly sqs: SqsMock<AwsMock>;
  readonly sns: SnsMock<AwsMock>;
  /** Lambda functions with in-process handlers, SQS event source mappings, and the plugin for `LambdaClient`. */
  readonly lambda: LambdaMock<AwsMock>;
  /** EventBridge: buses, rules and targets, the plugin for `EventBridgeClient`, and the views of routed events. */
  readonly events: EventsMock<AwsMock>;
  /** EventBridge Scheduler: schedule groups and schedules on the mock's clock, the plugin for `SchedulerClient`. */
  readonly scheduler: SchedulerMock<AwsMock>;
  /** S3: buckets and objects, their event notifications, and the plugin for `S3Client`. */
  readonly s3: S3Mock<AwsMock>;
  /** Step Functions: state machines whose executions run on the mock's clock, the plugin for `SFNClient`. */
  readonly sfn: SfnMock<AwsMock>;
  /** @internal */
  readonly work: WorkTracker;
  /**
   * @internal The logical id of each queue, topic and function a stack provisioned: `names.displayName(arnOrUrl)`
   * (`Orders (test-stack-Orders-1A2B3C4D5E6F)`) and `names.whereName(arnOrUrl)` (`Orders`). Kept until reset.
   */
  readonly names = new ResourceNames();
  /** @internal The record of every message's steps: what `journey` and `timeline` read. */
  readonly journeys: JourneyRecorder;
  /** @internal Each service's models, by key: what the templates' resource types reach. */
  readonly internals: ServiceInternals;
  /** @internal Each service's delivery port, by key (src/core/delivery.ts). */
  readonly ports: ServicePorts;
  /**
   * @internal Hands a message to a resource of any of the account's services, by the ARN's service segment: the
   * delivery seam SNS, Lambda's destinations and later EventBridge and Scheduler use (src/core/delivery.ts).
   */
  readonly deliver: (arn: string, message: DeliveryMessage) => DeliveryResult;
  private readonly services: ReadonlyMap<ServiceKey, AnyInstance>;
  private idSource: IdSource;
  private readonly installs = new Set<InstallHandle>();
  /** The stack names and exports of every `provision`, kept until reset. */
  private readonly stacks = new StackRegistry();

  constructor(private readonly options: AwsMockOptions = {}) {
    this.accountId = options.accountId ?? '000000000000';
    this.region = options.region ?? 'us-east-1';
    if (!/^\d{12}$/.test(this.accountId))
      throw new TypeError(`sqs-sns-mock: accountId must be 12 digits, got "${this.accountId}"`);
    if (!REGION_NAME.test(this.region)) throw new TypeError(`sqs-sns-mock: "${this.region}" is not a region name`);
    this.seed = options.seed;
    this.clock = options.clock ? injectedClock(options.clock) : globalClock();
    this.idSource = createIdSource(this.seed);
    const journeySteps = historyLimit('journeySteps', options.journeySteps, 'steps');
    this.journeys = new JourneyRecorder(
      options.journeySteps === undefined ? DEFAULT_JOURNEY_STEPS : (journeySteps ?? Number.POSITIVE_INFINITY),
      this.clock,
      JOURNEY_VOCABULARY,
      this.names,
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
    const services = new Map<ServiceKey, AnyInstance>();
    // Each port is looked up at each delivery, so no service depends on another being built first.
    const router = deliveryRouter(
      new Map([...ARN_SERVICE_OWNERS].map(([arnService, key]) => [arnService, () => services.get(key)!.port])),
    );
    this.deliver = router.deliver;
    const context: ServiceContext<AwsMock> = {
      account: this,
      work: this.work,
      policies: policyMode(options.policies),
      deliver: router.deliver,
      permits: router.permits,
      plugIn: (emulation) => new ServicePlugin(emulation, this),
      // The request/response seam (src/core/calls.ts): the target's emulation, as a client's command runs it.
      call: (arnService, action, input, request) => {
        const key = ARN_SERVICE_OWNERS.get(arnService);
        if (key === undefined) return Promise.reject(new NoSuchServiceError(arnService));
        return Promise.resolve().then(() => runAction(this[key].emulation, this.journeys, action, input, request));
      },
      lambdaTriggers: SERVICE_MODULES.flatMap((service) =>
        'lambdaTrigger' in service && service.lambdaTrigger ? [service.lambdaTrigger] : [],
      ),
      findSource: (arn) => {
        const key = ARN_SERVICE_OWNERS.get(arnService(arn) ?? '');
        return key === undefined ? undefined : services.get(key)?.sources?.(arn);
      },
    };
    for (const service of SERVICE_MODULES) {
      const create = service.create as (context: ServiceContext<AwsMock>, options: AwsMockOptions) => AnyInstance;
      services.set(service.key, create(context, options));
    }
    this.services = services;
    this.internals = Object.fromEntries([...services].map(([key, built]) => [key, built.internals])) as never;
    this.ports = Object.fromEntries([...services].map(([key, built]) => [key, built.port])) as never;
    this.sqs = services.get('sqs')!.facade as SqsMock<AwsMock>;
    this.sns = services.get('sns')!.facade as SnsMock<AwsMock>;
    this.lambda = services.get('lambda')!.facade as LambdaMock<AwsMock>;
    this.events = services.get('events')!.facade as EventsMock<AwsMock>;
    this.scheduler = services.get('scheduler')!.facade as SchedulerMock<AwsMock>;
    this.s3 = services.get('s3')!.facade as S3Mock<AwsMock>;
    this.sfn = services.get('sfn')!.facade as SfnMock<AwsMock>;
    // What the matchers' failure messages read to say what feeds a queue or a function; a part never loaded feeds
    // nothing, and is not loaded for it.
    this.journeys.sources = {
      topics: () => (this.sns.loaded ? this.sns.topics() : []),
      rules: () => (this.events.loaded ? this.events.buses().flatMap((bus) => bus.rules()) : []),
      schedules: () => (this.scheduler.loaded ? this.scheduler.schedules() : []),
      mappings: () => this.lambda.eventSourceMappings(),
    };
  }

  /** @internal The clock given to createAwsMock, if any: the only one the HTTP server (src/server) may move. */
  get injectedClock(): InjectedClock | undefined {
    return this.options.clock;
  }

  /** `honest` as given to createAwsMock (SQS's option). */
  get honest(): boolean | HonestOptions {
    return this.options.honest ?? false;
  }

  /** `publishedHistory` as SNS reads it: undefined keeps every message. */
  get publishedHistory(): number | undefined {
    return this.sns.publishedHistory;
  }

  /** `policies` as SNS reads it. */
  get policies(): PolicyMode {
    return this.sns.policies;
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
   * retry, a batching window, a timeout, an at() schedule) until nothing is left or `maxTime` (default 15 minutes) has
   * passed; resolves to the milliseconds moved. The recurring firings of scheduled rules and schedules are not work:
   * those due before the work ends fire on the way, later ones are the test's to reach (`nextFireAt`). A handler
   * waiting on real work (a socket, a real timer, a child process) is waited for in real time first, up to
   * `realTimeWait` ms (default 5,000) each time. With an injected clock, `advance` defaults to its `tickAsync`.
   */
  runUntilIdle(options?: RunUntilIdleOptions): Promise<number> {
    return this.work.runUntilIdle(options);
  }

  /**
   * Every recorded step of one message, across services, oldest first: from Publish through each queue's copy, the
   * Lambda invocations and the redeliveries, to the dead-letter queue. `id` is any id of the chain (an SNS or SQS
   * MessageId, a Lambda request id) or a message view. An id nothing recorded answers an empty journey that says so.
   * `String(journey)` is one line per step; `journey.toMermaid()` a sequence diagram.
   */
  journey(id: string | { readonly messageId: string }): Journey {
    return this.journeys.journey(typeof id === 'string' ? id : id.messageId);
  }

  /** Every recorded step of every message, in time order (the last `journeySteps`); `String()` as a journey's. */
  timeline(): Journey {
    return this.journeys.timeline();
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
    const clients = SERVICE_MODULES.map(({ key, sdk }) => ({ sdk, plugin: this.services.get(key)!.facade as never }));
    const installed = installClient(clientClass, installableClients(clients));
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
    const views = {
      queue: (arn: string) => this.sqs.queue(arn),
      topic: (arn: string) => this.sns.topic(arn),
      function: (arn: string) => this.lambda.function(arn),
    };
    const { provision, RESOURCE_TYPES } = loadProvisioning();
    const stack = provision(
      { account: this, internals: this.internals, views, names: this.names },
      this.stacks,
      template,
      options,
      RESOURCE_TYPES,
    );
    this.stacks.remember(stack);
    return stack;
  }

  /** @internal The stacks `provision` stood up since the last reset, oldest first: the server's stacks route. */
  get provisionedStacks(): readonly Stack[] {
    return this.stacks.list();
  }

  /**
   * Forgets every queue, topic, subscription, message, function, mapping and stack, ends waiting receives, and stops
   * every poller and pending retry, leaving no timer: as if new. Installs stay.
   */
  reset(): void {
    this.idSource = createIdSource(this.seed);
    for (const service of this.services.values()) service.reset();
    this.work.reset();
    this.stacks.reset();
    this.names.reset();
    this.journeys.clear();
  }
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
