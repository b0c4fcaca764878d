/**
 * The keys of a bucket in the order S3 lists them (docs/aws-behaviour/s3.md §2.7): ascending by their UTF-8 bytes. A
 * sorted array, seeked by binary search, so that a page of a 100,000-key listing costs what a page of a small one
 * does. Keys added or removed since the last listing wait in two small sets and are merged at the next read: a burst
 * of puts costs one sort, not a move of the array per key.
 */

/**
 * Order by UTF-8 bytes, which is code point order. JavaScript compares UTF-16 code units, which agrees except where a
 * surrogate (U+D800–U+DFFF, half of a character above U+FFFF) meets a character from U+E000 to U+FFFF: there the
 * character above U+FFFF comes last in UTF-8.
 */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === length) return a.length - b.length;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  if (x >= 0xd800 && y >= 0xd800) return rank(x) - rank(y);
  return x - y;
}

/** Surrogates above U+E000–U+FFFF, as their code points are. */
function rank(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit - 0x800;
}

/** The most keys waiting to be merged one by one; more are sorted and merged in one pass. */
const SMALL_BATCH = 16;

export class KeyIndex {
  private sorted: string[] = [];
  /** Keys present but not in `sorted` yet. */
  private readonly added = new Set<string>();
  /** Keys in `sorted` that are no longer present. */
  private readonly removed = new Set<string>();

  get size(): number {
    return this.sorted.length - this.removed.size + this.added.size;
  }

  /** `key` is now present (it was not). */
  add(key: string): void {
    if (!this.removed.delete(key)) this.added.add(key);
  }

  /** `key` is no longer present (it was). */
  remove(key: string): void {
    if (!this.added.delete(key)) this.removed.add(key);
  }

  clear(): void {
    this.sorted = [];
    this.added.clear();
    this.removed.clear();
  }

  /** Every key, in order: what a listing walks. */
  keys(): readonly string[] {
    this.settle();
    return this.sorted;
  }

  /** The position of the first key after `key` (or at it, `inclusive`). */
  seek(key: string, inclusive = false): number {
    const keys = this.keys();
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compareKeys(keys[middle]!, key);
      if (order < 0 || (order === 0 && !inclusive)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The position of the first key from `from` on that does not start with `prefix`. */
  pastPrefix(prefix: string, from: number): number {
    const keys = this.keys();
    let low = from;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const key = keys[middle]!;
      if (key.startsWith(prefix) || compareKeys(key, prefix) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private settle(): void {
    if (this.removed.size > 0) {
      if (this.removed.size <= SMALL_BATCH) {
        for (const key of this.removed) this.sorted.splice(this.position(key), 1);
      } else {
        const removed = this.removed;
        this.sorted = this.sorted.filter((key) => !removed.has(key));
      }
      this.removed.clear();
    }
    if (this.added.size > 0) {
      if (this.added.size <= SMALL_BATCH) {
        for (const key of this.added) this.sorted.splice(this.position(key), 0, key);
      } else {
        this.sorted = merge(this.sorted, [...this.added].sort(compareKeys));
      }
      this.added.clear();
    }
  }

  /** Where `key` is, or would go, in `sorted`. */
  private position(key: string): number {
    const keys = this.sorted;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareKeys(keys[middle]!, key) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function merge(a: readonly string[], b: readonly string[]): string[] {
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareKeys(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
