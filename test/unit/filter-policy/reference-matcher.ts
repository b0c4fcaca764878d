/**
 * An independent reference for SNS subscription filter policies, written from the SNS Developer Guide
 * (docs/aws-behaviour/sns.md §10) and not from the project's engine, for the property test next to it.
 *
 * It answers `true` or `false` where the documentation settles the outcome, and `'unsettled'` where AWS has not
 * been seen to decide (docs/aws-behaviour/sns.md §12): the property test compares only settled answers. Where the
 * catalogue records a default drawn from event-ruler or from recorded AWS responses rather than from the guide,
 * the reference follows that default; each such place says so.
 *
 * It is written for clarity, not speed: it parses the policy and the message afresh on every call.
 */

export type Verdict = boolean | 'unsettled';
export type Scope = 'MessageAttributes' | 'MessageBody';

/** The two §12 Q1 readings of `anything-but` against several values; unset means "unsettled". */
export interface Readings {
  readonly anythingButOnStringArray?: 'none-listed' | 'any-element';
  readonly anythingButOnBodyArray?: 'any-element' | 'none-listed';
}

/**
 * Where the engine is known to depart from the guide, pending a fix: the test asks the reference again with the
 * engine's current reading, to tell a known departure from a new one. Never part of the reference's own answer.
 */
export interface Departures {
  /** The engine lets `exists: true` match a key whose only value is null. */
  readonly existsTrueMatchesNull?: boolean;
}

export interface ReferenceAttribute {
  readonly DataType: string;
  readonly StringValue?: string;
  readonly BinaryValue?: Uint8Array;
}

export interface ReferenceMessage {
  readonly attributes?: Readonly<Record<string, ReferenceAttribute>> | undefined;
  readonly body: string;
}

type Leaf =
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'number'; readonly scaled: number }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'null' };

/** What one key of the policy finds in the message. */
interface Field {
  readonly values: readonly Leaf[];
  /** Body only: the key holds an object (an intermediate node) or an empty array, and no scalar. */
  readonly onlyNonLeaf: boolean;
}

type Rule =
  | { readonly kind: 'exact'; readonly leaf: Leaf }
  | { readonly kind: 'prefix' | 'suffix' | 'equals-ignore-case'; readonly text: string }
  | { readonly kind: 'anything-but'; readonly excluded: readonly Leaf[] }
  | { readonly kind: 'anything-but-prefix'; readonly text: string }
  | { readonly kind: 'numeric'; readonly tests: readonly NumericTest[] }
  | { readonly kind: 'exists'; readonly exists: boolean }
  | { readonly kind: 'cidr'; readonly block: IpBlock };

interface NumericTest {
  readonly op: '=' | '<' | '<=' | '>' | '>=';
  readonly scaled: number;
}

interface IpBlock {
  readonly family: 4 | 6;
  readonly network: bigint;
  readonly maskBits: number;
}

type PolicyNode = { readonly [key: string]: unknown };

interface Context {
  readonly scope: Scope;
  readonly readings: Readings;
  readonly departures: Departures;
}

/**
 * What the message holds at a key path of the policy, as seen by value rules (`field`), by `exists: true`
 * (`presence`), by `exists: false` (`absence`) and by `anything-but` (`excluded`). They differ only in some readings
 * of arrays of objects in the body (see bodyVerdict).
 */
interface Found {
  readonly field: Field | undefined;
  readonly presence: Field | undefined;
  readonly absence: Field | undefined;
  readonly excluded: Field | undefined;
}
type Lookup = (path: readonly string[]) => Found;

// --- three-valued logic -------------------------------------------------------------------------------------

function and3(a: Verdict, b: Verdict): Verdict {
  if (a === false || b === false) return false;
  return a === 'unsettled' || b === 'unsettled' ? 'unsettled' : true;
}

function or3(a: Verdict, b: Verdict): Verdict {
  if (a === true || b === true) return true;
  return a === 'unsettled' || b === 'unsettled' ? 'unsettled' : false;
}

const all3 = (verdicts: readonly Verdict[]): Verdict => verdicts.reduce<Verdict>(and3, true);
const any3 = (verdicts: readonly Verdict[]): Verdict => verdicts.reduce<Verdict>(or3, false);

// --- numbers ------------------------------------------------------------------------------------------------

/**
 * "For numeric matching, the value can range from -10^9 to 10^9, with five digits of accuracy after the decimal
 * point" (Filter policy constraints): numbers compare as integers of 10^-5.
 */
