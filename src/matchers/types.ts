/**
 * The matchers' signatures, written once and merged into vitest's and jest's `expect` types by the
 * two entry points. `R` is what a matcher call returns: `void`, or a promise under `.resolves`.
 */
import type { MessageState } from '../sqs/messages/message.js';
import type { MessageMatch } from './match.js';

export type { MessageMatch } from './match.js';

export interface SqsSnsMatchers<R> {
  /**
   * The queue holds exactly `count` messages: of every state, or only `'visible'`, `'inFlight'` or `'delayed'` ones.
   */
  toHaveMessageCount(count: number, state?: MessageState): R;
  /**
   * The queue holds a message whose body equals the string, or whose body is JSON containing the object
   * or array (partially, as `toMatchObject` does); asymmetric matchers work at any depth and on the raw body.
   */
  toContainMessage(expected: MessageMatch): R;
  /** The queue's dead-letter queue holds a message that came from this queue, matching `expected` if given. */
  toHaveDeadLetter(expected?: MessageMatch): R;
  /** The topic accepted a published message matching `expected` (as in `toContainMessage`); without it, any. */
  toHavePublished(expected?: MessageMatch): R;
}
