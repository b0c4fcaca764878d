/**
 * The one error type of the filter-policy engine. Its `message` is the text AWS prints after the `FilterPolicy: `
 * label (shared/spec/sns.md §10.6): only the first line, without the Jackson location suffix AWS sometimes appends.
 */

/** The two actions that set a filter policy; AWS words the prefix differently for each. */
export type FilterPolicyAction = 'Subscribe' | 'SetSubscriptionAttributes';

export class FilterPolicyError extends Error {
  override readonly name = 'FilterPolicyError';
  /**
   * False only for the scope check (`Filter policy scope MessageAttributes does not support nested filter policy`),
   * which AWS reports straight after `Invalid parameter: ` with no `FilterPolicy: ` label [V 2024-05].
   */
  readonly labelled: boolean;

  constructor(message: string, labelled = true) {
    super(message);
    this.labelled = labelled;
  }

  /**
   * The complete message AWS returns with code `InvalidParameter`:
   * - SetSubscriptionAttributes: `Invalid parameter: FilterPolicy: <message>` [V]
   * - Subscribe: `Invalid parameter: Attributes Reason: FilterPolicy: <message>` [V]
   * For the unlabelled scope message on Subscribe the `Attributes Reason: ` part is inferred (spec §10.1).
   */
  awsMessage(action: FilterPolicyAction): string {
    const prefix = action === 'Subscribe' ? 'Invalid parameter: Attributes Reason: ' : 'Invalid parameter: ';
    return prefix + (this.labelled ? 'FilterPolicy: ' : '') + this.message;
  }
}

/** Shorthand for the validators: `throw fail('...')` keeps call sites to one line. */
export function fail(message: string): FilterPolicyError {
  return new FilterPolicyError(message);
}