export const NUMBER_SCALE = 100_000;
const scaled = (value: number): number => Math.round(value * NUMBER_SCALE);
export const NUMBER_LIMIT = 1_000_000_000 * NUMBER_SCALE;
/** A number in the message beyond ±10^9: the guide gives the range, not what happens outside it. */
const outOfRange = (leaf: Leaf): boolean => leaf.type === 'number' && Math.abs(leaf.scaled) > NUMBER_LIMIT;

// --- IP addresses -------------------------------------------------------------------------------------------

/** Dotted decimal, four parts of 0..255 without leading zeros; anything else is not an IPv4 address. */
function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let result = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return undefined;
    result = (result << 8n) | BigInt(part);
  }
  return result;
}

/** Eight groups of 1..4 hex digits, or fewer with one `::`; no embedded IPv4, no zone. */
function parseIpv6(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): string[] | undefined => {
    if (half === '') return [];
    const groups = half.split(':');
    return groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g)) ? groups : undefined;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

export function parseIp(text: string): { family: 4 | 6; address: bigint } | undefined {
  const v4 = parseIpv4(text);
  if (v4 !== undefined) return { family: 4, address: v4 };
  const v6 = text.includes(':') ? parseIpv6(text) : undefined;
  return v6 === undefined ? undefined : { family: 6, address: v6 };
}

function parseBlock(text: string): IpBlock {
  const [ip, bits, extra] = text.split('/');
  const parsed = ip === undefined ? undefined : parseIp(ip);
  const maskBits = Number(bits);
  if (parsed === undefined || extra !== undefined || !Number.isInteger(maskBits)) {
    throw new Error(`reference: not a CIDR block the generators make: ${text}`);
  }
  return { family: parsed.family, network: parsed.address, maskBits };
}

function inBlock(block: IpBlock, text: string): boolean {
  const ip = parseIp(text);
  if (ip === undefined || ip.family !== block.family) return false;
  const width = block.family === 4 ? 32n : 128n;
  const hostBits = width - BigInt(block.maskBits);
  return ip.address >> hostBits === block.network >> hostBits;
}

// --- the policy ---------------------------------------------------------------------------------------------

function leafOf(value: unknown): Leaf {
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'number') return { type: 'number', scaled: scaled(value) };
  if (typeof value === 'boolean') return { type: 'boolean', value };
  if (value === null) return { type: 'null' };
  throw new Error(`reference: not a scalar: ${JSON.stringify(value)}`);
}

function parseRule(entry: unknown): Rule {
  if (entry === null || typeof entry !== 'object') return { kind: 'exact', leaf: leafOf(entry) };
  const [operator, operand] = Object.entries(entry)[0] ?? [];
  switch (operator) {
    case 'prefix':
    case 'suffix':
    case 'equals-ignore-case':
      return { kind: operator, text: String(operand) };
    case 'exists':
      return { kind: 'exists', exists: operand === true };
    case 'cidr':
      return { kind: 'cidr', block: parseBlock(String(operand)) };
    case 'numeric': {
      const terms = operand as readonly unknown[];
      const tests: NumericTest[] = [];
      for (let i = 0; i < terms.length; i += 2) {
        tests.push({ op: terms[i] as NumericTest['op'], scaled: scaled(terms[i + 1] as number) });
      }
      return { kind: 'numeric', tests };
    }
    case 'anything-but':
      if (operand !== null && typeof operand === 'object' && !Array.isArray(operand)) {
        return { kind: 'anything-but-prefix', text: String((operand as { prefix: unknown }).prefix) };
      }
      return { kind: 'anything-but', excluded: (Array.isArray(operand) ? operand : [operand]).map(leafOf) };
    default:
      throw new Error(`reference: operator the generators do not make: ${String(operator)}`);
  }
}

// --- matching one rule --------------------------------------------------------------------------------------

function sameLeaf(a: Leaf, b: Leaf): boolean {
  switch (a.type) {
    case 'string':
      return b.type === 'string' && a.value === b.value;
    case 'number':
      return b.type === 'number' && a.scaled === b.scaled;
    case 'boolean':
      return b.type === 'boolean' && a.value === b.value;
    case 'null':
      return b.type === 'null';
  }
}

function passes(test: NumericTest, value: number): boolean {
  switch (test.op) {
    case '=':
      return value === test.scaled;
    case '<':
      return value < test.scaled;
    case '<=':
      return value <= test.scaled;
    case '>':
      return value > test.scaled;
    case '>=':
      return value >= test.scaled;
  }
}

