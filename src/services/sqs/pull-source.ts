import type { PulledMessage, PullSource, PullWaiter } from '../../core/pull.js';
import { messageShaper } from './actions/receive-output.js';
import type { Queue } from './queue.js';

/** ReceiveMessage with every system and message attribute, as a reader through the pull seam gets them. */
const shapeAll = messageShaper(['All'], ['All']);

/** A queue as the pull seam shows it (src/core/pull.ts): what Lambda's event source mappings poll. */
class QueueSource implements PullSource {
  constructor(private readonly queue: Queue) {}

  get arn(): string {
    return this.queue.arn;
  }

  get region(): string {
    return this.queue.address.region;
  }

  get fifo(): boolean {
    return this.queue.fifo;
  }

  get visibilityTimeoutSeconds(): number {
    return this.queue.settings.visibilityTimeout;
  }

  receive(max: number, visibilityTimeoutSeconds: number, by: string): PulledMessage[] {
    return this.queue.receive(max, visibilityTimeoutSeconds, undefined, false, by).map(shapeAll);
  }

  delete(receiptHandle: string, by: string): void {
    this.queue.deleteByHandle(receiptHandle, by);
  }

  wait(waiter: PullWaiter): void {
    this.queue.wait(waiter);
  }

  stopWaiting(waiter: PullWaiter): void {
    this.queue.stopWaiting(waiter);
  }

  nextVisibleAt(): number | undefined {
    return this.queue.nextVisibleAt();
  }
}

/** One source per queue, so that a reader can tell the queue it waits on from another of the same name. */
const sources = new WeakMap<Queue, PullSource>();

/** The queue as a source of the pull seam; undefined for no queue. */
export function pullSourceOf(queue: Queue | undefined): PullSource | undefined {
  if (queue === undefined) return undefined;
  let source = sources.get(queue);
  if (source === undefined) sources.set(queue, (source = new QueueSource(queue)));
  return source;
}
