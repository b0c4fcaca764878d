/**
 * A record that keeps every item, or only the last `limit` (none for 0): the kept ones sit in a ring, so adding one
 * is O(1) however long the history. Published messages (`publishedHistory`) and invocations (`invocationHistory`)
 * are kept in one each.
 */
export class HistoryRing<T> implements Iterable<T> {
  private readonly kept: T[] = [];
  /** Where the oldest kept item is, once the ring is full. */
  private oldest = 0;

  constructor(readonly limit = Number.POSITIVE_INFINITY) {}

  get length(): number {
    return this.kept.length;
  }

  push(item: T): void {
    if (this.kept.length < this.limit) {
      this.kept.push(item);
    } else if (this.limit > 0) {
      const gone = this.kept[this.oldest]!;
      this.kept[this.oldest] = item;
      this.oldest = (this.oldest + 1) % this.kept.length;
      this.letGo(gone);
    } else {
      this.letGo(item);
    }
  }

  /** Hears of an item the ring lets go (or, at a limit of 0, never keeps). */
  protected letGo(_item: T): void {}

  /** The item pushed last, if it is kept. */
  newest(): T | undefined {
    if (this.kept.length === 0) return undefined;
    return this.kept[(this.oldest + this.kept.length - 1) % this.kept.length];
  }

  /** Oldest first. */
  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.kept.length; i++) yield this.kept[(this.oldest + i) % this.kept.length]!;
  }

  map<U>(each: (item: T) => U): U[] {
    const mapped: U[] = [];
    for (const item of this) mapped.push(each(item));
    return mapped;
  }
}
