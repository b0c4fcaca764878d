import { hasOnlyValidCharacters } from '../../../core/messages/attribute-rules.js';
import { envelopeParts, unsubscribeMember, type EnvelopeParts, type Notification } from '../publish/envelope.js';
import type { Subscription } from '../subscription.js';
import type { DeliveryMeasurement } from '../../../core/delivery.js';
import type { DeliveredAttributes } from './context.js';

/** Protocols whose endpoints get the bare message text rather than the JSON notification. */
const PLAIN_TEXT_PROTOCOLS: ReadonlySet<string> = new Set(['email', 'sms', 'application']);

/**
 * A body for an SQS endpoint, with what the queue checks of it worked out. It is itself what an SQS delivery of it
 * without attributes measured (an envelope carries the attributes inside); with a raw delivery's attributes, their
 * sum is made once per message (`with`): a fan-out to fifty queues makes no object per queue for it.
 */
export class PreparedBody implements DeliveryMeasurement {
  private withAttributes: { readonly of: DeliveredAttributes; readonly measured: DeliveryMeasurement } | undefined;

  constructor(
    readonly text: string,
    /** UTF-8 bytes of `text`. */
    readonly payloadBytes: number,
    /** Whether `text` has only characters SQS stores (SendMessage's rule): an SQS delivery of it fails otherwise. */
    readonly storable: boolean,
    /** For an envelope, the part of `text` before the subscription's own line (delivery.ts, `bodyStart`). */
    readonly bodyStart?: string,
  ) {}

  /** What a delivery of this body with `attributes` measures. */
  with(attributes: DeliveredAttributes): DeliveryMeasurement {
    if (attributes.count === 0 && attributes.storable) return this;
    if (this.withAttributes?.of !== attributes) {
      const measured = {
        payloadBytes: this.payloadBytes + attributes.bytes,
        storable: this.storable && attributes.storable,
        bodyStart: this.bodyStart,
      };
      this.withAttributes = { of: attributes, measured };
    }
    return this.withAttributes.measured;
  }
}

/** A piece of text with its UTF-8 size and whether SQS stores it. */
interface CheckedText {
  readonly text: string;
  readonly bytes: number;
  readonly storable: boolean;
}

function checked(text: string): CheckedText {
  return { text, bytes: Buffer.byteLength(text, 'utf8'), storable: hasOnlyValidCharacters(text) };
}

interface Envelope {
  readonly parts: EnvelopeParts;
  readonly bytes: number;
  readonly storable: boolean;
}

/** Values by message text: the first without a Map, as most messages have a single text. */
class PerText<T> {
  private firstText: string | undefined;
  private firstValue: T | undefined;
  private others: Map<string, T> | undefined;

  get(text: string): T | undefined {
    return text === this.firstText ? this.firstValue : this.others?.get(text);
  }

  set(text: string, value: T): void {
    if (this.firstText === undefined) {
      this.firstText = text;
      this.firstValue = value;
    } else (this.others ??= new Map()).set(text, value);
  }
}

/** A subscription's UnsubscribeURL line, which is the same for every message it gets. */
const unsubscribeLines = new WeakMap<Subscription, CheckedText & { readonly endpointBase: string }>();

/**
 * The bodies the endpoints of one published message receive: with RawMessageDelivery the message itself, and
 * otherwise the notification envelope (docs/aws-behaviour/sns.md §4). Email, SMS and mobile pushes carry the text.
 * `message` is the string for the subscription's protocol (with MessageStructure=json, its own entry).
 *
 * What all the subscriptions share is made once per message text, not once per subscription: the envelope but for
 * its UnsubscribeURL line (the signature among it), and the size and character checks SQS makes of a body. A fan-out
 * to fifty queues signs once and scans the text once. Only the request's text in the envelope can hold a character
 * SQS refuses (envelope.ts), and escaped at that: a control character is escaped there, a lone surrogate is not.
 */
export class EndpointBodies {
  // Per message text, made on first use; most messages have one text (MessageStructure=json may give more).
  private readonly envelopes = new PerText<Envelope>();
  private readonly texts = new PerText<PreparedBody>();

  constructor(readonly notification: Notification) {}

  /** What `subscription`'s endpoint receives. */
  body(subscription: Subscription, message: string): string {
    if (isPlain(subscription)) return message;
    return (
      this.envelope(message).parts.head + this.unsubscribeLine(subscription).text + this.envelope(message).parts.tail
    );
  }

  /** What `subscription`'s endpoint receives, for an SQS endpoint. */
  prepared(subscription: Subscription, message: string): PreparedBody {
    if (isPlain(subscription)) return this.plain(message);
    const { parts, bytes, storable } = this.envelope(message);
    const line = this.unsubscribeLine(subscription);
    return new PreparedBody(
      parts.head + line.text + parts.tail,
      bytes + line.bytes,
      storable && line.storable,
      parts.head,
    );
  }

  private envelope(message: string): Envelope {
    let envelope = this.envelopes.get(message);
    if (envelope === undefined) {
      const parts = envelopeParts(this.notification, message);
      envelope = {
        parts,
        bytes: Buffer.byteLength(parts.head, 'utf8') + Buffer.byteLength(parts.tail, 'utf8'),
        storable: parts.requestText.every(hasOnlyValidCharacters),
      };
      this.envelopes.set(message, envelope);
    }
    return envelope;
  }

  private plain(message: string): PreparedBody {
    let prepared = this.texts.get(message);
    if (prepared === undefined) {
      const { text, bytes, storable } = checked(message);
      this.texts.set(message, (prepared = new PreparedBody(text, bytes, storable)));
    }
    return prepared;
  }

  private unsubscribeLine(subscription: Subscription): CheckedText {
    const endpointBase = this.notification.endpointBase;
    let line = unsubscribeLines.get(subscription);
    if (line === undefined || line.endpointBase !== endpointBase) {
      line = { ...checked(unsubscribeMember(this.notification, subscription.arn)), endpointBase };
      unsubscribeLines.set(subscription, line);
    }
    return line;
  }
}

function isPlain(subscription: Subscription): boolean {
  return subscription.rawMessageDelivery || PLAIN_TEXT_PROTOCOLS.has(subscription.protocol);
}
