/**
 * A binary min-heap whose items remember their own position, so an item can be removed or re-keyed
 * in O(log n) without a search. Message stores keep one per ordering they need.
 */

export class IndexedHeap<T extends object> {
  private readonly items: T[] = [];

  constructor(
    private readonly less: (a: T, b: T) => boolean,
    private readonly slot: { get(item: T): number; set(item: T, index: number): void },
  ) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  has(item: T): boolean {
    const index = this.slot.get(item);
    return index >= 0 && this.items[index] === item;
  }

  push(item: T): void {
    this.items.push(item);
    this.slot.set(item, this.items.length - 1);
    this.siftUp(this.items.length - 1);
  }

  pop(): T | undefined {
    const top = this.items[0];
    if (top !== undefined) this.removeAt(0);
    return top;
  }

  remove(item: T): boolean {
    if (!this.has(item)) return false;
    this.removeAt(this.slot.get(item));
    return true;
  }

  /** Restores order after the item's key changed. */
  update(item: T): void {
    const index = this.slot.get(item);
    if (!this.siftUp(index)) this.siftDown(index);
  }

  clear(): void {
    for (const item of this.items) this.slot.set(item, -1);
    this.items.length = 0;
  }

  /** Every item, in no particular order. */
  values(): readonly T[] {
    return this.items;
  }

  private removeAt(index: number): void {
    const removed = this.items[index]!;
    const last = this.items.pop()!;
    this.slot.set(removed, -1);
    if (index < this.items.length) {
      this.items[index] = last;
      this.slot.set(last, index);
      if (!this.siftUp(index)) this.siftDown(index);
    }
  }

  private siftUp(start: number): boolean {
    let index = start;
    const item = this.items[index]!;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = this.items[parentIndex]!;
      if (!this.less(item, parent)) break;
      this.items[index] = parent;
      this.slot.set(parent, index);
      index = parentIndex;
    }
    this.items[index] = item;
    this.slot.set(item, index);
    return index !== start;
  }

  private siftDown(start: number): void {
    let index = start;
    const length = this.items.length;
    const item = this.items[index]!;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      let child = left;
      if (right < length && this.less(this.items[right]!, this.items[left]!)) child = right;
      const childItem = this.items[child]!;
      if (!this.less(childItem, item)) break;
      this.items[index] = childItem;
      this.slot.set(childItem, index);
      index = child;
    }
    this.items[index] = item;
    this.slot.set(item, index);
  }
}
