import { liveIds, type Account } from '../account.js';
import { batchShapes } from '../faults/batch-entries.js';
import { FaultControls } from '../faults/controls.js';
import { FaultInjector } from '../faults/injector.js';
import { handClientConfig } from '../install/install.js';
import { AwsError } from '../aws-error.js';
import type { DeliveryMessage, DeliveryResult } from '../delivery.js';
import { policyMode, type PolicyMode } from '../policies/mode.js';
import { historyLimit } from '../util/history-limit.js';
import { deliveryProblems, type DeliveryProblem } from '../policies/delivery-problems.js';
import type { DeliveryVerdict } from '../policies/sns-delivery.js';
import { applyMiddleware, dispatch, middlewareFor, type MiddlewareStackLike } from '../plugin.js';
import { internalRequest } from '../request-context.js';
import { snsActions, snsBatchChecks } from './actions/index.js';
import { snsBatchShape } from './batch-shape.js';
import { SNS_ERRORS } from './errors.js';
import type { SnsAction, SnsBatchAction, SnsErrorName } from './fault-names.js';
import { SNS_SDK } from './sdk.js';
import { publish } from './actions/publish.js';
import { topicRegion } from './arn.js';
import { snsSender } from './delivery/context.js';
import { SnsBackend, type SnsDelivery } from './sns-backend.js';
import type { Topic } from './topic.js';
import { TopicView } from './views.js';

/**
 * The SNS plugin of one AwsMock, the way in to look at its topics, and its fault injection (`fail`, `failNext`,
 * `delay`, `failEntries`, `clearFaults`).
 */
export class SnsMock<Owner extends Account = Account> extends FaultControls<SnsAction, SnsBatchAction, SnsErrorName> {
  /** @internal */
  readonly backend: SnsBackend;
  private readonly middleware: ReturnType<typeof middlewareFor>;

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
    this.middleware = middlewareFor(
      {
        sdk: SNS_SDK,
        interceptor: this.faultInjector,
        handle: (action, input, request) => {
          this.backend.expireUnconfirmed();
          return dispatch('SNS', snsActions, this.backend, action, input, request);
        },
      },
      aws,
    );
  }

  applyToStack(stack: MiddlewareStackLike): void {
    handClientConfig(SNS_SDK);
    applyMiddleware(stack, this.middleware, 'sqsSnsMock:SNS');
  }

  /** A topic by name (in the account's region) or ARN (in any region). Throws if there is none. */
  topic(ref: string): TopicView {
    const topic = ref.startsWith('arn:') ? this.backend.findTopicByArn(ref) : this.backend.findTopicByName(ref);
    if (!topic)
      throw new Error(`sqs-sns-mock: no topic "${ref}" in account ${this.aws.accountId}, region ${this.aws.region}`);
    return this.viewOf(topic);
  }

  private viewOf(topic: Topic): TopicView {
    return new TopicView(
      topic,
      () => this.backend.expireUnconfirmed(),
      (arn) => this.backend.findTopicByArn(arn),
      this.queueVerdict,
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
    if (!this.backend.findTopicByArn(topicArn))
      return { accepted: false, reason: `the topic ${topicArn} does not exist` };
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
