/**
 * The options the matchers take after what they look for, checked once: a misuse throws (as every misuse of the
 * matchers does, so that `.not` cannot turn it into a pass).
 */
import { describeExpected } from './format.js';
import type { AttributeMatch } from './match.js';

/** toContainMessage's and toHavePublished's second argument. */
export interface MessageMatchOptions {
  /** Attributes the message carries, by name (see `AttributeMatch`); other attributes are ignored. */
  readonly attributes?: Readonly<Record<string, AttributeMatch>>;
  /** Exactly this many messages match; without it, at least one. */
  readonly times?: number;
}

/** toHaveMessagesInOrder's second argument. */
export interface OrderOptions {
  /** Only the messages of this FIFO message group. */
  readonly group?: string;
}

export function messageMatchOptions(value: unknown, matcher: string): MessageMatchOptions {
  const options = optionsObject(value, matcher, ['attributes', 'times']);
  const { attributes, times } = options as { attributes?: unknown; times?: unknown };
  if (attributes !== undefined && !isRecord(attributes)) {
    throw new TypeError(
      `${matcher}: attributes must be an object of attribute names, got ${describeExpected(attributes)}`,
    );
  }
  if (times !== undefined && !isCount(times)) {
    throw new TypeError(`${matcher}: times must be a whole number of 0 or more, got ${describeExpected(times)}`);
  }
  return options as MessageMatchOptions;
}

export function orderOptions(value: unknown, matcher: string): OrderOptions {
  const options = optionsObject(value, matcher, ['group']);
  const { group } = options as { group?: unknown };
  if (group !== undefined && typeof group !== 'string') {
    throw new TypeError(`${matcher}: group must be a message group id (a string), got ${describeExpected(group)}`);
  }
  return options as OrderOptions;
}

/** A whole number of 0 or more: what a count or `times` must be. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function optionsObject(value: unknown, matcher: string, keys: readonly string[]): object {
  if (value === undefined) return {};
  if (!isRecord(value))
    throw new TypeError(`${matcher}: the options must be an object, got ${describeExpected(value)}`);
  const unknown = Object.keys(value).filter((key) => !keys.includes(key));
  if (unknown.length > 0) {
    throw new TypeError(
      `${matcher}: unknown option ${unknown.map((key) => JSON.stringify(key)).join(', ')}; the options are ${keys.map((key) => JSON.stringify(key)).join(', ')}`,
    );
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
