import type { AwsMock } from '../aws-mock.js';
import { HonestDelivery } from './honest-delivery.js';
import { applyMiddleware, dispatch, middlewareFor, type MiddlewareStackLike } from '../plugin.js';
import { sqsActions } from './actions/index.js';
import { parseQueueArn, parseQueueUrl } from './queue-address.js';
import { SqsBackend } from './sqs-backend.js';
import { QueueView } from './views.js';

/** The SQS plugin of one AwsMock, and the way in to look at its queues. */
export class SqsMock {
  /** @internal */
  readonly backend: SqsBackend;
  private readonly middleware = middlewareFor(
    {
      service: 'SQS',
      clientName: 'SQSClient',
      handle: (action, input, request) => dispatch('SQS', sqsActions, this.backend, action, input, request),
    },
    () => this.aws.ids,
  );

  constructor(readonly aws: AwsMock) {
    // Ids are read through `aws` at each use: a reset replaces the account's id source.
    const ids = { uuid: () => aws.ids.uuid(), bytes: (n: number) => aws.ids.bytes(n), random: () => aws.ids.random() };
    const honest = aws.honest ? new HonestDelivery(aws.honest === true ? {} : aws.honest, ids.random) : undefined;
    this.backend = new SqsBackend({ region: aws.region, accountId: aws.accountId }, aws.clock, ids, honest);
  }

  applyToStack(stack: MiddlewareStackLike): void {
    applyMiddleware(stack, this.middleware, 'sqsSnsMock:SQS');
  }

  /** A queue by name (in the account's region), URL or ARN. Throws if there is none. */
  queue(ref: string): QueueView {
    const address = parseQueueArn(ref) ?? parseQueueUrl(ref, this.backend.scope);
    const queue = ref.startsWith('arn:') ? this.backend.findByArn(ref) : address && this.backend.findByName(address.name);
    if (!queue || (address && (address.region !== queue.address.region || address.accountId !== queue.address.accountId))) {
      throw new Error(`sqs-sns-mock: no queue "${ref}" in account ${this.aws.accountId}, region ${this.aws.region}`);
    }
    return new QueueView(queue, this.backend);
  }

  /** Every queue, by name. */
  queues(): QueueView[] {
    return this.backend.list().map((queue) => new QueueView(queue, this.backend));
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
