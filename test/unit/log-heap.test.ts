import { describe, expect, it } from 'vitest';
import { LogHeap } from '../../src/core/util/log-heap.js';
import { createIdSource } from '../../src/core/ids.js';

/** Keys are unique in every use (ties broken by a sequence), so items are ordered by (key, id). */
interface Item {
  key: number;
  id: number;
  slot: number;
}

let nextId = 0;
function item(key: number): Item {
  return { key, id: nextId++, slot: -1 };
}

const less = (a: Item, b: Item): boolean => a.key < b.key || (a.key === b.key && a.id < b.id);

function logHeap(): LogHeap<Item> {
  return new LogHeap<Item>(less, { get: (i) => i.slot, set: (i, slot) => (i.slot = slot) });
}

function drain(h: LogHeap<Item>): number[] {
  const keys: number[] = [];
  for (let next = h.pop(); next; next = h.pop()) keys.push(next.key);
  return keys;
}

/** The library's seeded random source, so the randomized tests are the same on every run. */
function prng(seed: number): () => number {
  return createIdSource(seed).random;
}

describe('LogHeap', () => {
  it('is empty at first', () => {
    const h = logHeap();
    expect(h.size).toBe(0);
    expect(h.peek()).toBeUndefined();
    expect(h.pop()).toBeUndefined();
    expect(h.values()).toEqual([]);
  });

  it('keeps items pushed in order in its log, and others in its heap, and pops them all in order', () => {
    const h = logHeap();
    const inOrder = [1, 2, 2, 5, 9].map(item);
    for (const i of inOrder) h.push(i);
    expect(inOrder.every((i) => i.slot >= 0)).toBe(true); // log tickets
    const late = [0, 3, 4].map(item);
    for (const i of late) h.push(i);
    expect(late.every((i) => i.slot <= -2)).toBe(true); // heap positions
    expect(h.size).toBe(8);
    expect(h.peek()?.key).toBe(0);
    expect(drain(h)).toEqual([0, 1, 2, 2, 3, 4, 5, 9]);
    expect([...inOrder, ...late].every((i) => i.slot === -1)).toBe(true);
  });

  it('removes items from inside the log, at its end and at its front, and from its heap', () => {
    const h = logHeap();
    const items = [1, 2, 3, 4, 5, 6].map(item);
    for (const i of items) h.push(i);
    const early = item(0);
    h.push(early);
    expect(h.remove(items[2]!)).toBe(true); // a hole
    expect(h.remove(items[5]!)).toBe(true); // the end
    expect(h.remove(items[0]!)).toBe(true); // the front
    expect(h.remove(early)).toBe(true); // the heap
    expect(h.remove(early)).toBe(false);
    expect(h.remove(items[2]!)).toBe(false);
    expect(h.has(items[1]!)).toBe(true);
    expect(h.has(items[2]!)).toBe(false);
    expect(h.size).toBe(3);
    expect(
      h
        .values()
        .map((i) => i.key)
        .sort(),
    ).toEqual([2, 4, 5]);
    // After the end was removed, the log's last item is 5: a 5 goes on (equal keys, later id), a 4 to the heap.
    const five = item(5);
    const four = item(4);
    h.push(five);
    h.push(four);
    expect(five.slot).toBeGreaterThanOrEqual(0);
    expect(four.slot).toBeLessThanOrEqual(-2);
    expect(drain(h)).toEqual([2, 4, 4, 5, 5]);
  });

  it('trims holes at the end, so what follows is compared with the last item still there', () => {
    const h = logHeap();
    const [a, b, c] = [10, 20, 30].map(item);
    for (const i of [a!, b!, c!]) h.push(i);
    h.remove(b!);
    h.remove(c!); // the log is now [10]
    const fifteen = item(15);
    h.push(fifteen);
    expect(fifteen.slot).toBeGreaterThanOrEqual(0);
    expect(drain(h)).toEqual([10, 15]);
  });

  it('does not mistake an item of another structure at the same ticket for its own', () => {
    const first = logHeap();
    const second = logHeap();
    const ours = item(1);
    const theirs = item(1);
    first.push(ours);
    second.push(theirs);
    expect(first.has(theirs)).toBe(false);
    expect(first.remove(theirs)).toBe(false);
    expect(first.size).toBe(1);
  });

  it('restores order after a key changes, in the log or in the heap', () => {
    const h = logHeap();
    const items = [10, 20, 30, 40, 50].map(item);
    for (const i of items) h.push(i);
    items[4]!.key = 5;
    h.update(items[4]!);
    expect(h.peek()?.key).toBe(5);
    items[4]!.key = 60;
    h.update(items[4]!);
    items[0]!.key = 35;
    h.update(items[0]!);
    expect(drain(h)).toEqual([20, 30, 35, 40, 60]);
  });

  it('clears every item and their slots, and takes items again afterwards', () => {
    const h = logHeap();
    const items = [1, 2, 0].map(item);
    for (const i of items) h.push(i);
    h.clear();
    expect(h.size).toBe(0);
    expect(items.map((i) => i.slot)).toEqual([-1, -1, -1]);
    h.push(items[2]!);
    h.push(items[0]!);
    expect(drain(h)).toEqual([0, 1]);
  });

  it('shifts and squeezes a long log without losing an item or its place', () => {
    const h = logHeap();
    const items = Array.from({ length: 10_000 }, (_, k) => item(k));
    for (const i of items) h.push(i);
    for (let k = 0; k < 3_000; k++) expect(h.pop()).toBe(items[k]); // the front moves on: a shift
    for (let k = 3_000; k < 10_000; k += 3) h.remove(items[k]!); // holes inside
    for (let k = 3_001; k < 10_000; k += 3) h.remove(items[k]!); // two thirds are holes: a squeeze
    const left = items.filter((_, k) => k >= 3_000 && (k - 3_000) % 3 === 2);
    expect(h.size).toBe(left.length);
    for (const i of left) expect(h.has(i)).toBe(true);
    expect(h.remove(left[10]!)).toBe(true);
    expect(drain(h)).toEqual(left.filter((_, k) => k !== 10).map((i) => i.key));
  });

  it('matches a sorted list over long random runs, mostly in order as queues are', () => {
    for (const seed of [1, 2, 3, 42]) {
      const random = prng(seed);
      const h = logHeap();
      let held: Item[] = [];
      let clock = 0;
      for (let step = 0; step < 6_000; step++) {
        const roll = random();
        if (roll < 0.45 || held.length === 0) {
          // Mostly the next time; sometimes an earlier one, as a dead-letter or a returned message would be.
          clock += Math.floor(random() * 3);
          const i = item(random() < 0.8 ? clock : Math.floor(random() * clock));
          h.push(i);
          held.push(i);
        } else if (roll < 0.7) {
          const popped = h.pop()!;
          const smallest = held.reduce((min, i) => (less(i, min) ? i : min));
          expect(popped).toBe(smallest);
          held = held.filter((i) => i !== popped);
        } else if (roll < 0.9) {
          const victim = held[Math.floor(random() * held.length)]!;
          expect(h.remove(victim)).toBe(true);
          held = held.filter((i) => i !== victim);
        } else {
          const changed = held[Math.floor(random() * held.length)]!;
          changed.key = Math.floor(random() * (clock + 10));
          h.update(changed);
        }
        expect(h.size).toBe(held.length);
        if (step % 500 === 0) expect(new Set(h.values())).toEqual(new Set(held));
      }
      expect(drain(h)).toEqual(held.sort((a, b) => (less(a, b) ? -1 : 1)).map((i) => i.key));
    }
  });
});