/**
 * One positive rule against one value. String operators match only strings and numeric ones only numbers
 * (docs/aws-behaviour/sns.md §10.2: a project default from event-ruler, not a sentence of the guide).
 */
function leafMatches(rule: Rule, leaf: Leaf, { scope }: Context): Verdict {
  const numeric = rule.kind === 'numeric' || (rule.kind === 'exact' && rule.leaf.type === 'number');
  if (numeric && outOfRange(leaf)) return 'unsettled';
  switch (rule.kind) {
    case 'exact':
      if (rule.leaf.type === 'boolean' || rule.leaf.type === 'null') {
        // Attributes carry no JSON literals except inside a String.Array; whether a policy `true` or `null`
        // matches such an element is documented nowhere.
        if (scope === 'MessageAttributes') return sameLeaf(rule.leaf, leaf) ? 'unsettled' : false;
      }
      return sameLeaf(rule.leaf, leaf);
    case 'prefix':
      return leaf.type === 'string' && leaf.value.startsWith(rule.text);
    case 'suffix':
      return leaf.type === 'string' && leaf.value.endsWith(rule.text);
    case 'equals-ignore-case':
      // The generators make ASCII only, where every reading of "ignore case" agrees.
      return leaf.type === 'string' && leaf.value.toLowerCase() === rule.text.toLowerCase();
    case 'numeric':
      return leaf.type === 'number' && rule.tests.every((test) => passes(test, leaf.scaled));
    case 'cidr':
      return leaf.type === 'string' && inBlock(rule.block, leaf.value);
    default:
      throw new Error(`reference: ${rule.kind} is not a positive rule`);
  }
}

type AnythingBut = Rule & { kind: 'anything-but' | 'anything-but-prefix' };

/**
 * "it matches any message attribute or message body values that don't include any of the policy property values"
 * (String value matching, Anything-but). Against a value of another type than the listed ones (a number against
 * `["a"]`, a string against `{"prefix": ...}`) the guide is silent.
 */
function notExcluded(rule: AnythingBut, leaf: Leaf): Verdict {
  if (rule.kind === 'anything-but-prefix') {
    return leaf.type === 'string' ? !leaf.value.startsWith(rule.text) : 'unsettled';
  }
  const listedType = rule.excluded[0]?.type;
  if (leaf.type !== listedType || outOfRange(leaf)) return 'unsettled';
  return !rule.excluded.some((excluded) => sameLeaf(excluded, leaf));
}

function anythingBut(rule: AnythingBut, field: Field | undefined, { scope, readings }: Context): Verdict {
  // "A missing attribute fails every rule except {"exists":false}" (recorded AWS responses, §10.2).
  if (field === undefined) return false;
  if (field.values.length === 0) return 'unsettled';
  const each = field.values.map((leaf) => notExcluded(rule, leaf));
  if (each.length === 1) return each[0]!;
  // §12 Q1: "For String.Array type attributes, it matches if none of the array elements are listed in the policy
  // property" (current guide) against "it matches ... because it contains a value that isn't rugby or tennis"
  // (2022 guide, and the current guide's numeric `[100, 50]` body example).
  const anyElement = any3(each);
  const noneListed = all3(each);
  const reading = scope === 'MessageAttributes' ? readings.anythingButOnStringArray : readings.anythingButOnBodyArray;
  if (reading === 'any-element') return anyElement;
  if (reading === 'none-listed') return noneListed;
  return anyElement === noneListed ? anyElement : 'unsettled';
}

/**
 * "Use "exists": true to match incoming messages that include the specified property. The key must have a
 * non-null and non-empty value." and "exists works only on leaf nodes ... It does not apply to intermediate
 * nodes within a nested JSON structure." (Key matching)
 */
function exists(rule: { exists: boolean }, field: Field | undefined, departures: Departures): Verdict {
  if (field === undefined) return !rule.exists;
  const meaningful = field.values.some(
    (leaf) => leaf.type !== 'null' && !(leaf.type === 'string' && leaf.value === ''),
  );
  if (meaningful) return rule.exists;
  if (field.values.length === 0) {
    // A String.Array of `[]`: the key is there but holds nothing; the guide does not say which wins.
    if (!field.onlyNonLeaf) return 'unsettled';
    // Only an object or an empty array at the key: no leaf, so `exists: true` fails; `exists: false` matching
    // follows the catalogue's event-ruler default (§10.3, §10.4), not a sentence of the guide.
    return !rule.exists;
  }
  // Only null or "" values: "non-null" settles `exists: true` for null; "non-empty" is too vague for "".
  if (rule.exists && field.values.every((leaf) => leaf.type === 'null')) {
    return departures.existsTrueMatchesNull === true;
  }
  return 'unsettled';
}

