import type { Clock, TimerHandle } from '../../core/clock.js';
import type { IdSource } from '../../core/ids.js';
import { contentWith, QueuedMessage } from './messages/message.js';
import type { Queue } from './queue.js';

/**
 * Message move tasks (DLQ redrive, docs/aws-behaviour/sqs.md §10): StartMessageMoveTask moves the messages of a
 * dead-letter queue, at a given pace in the clock's time, to one destination or back to the queues they came from.
 */

/** CANCELLING is left out: a cancel here takes effect at once (see MoveTask.cancel). */
export type MoveTaskStatus = 'RUNNING' | 'COMPLETED' | 'CANCELLED' | 'FAILED';

/** FailureReason values, in AWS's words: a destination that is gone [AWS-snap], a message of unknown origin [Docs]. */
export type MoveTaskFailure = 'AWS.SimpleQueueService.NonExistentQueue' | 'CouldNotDetermineMessageSource';

/**
 * The pace of a task started without MaxNumberOfMessagesPerSecond. AWS only says it "optimizes the rate based on the
 * backlog"; 500/s, the highest rate a caller may ask for, means an unthrottled task is never slower than a throttled
 * one while its progress can still be watched step by step.
 */
export const DEFAULT_MESSAGES_PER_SECOND = 500;

/** ListMessageMoveTasks shows at most the 10 latest tasks of a source, so older ones are forgotten. */
const TASKS_KEPT_PER_SOURCE = 10;

/** How a task finds queues by ARN as they are now: a deleted destination must be noticed. */
export interface QueueFinder {
  findByArn(arn: string): Queue | undefined;
}

export interface MoveTaskRequest {
  readonly source: Queue;
  /** Absent: each message goes back to the queue it was dead-lettered from. */
  readonly destination: Queue | undefined;
  readonly maxNumberOfMessagesPerSecond: number | undefined;
}

type Destination = { queue: Queue } | { failure: MoveTaskFailure };

/**
 * One task. It owns at most one timer, armed for the moment the next message is due and gone once the task
 * has ended. The n-th message (from 0) is due `n / rate` seconds after the start: the first moves as soon as the
 * timers run, and a clock that jumped ahead catches up at once.
 */
export class MoveTask {
  readonly taskId: string;
  readonly sourceArn: string;
  readonly destinationArn: string | undefined;
  readonly maxNumberOfMessagesPerSecond: number | undefined;
  /** Fixed at the start: the messages a receive could get then (see MoveTasks.start). */
  readonly approximateNumberOfMessagesToMove: number;
  /** Epoch ms. */
  readonly startedTimestamp: number;
  status: MoveTaskStatus = 'RUNNING';
  approximateNumberOfMessagesMoved = 0;
  failureReason: MoveTaskFailure | undefined;
  private timer: TimerHandle | undefined;
  private readonly source: Queue;
  private readonly destination: Queue | undefined;
  private readonly rate: number;

  constructor(
    request: MoveTaskRequest,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly queues: QueueFinder,
  ) {
    this.taskId = ids.uuid();
    this.source = request.source;
    this.sourceArn = request.source.arn;
    this.destination = request.destination;
    this.destinationArn = request.destination?.arn;
    this.maxNumberOfMessagesPerSecond = request.maxNumberOfMessagesPerSecond;
    this.rate = request.maxNumberOfMessagesPerSecond ?? DEFAULT_MESSAGES_PER_SECOND;
    this.approximateNumberOfMessagesToMove = request.source.counts().visible;
    this.startedTimestamp = clock.now();
  }

  /** base64 of `{"taskId":…,"sourceArn":…}`, the form AWS's handles decode to [AWS-test]. */
  get taskHandle(): string {
    return encodeTaskHandle(this.taskId, this.sourceArn);
  }

  get running(): boolean {
    return this.status === 'RUNNING';
  }

  begin(): void {
    this.arm();
  }

  /**
   * Stops a running task and returns how many messages it moved. On AWS a cancel passes through CANCELLING and a few
   * more messages may still move (a cancel at 2 moved listed 8 [AWS-snap]); here it is immediate and exact.
   */
  cancel(): number {
    this.end('CANCELLED');
    return this.approximateNumberOfMessagesMoved;
  }

  /** Ends the task without a trace: its source queue was deleted or the mock reset. */
  stop(): void {
    this.disarm();
  }

  private dueAt(index: number): number {
    return this.startedTimestamp + Math.ceil((index * 1000) / this.rate);
  }

  private arm(): void {
    const delay = Math.max(0, this.dueAt(this.approximateNumberOfMessagesMoved) - this.clock.now());
    this.timer = this.clock.setTimeout(() => this.tick(), delay);
  }

  private disarm(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    this.timer = undefined;
    const now = this.clock.now();
    while (this.running && this.dueAt(this.approximateNumberOfMessagesMoved) <= now) this.moveNext();
    if (this.running) this.arm();
  }

