import { liveIds, type Account } from '../account.js';
import { batchShapes } from '../faults/batch-entries.js';
import { FaultControls } from '../faults/controls.js';
import { FaultInjector } from '../faults/injector.js';
import { AwsError } from '../aws-error.js';
import type { DeliveryMessage, DeliveryPermission, DeliveryResult, DeliverySender } from '../delivery.js';
import { policyMode, type PolicyMode } from '../policies/mode.js';
import { historyLimit } from '../util/history-limit.js';
import { deliveryProblems, type DeliveryProblem } from '../policies/delivery-problems.js';
import type { DeliveryVerdict } from '../policies/sns-delivery.js';
import { dispatch, type MiddlewareStackLike, type ServiceEmulation } from '../plugin.js';
import { ServicePlugin } from '../service-plugin.js';
import { internalRequest } from '../request-context.js';
import { snsActions, snsBatchChecks } from './actions/index.js';
import { snsBatchShape } from './batch-shape.js';
import { SNS_ERRORS } from './errors.js';
import type { SnsAction, SnsBatchAction, SnsErrorName } from './fault-names.js';
import { SNS_SDK } from './sdk.js';
import { publish } from './actions/publish.js';
import { topicRegion } from './arn.js';
import { topicPublishVerdict } from './inbound-policy.js';
import { snsSender } from './delivery/context.js';
import { SnsBackend, type SnsDelivery } from './sns-backend.js';
import type { Topic } from './topic.js';
import { TopicView } from './views.js';
import { findByNameInOneRegion } from '../util/view-lookup.js';

/**
 * The SNS plugin of one AwsMock, the way in to look at its topics, and its fault injection (`fail`, `failNext`,
 * `delay`, `failEntries`, `clearFaults`).
 */
export class SnsMock<Owner extends Account = Account> extends FaultControls<SnsAction, SnsBatchAction, SnsErrorName> {
  /** @internal */
  readonly backend: SnsBackend;
  private readonly plugin: ServicePlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  /**
   * @param delivery the account's delivery seam, through which `sqs` and `lambda` subscriptions deliver.
   * @param options createAwsMock's SNS options.
   */
  constructor(
    readonly aws: Owner,
    delivery: SnsDelivery,
    options: { readonly publishedHistory?: number; readonly policies?: PolicyMode } = {},
  ) {
    const ids = liveIds(aws);
    const backend = new SnsBackend(
      { region: aws.region, accountId: aws.accountId },
      aws.clock,
      ids,
      delivery,
      historyLimit('publishedHistory', options.publishedHistory, 'messages'),
      policyMode(options.policies),
      aws.journeys?.on ? aws.journeys : undefined,
    );
    super(
      new FaultInjector({
        service: SNS_SDK.service,
        errors: SNS_ERRORS,
        clock: aws.clock,
        random: () => ids.random(),
        actions: new Set(Object.keys(snsActions)),
        batches: batchShapes(snsBatchChecks, (check) => snsBatchShape(backend, check)),
      }),
    );
    this.backend = backend;
    this.emulation = {
      sdk: SNS_SDK,
      interceptor: this.faultInjector,
      handle: (action, input, request) => {
        this.backend.expireUnconfirmed();
        return dispatch('SNS', snsActions, this.backend, action, input, request);
      },
    };
    this.plugin = new ServicePlugin(this.emulation, aws);
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
    this.backend.expireUnconfirmed();
    return deliveryProblems(this.backend.listSubscriptions(), this.queueVerdict);
  }

  /** Whether the seam lets SNS deliver the topic's messages into the queue, whatever createAwsMock's `policies`. */
  private readonly queueVerdict = (queueArn: string, topicArn: string): DeliveryVerdict => {
    const { allowed, reason, missing } = this.backend.delivery.permits(queueArn, snsSender(topicArn, false));
    return missing ? { allowed, reason, missingQueue: true } : { allowed, reason };
  };

  /**
   * @internal SNS's port of the delivery seam (src/delivery.ts): another service of the account publishes to a topic
   * (a Lambda function's on-failure destination or dead-letter topic) through Publish's own checks, as the account's
   * caller. A missing topic or a refused message is answered as a refusal, the sending service's business, as for
   * SNS's own deliveries into SQS.
   */
  publishFromService(topicArn: string, message: DeliveryMessage): DeliveryResult {
    this.backend.expireUnconfirmed();
    const topic = this.backend.findTopicByArn(topicArn);
    if (!topic) return { accepted: false, reason: `the topic ${topicArn} does not exist` };
    // A service publishing on its own authority (EventBridge) needs the topic's Policy under `policies: 'enforce'`.
    if (message.sender.authority === 'resourcePolicy' && this.backend.policies === 'enforce') {
      const verdict = topicPublishVerdict(topic, this.backend.scope.accountId, message.sender);
      if (!verdict.allowed) return { accepted: false, reason: verdict.reason, byPolicy: true };
    }
    const request = internalRequest(this.aws, topicRegion(topicArn));
    try {
      const { MessageId } = publish(
        this.backend,
        {
          TopicArn: topicArn,
          Message: message.body,
          MessageAttributes: { ...message.attributes },
          ...(message.messageGroupId !== undefined ? { MessageGroupId: message.messageGroupId } : {}),
          ...(message.deduplicationId !== undefined ? { MessageDeduplicationId: message.deduplicationId } : {}),
        },
        request,
      );
      return { accepted: true, ...(MessageId !== undefined ? { messageId: MessageId } : {}) };
    } catch (error) {
      if (error instanceof AwsError) return { accepted: false, reason: `Publish refused it: ${error.message}` };
      throw error;
    }
  }

  /**
   * @internal Whether the topic's Policy lets a service principal publish to it, whatever createAwsMock's `policies`
   * (SNS's port's `permits`).
   */
  publishPermission(topicArn: string, sender: DeliverySender): DeliveryPermission {
    const topic = this.backend.findTopicByArn(topicArn);
    if (!topic) return { allowed: false, reason: `the topic ${topicArn} does not exist`, missing: true };
    return topicPublishVerdict(topic, this.backend.scope.accountId, sender);
  }

  /** Every topic of every region, oldest first. */
  topics(): TopicView[] {
    return this.backend.listTopics().map((topic) => this.viewOf(topic));
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal */
  resetState(): void {
    this.faultInjector.reset();
    this.backend.reset();
  }
}
