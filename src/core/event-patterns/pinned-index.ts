import type { CompiledAlternatives } from './compile.js';

/**
 * The exact strings a compiled pattern requires at one key: it can match only an event with one of `values` there.
 * `key` is the index's name for the place the values are read from (a path, or a path in a namespace of the user's).
 */
export interface Pinned {
  readonly key: string;
  readonly values: ReadonlySet<string>;
}

/**
 * The first of `paths` (as the key) that every `$or` alternative of a pattern pins, with the union of the strings
 * they allow there; undefined when none is pinned so. A condition pins its path when each of its rules is an exact
 * string that is not an IP address: a prefix, anything-but, `exists` (either way), a number or an IP address (which
 * event-ruler matches as an address, so other spellings meet it) would let other values through. Such a condition
 * holds only for a string value in its set (for an array, some element in it), so an event without one of
 * `values` at the path fails every alternative.
 */
export function pinnedValues(alternatives: CompiledAlternatives, paths: Iterable<string>): Pinned | undefined {
  const { list } = alternatives;
  if (list.length === 0) return undefined;
  for (const path of paths) {
    const values = new Set<string>();
    const pinsAll = list.every((alternative) => {
      const condition = alternative.find((candidate) => candidate.path === path);
      if (condition === undefined) return false;
      return condition.rules.every((rule) => {
        if (rule.kind !== 'exact-string' || rule.ip !== undefined) return false;
        values.add(rule.value);
        return true;
      });
    });
    if (pinsAll) return { key: path, values };
  }
  return undefined;
}

/** Every item filed under the key is a candidate: the index cannot tell the event's values there. */
export const ANY_VALUE = 'any value';

/**
 * What an event has at an index key: its values (only strings can meet a pinned key), or ANY_VALUE.
 */
export type ValuesAt = (key: string) => Iterable<unknown> | typeof ANY_VALUE | undefined;

interface Filed<T> {
  readonly lists: Entry<T>[][];
  readonly entry: Entry<T>;
  readonly pinned: Pinned | undefined;
}

interface Entry<T> {
  readonly item: T;
  /** The item's place among its owner's items: candidates follow it. */
  readonly order: number;
}

/**
 * Items (EventBridge rules, SNS subscriptions) filed by the exact values their compiled patterns require at one key
 * (`pinnedValues`), so that an event looks only at the items that can match it: those filed under its own values
 * and those that pin nothing, which are checked against every event. Candidates still have to be matched in full:
 * the index only leaves out items that cannot match, and gives the rest in their owner's order (`order`, which the
 * owner keeps consistent with its own), each once.
 */
export class PinnedIndex<T> {
  private readonly byKey = new Map<string, Map<string, Entry<T>[]>>();
  /** Items that pin nothing: candidates for every event. */
  private readonly always: Entry<T>[] = [];
  /** Where each item is filed, to take it out again. */
  private readonly filed = new Map<T, Filed<T>>();
  /** The lists a `candidates` call found, reused by the next. */
  private readonly found: Entry<T>[][] = [];
  /** Each list's items as `candidates` gave them; dropped (not changed) when the list changes. */
  private readonly listItems = new WeakMap<Entry<T>[], readonly T[]>();

  /** Whether some item is filed under a key (otherwise every filed item is a candidate for every event). */
  get pinsAny(): boolean {
    return this.byKey.size > 0;
  }

  /** Files `item` afresh at `order`, under `pinned`, or as a candidate for every event when undefined. */
  file(item: T, order: number, pinned: Pinned | undefined): void {
    this.remove(item);
    const entry: Entry<T> = { item, order };
    const lists: Entry<T>[][] = [];
    if (pinned === undefined) lists.push(this.always);
    else {
      let byValue = this.byKey.get(pinned.key);
      if (byValue === undefined) this.byKey.set(pinned.key, (byValue = new Map()));
      for (const value of pinned.values) {
        let list = byValue.get(value);
        if (list === undefined) byValue.set(value, (list = []));
        lists.push(list);
      }
    }
    for (const list of lists) {
      insertInOrder(list, entry);
      this.listItems.delete(list);
    }
    this.filed.set(item, { lists, entry, pinned });
  }

  remove(item: T): void {
    const filed = this.filed.get(item);
    if (filed === undefined) return;
    for (const list of filed.lists) {
      list.splice(list.indexOf(filed.entry), 1);
      this.listItems.delete(list);
    }
    this.filed.delete(item);
    if (filed.pinned !== undefined) this.dropEmpty(filed.pinned);
  }

  clear(): void {
    this.byKey.clear();
    this.always.length = 0;
    this.listItems.delete(this.always);
    this.filed.clear();
  }

  /**
   * The items that may match an event whose values at each key `valuesAt` tells, in order, each once. Read only: when
   * one list holds them all, that list's items are given as kept (until an item is filed or removed there).
   */
  candidates(valuesAt: ValuesAt): readonly T[] {
    // Reused: candidates never runs inside itself (valuesAt only reads the event).
    const found = this.found;
    found.length = 0;
    if (this.always.length > 0) found.push(this.always);
    for (const [key, byValue] of this.byKey) {
      const values = valuesAt(key);
      if (values === undefined) continue;
      if (values === ANY_VALUE) {
        for (const list of byValue.values()) if (list.length > 0) found.push(list);
        continue;
      }
      // Each value once; most events have one value at a key, which needs no set.
      let first: string | undefined;
      let seen: Set<string> | undefined;
      for (const value of values) {
        if (typeof value !== 'string') continue;
        if (first === undefined) first = value;
        else if (value === first) continue;
        else {
          seen ??= new Set([first]);
          if (seen.has(value)) continue;
          seen.add(value);
        }
        const list = byValue.get(value);
        if (list !== undefined && list.length > 0) found.push(list);
      }
    }
    if (found.length === 0) return NO_ITEMS;
    if (found.length === 1) return this.itemsOf(found[0]!);
    return mergeInOrder(found);
  }

  /** The items of one list, in order, made once per change of the list. */
  private itemsOf(list: Entry<T>[]): readonly T[] {
    let items = this.listItems.get(list);
    if (items === undefined) this.listItems.set(list, (items = list.map((entry) => entry.item)));
    return items;
  }

  /** Forgets the values and key of `pinned` no item is filed under any more, so `pinsAny` stays exact. */
  private dropEmpty({ key, values }: Pinned): void {
    const byValue = this.byKey.get(key)!;
    for (const value of values) if (byValue.get(value)?.length === 0) byValue.delete(value);
    if (byValue.size === 0) this.byKey.delete(key);
  }
}

function insertInOrder<T>(list: Entry<T>[], entry: Entry<T>): void {
  let at = list.length;
  while (at > 0 && list[at - 1]!.order > entry.order) at--;
  list.splice(at, 0, entry);
}

const NO_ITEMS: readonly never[] = Object.freeze([]);

/**
 * Merges two or more lists each sorted by order into one, dropping an item met twice (filed under two values an event
 * has).
 */
function mergeInOrder<T>(lists: readonly Entry<T>[][]): T[] {
  const merged = lists.flat().sort((a, b) => a.order - b.order);
  const items: T[] = [];
  let previous: Entry<T> | undefined;
  for (const entry of merged) {
    if (entry !== previous) items.push(entry.item);
    previous = entry;
  }
  return items;
}
