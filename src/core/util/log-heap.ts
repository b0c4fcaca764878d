import { IndexedHeap } from './indexed-heap.js';

/**
 * A priority queue for items that mostly arrive in order, as a queue's do: messages are sent in sequence and at
 * non-decreasing times, and received with the same visibility timeout. An item that sorts no earlier than the last
 * one appended joins the end of a log, and leaves it from the front, in O(1) and touching only its neighbours; any
 * other item goes to a binary heap (IndexedHeap). The front of the whole is the smaller of the log's front and the
 * heap's top, so items leave in exactly the order a heap alone would give them, while a million-item queue that is
 * worked in order no longer pays log n cache misses per step.
 *
 * Removing an item from inside the log leaves a hole, skipped at the front, trimmed at the end, and squeezed out once
 * holes make up half the log. Each item keeps one slot number: its ticket in the log (>= 0, never reused), or
 * -2 - its heap index, or -1 when it is in neither. An item's key must not change while it is in: remove it first,
 * or change it and call `update` at once.
 */
export class LogHeap<T extends object> {
  private log: (T | undefined)[] = [];
  /** The ticket of `log[0]`. */
  private base = 0;
  /** Index in `log` of the first entry that may be an item; before it there are only holes. */
  private head = 0;
  private holes = 0;
  private readonly heap: IndexedHeap<T>;

  constructor(
    private readonly less: (a: T, b: T) => boolean,
    private readonly slot: { get(item: T): number; set(item: T, slot: number): void },
  ) {
    this.heap = new IndexedHeap<T>(less, {
      get: (item) => {
        const value = slot.get(item);
        return value <= -2 ? -2 - value : -1;
      },
      set: (item, index) => slot.set(item, index < 0 ? -1 : -2 - index),
    });
  }

  get size(): number {
    return this.log.length - this.head - this.holes + this.heap.size;
  }

  has(item: T): boolean {
    const value = this.slot.get(item);
    if (value >= 0) return this.log[value - this.base] === item;
    return value <= -2 && this.heap.has(item);
  }

  peek(): T | undefined {
    const first = this.logFront();
    const top = this.heap.peek();
    if (first === undefined) return top;
    if (top === undefined) return first;
    return this.less(top, first) ? top : first;
  }

  push(item: T): void {
    // The log never ends in a hole (see remove), so its last entry is its greatest item.
    const last = this.log.length > this.head ? this.log[this.log.length - 1] : undefined;
    if (last !== undefined && this.less(item, last)) {
      this.heap.push(item);
      return;
    }
    this.slot.set(item, this.base + this.log.length);
    this.log.push(item);
  }

  pop(): T | undefined {
    const top = this.peek();
    if (top !== undefined) this.remove(top);
    return top;
  }

  remove(item: T): boolean {
    const value = this.slot.get(item);
    if (value >= 0) {
      const index = value - this.base;
      if (this.log[index] !== item) return false;
      this.slot.set(item, -1);
      if (index === this.log.length - 1) {
        this.log.pop();
        while (this.log.length > this.head && this.log[this.log.length - 1] === undefined) {
          this.log.pop();
          this.holes--;
        }
      } else {
        this.log[index] = undefined;
        this.holes++;
      }
      this.tidy();
      return true;
    }
    return value <= -2 && this.heap.remove(item);
  }

  /** Restores order after the item's key changed. */
  update(item: T): void {
    if (this.remove(item)) this.push(item);
  }

  clear(): void {
    for (let i = this.head; i < this.log.length; i++) {
      const item = this.log[i];
      if (item !== undefined) this.slot.set(item, -1);
    }
    this.base += this.log.length;
    this.log = [];
    this.head = 0;
    this.holes = 0;
    this.heap.clear();
  }

  /** Every item, in no particular order. */
  values(): T[] {
    const items: T[] = [];
    for (let i = this.head; i < this.log.length; i++) {
      const item = this.log[i];
      if (item !== undefined) items.push(item);
    }
    return items.concat(this.heap.values());
  }

  /** The first item of the log, past the holes at its front. */
  private logFront(): T | undefined {
    while (this.head < this.log.length) {
      const item = this.log[this.head];
      if (item !== undefined) return item;
      this.head++;
      this.holes--;
    }
    return undefined;
  }

  /** Drops the holes at the front and, once holes are half the log, squeezes them out. */
  private tidy(): void {
    this.logFront();
    const length = this.log.length - this.head;
    if (length === 0) {
      this.base += this.log.length;
      this.log.length = 0;
      this.head = 0;
      this.holes = 0;
    } else if (this.head > 1024 && this.head * 2 > this.log.length) {
      // Shift the front away; tickets stay valid, as `base` moves with it.
      this.log = this.log.slice(this.head);
      this.base += this.head;
      this.head = 0;
    } else if (this.holes > 1024 && this.holes * 2 > length) {
      this.squeeze();
    }
  }

  /** Rewrites the log without holes, with new tickets. */
  private squeeze(): void {
    const items: T[] = [];
    for (let i = this.head; i < this.log.length; i++) {
      const item = this.log[i];
      if (item !== undefined) items.push(item);
    }
    this.base += this.log.length;
    items.forEach((item, index) => this.slot.set(item, this.base + index));
    this.log = items;
    this.head = 0;
    this.holes = 0;
  }
}
