import type { AwsMock } from '../aws-mock.js';
import { SQS_BATCH_ACTIONS, type SqsAction, type SqsBatchAction } from '../faults/actions.js';
import { sqsBatchShape } from '../faults/batch-entries.js';
import type { SqsErrorName } from '../faults/catalogue.js';
import { FaultControls } from '../faults/controls.js';
import { FaultInjector } from '../faults/injector.js';
import { HonestDelivery } from './honest-delivery.js';
import { applyMiddleware, dispatch, middlewareFor, type MiddlewareStackLike } from '../plugin.js';
import { sqsActions } from './actions/index.js';
import { parseQueueArn, parseQueueUrl } from './queue-address.js';
import { SqsBackend } from './sqs-backend.js';
import { QueueView } from './views.js';

/**
 * The SQS plugin of one AwsMock, the way in to look at its queues, and its fault injection (`fail`, `failNext`,
 * `delay`, `failEntries`, `clearFaults`).
 */
export class SqsMock extends FaultControls<SqsAction, SqsBatchAction, SqsErrorName> {
  /** @internal */
  readonly backend: SqsBackend;
  private readonly middleware = middlewareFor(
    {
      service: 'SQS',
      clientName: 'SQSClient',
      interceptor: this.faultInjector,
      handle: (action, input, request) => dispatch('SQS', sqsActions, this.backend, action, input, request),
    },
    () => this.aws.ids,
  );

  constructor(readonly aws: AwsMock) {
    // Ids are read through `aws` at each use: a reset replaces the account's id source.
    const ids = { uuid: () => aws.ids.uuid(), bytes: (n: number) => aws.ids.bytes(n), random: () => aws.ids.random() };
    const honest = aws.honest ? new HonestDelivery(aws.honest === true ? {} : aws.honest, ids.random) : undefined;
    const backend = new SqsBackend({ region: aws.region, accountId: aws.accountId }, aws.clock, ids, honest);
    const shape = sqsBatchShape(backend);
    super(
      new FaultInjector({
        service: 'SQS',
        clock: aws.clock,
        random: ids.random,
        actions: new Set(Object.keys(sqsActions)),
        batches: new Map(SQS_BATCH_ACTIONS.map((action) => [action, shape])),
      }),
    );
    this.backend = backend;
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
    this.faultInjector.reset();
    this.backend.reset();
  }
}
