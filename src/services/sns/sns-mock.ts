import { liveIds, type Account } from '../../core/account.js';
import { batchShapes, type BatchShape } from '../../core/faults/batch-entries.js';
import { FaultControls } from '../../core/faults/controls.js';
import { FaultInjector } from '../../core/faults/injector.js';
import type { DeliveryMessage, DeliveryPermission, DeliveryResult, DeliverySender } from '../../core/delivery.js';
import { LazyPart } from '../../core/lazy-service.js';
import { policyMode, type PolicyMode } from '../../core/policies/mode.js';
import { historyLimit } from '../../core/util/history-limit.js';
import type { DeliveryProblem } from '../../core/policies/delivery-problems.js';
import type { DeliveryVerdict } from '../../core/policies/sns-delivery.js';
import type { MiddlewareStackLike, PlugIn, SdkPlugin, ServiceEmulation } from '../../core/emulation.js';
import { dispatch } from '../../core/run-action.js';
import type { SnsAction, SnsBatchAction, SnsErrorName } from './fault-names.js';
import { loadSnsPart } from './load-part.js';
import { SNS_SDK } from './sdk.js';
import type { SnsBackend, SnsDelivery } from './sns-backend.js';
import type { Topic } from './topic.js';
import { PlatformEndpointView, smsView, TopicView, type SmsView } from './views.js';
import { phoneKey } from './sms/phone-numbers.js';
import { findByNameInOneRegion } from '../../core/util/view-lookup.js';

/**
 * The SNS plugin of one AwsMock, the way in to look at its topics, and its fault injection (`fail`, `failNext`,
 * `delay`, `failEntries`, `clearFaults`).
 */
export class SnsMock<Owner extends Account = Account> extends FaultControls<SnsAction, SnsBatchAction, SnsErrorName> {
  /** The backend and its actions, made at the first call, delivery or look at the topics (`backend`). */
  private readonly part: LazyPart<SnsBackend>;
  private readonly plugin: SdkPlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;
  /** @internal createAwsMock's `publishedHistory`, as the topics keep it: undefined keeps every message. */
  readonly publishedHistory: number | undefined;
  /** @internal createAwsMock's `policies`, as SNS's deliveries into queues obey it. */
  readonly policies: PolicyMode;

  /**
   * @param delivery the account's delivery seam, through which `sqs` and `lambda` subscriptions deliver.
   * @param options createAwsMock's SNS options.
   */
  constructor(
    readonly aws: Owner,
    /** Makes the facade an SDK plugin (the account's, ServiceContext's `plugIn`). */
    plugIn: PlugIn,
    delivery: SnsDelivery,
    options: { readonly publishedHistory?: number; readonly policies?: PolicyMode } = {},
  ) {
    const ids = liveIds(aws);
    const publishedHistory = historyLimit('publishedHistory', options.publishedHistory, 'messages');
    const policies = policyMode(options.policies);
    // Most test files never use SNS: its code loads with the first use (scripts/bundle.mjs, docs/speed.md).
    const part = new LazyPart(() => {
      const { SnsBackend, snsActions } = loadSnsPart();
      const scope = { region: aws.region, accountId: aws.accountId };
      const journeys = aws.journeys?.on ? aws.journeys : undefined;
      const backend = new SnsBackend(scope, aws.clock, ids, delivery, publishedHistory, policies, journeys);
      return { backend, actions: snsActions };
    });
    let actions: ReadonlySet<string> | undefined;
    let batches: ReadonlyMap<string, BatchShape> | undefined;
    super(
      new FaultInjector({
        service: SNS_SDK.service,
        clock: aws.clock,
        random: () => ids.random(),
        // The error table, the action names and the batch checks are the part's: a fault set on SNS loads it.
        get errors() {
          return loadSnsPart().SNS_ERRORS;
        },
        get actions() {
          return (actions ??= new Set(Object.keys(part.actions)));
        },
        get batches() {
          return (batches ??= batchShapesOf(part));
        },
      }),
    );
    this.part = part;
    this.publishedHistory = publishedHistory;
    this.policies = policies;
    this.emulation = {
      sdk: SNS_SDK,
      interceptor: this.faultInjector,
      handle: (action, input, request) => {
        const { backend, actions } = this.part;
        backend.expireUnconfirmed();
        return dispatch('SNS', actions, backend, action, input, request);
      },
    };
    this.plugin = plugIn(this.emulation);
  }

  /** @internal Made at first use. */
  get backend(): SnsBackend {
    return this.part.backend;
  }

  /** @internal Whether SNS's part was loaded: false until the account's first SNS call or delivery. */
  get loaded(): boolean {
    return this.part.loaded;
  }

  applyToStack(stack: MiddlewareStackLike): void {
    this.plugin.applyToStack(stack);
  }

