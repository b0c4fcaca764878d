/**
 * An independent reference for EventBridge event patterns, written from the EventBridge User Guide ("Event patterns",
 * "Content filtering in Amazon EventBridge event patterns", "Matching null values and empty strings", "Arrays in
 * event patterns"; docs/aws-behaviour/eventbridge.md §7) and not from the project's engine, for the property test
 * next to it. It covers what the test generates: exact values, `prefix`, `suffix`, `anything-but` (values, `prefix`,
 * `wildcard`), `numeric`, `exists` and `wildcard`, on the keys of `detail`.
 *
 * It answers `true` or `false` where the guide (or a recording, where it says so) settles the outcome and
 * `'unsettled'` where it does not. It is written for clarity, not speed: it reads the pattern and the event afresh
 * on every call, numbers as exact decimals and wildcards as regular expressions.
 */

export type Verdict = boolean | 'unsettled';

type Scalar = string | number | boolean | null;

// --- three-valued logic -------------------------------------------------------------------------------------

const and3 = (a: Verdict, b: Verdict): Verdict =>
  a === false || b === false ? false : a === 'unsettled' || b === 'unsettled' ? 'unsettled' : true;
const or3 = (a: Verdict, b: Verdict): Verdict =>
  a === true || b === true ? true : a === 'unsettled' || b === 'unsettled' ? 'unsettled' : false;
const all3 = (verdicts: readonly Verdict[]): Verdict => verdicts.reduce<Verdict>(and3, true);
const any3 = (verdicts: readonly Verdict[]): Verdict => verdicts.reduce<Verdict>(or3, false);

// --- numbers ------------------------------------------------------------------------------------------------

/**
 * "Numeric matching ... is limited to values between -5.0e9 and +5.0e9 inclusive, with ... six digits to the right
 * of the decimal point": a number as an exact count of millionths, read from its shortest decimal text (exact for
 * the 15 significant digits the guide promises). Undefined beyond six decimals, where the guide says nothing.
 */
export function micros(value: number): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (match === null) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = whole + fraction;
  let scale = fraction.length - Number(exponent);
  while (scale > 6 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  if (scale > 6) return undefined;
  const result = BigInt(digits) * 10n ** BigInt(6 - scale);
  return sign === '-' ? -result : result;
}

const BOUND = 5_000_000_000n * 1_000_000n;
const inRange = (value: bigint): boolean => value >= -BOUND && value <= BOUND;

/** Two numbers compared as the guide compares them; unsettled outside its range or precision. */
function sameNumber(a: number, b: number): Verdict {
  const x = micros(a);
  const y = micros(b);
  if (x === undefined || y === undefined || !inRange(x) || !inRange(y)) return 'unsettled';
  return x === y;
}

type Comparison = readonly [operator: string, bound: number];

function satisfies(value: number, comparisons: readonly Comparison[]): Verdict {
  const x = micros(value);
  if (x === undefined || !inRange(x)) return 'unsettled';
  return comparisons.every(([operator, bound]) => {
    const y = micros(bound) as bigint;
    switch (operator) {
      case '=':
        return x === y;
      case '<':
        return x < y;
      case '<=':
        return x <= y;
      case '>':
        return x > y;
      case '>=':
        return x >= y;
      default:
        throw new Error(`reference: unknown operator ${operator}`);
    }
  });
}

// --- wildcards ----------------------------------------------------------------------------------------------

/** `*` matches zero, one or more characters; `\*` is a literal `*` and `\\` a literal `\`: as a regular expression. */
function wildcardRegExp(operand: string): RegExp {
  let source = '';
  for (let i = 0; i < operand.length; i++) {
    const char = operand[i] as string;
    if (char === '\\') source += escapeRegExp(operand[++i] ?? '');
    else if (char === '*') source += '.*';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 's');
}

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

// --- the pattern ----------------------------------------------------------------------------------------------

/** What the event holds at a key: nothing, or its values (an array's elements, or the one scalar). */
type Found = readonly Scalar[] | undefined;

function lookup(event: unknown, path: readonly string[]): Found {
  let node: unknown = event;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (node === undefined) return undefined;
  if (Array.isArray(node)) {
    // "If the value in the event is an array, the pattern matches if the intersection is non-empty." An empty array
    // holds no value (exists_list_empty_NEG [AWS-snap]).
    return node.length === 0 ? undefined : (node as Scalar[]);
  }
  // An object is not a leaf: "Exists matching only works on leaf nodes."
  return node !== null && typeof node === 'object' ? undefined : [node as Scalar];
}

