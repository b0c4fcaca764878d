import type { Clock } from '../../core/clock.js';
import type { IdSource } from '../../core/ids.js';
import type { ByRegion } from '../../core/util/view-lookup.js';
import { compareText } from '../../core/util/compare-text.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import type { HonestDelivery } from './honest-delivery.js';
import { sqsErrors } from './errors.js';
import { MoveTasks } from './move-tasks.js';
import { parseQueueArn, parseQueueUrl, type AccountScope, type QueueAddress } from './queue-address.js';
import type { QueueSettings } from './queue-attributes.js';
import { Queue, type QueueDirectory } from './queue.js';
import { ReceiptHandleCoder } from './receipt-handle.js';

/** How long a deleted queue's name stays locked. */
const DELETED_NAME_LOCK_MS = 60_000;

/** Queue URLs and ARNs whose lookup is remembered; a test uses a handful, so a memo is emptied past this many. */
const REMEMBERED_LOOKUPS = 256;

/**
 * The SQS state of one emulated account: its queues in every region, looked up by URL or ARN anywhere in the
 * account, and by name within a region (the request's: docs/aws-behaviour/sdk-reach.md §3). A URL or ARN naming
 * another account finds nothing. `scope.region` is the account's default region, where views look by name.
 */
export class SqsBackend implements QueueDirectory {
  /** By region, then name. */
  private readonly queues = new Map<string, Map<string, Queue>>();
  /** By `region/name`. */
  private readonly deletedAt = new Map<string, number>();
  /**
   * The queue each recently used QueueUrl, and each queue ARN, named (null: none). Every message action names its
   * queue by URL and every SNS delivery by ARN, and parsing either costs more than the action's own work; the memos
   * are emptied whenever a queue is created or deleted.
   */
  private readonly byUrl = new Map<string, Queue | null>();
  /** The same for requests in other regions than the default (a bare name or a URL of another host is regional). */
  private readonly byUrlElsewhere = new Map<string, Map<string, Queue | null>>();
  private readonly byArn = new Map<string, Queue | null>();
  /** Message move tasks (DLQ redrive), by source queue. */
  readonly moveTasks: MoveTasks;
  /** Receipt handles are checked with a key of the account, drawn first from its ids (a seed gives the same key). */
  private receiptHandles: ReceiptHandleCoder;

  constructor(
    readonly scope: AccountScope,
    readonly clock: Clock,
    readonly ids: IdSource,
    /** The opt-in honest mode for standard queues, when the account asked for it. */
    private readonly honest?: HonestDelivery,
    /** The account's journey recorder, only when it records. */
    readonly journeys?: JourneyRecorder,
  ) {
    this.moveTasks = new MoveTasks(clock, ids, this);
    this.receiptHandles = new ReceiptHandleCoder(ids.bytes(16));
  }

  /** Resolves a QueueUrl parameter, or throws QueueDoesNotExist. */
  /** Resolves a QueueUrl parameter of a request in `region`, or throws QueueDoesNotExist. */
  queueByUrl(value: unknown, region = this.scope.region): Queue {
    if (value === undefined || value === null || value === '') throw sqsErrors.missingParameter('QueueUrl');
    const queue = typeof value === 'string' ? this.lookUp(this.urlMemo(region), value, 'url', region) : undefined;
    if (!queue) throw sqsErrors.queueDoesNotExist();
    return queue;
  }

  /** Every queue, by region then name (read-only): what a view's lookup by name reads (util/view-lookup.ts). */
  get byRegion(): ByRegion<Queue> {
    return this.queues;
  }

  findByName(name: string, region = this.scope.region): Queue | undefined {
    return this.queues.get(region)?.get(name);
  }

  findByArn(arn: string): Queue | undefined {
    return this.lookUp(this.byArn, arn, 'arn', this.scope.region);
  }

  /** The queues of a region, or of every region, by name (then region). */
  list(region?: string): Queue[] {
    const queues = region === undefined ? [...this.queues.values()] : [this.queues.get(region) ?? new Map()];
    return queues
      .flatMap((byName) => [...byName.values()])
      .sort((a, b) => compareText(a.name, b.name) || compareText(a.address.region, b.address.region));
  }

  addressFor(name: string, region = this.scope.region): QueueAddress {
    return { region, accountId: this.scope.accountId, name };
  }

  wasDeletedRecently(name: string, region = this.scope.region): boolean {
    const key = `${region}/${name}`;
    const at = this.deletedAt.get(key);
    if (at === undefined) return false;
    if (this.clock.now() - at < DELETED_NAME_LOCK_MS) return true;
    this.deletedAt.delete(key);
    return false;
  }

  create(name: string, settings: QueueSettings, region = this.scope.region): Queue {
    const queue = new Queue(
      this.addressFor(name, region),
      this.ids.uuid(),
      settings,
      this.clock,
      this.receiptHandles,
      this,
      this.honest,
      this.journeys,
    );
    let byName = this.queues.get(region);
    if (!byName) this.queues.set(region, (byName = new Map()));
    byName.set(name, queue);
    this.forgetLookups();
    return queue;
  }

  /**
   * Deletes a queue. `rolledBack`: it is taken back as if never made (a failed provision), so its name is not held for
   * the 60 seconds a deleted queue's name is (docs/aws-behaviour/sqs.md §4.1).
   */
  delete(queue: Queue, options: { rolledBack?: boolean } = {}): void {
    const region = queue.address.region;
    this.queues.get(region)?.delete(queue.name);
    this.forgetLookups();
    if (!options.rolledBack) this.deletedAt.set(`${region}/${queue.name}`, this.clock.now());
    // Its tasks go with it; a task moving messages into it fails at its next move.
    this.moveTasks.forgetSource(queue.arn);
    queue.close();
  }

  reset(): void {
    this.moveTasks.clear();
    for (const queue of this.list()) queue.close();
    this.queues.clear();
    this.forgetLookups();
    this.deletedAt.clear();
    // The account's ids start again (AwsMock.reset), and so does its key.
    this.receiptHandles = new ReceiptHandleCoder(this.ids.bytes(16));
  }

  private urlMemo(region: string): Map<string, Queue | null> {
    if (region === this.scope.region) return this.byUrl;
    let memo = this.byUrlElsewhere.get(region);
    if (!memo) this.byUrlElsewhere.set(region, (memo = new Map()));
    return memo;
  }

  private lookUp(memo: Map<string, Queue | null>, ref: string, kind: 'url' | 'arn', region: string): Queue | undefined {
    const known = memo.get(ref);
    if (known !== undefined) return known ?? undefined;
    const address =
      kind === 'url' ? parseQueueUrl(ref, { region, accountId: this.scope.accountId }) : parseQueueArn(ref);
    const queue = (address && this.find(address)) ?? null;
    if (memo.size >= REMEMBERED_LOOKUPS) memo.clear();
    memo.set(ref, queue);
    return queue ?? undefined;
  }

  private forgetLookups(): void {
    this.byUrl.clear();
    this.byUrlElsewhere.clear();
    this.byArn.clear();
  }

  private find(address: QueueAddress): Queue | undefined {
    if (address.accountId !== this.scope.accountId) return undefined;
    return this.queues.get(address.region)?.get(address.name);
  }
}
