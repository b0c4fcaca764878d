import { describe, expect, it } from 'vitest';
import { IndexedHeap } from '../../src/core/util/indexed-heap.js';
import { createIdSource } from '../../src/core/ids.js';

interface Item {
  key: number;
  name: string;
  slot: number;
}

function item(key: number, name = String(key)): Item {
  return { key, name, slot: -1 };
}

function heap(): IndexedHeap<Item> {
  return new IndexedHeap<Item>((a, b) => a.key < b.key, { get: (i) => i.slot, set: (i, index) => (i.slot = index) });
}

function drain(h: IndexedHeap<Item>): number[] {
  const keys: number[] = [];
  for (let next = h.pop(); next; next = h.pop()) keys.push(next.key);
  return keys;
}

/** Every parent is no greater than its children, and every item's slot is its index. */
function expectConsistent(h: IndexedHeap<Item>): void {
  const items = h.values();
  items.forEach((it, index) => {
    expect(it.slot).toBe(index);
    if (index > 0) expect(items[(index - 1) >> 1]!.key).toBeLessThanOrEqual(it.key);
  });
}

/** The library's seeded random source, so the randomized test is the same on every run. */
function prng(seed: number): () => number {
  return createIdSource(seed).random;
}

describe('IndexedHeap', () => {
  it('is empty at first', () => {
    const h = heap();
    expect(h.size).toBe(0);
    expect(h.peek()).toBeUndefined();
    expect(h.pop()).toBeUndefined();
  });

  it('pops items smallest first, whatever the push order', () => {
    const h = heap();
    for (const key of [5, 1, 4, 2, 3, 0, 9, 7]) h.push(item(key));
    expect(h.size).toBe(8);
    expect(h.peek()?.key).toBe(0);
    expect(drain(h)).toEqual([0, 1, 2, 3, 4, 5, 7, 9]);
  });

  it('keeps equal keys', () => {
    const h = heap();
    for (const key of [2, 1, 2, 1]) h.push(item(key));
    expect(drain(h)).toEqual([1, 1, 2, 2]);
  });

  it('records each item’s slot, and -1 once it left', () => {
    const h = heap();
    const a = item(1);
    const b = item(2);
    h.push(b);
    h.push(a);
    expectConsistent(h);
    expect(h.has(a) && h.has(b)).toBe(true);
    h.pop();
    expect(a.slot).toBe(-1);
    expect(h.has(a)).toBe(false);
  });

  it('removes an item from the middle and stays ordered', () => {
    const h = heap();
    const items = [8, 3, 6, 1, 9, 4, 7, 2, 5].map((k) => item(k));
    for (const i of items) h.push(i);
    expect(h.remove(items[1]!)).toBe(true); // key 3
    expect(h.remove(items[4]!)).toBe(true); // key 9
    expectConsistent(h);
    expect(h.size).toBe(7);
    expect(drain(h)).toEqual([1, 2, 4, 5, 6, 7, 8]);
  });

  it('removes the last and the only item', () => {
    const h = heap();
    const a = item(1);
    const b = item(2);
    h.push(a);
    h.push(b);
    expect(h.remove(b)).toBe(true);
    expect(h.remove(a)).toBe(true);
    expect(h.size).toBe(0);
    expect(h.peek()).toBeUndefined();
  });

  it('answers false when removing an item it does not hold', () => {
    const h = heap();
    const inside = item(1);
    h.push(inside);
    expect(h.remove(item(1))).toBe(false);
    expect(h.remove(inside)).toBe(true);
    expect(h.remove(inside)).toBe(false);
    expect(h.size).toBe(0);
  });

  it('does not mistake an item held by another heap at the same slot for its own', () => {
    const first = heap();
    const second = heap();
    const ours = item(1);
    const theirs = item(1);
    first.push(ours);
    second.push(theirs); // same slot 0 in another heap
    expect(first.has(theirs)).toBe(false);
    expect(first.remove(theirs)).toBe(false);
    expect(first.size).toBe(1);
  });

  it('restores order after a key decreases or increases', () => {
    const h = heap();
    const items = [10, 20, 30, 40, 50].map((k) => item(k));
    for (const i of items) h.push(i);
    items[4]!.key = 5;
    h.update(items[4]!);
    expect(h.peek()?.key).toBe(5);
    items[4]!.key = 60;
    h.update(items[4]!);
    items[0]!.key = 35;
    h.update(items[0]!);
    expectConsistent(h);
    expect(drain(h)).toEqual([20, 30, 35, 40, 60]);
  });

  it('clears every item and their slots', () => {
    const h = heap();
    const items = [3, 1, 2].map((k) => item(k));
    for (const i of items) h.push(i);
    h.clear();
    expect(h.size).toBe(0);
    expect(items.map((i) => i.slot)).toEqual([-1, -1, -1]);
    h.push(items[0]!);
    expect(drain(h)).toEqual([3]);
  });

  it('matches a sorted list over a long run of random pushes, pops, removes and updates', () => {
    const random = prng(42);
    const h = heap();
    let held: Item[] = [];
    for (let step = 0; step < 5_000; step++) {
      const roll = random();
      if (roll < 0.45 || held.length === 0) {
        const i = item(Math.floor(random() * 1_000));
        h.push(i);
        held.push(i);
      } else if (roll < 0.65) {
        const popped = h.pop()!;
        expect(popped.key).toBe(Math.min(...held.map((i) => i.key)));
        held = held.filter((i) => i !== popped);
      } else if (roll < 0.85) {
        const victim = held[Math.floor(random() * held.length)]!;
        expect(h.remove(victim)).toBe(true);
        held = held.filter((i) => i !== victim);
      } else {
        const changed = held[Math.floor(random() * held.length)]!;
        changed.key = Math.floor(random() * 1_000);
        h.update(changed);
      }
      expect(h.size).toBe(held.length);
    }
    expectConsistent(h);
    expect(drain(h)).toEqual(held.map((i) => i.key).sort((a, b) => a - b));
  });
});
