/** What a request brings to a resource policy: who asks, to do what, on which resource, in which context. */
export interface PolicyRequest {
  readonly principal: PolicyPrincipal;
  /** `service:Action`, e.g. `sqs:SendMessage`. */
  readonly action: string;
  /** The ARN of the resource the policy is attached to. */
  readonly resource: string;
  /** The request's condition keys, by lower-case name (key names are case-insensitive), with their values. */
  readonly context: ReadonlyMap<string, string>;
}

/** Either an AWS service acting on its own behalf, or an IAM identity of an account. */
export type PolicyPrincipal =
  | { readonly service: string }
  | {
      /** The identity's ARN (`arn:aws:iam::111122223333:role/worker`, or the account's `...:root`). */
      readonly arn: string;
      readonly account: string;
    };

/** The condition-key map of a request: names lower-cased once, so statements look them up as they compiled them. */
export function requestContext(keys: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  return new Map(Object.entries(keys).map(([name, value]) => [name.toLowerCase(), value]));
}
