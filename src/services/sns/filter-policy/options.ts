import type { EventPatternOptions } from '../../../core/event-patterns/index.js';

/** Which part of a message a subscription's policy looks at (the `FilterPolicyScope` subscription attribute). */
export type FilterPolicyScope = 'MessageAttributes' | 'MessageBody';

/**
 * Switches for behaviour that AWS has not been seen to settle (docs/aws-behaviour/sns.md §12). The defaults are the
 * catalogue's recommendations; each switch names the reading it selects.
 */
export interface FilterPolicyOptions {
  /**
   * `anything-but` against a `String.Array` attribute (§12 Q1). `'none-listed'` (default, current SNS docs): the
   * attribute matches only if no element is excluded. `'any-element'` (2022 docs): it matches if some element is
   * not excluded.
   */
  readonly anythingButOnStringArray?: 'none-listed' | 'any-element';
  /**
   * `anything-but` against an array in the message body (§12 Q1). `'any-element'` (default, the documented
   * `[100, 50]` example): some element is not excluded. `'none-listed'`: no element is excluded.
   */
  readonly anythingButOnBodyArray?: 'any-element' | 'none-listed';
}

/** The engine's switch for the body scope (the MessageAttributes scope reads `anythingButOnStringArray` itself). */
export function bodyPatternOptions(options: FilterPolicyOptions | undefined): EventPatternOptions {
  return { anythingButOnArray: options?.anythingButOnBodyArray ?? 'any-element' };
}
