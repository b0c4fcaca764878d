/**
 * One page of a bucket's keys (docs/aws-behaviour/s3.md §2.7, §2.8, §2.12): from a position, under a prefix, with keys
 * that hold the delimiter after the prefix rolled up into common prefixes, each counting as one entry. A key counts as
 * the entries it expands to: itself for a listing of objects, its versions for ListObjectVersions, where a page may
 * stop inside a key. Seeks by binary search and skips a rolled-up prefix in one jump, so a page costs the same in a
 * bucket of any size.
 */
import type { KeyIndex } from './key-index.js';
import { compareKeys } from './key-index.js';

export interface PageRequest {
  readonly prefix: string;
  readonly delimiter: string | undefined;
  /** The page starts after this key or common prefix; undefined: at the start. */
  readonly after: string | undefined;
  /** Whether the page starts at the key `after` itself (a version-id marker goes on inside it). */
  readonly atAfter?: boolean;
  readonly maxKeys: number;
}

export interface Page<Entry> {
  readonly entries: readonly Entry[];
  readonly commonPrefixes: readonly string[];
  readonly truncated: boolean;
  /** The key or common prefix of the page's last entry: where the next one starts. */
  readonly last: string | undefined;
  /** The page's last entry, unless that was a common prefix. */
  readonly lastEntry: Entry | undefined;
}

/** The page's entries of one key: the key itself. */
export const itself = (key: string): readonly string[] => [key];

export function listPage<Entry>(
  index: KeyIndex,
  request: PageRequest,
  expand: (key: string) => Iterable<Entry>,
): Page<Entry> {
  const { prefix, delimiter, after, maxKeys } = request;
  const keys = index.keys();
  const fromAfter = after !== undefined && compareKeys(after, prefix) >= 0;
  let at = fromAfter ? index.seek(after, request.atAfter === true) : index.seek(prefix, true);
  // §2.8 [AWS-snap]: a marker at or inside a common prefix skips the whole of it.
  if (fromAfter && delimiter && after.startsWith(prefix)) {
    const cut = after.indexOf(delimiter, prefix.length);
    if (cut >= 0) at = index.pastPrefix(after.slice(0, cut + delimiter.length), at);
  }
  const entries: Entry[] = [];
  const prefixes: string[] = [];
  let last: string | undefined;
  let lastEntry: Entry | undefined;
  const page = (truncated: boolean): Page<Entry> => ({
    entries,
    commonPrefixes: prefixes,
    truncated,
    last,
    lastEntry,
  });
  while (at < keys.length) {
    const key = keys[at]!;
    if (!key.startsWith(prefix)) break;
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    if (cut >= 0) {
      if (entries.length + prefixes.length === maxKeys) return page(true);
      const common = key.slice(0, cut + delimiter!.length);
      prefixes.push(common);
      last = common;
      lastEntry = undefined;
      at = index.pastPrefix(common, at);
    } else {
      for (const entry of expand(key)) {
        if (entries.length + prefixes.length === maxKeys) return page(true);
        entries.push(entry);
        last = key;
        lastEntry = entry;
      }
      at++;
    }
  }
  return page(false);
}