function ruleMatches(rule: Rule, { field, presence, absence, excluded }: Found, context: Context): Verdict {
  switch (rule.kind) {
    case 'exists':
      return exists(rule, rule.exists ? presence : absence, context.departures);
    case 'anything-but':
    case 'anything-but-prefix':
      return anythingBut(rule, excluded, context);
    default:
      // "For String.Array type attributes, each element in the array is treated as a separate string for matching
      // purposes" (Exact matching); in the body "a leaf array matches if any element matches" (§10.3).
      return field === undefined ? false : any3(field.values.map((leaf) => leafMatches(rule, leaf, context)));
  }
}

/** "For each matching property name in the filter policy, at least one property value matches" (filter policies). */
function keyMatches(rules: readonly unknown[], found: Found, context: Context): Verdict {
  return any3(rules.map((entry) => ruleMatches(parseRule(entry), found, context)));
}

// --- walking the policy -------------------------------------------------------------------------------------

/**
 * AND over the keys of one policy object; `"$or": [{...}, {...}]` is an OR of sub-policies (AND/OR logic, OR
 * operator). The generators only make `$or` arrays of two or more objects, the form the guide recognises.
 */
function policyMatches(policy: PolicyNode, lookup: Lookup, path: readonly string[], context: Context): Verdict {
  let verdict: Verdict = true;
  for (const [key, value] of Object.entries(policy)) {
    let part: Verdict;
    if (key === '$or' && Array.isArray(value)) {
      part = any3(value.map((branch) => policyMatches(branch as PolicyNode, lookup, path, context)));
    } else if (Array.isArray(value)) {
      part = keyMatches(value, lookup([...path, key]), context);
    } else {
      part = policyMatches(value as PolicyNode, lookup, [...path, key], context);
    }
    verdict = and3(verdict, part);
    if (verdict === false) return false;
  }
  return verdict;
}

// --- message attributes -------------------------------------------------------------------------------------

/**
 * Attribute data types as filters see them: String, Number (its StringValue parsed, so "3.015e2" is 301.5) and
 * String.Array (a JSON array of strings, numbers, true, false and null); Binary attributes are ignored.
 * Custom types (`String.x`, `Number.x`) behave as their base type (§10.2 default).
 */
function attributeField(attribute: ReferenceAttribute | undefined): Field | undefined {
  if (attribute === undefined) return undefined;
  const { DataType, StringValue = '' } = attribute;
  if (DataType === 'String.Array') {
    const elements = JSON.parse(StringValue) as unknown[];
    return { values: elements.map(leafOf), onlyNonLeaf: false };
  }
  if (DataType === 'Number' || DataType.startsWith('Number.')) {
    return { values: [{ type: 'number', scaled: scaled(Number(StringValue)) }], onlyNonLeaf: false };
  }
  if (DataType === 'String' || DataType.startsWith('String.')) {
    return { values: [{ type: 'string', value: StringValue }], onlyNonLeaf: false };
  }
  return undefined;
}

type Attributes = Readonly<Record<string, ReferenceAttribute>>;

function attributesVerdict(policy: PolicyNode, attributes: Attributes, context: Context): Verdict {
  const names = Object.keys(attributes);
  // ""exists": false only matches if at least one attribute is present. An empty set of attributes results in the
  // filter not matching." (Key matching, Note). Every other rule needs an attribute, so nothing matches.
  if (names.length === 0) return false;
  const lookup: Lookup = ([name]) => {
    const field = attributeField(name === undefined ? undefined : attributes[name]);
    return { field, presence: field, absence: field, excluded: field };
  };
  const verdict = policyMatches(policy, lookup, [], context);
  // Whether ignored Binary attributes count as "present" for that Note is not documented.
  const allBinary = names.every((name) => attributeField(attributes[name]) === undefined);
  return verdict === true && allBinary ? 'unsettled' : verdict;
}

// --- message body -------------------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

interface MutableField {
  values: Leaf[];
  onlyNonLeaf: boolean;
}

type Fields = ReadonlyMap<string, Field>;

