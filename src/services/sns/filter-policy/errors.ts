/**
 * The one error type of SNS filter policies. Its `message` is the text AWS prints after the `FilterPolicy: ` label
 * (docs/aws-behaviour/sns.md §10.6), with the Jackson location line AWS appends where it appends one:
 * `\n at [Source: …; line: L, column: C]` (src/core/json/jackson-location.ts): the event-pattern engine's refusals and
 * SNS's own.
 */

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
   * The reason as AWS words it after the calling action's prefix (subscription-attributes.ts, which owns the
   * prefixes): `FilterPolicy: <message>` [V], or the bare message where unlabelled. The complete message, with code
   * `InvalidParameter`, is then `Invalid parameter: FilterPolicy: <message>` for SetSubscriptionAttributes and
   * `Invalid parameter: Attributes Reason: FilterPolicy: <message>` for Subscribe [V]; for the unlabelled scope
   * message on Subscribe the `Attributes Reason: ` part is inferred (docs/aws-behaviour/sns.md §10.1).
   */
  get reason(): string {
    return (this.labelled ? 'FilterPolicy: ' : '') + this.message;
  }
}