  /**
   * A topic by ARN (in any region), or by name: in the account's region, else in the one other region that has a
   * topic of that name. Throws if there is none, naming the regions when several have it.
   */
  topic(ref: string): TopicView {
    if (typeof ref === 'string' && !ref.startsWith('arn:')) {
      const lookup = { noun: 'topic', accountId: this.aws.accountId, region: this.aws.region, byAddress: 'ARN' };
      return this.viewOf(findByNameInOneRegion(this.backend.topicsByRegion, ref, lookup));
    }
    const topic = typeof ref === 'string' ? this.backend.findTopicByArn(ref) : undefined;
    if (!topic)
      throw new Error(
        `sqs-sns-mock: no topic "${String(ref)}" in account ${this.aws.accountId}, region ${this.aws.region}`,
      );
    return this.viewOf(topic);
  }

  private viewOf(topic: Topic): TopicView {
    return new TopicView(
      topic,
      () => this.backend.expireUnconfirmed(),
      (arn) => this.backend.findTopicByArn(arn),
      this.queueVerdict,
      this.aws.names,
      this.backend.journeys,
    );
  }

  /**
   * Every confirmed `sqs` subscription, of every region, that AWS would not deliver through: its queue, or its
   * RedrivePolicy dead-letter queue, does not exist or has no Policy allowing sns.amazonaws.com to sqs:SendMessage
   * from the topic (docs/aws-behaviour/sns.md §7.1). Answers the same with `policies: 'ignore'` as with `'enforce'`.
   */
  deliveryProblems(): DeliveryProblem[] {
    const backend = this.backend;
    backend.expireUnconfirmed();
    return loadSnsPart().deliveryProblems(backend.listSubscriptions(), this.queueVerdict);
  }

  /** Whether the seam lets SNS deliver the topic's messages into the queue, whatever createAwsMock's `policies`. */
  private readonly queueVerdict = (queueArn: string, topicArn: string): DeliveryVerdict =>
    loadSnsPart().queueVerdict(this.backend, queueArn, topicArn);

  /**
   * @internal SNS's port of the delivery seam (src/core/delivery.ts): another service of the account publishes to a
   * topic (a Lambda function's on-failure destination or dead-letter topic) through Publish's own checks, as the
   * account's caller (from-services.ts).
   */
  publishFromService(topicArn: string, message: DeliveryMessage): DeliveryResult {
    return loadSnsPart().publishFromService(this.backend, this.aws, topicArn, message);
  }

  /**
   * @internal Whether the topic's Policy lets a service principal publish to it, whatever createAwsMock's `policies`
   * (SNS's port's `permits`).
   */
  publishPermission(topicArn: string, sender: DeliverySender): DeliveryPermission {
    return loadSnsPart().publishPermission(this.backend, topicArn, sender);
  }

  /**
   * Every SMS SNS sent, oldest first (with createAwsMock's `publishedHistory`, the last that many): Publish to a
   * PhoneNumber, to a topic's `sms` subscriptions, and the sandbox's verification texts (their one-time password in
   * `message`). `delivered` is false where SNS would not deliver: a number that opted out, or, while the account is in
   * the SMS sandbox (a new account is, in every region), a number not verified. Nothing is ever sent.
   */
  sms(): SmsView[] {
    return Array.from(this.backend.sms.sent, smsView);
  }

  /** A platform endpoint by its ARN, from CreatePlatformEndpoint. Throws if there is none. */
  platformEndpoint(endpointArn: string): PlatformEndpointView {
    const endpoint = typeof endpointArn === 'string' ? this.backend.mobile.endpoint(endpointArn) : undefined;
    if (!endpoint)
      throw new Error(
        `sqs-sns-mock: no platform endpoint ${JSON.stringify(String(endpointArn))} in account ${this.aws.accountId}`,
      );
    return new PlatformEndpointView(endpoint, (arn) => this.backend.mobile.endpoint(arn));
  }

  /**
   * What the phone's holder replying STOP does: the number joins the opt-out list of the region (by default the
   * account's), and SNS no longer delivers SMS to it until OptInPhoneNumber.
   */
  optOut(phoneNumber: string, options: { readonly region?: string } = {}): void {
    const key = phoneKey(String(phoneNumber));
    this.backend.sms.region(options.region ?? this.aws.region).optedOut.set(key, key);
  }

  /**
   * What AWS support does when it moves the account out of the SMS sandbox of a region (by default the account's):
   * GetSMSSandboxAccountStatus answers false, and SMS go to any number that has not opted out.
   */
  leaveSmsSandbox(options: { readonly region?: string } = {}): void {
    this.backend.sms.region(options.region ?? this.aws.region).inSandbox = false;
  }

  /** Every topic of every region, oldest first. */
  topics(): TopicView[] {
    return this.backend.listTopics().map((topic) => this.viewOf(topic));
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal Forgets every topic and subscription (of a backend made), and every fault. */
  resetState(): void {
    this.faultInjector.reset();
    this.part.reset();
  }
}

/** PublishBatch's shape for fault injection (batch-shape.ts), over the part's backend. */
function batchShapesOf(part: LazyPart<SnsBackend>): ReadonlyMap<string, BatchShape> {
  const { snsBatchChecks, snsBatchShape } = loadSnsPart();
  return batchShapes(snsBatchChecks, (check) => snsBatchShape(part.backend, check));
}
