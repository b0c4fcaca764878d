import type { SnsAction } from '../../faults/actions.js';
import { jacksonLocation } from './jackson-location.js';

/**
 * The one error type of the filter-policy engine. Its `message` is the text AWS prints after the `FilterPolicy: `
 * label (docs/aws-behaviour/sns.md §10.6), with the Jackson location line AWS appends where it appends one:
 * `\n at [Source: …; line: L, column: C]` (jackson-location.ts).
 */

/** Names actions of the registry (sns/actions/index.ts): a name it does not declare is a compile error. */
type Actions<Names extends SnsAction> = Names;

/** The two actions that set a filter policy; AWS words the prefix differently for each. */
export type FilterPolicyAction = Actions<'Subscribe' | 'SetSubscriptionAttributes'>;

export interface FilterPolicyErrorOptions {
  /**
   * False only for the scope check (`Filter policy scope MessageAttributes does not support nested filter policy`),
   * which AWS reports straight after `Invalid parameter: ` with no `FilterPolicy: ` label [V 2024-05].
   */
  readonly labelled?: boolean;
  /**
   * For event-ruler's refusals: where its parser stood in the policy text when it refused, which AWS reports with
   * the policy quoted (`locatedIn`). Undefined for checks made outside the parser (CIDR blocks, SNS's own limits).
   */
  readonly offset?: number;
}

export class FilterPolicyError extends Error {
  override readonly name = 'FilterPolicyError';
  readonly labelled: boolean;
  readonly offset: number | undefined;

  constructor(message: string, options: FilterPolicyErrorOptions = {}) {
    super(message);
    this.labelled = options.labelled ?? true;
    this.offset = options.offset;
  }

  /** This error with event-ruler's location line for `policy` appended; itself when it has no offset. */
  locatedIn(policy: string): FilterPolicyError {
    if (this.offset === undefined) return this;
    return new FilterPolicyError(`${this.message}\n at ${jacksonLocation(policy, this.offset, 'text')}`, {
      labelled: this.labelled,
    });
  }

  /**
   * The complete message AWS returns with code `InvalidParameter`:
   * - SetSubscriptionAttributes: `Invalid parameter: FilterPolicy: <message>` [V]
   * - Subscribe: `Invalid parameter: Attributes Reason: FilterPolicy: <message>` [V]
   * For the unlabelled scope message on Subscribe the `Attributes Reason: ` part is inferred (docs/aws-behaviour/sns.md
   * §10.1).
   */
  awsMessage(action: FilterPolicyAction): string {
    const prefix = action === 'Subscribe' ? 'Invalid parameter: Attributes Reason: ' : 'Invalid parameter: ';
    return prefix + (this.labelled ? 'FilterPolicy: ' : '') + this.message;
  }
}

/**
 * Shorthand for the validators: `throw fail('...', at)` keeps call sites to one line. `at` is event-ruler's parser
 * position (json-reader.ts `afterToken`, a node's `end`, …), left out for refusals that carry no location.
 */
export function fail(message: string, at?: number): FilterPolicyError {
  return new FilterPolicyError(message, at === undefined ? {} : { offset: at });
}
