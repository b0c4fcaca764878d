import { liveIds, type Account } from '../../core/account.js';
import { batchShapes } from '../../core/faults/batch-entries.js';
import { FaultControls } from '../../core/faults/controls.js';
import { FaultInjector } from '../../core/faults/injector.js';
import { HonestDelivery, type HonestOptions } from './honest-delivery.js';
import type { MiddlewareStackLike, PlugIn, SdkPlugin, ServiceEmulation } from '../../core/emulation.js';
import { dispatch } from '../../core/run-action.js';
import { sqsActions, sqsBatchChecks } from './actions/index.js';
import { sqsBatchShape } from './batch-shape.js';
import { SQS_ERRORS } from './errors.js';
import type { SqsAction, SqsBatchAction, SqsErrorName } from './fault-names.js';
import { SQS_SDK } from './sdk.js';
import { parseQueueArn, parseQueueUrl } from './queue-address.js';
import { SqsBackend } from './sqs-backend.js';
import type { Queue } from './queue.js';
import { QueueView } from './views.js';
import { findByNameInOneRegion } from '../../core/util/view-lookup.js';

/**
 * The SQS plugin of one AwsMock, the way in to look at its queues, and its fault injection (`fail`, `failNext`,
 * `delay`, `failEntries`, `clearFaults`). `Owner` is the account's own type, so `aws.sqs.aws` is the AwsMock.
 */
export class SqsMock<Owner extends Account = Account> extends FaultControls<SqsAction, SqsBatchAction, SqsErrorName> {
  /** @internal */
  readonly backend: SqsBackend;
  private readonly plugin: SdkPlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  /** @param options createAwsMock's SQS options. */
  constructor(
    readonly aws: Owner,
    /** Makes the facade an SDK plugin (the account's, ServiceContext's `plugIn`). */
    plugIn: PlugIn,
    options: { readonly honest?: boolean | HonestOptions } = {},
  ) {
    // Ids are read through `aws` at each use: a reset replaces the account's id source.
    const ids = liveIds(aws);
    const { honest: chosen } = options;
    const honest = chosen ? new HonestDelivery(chosen === true ? {} : chosen, ids.random) : undefined;
    const journeys = aws.journeys?.on ? aws.journeys : undefined;
    const backend = new SqsBackend({ region: aws.region, accountId: aws.accountId }, aws.clock, ids, honest, journeys);
    super(
      new FaultInjector({
        service: SQS_SDK.service,
        errors: SQS_ERRORS,
        clock: aws.clock,
        random: ids.random,
        actions: new Set(Object.keys(sqsActions)),
        batches: batchShapes(sqsBatchChecks, (check) => sqsBatchShape(backend, check)),
      }),
    );
    this.backend = backend;
    this.emulation = {
      sdk: SQS_SDK,
      interceptor: this.faultInjector,
      handle: (action, input, request) => dispatch('SQS', sqsActions, this.backend, action, input, request),
    };
    this.plugin = plugIn(this.emulation);
  }

  applyToStack(stack: MiddlewareStackLike): void {
    this.plugin.applyToStack(stack);
  }

  /**
   * A queue by URL or ARN (in any region), or by name: in the account's region, else in the one other region that
   * has a queue of that name. Throws if there is none, naming the regions when several have it.
   */
  queue(ref: string): QueueView {
    if (typeof ref === 'string' && !ref.includes('/') && !ref.startsWith('arn:')) {
      const lookup = { noun: 'queue', accountId: this.aws.accountId, region: this.aws.region, byAddress: 'URL or ARN' };
      return this.viewOf(findByNameInOneRegion(this.backend.byRegion, ref, lookup));
    }
    const address =
      typeof ref === 'string' ? (parseQueueArn(ref) ?? parseQueueUrl(ref, this.backend.scope)) : undefined;
    const queue =
      address && address.accountId === this.aws.accountId
        ? this.backend.findByName(address.name, address.region)
        : undefined;
    if (!queue) {
      throw new Error(
        `sqs-sns-mock: no queue "${String(ref)}" in account ${this.aws.accountId}, region ${this.aws.region}`,
      );
    }
    return this.viewOf(queue);
  }

  /** Every queue of every region, by name. */
  queues(): QueueView[] {
    return this.backend.list().map((queue) => this.viewOf(queue));
  }

  private viewOf(queue: Queue): QueueView {
    return new QueueView(queue, this.backend, this.aws.names);
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
