import { compileConditions, isRecord, type CompiledCondition } from './conditions.js';
import { globPattern, resourcePattern } from './patterns.js';
import { compilePrincipal, stringList, type PrincipalMatcher } from './principal.js';
import type { PolicyRequest } from './request.js';

/**
 * A resource policy (a queue's `Policy`) compiled once, so that evaluating it for a request matches prepared
 * patterns and reads no JSON. Evaluation follows IAM's rules for one resource policy (docs/aws-behaviour/sns.md
 * §7.2): a matching Deny wins over everything, otherwise a matching Allow allows, otherwise the request is denied.
 */
export interface CompiledPolicy {
  readonly statements: readonly CompiledStatement[];
  /** Why the policy as a whole cannot allow anything (not JSON, no Statement), if so. */
  readonly problem?: string;
}

export interface CompiledStatement {
  /** `statement "AllowSns"` (its Sid) or `statement 2` (its place, from 1). */
  readonly label: string;
  readonly effect: 'Allow' | 'Deny';
  /** Why the statement is malformed; a malformed statement matches no request. */
  readonly problem?: string;
  /** Which element keeps the statement from applying to the request (`its Action`), or undefined when it applies. */
  mismatch(request: PolicyRequest): string | undefined;
}

export type PolicyDecision =
  | { readonly outcome: 'allowed'; readonly by: CompiledStatement }
  | { readonly outcome: 'denied'; readonly by: CompiledStatement }
  | { readonly outcome: 'notAllowed' };

const NOT_ALLOWED: PolicyDecision = Object.freeze({ outcome: 'notAllowed' });

export function evaluatePolicy(policy: CompiledPolicy, request: PolicyRequest): PolicyDecision {
  let allowedBy: CompiledStatement | undefined;
  for (const statement of policy.statements) {
    if (statement.mismatch(request) !== undefined) continue;
    if (statement.effect === 'Deny') return { outcome: 'denied', by: statement };
    allowedBy ??= statement;
  }
  return allowedBy ? { outcome: 'allowed', by: allowedBy } : NOT_ALLOWED;
}

/** Why no statement allows the request: each Allow statement with the element that does not match. */
export function whyNotAllowed(policy: CompiledPolicy, request: PolicyRequest): string {
  if (policy.problem !== undefined) return policy.problem;
  const allows = policy.statements.filter((statement) => statement.effect === 'Allow');
  if (allows.length === 0) return 'the queue policy has no Allow statement';
  const misses = allows.map((statement) => {
    const why = statement.problem ?? `${statement.mismatch(request)} does not match`;
    return `${statement.label} (${why})`;
  });
  return `no statement allows it: ${misses.join('; ')}`;
}

export function compilePolicy(text: string): CompiledPolicy {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { statements: [], problem: 'the queue policy is not JSON' };
  }
  if (!isRecord(document)) return { statements: [], problem: 'the queue policy is not a JSON object' };
  const element = document['Statement'];
  const list = Array.isArray(element) ? element : element === undefined ? [] : [element];
  if (list.length === 0) return { statements: [], problem: 'the queue policy has no Statement' };
  return { statements: list.map((statement, i) => compileStatement(statement, i + 1)) };
}

const ALL: (value: string) => boolean = () => true;

function compileStatement(raw: unknown, position: number): CompiledStatement {
  const sid = isRecord(raw) && typeof raw['Sid'] === 'string' && raw['Sid'] !== '' ? raw['Sid'] : undefined;
  const label = sid === undefined ? `statement ${position}` : `statement ${JSON.stringify(sid)}`;
  const malformed = (problem: string): CompiledStatement => ({
    label,
    effect: isRecord(raw) && raw['Effect'] === 'Deny' ? 'Deny' : 'Allow',
    problem,
    mismatch: () => problem,
  });
  if (!isRecord(raw)) return malformed('it is not an object');
  const effect = raw['Effect'];
  if (effect !== 'Allow' && effect !== 'Deny') return malformed('its Effect is neither Allow nor Deny');

  const principal = either(raw, 'Principal', compilePrincipal);
  if (typeof principal === 'string') return malformed(principal);
  const action = either(raw, 'Action', (value) => nameMatcher(value, (name) => globPattern(name, true)));
  if (typeof action === 'string') return malformed(action);
  const resource = either(raw, 'Resource', (value) => nameMatcher(value, resourcePattern));
  if (typeof resource === 'string') return malformed(resource);
  const conditions = compileConditions(raw['Condition']);
  if (typeof conditions === 'string') return malformed(conditions);

  const principalText = principal.negated ? 'its NotPrincipal' : 'its Principal';
  const actionText = action.negated ? 'its NotAction' : 'its Action';
  const resourceText = resource.negated ? 'its NotResource' : 'its Resource';
  const conditionTexts = conditions.map((condition: CompiledCondition) => `its Condition ${condition.label}`);
  return {
    label,
    effect,
    mismatch(request) {
      if (principal.matches(request.principal) === principal.negated) return principalText;
      if (action.matches(request.action) === action.negated) return actionText;
      if (resource.matches(request.resource) === resource.negated) return resourceText;
      for (let i = 0; i < conditions.length; i++) {
        if (!conditions[i]!.holds(request.context)) return conditionTexts[i];
      }
      return undefined;
    },
  };
}

interface ElementMatcher<T> {
  readonly negated: boolean;
  readonly matches: (value: T) => boolean;
}

/**
 * A statement has exactly one of `Name` and `NotName`; the Not form applies to everything the list does not match.
 * Answers the compiled element, or why it is malformed.
 */
function either<T>(
  statement: Record<string, unknown>,
  name: string,
  compile: (value: unknown) => ((value: T) => boolean) | undefined,
): ElementMatcher<T> | string {
  const positive = statement[name];
  const negative = statement[`Not${name}`];
  if (positive !== undefined && negative !== undefined) return `it has both ${name} and Not${name}`;
  if (positive === undefined && negative === undefined) return `it has no ${name}`;
  const negated = positive === undefined;
  const matches = compile(negated ? negative : positive);
  if (matches === undefined) return `its ${negated ? 'Not' : ''}${name} is malformed`;
  return { negated, matches };
}

/** Action and Resource: a name or list of names with wildcards; `*` alone matches everything. */
function nameMatcher(value: unknown, pattern: (name: string) => RegExp): ((name: string) => boolean) | undefined {
  const names = stringList(value);
  if (names === undefined) return undefined;
  if (names.includes('*')) return ALL;
  const patterns = names.map(pattern);
  return (name) => patterns.some((compiled) => compiled.test(name));
}