/** Whether one value meets one positive rule (every rule but `anything-but` and `exists`). */
function meets(rule: unknown, value: Scalar): Verdict {
  if (rule === null || typeof rule !== 'object') {
    // An exact value: strings exactly, numbers as numbers (300 matches 300.0), null only null, "" only "".
    if (typeof rule === 'number' && typeof value === 'number') return sameNumber(rule, value);
    return rule === value;
  }
  const [operator, operand] = Object.entries(rule)[0] as [string, unknown];
  switch (operator) {
    case 'prefix':
      return typeof value === 'string' && value.startsWith(operand as string);
    case 'suffix':
      return typeof value === 'string' && value.endsWith(operand as string);
    case 'wildcard':
      return typeof value === 'string' && wildcardRegExp(operand as string).test(value);
    case 'numeric': {
      // "Numeric matching works with values that are JSON numbers."
      if (typeof value !== 'number') return false;
      const items = operand as (string | number)[];
      const comparisons: Comparison[] = [];
      for (let i = 0; i < items.length; i += 2) comparisons.push([items[i] as string, items[i + 1] as number]);
      return satisfies(value, comparisons);
    }
    default:
      throw new Error(`reference: not a rule the generators make: ${JSON.stringify(rule)}`);
  }
}

/**
 * Whether `anything-but` lets one value through: "matches anything except what's provided in the rule"; a value of
 * another type than the listed ones is not among them.
 */
function notExcluded(operand: unknown, value: Scalar): Verdict {
  if (operand !== null && typeof operand === 'object' && !Array.isArray(operand)) {
    const [operator, inner] = Object.entries(operand)[0] as [string, unknown];
    const values = (Array.isArray(inner) ? inner : [inner]) as string[];
    if (typeof value !== 'string') return true;
    if (operator === 'prefix') return !values.some((prefix) => value.startsWith(prefix));
    if (operator === 'wildcard') return !values.some((wildcard) => wildcardRegExp(wildcard).test(value));
    throw new Error(`reference: not an anything-but the generators make: ${operator}`);
  }
  const listed = (Array.isArray(operand) ? operand : [operand]) as (string | number)[];
  return all3(
    listed.map((excluded): Verdict => {
      if (typeof excluded === 'number') return typeof value === 'number' ? not3(sameNumber(excluded, value)) : true;
      return value !== excluded;
    }),
  );
}

const not3 = (verdict: Verdict): Verdict => (verdict === 'unsettled' ? verdict : !verdict);

function ruleVerdict(rule: unknown, found: Found): Verdict {
  if (rule !== null && typeof rule === 'object') {
    const [operator, operand] = Object.entries(rule)[0] as [string, unknown];
    // "Exists matching works on the presence or absence of a field": a null value is present (§7.6).
    if (operator === 'exists') return operand === (found !== undefined);
    if (operator === 'anything-but') {
      // A missing field is not "anything but" (content_anything_*_missing_NEG [AWS-snap]).
      if (found === undefined) return false;
      const each = found.map((value) => notExcluded(operand, value));
      // Against several values the guide does not say whether one or all must get through (§7.1 item 4): settled
      // only where every value gets the same settled verdict.
      return each.every((verdict) => verdict === each[0]) ? (each[0] as Verdict) : 'unsettled';
    }
  }
  if (found === undefined) return false;
  return any3(found.map((value) => meets(rule, value)));
}

function objectVerdict(pattern: Record<string, unknown>, event: unknown, path: readonly string[]): Verdict {
  return all3(
    Object.entries(pattern).map(([key, value]): Verdict => {
      const at = [...path, key];
      if (Array.isArray(value)) {
        const found = lookup(event, at);
        return any3(value.map((rule) => ruleVerdict(rule, found)));
      }
      return objectVerdict(value as Record<string, unknown>, event, at);
    }),
  );
}

/** Whether `event` matches `pattern` (both parsed JSON), or 'unsettled'. The pattern is assumed valid. */
export function referenceMatch(pattern: Record<string, unknown>, event: Record<string, unknown>): Verdict {
  return objectVerdict(pattern, event, []);
}
