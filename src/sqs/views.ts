import { mistakeTexts } from '../diagnostics/texts.js';
import type { MessageAttributeValue } from './md5.js';
import { copyAttributeValue, type MessageState, type QueuedMessage } from './messages/message.js';
import type { Queue } from './queue.js';
import type { SqsBackend } from './sqs-backend.js';

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
  constructor(
    private readonly queue: Queue,
    private readonly backend: SqsBackend,
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

  /** Every message in queue order, or those in one state. */
  messages(state?: MessageState): MessageView[] {
    const all = this.live().messages();
    return (state ? all.filter((m) => m.state === state) : all).map((m) => new MessageView(m));
  }

  /** The queue its redrive policy names, if it exists. */
  deadLetterQueue(): QueueView | undefined {
    const arn = this.live().settings.redrivePolicy?.deadLetterTargetArn;
    const target = arn ? this.backend.findByArn(arn) : undefined;
    return target && new QueueView(target, this.backend);
  }

  /** The queue, while the account still has it (a queue created anew under the same name is another queue). */
  private live(): Queue {
    if (this.backend.findByArn(this.queue.arn) !== this.queue)
      throw new Error(mistakeTexts.removed('queue', this.name));
    return this.queue;
  }
}
