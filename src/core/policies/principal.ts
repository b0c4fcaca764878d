import type { PolicyPrincipal } from './request.js';

/** A compiled Principal or NotPrincipal element: whether it names the request's principal. */
export type PrincipalMatcher = (principal: PolicyPrincipal) => boolean;

const EVERYONE: PrincipalMatcher = () => true;
const ACCOUNT_ID = /^\d{12}$/;
const ACCOUNT_ROOT = /^arn:[a-z-]+:iam::(\d{12}):root$/;

/**
 * `"*"` and `{"AWS": "*"}` name everyone; `{"AWS": "<account id>"}` and `{"AWS": "arn:...:iam::<account>:root"}` the
 * whole account; `{"AWS": "<user or role ARN>"}` that identity; `{"Service": "sns.amazonaws.com"}` the service. A
 * wildcard does not match part of a name: only a whole `*` is a wildcard (docs/aws-behaviour/sns.md §7.2). Other
 * principal types (Federated, CanonicalUser) never name the principals emulated here. Undefined: malformed.
 */
export function compilePrincipal(element: unknown): PrincipalMatcher | undefined {
  if (element === '*') return EVERYONE;
  if (typeof element !== 'object' || element === null || Array.isArray(element)) return undefined;
  const matchers: PrincipalMatcher[] = [];
  for (const [type, value] of Object.entries(element)) {
    const names = stringList(value);
    if (names === undefined) return undefined;
    if (type === 'AWS') {
      if (names.includes('*')) return EVERYONE;
      matchers.push(...names.map(identityMatcher));
    } else if (type === 'Service') {
      const services = new Set(names);
      matchers.push((principal) => 'service' in principal && services.has(principal.service));
    }
  }
  return (principal) => matchers.some((matcher) => matcher(principal));
}

function identityMatcher(name: string): PrincipalMatcher {
  const account = ACCOUNT_ID.test(name) ? name : ACCOUNT_ROOT.exec(name)?.[1];
  if (account !== undefined) return (principal) => 'account' in principal && principal.account === account;
  return (principal) => 'arn' in principal && principal.arn === name;
}

/** A string or a non-empty list of strings, as policy elements take them. */
export function stringList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value;
  return undefined;
}
