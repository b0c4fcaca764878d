import { notificationEnvelope, type Notification } from '../publish/envelope.js';
import type { PublishEntry } from '../publish/entry.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { Delivery } from '../published.js';

/**
 * A delivery an SQS queue took, as a fan-out record keeps it: all of it but the body, which is made again from the
 * message when the deliveries are first read (fan-out-record.ts). An envelope is over a kilobyte a message; the queue's
 * copy holds it while the message waits, and a topic's history, which keeps every message by default, would otherwise
 * hold it for good (docs/speed.md). The body made again is the one the queue got: the same notification, message and
 * subscription make the same envelope (envelope.ts), and whether it was raw is kept from the moment of delivery.
 */
export class QueueTaken implements Delivery {
  readonly delivered = true;
  readonly #raw: boolean;

  constructor(
    readonly subscriptionArn: string,
    readonly protocol: string,
    readonly endpoint: string,
    readonly queueMessageId: string | undefined,
    /** The subscription's RawMessageDelivery when it took the message: the queue got the bare message. */
    raw: boolean,
  ) {
    this.#raw = raw;
  }

  /** The delivery as `published()` shows it, with the body the queue got. */
  withBody(notification: Notification, entry: PublishEntry): Delivery {
    const { subscriptionArn, protocol, endpoint, queueMessageId } = this;
    const message = messageForProtocol(entry.message, entry.structure, protocol);
    const body = this.#raw ? message : notificationEnvelope(notification, message, subscriptionArn);
    return { subscriptionArn, protocol, endpoint, body, delivered: true, queueMessageId };
  }
}
