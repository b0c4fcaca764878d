import { mistakeTexts } from '../../core/diagnostics/texts.js';
import {
  displayName,
  INSPECT,
  NAME_OF,
  nameIn,
  type ResourceName,
  type ResourceNames,
} from '../../core/resource-names.js';
import type { MessageAttributeValue } from '../../core/messages/md5.js';
import { copyAttributeValue, type MessageState, type QueuedMessage } from './messages/message.js';
import type { Queue } from './queue.js';
import type { SqsBackend } from './sqs-backend.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';

/** A read-only look at one message. Reading it never changes the queue. */
export class MessageView {
  readonly messageId: string;
  readonly body: string;
  readonly messageAttributes: Readonly<Record<string, MessageAttributeValue>>;
  readonly receiveCount: number;
  readonly state: MessageState;
  readonly messageGroupId: string | undefined;
  readonly sentAt: Date;
  /** ARN of the queue this message was redriven from, when it sits in a dead-letter queue. */
  readonly deadLetterQueueSourceArn: string | undefined;

  constructor(message: QueuedMessage) {
    this.messageId = message.messageId;
    this.body = message.content.body;
    // A copy per view: changing what a view shows must not change the stored message.
    this.messageAttributes = Object.fromEntries(
      Object.entries(message.content.messageAttributes).map(([name, value]) => [name, copyAttributeValue(value)]),
    );
    this.receiveCount = message.receiveCount;
    this.state = message.state;
    this.messageGroupId = message.content.messageGroupId;
    this.sentAt = new Date(message.content.sentTimestamp);
    this.deadLetterQueueSourceArn = message.deadLetterQueueSourceArn;
  }

  /** The body parsed as JSON. */
  json<T = unknown>(): T {
    return JSON.parse(this.body) as T;
  }
}

/**
 * A read-only look at one queue, reading its live state at each call. Once DeleteQueue or `aws.reset()` removed the
 * queue, reading its messages throws: an empty answer would let an assertion pass on a queue that is gone.
 */
export class QueueView {
  /** @internal */
  constructor(
    private readonly queue: Queue,
    private readonly backend: SqsBackend,
    /** The account's logical ids of provisioned resources (resource-names.ts). */
    private readonly names?: ResourceNames,
  ) {}

  get name(): string {
    return this.queue.name;
  }
  get url(): string {
    return this.queue.url;
  }
  get arn(): string {
    return this.queue.arn;
  }
  get fifo(): boolean {
    return this.queue.fifo;
  }
  /** The queue's logical id in the template, when `aws.provision` created it. */
  get logicalId(): string | undefined {
    return this[NAME_OF]().logicalId;
  }

  /** Every message in queue order, or those in one state. */
  messages(state?: MessageState): MessageView[] {
    const all = this.live().messages();
    return (state ? all.filter((m) => m.state === state) : all).map((m) => new MessageView(m));
  }

  /**
   * How many messages are visible, in flight and delayed: the counts the queue keeps, so no message is read (cheaper
   * than `messages(state).length` on a long queue).
   */
  counts(): { visible: number; inFlight: number; delayed: number } {
    return this.live().counts();
  }

  /**
   * Empties the queue at once, for a test's next scenario: every message (visible, in flight, delayed) and, on a FIFO
   * queue, its deduplication ids, so a message sent again is taken. Unlike PurgeQueue, no 60-second rule (none
   * starts: a PurgeQueue just after still succeeds), and nothing is recorded as deleted by a consumer; receipt
   * handles of cleared messages no longer delete anything. The queue and its settings stay.
   */
  clear(): void {
    this.live().clear();
  }

  /** @internal The account's journeys, for the matchers' failure messages; undefined when it records none. */
  journal(): JourneyRecorder | undefined {
    return this.backend.journeys;
  }

  /** The queue its redrive policy names, if it exists. */
  deadLetterQueue(): QueueView | undefined {
    const arn = this.live().settings.redrivePolicy?.deadLetterTargetArn;
    const target = arn ? this.backend.findByArn(arn) : undefined;
    return target && new QueueView(target, this.backend, this.names);
  }

  /** @internal The names of this queue, or of the queue or topic an ARN or URL points at (matchers, journeys). */
  [NAME_OF](arnOrUrl: string = this.queue.arn): ResourceName {
    return nameIn(this.names, arnOrUrl);
  }

  /**
   * What `console.log` and `util.inspect` print: `QueueView orders { visible: 3, inFlight: 1, delayed: 0,
   * deadLetterQueue: orders-dlq, maxReceiveCount: 3 }`, from the counts the queue keeps (no message is read).
   */
  [INSPECT](): string {
    const name = displayName(this[NAME_OF]());
    if (this.backend.findByArn(this.queue.arn) !== this.queue) return `QueueView ${name} (deleted)`;
    const { visible, inFlight, delayed } = this.queue.counts();
    const redrive = this.queue.settings.redrivePolicy;
    const missing = redrive && !this.backend.findByArn(redrive.deadLetterTargetArn) ? ' (does not exist)' : '';
    const target = redrive
      ? `, deadLetterQueue: ${displayName(this[NAME_OF](redrive.deadLetterTargetArn))}${missing}, ` +
        `maxReceiveCount: ${redrive.maxReceiveCount}`
      : '';
    return `QueueView ${name} { visible: ${visible}, inFlight: ${inFlight}, delayed: ${delayed}${target} }`;
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which queue it is. */
  toJSON(): { name: string; logicalId?: string; url: string; arn: string; fifo: boolean } {
    const { logicalId } = this[NAME_OF]();
    return { name: this.name, ...(logicalId ? { logicalId } : {}), url: this.url, arn: this.arn, fifo: this.fifo };
  }

  /** The queue, while the account still has it (a queue created anew under the same name is another queue). */
  private live(): Queue {
    if (this.backend.findByArn(this.queue.arn) !== this.queue)
      throw new Error(mistakeTexts.removed('queue', this.name));
    return this.queue;
  }
}
