// Not the index: SNS loads with the package, the rest of the event patterns with EventBridge (scripts/bundle.mjs).
import { flattenEvent, type EventFields } from '../../../core/event-patterns/fields.js';
import type { Leaf } from '../../../core/event-patterns/values.js';

/** A message attribute as Publish received it (the SDK's `MessageAttributeValue` shape). */
export interface FilterMessageAttribute {
  DataType: string;
  StringValue?: string;
  BinaryValue?: Uint8Array;
}

/** One attribute as filters see it (docs/aws-behaviour/sns.md §10.2). */
export type AttributeValue =
  /** Not sent, or ignored: Binary attributes [D], or a `String.Array` with no scalar element. */
  | { readonly kind: 'absent' }
  /** A `String.Array` that is not a JSON array, or a `Number` that is not a number: it matches no rule [I]. */
  | { readonly kind: 'invalid' }
  | { readonly kind: 'scalar'; readonly leaf: Leaf }
  | { readonly kind: 'array'; readonly leaves: readonly Leaf[] };

/**
 * One published message as filters see it. Built once per Publish (or batch entry) and shared by every
 * subscription's policy: each attribute is converted, and the body parsed and flattened, at most once, on first use.
 */
export interface FilterInput {
  readonly attributes: Readonly<Record<string, FilterMessageAttribute>>;
  readonly body: string;
  /** Number of attributes the message carries, of any type. */
  readonly attributeCount: number;
  /** The named attribute, converted on first use and cached. */
  attributeValue(name: string): AttributeValue;
  /** The body flattened to dotted key paths, computed on first use; null when the body is not a JSON object. */
  bodyFields(): EventFields | null;
}

export function filterInput(
  attributes: Readonly<Record<string, FilterMessageAttribute>> | undefined,
  body: string,
): FilterInput {
  return new MessageView(attributes ?? {}, body);
}

const ABSENT: AttributeValue = { kind: 'absent' };
const INVALID: AttributeValue = { kind: 'invalid' };

class MessageView implements FilterInput {
  readonly attributeCount: number;
  private readonly converted = new Map<string, AttributeValue>();
  /** undefined until the body is first needed. */
  private flattened: EventFields | null | undefined;

  constructor(
    readonly attributes: Readonly<Record<string, FilterMessageAttribute>>,
    readonly body: string,
  ) {
    this.attributeCount = Object.keys(attributes).length;
  }

  attributeValue(name: string): AttributeValue {
    let value = this.converted.get(name);
    if (value === undefined) {
      // Own properties only: a policy key such as "constructor" must not find Object.prototype members.
      value = Object.hasOwn(this.attributes, name) ? convertAttribute(this.attributes[name]) : ABSENT;
      this.converted.set(name, value);
    }
    return value;
  }

  bodyFields(): EventFields | null {
    if (this.flattened === undefined) this.flattened = flattenEvent(this.body);
    return this.flattened;
  }
}

/** `String`, `Number` or `Binary`, optionally followed by a custom label (`String.colour`), which is ignored [I]. */
const BASE_TYPE = /^(String|Number|Binary)(?:\.|$)/;
/** The decimal syntax SNS accepts in a Number attribute; `3.015e2` is 301.5. */
const NUMBER_SYNTAX = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function convertAttribute(attribute: FilterMessageAttribute | undefined): AttributeValue {
  if (attribute === undefined || attribute.StringValue === undefined) return ABSENT;
  const text = attribute.StringValue;
  if (attribute.DataType === 'String.Array') return convertStringArray(text);
  const type = attribute.DataType;
  // A plain base type is found without a match object.
  switch (type === 'String' || type === 'Number' ? type : BASE_TYPE.exec(type)?.[1]) {
    case 'String':
      return { kind: 'scalar', leaf: text };
    case 'Number':
      return NUMBER_SYNTAX.test(text) ? { kind: 'scalar', leaf: Number(text) } : INVALID;
    default:
      // Binary (filtering ignores it [D]) and types Publish would have refused.
      return ABSENT;
  }
}

/**
 * A `String.Array` is a JSON array whose elements are matched one by one: strings as strings, numbers as numbers,
 * `true`/`false`/`null` as literals [D/I]. Nested arrays are crushed as event-ruler crushes them; objects hold no
 * value for this key and are skipped [I].
 */
function convertStringArray(text: string): AttributeValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return INVALID;
  }
  if (!Array.isArray(parsed)) return INVALID;
  const leaves: Leaf[] = [];
  // A stack, not recursion: the value may nest deeper than the call stack allows. Order does not matter.
  const pending: unknown[][] = [parsed];
  for (let items = pending.pop(); items !== undefined; items = pending.pop()) {
    for (const item of items) {
      if (Array.isArray(item)) pending.push(item);
      else if (typeof item !== 'object' || item === null) leaves.push(item as Leaf);
    }
  }
  return leaves.length === 0 ? ABSENT : { kind: 'array', leaves };
}
