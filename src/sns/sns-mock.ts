import type { AwsMock } from '../aws-mock.js';
import { SNS_BATCH_ACTIONS, type SnsAction, type SnsBatchAction } from '../faults/actions.js';
import { snsBatchShape } from '../faults/batch-entries.js';
import type { SnsErrorName } from '../faults/catalogue.js';
import { FaultControls } from '../faults/controls.js';
import { FaultInjector } from '../faults/injector.js';
import { applyMiddleware, dispatch, middlewareFor, type MiddlewareStackLike } from '../plugin.js';
import { snsActions } from './actions/index.js';
import { SnsBackend } from './sns-backend.js';
import { TopicView } from './views.js';

/**
 * The SNS plugin of one AwsMock, the way in to look at its topics, and its fault injection (`fail`, `failNext`,
 * `delay`, `failEntries`, `clearFaults`).
 */
export class SnsMock extends FaultControls<SnsAction, SnsBatchAction, SnsErrorName> {
  /** @internal */
  readonly backend: SnsBackend;
  private readonly middleware = middlewareFor(
    {
      service: 'SNS',
      clientName: 'SNSClient',
      interceptor: this.faultInjector,
      handle: (action, input, request) => {
        this.backend.expireUnconfirmed();
        return dispatch('SNS', snsActions, this.backend, action, input, request);
      },
    },
    () => this.aws.ids,
  );

  constructor(readonly aws: AwsMock) {
    const ids = aws.sqs.backend.ids;
    const backend = new SnsBackend({ region: aws.region, accountId: aws.accountId }, aws.clock, ids, aws.sqs.backend, aws.publishedHistory);
    const shape = snsBatchShape(backend);
    super(
      new FaultInjector({
        service: 'SNS',
        clock: aws.clock,
        random: () => ids.random(),
        actions: new Set(Object.keys(snsActions)),
        batches: new Map(SNS_BATCH_ACTIONS.map((action) => [action, shape])),
      }),
    );
    this.backend = backend;
  }

  applyToStack(stack: MiddlewareStackLike): void {
    applyMiddleware(stack, this.middleware, 'sqsSnsMock:SNS');
  }

  /** A topic by name (in the account's region) or ARN. Throws if there is none. */
  topic(ref: string): TopicView {
    const topic = ref.startsWith('arn:') ? this.backend.findTopicByArn(ref) : this.backend.findTopicByName(ref);
    if (!topic) throw new Error(`sqs-sns-mock: no topic "${ref}" in account ${this.aws.accountId}, region ${this.aws.region}`);
    return new TopicView(topic, () => this.backend.expireUnconfirmed());
  }

  /** Every topic, oldest first. */
  topics(): TopicView[] {
    return this.backend.listTopics().map((topic) => new TopicView(topic, () => this.backend.expireUnconfirmed()));
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
