/**
 * The one seam through which a service of the account hands another a message: SNS into a queue or a function, a
 * subscription's dead-letter queue, a Lambda destination or dead-letter queue, and later EventBridge and Scheduler
 * targets. A leaf: it names no service and imports nothing concrete. Each service module declares the ARN service it
 * owns and a `DeliveryPort`; the account picks the port by the target ARN's service segment (src/account/services.ts).
 * How to add a delivery protocol or target: CONTRIBUTING.md.
 */

/** A message attribute in the form every port converts from: SQS's and SNS's shape of one. */
export interface DeliveryAttribute {
  readonly DataType: string;
  readonly StringValue?: string;
  readonly BinaryValue?: Uint8Array;
}

export type DeliveryAttributes = Readonly<Record<string, DeliveryAttribute>>;

/** Who hands the message over, as the target's rules and views see it. */
export interface DeliverySender {
  /** The sending service's principal: `sns.amazonaws.com`, `lambda.amazonaws.com`, `events.amazonaws.com`, ... */
  readonly principal: string;
  /**
   * How it is allowed to: `'resourcePolicy'` when it calls as the service principal, so that the target's resource
   * policy must allow it (SNS into a queue, EventBridge into a queue or topic); `'role'` when it calls with a role of
   * the account (a Lambda destination: the function's execution role; a Scheduler target), which IAM decides and
   * the emulation does not check.
   */
  readonly authority: 'resourcePolicy' | 'role';
  /** The resource whose message it is (the topic, the function, the rule): the policy's `aws:SourceArn`. */
  readonly sourceArn: string;
  /**
   * The account the resource belongs to, the policy's `aws:SourceAccount`, where its ARN does not say it (an S3
   * bucket's ARN has no account); otherwise read from `sourceArn`.
   */
  readonly sourceAccount?: string | undefined;
  /** How SQS's ReceiveMessage shows the sender in SenderId. */
  readonly senderId: string;
}

/**
 * A message one service hands another. The target applies its own rules to it (a queue's size, delay and FIFO
 * rules, Publish's checks, Lambda's asynchronous queue), and nothing here is specific to one target.
 */
export interface DeliveryMessage {
  /** The text the target receives: a queue's body, a topic's Message, a function's event as JSON. */
  readonly body: string;
  readonly attributes: DeliveryAttributes;
  readonly sender: DeliverySender;
  /**
   * The ARN of what routed the message to this target, where there is one: an SNS subscription (a function's
   * invocation names it), later an EventBridge rule or a schedule.
   */
  readonly via?: string | undefined;
  /** A FIFO target needs one; a standard queue keeps it too (fair queues). */
  readonly messageGroupId?: string | undefined;
  /** FIFO targets; without one a target with content-based deduplication makes its own. */
  readonly deduplicationId?: string | undefined;
  /** A topic target's Subject, where the sender gives one (S3's notifications: `Amazon S3 Notification`). */
  readonly subject?: string | undefined;
  /** The X-Ray trace header the sender passes on: a queue message's AWSTraceHeader. */
  readonly traceHeader?: string | undefined;
  /** What the sender already measured of the message (a fan-out measures once for all its targets). */
  readonly measured?: DeliveryMeasurement | undefined;
}

/**
 * What a sender measured of a message, so that a fan-out to fifty targets measures once: the UTF-8 bytes of the body
 * plus each attribute's name, data type and value (the size SQS compares with its MaximumMessageSize), and whether the
 * body and every String value hold only characters SQS stores. `bodyStart`: the body's first characters, when the body
 * is a concatenation the sender made (an SNS envelope): a journey's preview is taken from them, as slicing the body
 * itself would flatten it into a copy of its own.
 */
export interface DeliveryMeasurement {
  readonly payloadBytes: number;
  readonly storable: boolean;
  readonly bodyStart?: string | undefined;
}

/**
 * What the target made of a delivery. A refusal names its cause: no such resource, a resource policy that does not
 * allow the sender (`byPolicy`), a rule of the target. `duplicate`: a FIFO target took it as a repeat and dropped it.
 */
export type DeliveryResult =
  | { readonly accepted: true; readonly messageId?: string; readonly duplicate?: boolean }
  | { readonly accepted: false; readonly reason: string; readonly byPolicy?: true };

/** Whether the target exists and its resource policy lets a sender deliver, whatever createAwsMock's `policies`. */
export interface DeliveryPermission {
  readonly allowed: boolean;
  readonly reason: string;
  /** Refused because there is no such resource (then no statement would help). */
  readonly missing?: true;
}

/** How a service takes messages from the account's other services. */
export interface DeliveryPort {
  /** Hands `message` to the resource `arn` names. Never throws for the message or the ARN: it answers a refusal. */
  deliver(arn: string, message: DeliveryMessage): DeliveryResult;
  /** Whether `sender` may deliver to `arn`, for diagnostics; a port without resource policies leaves it out. */
  permits?(arn: string, sender: DeliverySender): DeliveryPermission;
}

/** The account's delivery: to any of its services, picked by the target ARN's service segment. */
export type Deliver = (arn: string, message: DeliveryMessage) => DeliveryResult;

/** `arn:partition:service:...`: the service segment, or undefined for what is not an ARN. */
export function arnService(arn: string): string | undefined {
  if (!arn.startsWith('arn:')) return undefined;
  const start = arn.indexOf(':', 4) + 1;
  const end = arn.indexOf(':', start);
  return start === 0 || end < 0 ? undefined : arn.slice(start, end);
}

/**
 * The account's `deliver` over its ports, keyed by the ARN service each owns. An ARN no service owns answers a
 * refusal naming it, never a made-up success. The segment is compared in place, not cut out: a fan-out delivers
 * dozens of times per message.
 */
export function deliveryRouter(ports: ReadonlyMap<string, () => DeliveryPort>): {
  readonly deliver: Deliver;
  readonly permits: (arn: string, sender: DeliverySender) => DeliveryPermission;
} {
  const table = [...ports].map(([service, port]) => ({ segment: `${service}:`, port }));
  const portFor = (arn: string): DeliveryPort | undefined => {
    if (!arn.startsWith('arn:')) return undefined;
    const start = arn.indexOf(':', 4) + 1;
    if (start === 0) return undefined;
    for (const entry of table) if (arn.startsWith(entry.segment, start)) return entry.port();
    return undefined;
  };
  return {
    deliver(arn, message) {
      const port = portFor(arn);
      return port ? port.deliver(arn, message) : { accepted: false, reason: unowned(arn) };
    },
    permits(arn, sender) {
      const port = portFor(arn);
      if (!port) return { allowed: false, reason: unowned(arn), missing: true };
      return port.permits
        ? port.permits(arn, sender)
        : { allowed: true, reason: `the emulation keeps no resource policy for ${arn}` };
    },
  };
}

function unowned(arn: string): string {
  const service = arnService(arn);
  return service === undefined
    ? `${arn} is not an ARN`
    : `no emulated service delivers to ${arn} (service "${service}")`;
}
