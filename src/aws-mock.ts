import type { Account } from './account.js';
import { globalClock, injectedClock, type Clock, type InjectedClock } from './clock.js';
import { createIdSource, type IdSource } from './ids.js';
import { installableClients } from './install/clients.js';
import { installClient, type InstallHandle } from './install/install.js';
import type { EventsMock } from './events/events-mock.js';
import type { SchedulerMock } from './scheduler/scheduler-mock.js';
import type { LambdaMock } from './lambda/lambda-mock.js';
import { deliveryRouter, type DeliveryMessage, type DeliveryPort, type DeliveryResult } from './delivery.js';
import { policyMode, type PolicyMode } from './policies/mode.js';
import type { ServiceContext } from './service-context.js';
import type { ServiceInstance } from './service-module.js';
import {
  ARN_SERVICE_OWNERS,
  SERVICE_MODULES,
  type ServiceInternals,
  type ServiceKey,
  type ServiceOptions,
  type ServicePorts,
} from './services.js';
import type { SnsMock } from './sns/sns-mock.js';
import type { HonestOptions } from './sqs/honest-delivery.js';
import type { SqsMock } from './sqs/sqs-mock.js';
import { StackRegistry } from './templates/engine/stack-registry.js';
import { loadProvisioning } from './templates/load-provisioning.js';
import type { ProvisionOptions, Stack } from './templates/stack.js';
import { ResourceNames } from './resource-names.js';
import { REGION_NAME } from './util/region-name.js';
import { WorkTracker, type RunUntilIdleOptions } from './work/work-tracker.js';
import { timeSourceOf } from './diagnostics/time-sources.js';
import { DEFAULT_JOURNEY_STEPS, JourneyRecorder } from './journeys/recorder.js';
import type { Journey } from './journeys/journey.js';
import { historyLimit } from './util/history-limit.js';

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
 * cannot say): a service added to src/services.ts without one fails to compile here.
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
  /** @internal Each service's delivery port, by key (src/delivery.ts). */
  readonly ports: ServicePorts;
  /**
   * @internal Hands a message to a resource of any of the account's services, by the ARN's service segment: the
   * delivery seam SNS, Lambda's destinations and later EventBridge and Scheduler use (src/delivery.ts).
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
      internalsOf: (key) => services.get(key as ServiceKey)?.internals,
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
   * retry, a batching window, a timeout) until nothing is left or `maxTime` (default 15 minutes) has passed; resolves
   * to the milliseconds moved. With an injected clock, `advance` defaults to its `tickAsync`.
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
    return provision(
      { account: this, internals: this.internals, views, names: this.names },
      this.stacks,
      template,
      options,
      RESOURCE_TYPES,
    );
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
