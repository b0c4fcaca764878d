/**
 * The matchers' signatures, written once and merged into vitest's and jest's `expect` types by the
 * two entry points. `R` is what a matcher call returns: `void`, or a promise under `.resolves`.
 */
import type { MessageState } from '../sqs/messages/message.js';
import type { MessageMatch } from './match.js';
import type { MessageMatchOptions, OrderOptions } from './options.js';

export type { AttributeMatch, MessageMatch } from './match.js';
export type { MessageMatchOptions, OrderOptions } from './options.js';

/** The queue a delivery matcher asks about: its view (`aws.sqs.queue(name)`) or its ARN. */
export type QueueRef = { readonly arn: string; readonly name: string } | string;

export interface SqsSnsMatchers<R> {
  /**
   * The queue holds exactly `count` messages: of every state, or only `'visible'`, `'inFlight'` or `'delayed'` ones.
   */
  toHaveMessageCount(count: number, state?: MessageState): R;
  /**
   * The queue holds a message whose body equals the string, or whose body is JSON containing the object
   * or array (partially, as `toMatchObject` does); asymmetric matchers work at any depth and on the raw body.
   * `options.attributes`: the message also carries these message attributes; `options.times`: exactly that many
   * messages match. With options, `expected` may be `undefined`: any body.
   */
  toContainMessage(expected: MessageMatch | undefined, options?: MessageMatchOptions): R;
  /** The queue's dead-letter queue holds a message that came from this queue, matching `expected` if given. */
  toHaveDeadLetter(expected?: MessageMatch): R;
  /**
   * The topic accepted a published message matching `expected` (as in `toContainMessage`); without it, any. With
   * `options`, one that also carries these attributes, or exactly `times` of them.
   */
  toHavePublished(expected?: MessageMatch, options?: MessageMatchOptions): R;
  /** The topic delivered a published message (matching `expected`, if given) to the queue through a subscription. */
  toHaveDeliveredTo(queue: QueueRef, expected?: MessageMatch): R;
  /** The subscription's filter policy kept a published message (matching `expected`, if given) from the queue. */
  toHaveFilteredOut(queue: QueueRef, expected?: MessageMatch): R;
  /**
   * The queue's messages, of every state, in queue order (only those of `options.group`, when given), are exactly
   * these, each matched as `toContainMessage` matches a body.
   */
  toHaveMessagesInOrder(expected: readonly MessageMatch[], options?: OrderOptions): R;
}
