import { textOf } from '../../../core/util/text.js';

/**
 * A map-of-strings member (`Attributes`, `attributes`) as the query protocol carries it: each entry whose value is
 * not null, its value as text, as the SDK's serializer writes it. An empty map, or one of nulls, goes out as nothing at
 * all, which SNS reads as a missing member (docs/aws-behaviour/sns.md §14.3): the answer is then undefined.
 */
export function givenStringMap(value: unknown): Map<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const map = new Map<string, string>();
  for (const key of Object.keys(value)) {
    const entry: unknown = (value as Record<string, unknown>)[key];
    if (entry !== undefined && entry !== null) map.set(key, textOf(entry));
  }
  return map.size > 0 ? map : undefined;
}

/** A list-of-strings member as the query protocol carries it: its non-null items as text; a non-list, nothing. */
export function givenStringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return (value as unknown[]).filter((item) => item !== undefined && item !== null).map((item) => textOf(item));
}

/** A string member as the query protocol carries it (`String(value)`); absent or null, undefined. */
export function givenText(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : textOf(value);
}
