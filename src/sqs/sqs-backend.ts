import type { Clock } from '../clock.js';
import type { IdSource } from '../ids.js';
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
 * The SQS state of one emulated account: its queues, looked up by URL, name or ARN. Queues live in
 * the account's own region; a URL or ARN naming another region or account finds nothing.
 */
export class SqsBackend implements QueueDirectory {
  private readonly queues = new Map<string, Queue>();
  private readonly deletedAt = new Map<string, number>();
  /**
   * The queue each recently used QueueUrl, and each queue ARN, named (null: none). Every message action names its
   * queue by URL and every SNS delivery by ARN, and parsing either costs more than the action's own work; the memos
   * are emptied whenever a queue is created or deleted.
   */
  private readonly byUrl = new Map<string, Queue | null>();
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
  ) {
    this.moveTasks = new MoveTasks(clock, ids, this);
    this.receiptHandles = new ReceiptHandleCoder(ids.bytes(16));
  }

  /** Resolves a QueueUrl parameter, or throws QueueDoesNotExist. */
  queueByUrl(value: unknown): Queue {
    if (value === undefined || value === null || value === '') throw sqsErrors.missingParameter('QueueUrl');
    const queue = typeof value === 'string' ? this.lookUp(this.byUrl, value, 'url') : undefined;
    if (!queue) throw sqsErrors.queueDoesNotExist();
    return queue;
  }

  findByName(name: string): Queue | undefined {
    return this.queues.get(name);
  }

  findByArn(arn: string): Queue | undefined {
    return this.lookUp(this.byArn, arn, 'arn');
  }

  /** Every queue, by name. */
  list(): Queue[] {
    return [...this.queues.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  addressFor(name: string): QueueAddress {
    return { ...this.scope, name };
  }

  wasDeletedRecently(name: string): boolean {
    const at = this.deletedAt.get(name);
    if (at === undefined) return false;
    if (this.clock.now() - at < DELETED_NAME_LOCK_MS) return true;
    this.deletedAt.delete(name);
    return false;
  }

  create(name: string, settings: QueueSettings): Queue {
    const queue = new Queue(
      this.addressFor(name),
      this.ids.uuid(),
      settings,
      this.clock,
      this.receiptHandles,
      this,
      this.honest,
    );
    this.queues.set(name, queue);
    this.forgetLookups();
    return queue;
  }

  delete(queue: Queue): void {
    this.queues.delete(queue.name);
    this.forgetLookups();
    this.deletedAt.set(queue.name, this.clock.now());
    // Its tasks go with it; a task moving messages into it fails at its next move.
    this.moveTasks.forgetSource(queue.arn);
    queue.close();
  }

  reset(): void {
    this.moveTasks.clear();
    for (const queue of this.queues.values()) queue.close();
    this.queues.clear();
    this.forgetLookups();
    this.deletedAt.clear();
    // The account's ids start again (AwsMock.reset), and so does its key.
    this.receiptHandles = new ReceiptHandleCoder(this.ids.bytes(16));
  }

  private lookUp(memo: Map<string, Queue | null>, ref: string, kind: 'url' | 'arn'): Queue | undefined {
    const known = memo.get(ref);
    if (known !== undefined) return known ?? undefined;
    const address = kind === 'url' ? parseQueueUrl(ref, this.scope) : parseQueueArn(ref);
    const queue = (address && this.find(address)) ?? null;
    if (memo.size >= REMEMBERED_LOOKUPS) memo.clear();
    memo.set(ref, queue);
    return queue ?? undefined;
  }

  private forgetLookups(): void {
    this.byUrl.clear();
    this.byArn.clear();
  }

  private find(address: QueueAddress): Queue | undefined {
    if (address.region !== this.scope.region || address.accountId !== this.scope.accountId) return undefined;
    return this.queues.get(address.name);
  }
}