  /** Moves one message, and ends the task when that was the last one or nothing is left to move. */
  private moveNext(): void {
    if (this.approximateNumberOfMessagesMoved >= this.approximateNumberOfMessagesToMove) return this.end('COMPLETED');
    // Where the next message goes is decided before it leaves: one that cannot go stays in the DLQ.
    const choice: { destination?: Destination } = {};
    const message = this.source.takeForMoveIf((candidate) => {
      choice.destination = this.destinationFor(candidate);
      return 'queue' in choice.destination;
    });
    const destination = choice.destination;
    if (destination && 'failure' in destination) return this.end('FAILED', destination.failure);
    if (!message || !destination) return this.end('COMPLETED');
    destination.queue.acceptMoved(this.redriven(message), { queue: this.source.arn, messageId: message.messageId });
    this.approximateNumberOfMessagesMoved++;
    if (this.approximateNumberOfMessagesMoved >= this.approximateNumberOfMessagesToMove) this.end('COMPLETED');
  }

  /** The given destination while it still exists, or the queue the message was dead-lettered from. */
  private destinationFor(message: QueuedMessage): Destination {
    if (this.destination) {
      // The same ARN could name a queue created after the destination was deleted: that is another queue.
      return this.queues.findByArn(this.destination.arn) === this.destination
        ? { queue: this.destination }
        : { failure: 'AWS.SimpleQueueService.NonExistentQueue' };
    }
    const origin = message.deadLetterQueueSourceArn;
    // A message sent straight to the DLQ has no origin [Docs: DLQ redrive troubleshooting].
    if (origin === undefined) return { failure: 'CouldNotDetermineMessageSource' };
    const queue = this.queues.findByArn(origin);
    return queue ? { queue } : { failure: 'AWS.SimpleQueueService.NonExistentQueue' };
  }

  /**
   * What the destination receives. AWS's guide: "The redrive task resets the retention period. All redriven messages
   * are considered new messages and are assigned a new messageID and enqueueTime." Body, attributes, the trace header
   * and the group id stay. SentTimestamp follows the new enqueue time (UNVERIFIED). The destination restarts retention.
   */
  private redriven(message: QueuedMessage): QueuedMessage {
    const content = contentWith(message.content, { messageId: this.ids.uuid(), sentTimestamp: this.clock.now() });
    return new QueuedMessage(content, message.sequence, message.enqueuedAt);
  }

  private end(status: Exclude<MoveTaskStatus, 'RUNNING'>, failure?: MoveTaskFailure): void {
    this.status = status;
    this.failureReason = failure;
    this.disarm();
  }
}

/** Every task of one account, by source queue ARN, most recent first. */
export class MoveTasks {
  private readonly bySource = new Map<string, MoveTask[]>();

  constructor(
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly queues: QueueFinder,
  ) {}

  /**
   * Starts moving. ApproximateNumberOfMessagesToMove counts the messages visible now (ApproximateNumberOfMessages):
   * only those can be moved; in-flight ones belong to a consumer and delayed ones are not receivable yet.
   */
  start(request: MoveTaskRequest): MoveTask {
    const task = new MoveTask(request, this.clock, this.ids, this.queues);
    const tasks = [task, ...(this.bySource.get(task.sourceArn) ?? [])].slice(0, TASKS_KEPT_PER_SOURCE);
    this.bySource.set(task.sourceArn, tasks);
    task.begin();
    return task;
  }

  /** The source's tasks, most recent first. */
  list(sourceArn: string): readonly MoveTask[] {
    return this.bySource.get(sourceArn) ?? [];
  }

  running(sourceArn: string): MoveTask | undefined {
    return this.list(sourceArn).find((task) => task.running);
  }

  find(sourceArn: string, taskId: string): MoveTask | undefined {
    return this.list(sourceArn).find((task) => task.taskId === taskId);
  }

  /** The source queue was deleted: its tasks stop and are forgotten with it. */
  forgetSource(sourceArn: string): void {
    for (const task of this.list(sourceArn)) task.stop();
    this.bySource.delete(sourceArn);
  }

  clear(): void {
    for (const tasks of this.bySource.values()) for (const task of tasks) task.stop();
    this.bySource.clear();
  }
}

export function encodeTaskHandle(taskId: string, sourceArn: string): string {
  return Buffer.from(JSON.stringify({ taskId, sourceArn }), 'utf8').toString('base64');
}

/** The task id and source ARN inside a handle, or undefined when it is not one. */
export function decodeTaskHandle(handle: string): { taskId: string; sourceArn: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(handle, 'base64').toString('utf8'));
    const { taskId, sourceArn } = (parsed ?? {}) as { taskId?: unknown; sourceArn?: unknown };
    return typeof taskId === 'string' && typeof sourceArn === 'string' ? { taskId, sourceArn } : undefined;
  } catch {
    return undefined;
  }
}
