import { snsErrors } from '../errors.js';

/**
 * The attributes of platform applications and of their endpoints (docs/aws-behaviour/sns.md §14.3, §14.4): each
 * name the API documents with its rule, which answers the reason a value is refused, or undefined. A name not here is
 * "Invalid attribute name: <name>" [V for endpoints].
 */
type Rule = (value: string) => string | undefined;

const any: Rule = () => undefined;

export const APPLICATION_ATTRIBUTES: Readonly<Record<string, Rule>> = {
  PlatformCredential: any,
  PlatformPrincipal: any,
  EventEndpointCreated: any,
  EventEndpointDeleted: any,
  EventEndpointUpdated: any,
  EventDeliveryFailure: any,
  SuccessFeedbackRoleArn: any,
  FailureFeedbackRoleArn: any,
  // [3P] a connector's test against AWS: "101 value provided is not an integer between 0-100".
  SuccessFeedbackSampleRate: (value) =>
    /^\d+$/.test(value) && Number(value) <= 100 ? undefined : `${value} value provided is not an integer between 0-100`,
  ApplePlatformTeamID: any,
  ApplePlatformBundleID: any,
};

/** The credentials, which GetPlatformApplicationAttributes never shows [V]. */
export const CREDENTIAL_ATTRIBUTES: ReadonlySet<string> = new Set(['PlatformCredential', 'PlatformPrincipal']);

/** CustomUserData's limit, in UTF-8 bytes [V]. */
const MAX_CUSTOM_USER_DATA_BYTES = 2048;

export const ENDPOINT_ATTRIBUTES: Readonly<Record<string, Rule>> = {
  CustomUserData: (value) =>
    Buffer.byteLength(value, 'utf8') > MAX_CUSTOM_USER_DATA_BYTES
      ? `must be at most ${MAX_CUSTOM_USER_DATA_BYTES} bytes long in UTF-8 encoding`
      : undefined,
  // Not recorded from AWS: the text for a value that is no boolean [I].
  Enabled: (value) => (/^(true|false)$/i.test(value) ? undefined : 'must be true or false'),
  // [3P] a connector's test against AWS: "Invalid value for attribute: Token: cannot be empty".
  Token: (value) => (value === '' ? 'cannot be empty' : undefined),
};

/** `given`'s attributes held to `table`, in the order given: the first unknown name or bad value is refused. */
export function checkAttributes(table: Readonly<Record<string, Rule>>, given: ReadonlyMap<string, string>): void {
  for (const [name, value] of given) {
    const rule = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!rule) throw snsErrors.invalidAttributeName(name);
    const reason = rule(value);
    if (reason !== undefined) throw snsErrors.invalidAttributeValue(name, reason);
  }
}
