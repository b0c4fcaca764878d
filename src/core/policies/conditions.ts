import { arnPattern, globPattern, matchesArn } from './patterns.js';

/**
 * One `Operator: { key: values }` pair of a statement's Condition, compiled. Several pairs must all hold (AND); a
 * pair holds when the request's value matches any of its values (OR), or for a negated operator, none of them.
 */
export interface CompiledCondition {
  /** `ArnEquals aws:SourceArn`, for explanations. */
  readonly label: string;
  holds(context: ReadonlyMap<string, string>): boolean;
}

/** How one operator compares the request's value with the condition's values. */
interface Operator {
  /** StringNot…, ArnNot…: true when the value matches none, and when the key is absent. */
  readonly negated: boolean;
  readonly matcher: (values: readonly string[]) => (actual: string) => boolean;
}

const equals = (values: readonly string[]) => {
  const wanted = new Set(values);
  return (actual: string) => wanted.has(actual);
};
const equalsIgnoringCase = (values: readonly string[]) => {
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  return (actual: string) => wanted.has(actual.toLowerCase());
};
const like = (values: readonly string[]) => {
  const patterns = values.map((value) => globPattern(value));
  return (actual: string) => patterns.some((pattern) => pattern.test(actual));
};
// ArnEquals and ArnLike are the same test: each of the ARN's six parts on its own, wildcards allowed in each.
const arnLike = (values: readonly string[]) => {
  const patterns = values.flatMap((value) => arnPattern(value) ?? []);
  return (actual: string) => patterns.some((pattern) => matchesArn(pattern, actual));
};

/** The operators the emulation evaluates (docs/aws-behaviour/sns.md §7.2), by name. */
const OPERATORS: Readonly<Record<string, Operator>> = {
  StringEquals: { negated: false, matcher: equals },
  StringNotEquals: { negated: true, matcher: equals },
  StringEqualsIgnoreCase: { negated: false, matcher: equalsIgnoringCase },
  StringNotEqualsIgnoreCase: { negated: true, matcher: equalsIgnoringCase },
  StringLike: { negated: false, matcher: like },
  StringNotLike: { negated: true, matcher: like },
  ArnEquals: { negated: false, matcher: arnLike },
  ArnLike: { negated: false, matcher: arnLike },
  ArnNotEquals: { negated: true, matcher: arnLike },
  ArnNotLike: { negated: true, matcher: arnLike },
  Bool: { negated: false, matcher: equalsIgnoringCase },
};

const IF_EXISTS = 'IfExists';

/** The Condition element compiled, or a text saying why it is malformed. */
export function compileConditions(element: unknown): CompiledCondition[] | string {
  if (element === undefined) return [];
  if (!isRecord(element)) return 'its Condition is not an object';
  const conditions: CompiledCondition[] = [];
  for (const [operatorName, pairs] of Object.entries(element)) {
    if (!isRecord(pairs)) return `its Condition ${operatorName} is not an object`;
    for (const [key, raw] of Object.entries(pairs)) {
      const values = conditionValues(raw);
      if (values === undefined) return `its Condition ${operatorName} ${key} has a value that is not a string`;
      conditions.push(compileCondition(operatorName, key, values));
    }
  }
  return conditions;
}

function compileCondition(operatorName: string, key: string, values: readonly string[]): CompiledCondition {
  const label = `${operatorName} ${key}`;
  const name = key.toLowerCase();
  // Set operators over a single-valued key: the value is a set of one, or empty when the key is absent; ForAllValues
  // then holds for the empty set, ForAnyValue does not.
  const setOperator = /^(ForAllValues|ForAnyValue):/.exec(operatorName)?.[1];
  const baseName = setOperator ? operatorName.slice(setOperator.length + 1) : operatorName;
  if (baseName === 'Null' && !setOperator) {
    const absentWanted = new Set(values.map((value) => value.toLowerCase() === 'true'));
    return { label, holds: (context) => absentWanted.has(!context.has(name)) };
  }
  const ifExists = baseName.endsWith(IF_EXISTS);
  const operator = OPERATORS[ifExists ? baseName.slice(0, -IF_EXISTS.length) : baseName];
  if (operator === undefined) {
    // AWS knows more operators (Numeric…, Date…, IpAddress, BinaryEquals) but none of them has a key that an SNS
    // delivery carries, so a condition the emulation cannot evaluate does not hold: such a statement neither allows
    // nor denies, and the explanation names the operator.
    return { label: `${label} (an operator the emulation does not evaluate)`, holds: () => false };
  }
  const matches = operator.matcher(values);
  const whenAbsent = ifExists || setOperator === 'ForAllValues' || (operator.negated && !setOperator);
  return {
    label,
    holds(context) {
      const actual = context.get(name);
      if (actual === undefined) return whenAbsent;
      return operator.negated ? !matches(actual) : matches(actual);
    },
  };
}

/** Condition values are strings, or numbers and booleans that policies write unquoted; one or a list. */
function conditionValues(raw: unknown): string[] | undefined {
  const list = Array.isArray(raw) ? raw : [raw];
  const values: string[] = [];
  for (const value of list) {
    if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') values.push(String(value));
    else return undefined;
  }
  return values;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
