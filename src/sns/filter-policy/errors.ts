import type { SnsAction } from '../fault-names.js';

/**
 * The one error type of SNS filter policies. Its `message` is the text AWS prints after the `FilterPolicy: ` label
 * (docs/aws-behaviour/sns.md §10.6), with the Jackson location line AWS appends where it appends one:
 * `\n at [Source: …; line: L, column: C]` (src/json/jackson-location.ts): the event-pattern engine's refusals and
 * SNS's own.
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
}

export class FilterPolicyError extends Error {
  override readonly name = 'FilterPolicyError';
  readonly labelled: boolean;

  constructor(message: string, options: FilterPolicyErrorOptions = {}) {
    super(message);
    this.labelled = options.labelled ?? true;
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
