/**
 * The pull seam: what a service reads from another service's resource, where the delivery seam (src/core/delivery.ts)
 * pushes into one. Lambda's event source mappings poll SQS's queues through it, and EventBridge asks whether a queue
 * target is FIFO; the account finds the source by the ARN's service segment, as it finds a delivery's port, so the
 * reader imports nothing of the service it reads.
 */

/** A reader waiting on a source for messages to become receivable, as a long poll does. */
export interface PullWaiter {
  /** The source may have messages: receive for it, and say whether it is done waiting. */
  attempt(): boolean;
  /** Ends the wait with no messages (the source was deleted or the mock reset). */
  abandon(): void;
}

/** A message attribute as a receive answers it. */
export interface PulledAttribute {
  readonly DataType?: string;
  readonly StringValue?: string;
  readonly BinaryValue?: Uint8Array;
}

/** A received message, as ReceiveMessage answers it with every system and message attribute asked for. */
export interface PulledMessage {
  readonly MessageId?: string;
  readonly ReceiptHandle?: string;
  readonly Body?: string;
  readonly MD5OfBody?: string;
  readonly MD5OfMessageAttributes?: string;
  readonly Attributes?: Readonly<Record<string, string>>;
  readonly MessageAttributes?: Readonly<Record<string, PulledAttribute>>;
}

/** One resource messages are pulled from (an SQS queue), read at each use so that a change of it takes effect. */
export interface PullSource {
  readonly arn: string;
  readonly region: string;
  readonly fifo: boolean;
  /** The source's own visibility timeout, in seconds. */
  readonly visibilityTimeoutSeconds: number;
  /** Receives up to `max` messages, hidden for `visibilityTimeoutSeconds`; `by` names the reader for journeys. */
  receive(max: number, visibilityTimeoutSeconds: number, by: string): PulledMessage[];
  /** Deletes the message a receipt handle names; `by` says who, and why, for journeys. */
  delete(receiptHandle: string, by: string): void;
  /** Registers a waiter, served as soon as messages become receivable. */
  wait(waiter: PullWaiter): void;
  stopWaiting(waiter: PullWaiter): void;
  /** When the next hidden message becomes visible, if any: what a waiting reader next wakes for. */
  nextVisibleAt(): number | undefined;
}

/** The account's sources by ARN, in any region; undefined when no source has that ARN. */
export type FindSource = (arn: string) => PullSource | undefined;
