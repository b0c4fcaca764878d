import type { AwsMock } from '../aws-mock.js';
import { applyMiddleware, dispatch, middlewareFor, type MiddlewareStackLike } from '../plugin.js';
import { snsActions } from './actions/index.js';
import { SnsBackend } from './sns-backend.js';
import { TopicView } from './views.js';

/** The SNS plugin of one AwsMock, and the way in to look at its topics. */
export class SnsMock {
  /** @internal */
  readonly backend: SnsBackend;
  private readonly middleware = middlewareFor(
    {
      service: 'SNS',
      clientName: 'SNSClient',
      handle: (action, input, request) => dispatch('SNS', snsActions, this.backend, action, input, request),
    },
    () => this.aws.ids,
  );

  constructor(readonly aws: AwsMock) {
    this.backend = new SnsBackend({ region: aws.region, accountId: aws.accountId }, aws.clock, aws.sqs.backend.ids, aws.sqs.backend);
  }

  applyToStack(stack: MiddlewareStackLike): void {
    applyMiddleware(stack, this.middleware, 'sqsSnsMock:SNS');
  }

  /** A topic by name (in the account's region) or ARN. Throws if there is none. */
  topic(ref: string): TopicView {
    const topic = ref.startsWith('arn:') ? this.backend.findTopicByArn(ref) : this.backend.findTopicByName(ref);
    if (!topic) throw new Error(`sqs-sns-mock: no topic "${ref}" in account ${this.aws.accountId}, region ${this.aws.region}`);
    return new TopicView(topic);
  }

  /** Every topic, oldest first. */
  topics(): TopicView[] {
    return this.backend.listTopics().map((topic) => new TopicView(topic));
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal */
  resetState(): void {
    this.backend.reset();
  }
}