/** Every key path of the body with the scalars found there; arrays, and arrays of objects, are walked through. */
function flatten(body: { [key: string]: Json }): Fields {
  const fields = new Map<string, MutableField>();
  const at = (path: string): MutableField => {
    let field = fields.get(path);
    if (field === undefined) {
      field = { values: [], onlyNonLeaf: true };
      fields.set(path, field);
    }
    return field;
  };
  const walk = (value: Json, path: string): void => {
    const field = at(path);
    if (Array.isArray(value)) {
      for (const element of value) walk(element, path);
    } else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, pathKey(path, key));
    } else {
      field.values.push(leafOf(value));
      field.onlyNonLeaf = false;
    }
  };
  for (const [key, child] of Object.entries(body)) walk(child, pathKey('', key));
  return fields;
}

/** Key paths joined by a character the generators never put in a key, so `a.b` and `{a:{b}}` stay apart. */
const pathKey = (prefix: string, key: string): string => (prefix === '' ? key : `${prefix}\u0000${key}`);

function hasLeaf(fields: Fields): boolean {
  for (const field of fields.values()) if (field.values.length > 0) return true;
  return false;
}

/**
 * The body with every array that holds objects replaced by one of its elements, in every combination. Event-ruler
 * does not combine fields from different elements of one array (§10.3 [E]); reading the body whole does.
 */
function choices(value: Json): Json[] {
  if (Array.isArray(value)) return holdsObject(value) ? value.flatMap(choices) : [value];
  if (!isObject(value)) return [value];
  let partial: { [key: string]: Json }[] = [{}];
  for (const [key, child] of Object.entries(value)) {
    const options = choices(child);
    partial = partial.flatMap((done) => options.map((option) => ({ ...done, [key]: option })));
  }
  return partial;
}

const holdsObject = (value: Json): boolean => isObject(value) || (Array.isArray(value) && value.some(holdsObject));

const MAX_CHOICES = 256;

function bodyVerdict(policy: PolicyNode, bodyText: string, context: Context): Verdict {
  let body: Json;
  try {
    body = JSON.parse(bodyText) as Json;
  } catch {
    return false;
  }
  // "The Message (body) must be a JSON object": otherwise nothing matches, not even exists:false (§10.3 [V]).
  if (!isObject(body)) return false;
  const whole = flatten(body);
  const evaluate = (values: Fields, presence: Fields, absence: Fields, excluded: Fields = absence): Verdict => {
    const lookup: Lookup = (path) => {
      const key = path.reduce(pathKey, '');
      const found = { field: values.get(key), presence: presence.get(key), absence: absence.get(key) };
      return { ...found, excluded: excluded.get(key) };
    };
    return policyMatches(policy, lookup, [], context);
  };
  // How fields of different elements of an array of objects combine is not documented. The outcome is settled
  // only where these readings agree: the body read whole; one element of each such array at a time; one element
  // at a time for value rules, the whole body for the negative rules, and for `exists: true` too or not; and
  // event-ruler's: `anything-but` matched by value, one element at a time, `exists: false` on the whole body.
  const expanded = choices(body).map((choice) => flatten(choice as { [key: string]: Json }));
  const readings: Verdict[] =
    expanded.length > MAX_CHOICES
      ? ['unsettled']
      : [
          evaluate(whole, whole, whole),
          any3(expanded.map((fields) => evaluate(fields, fields, fields))),
          any3(expanded.map((fields) => evaluate(fields, fields, whole))),
          any3(expanded.map((fields) => evaluate(fields, whole, whole))),
          any3(expanded.map((fields) => evaluate(fields, fields, whole, fields))),
        ];
  const verdict = readings.every((reading) => reading === readings[0]) ? readings[0]! : 'unsettled';
  // The Key matching Note speaks of "an empty set of attributes"; whether a body with no scalar at all is such a
  // set is not documented.
  return verdict === true && !hasLeaf(whole) ? 'unsettled' : verdict;
}

/** The reference's answer: does a subscription with this policy and scope accept this message? */
export function referenceMatch(
  policyJson: string,
  scope: Scope,
  message: ReferenceMessage,
  readings: Readings = {},
  departures: Departures = {},
): Verdict {
  const policy = JSON.parse(policyJson) as PolicyNode;
  const context: Context = { scope, readings, departures };
  return scope === 'MessageAttributes'
    ? attributesVerdict(policy, message.attributes ?? {}, context)
    : bodyVerdict(policy, message.body, context);
}
