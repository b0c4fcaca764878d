import type { EventFields, EventPattern } from '../event-patterns/index.js';

/**
 * What the index needs of a rule: whether it can match an event at all (enabled, with a pattern) and its compiled
 * pattern. Kept structural so that the index imports nothing of the bus.
 */
export interface IndexedRule {
  readonly enabled: boolean;
  readonly settings: { readonly eventPattern: { readonly compiled: EventPattern } | undefined };
}

/** The event keys a rule can be filed under, in the order they are tried: the first one a pattern pins wins. */
const INDEXED_PATHS = ['source', 'detail-type'] as const;
type IndexedPath = (typeof INDEXED_PATHS)[number];

interface Entry<R> {
  readonly rule: R;
  /** The rule's place among the bus's rules: routes follow it. */
  readonly order: number;
}

/**
 * A bus's rules filed by the values their patterns require of `source` (else of `detail-type`), so that routing an
 * event looks only at the rules that can match it: those filed under the event's own values and those that pin
 * neither key (docs/aws-behaviour/eventbridge.md §2.3). A pattern pins a key when every `$or` alternative lists
 * exact strings for it and nothing else (no prefix, anything-but, exists: false or IP address, which match other
 * spellings). Only enabled rules with a pattern are filed. Candidates are still matched in full: the index only
 * leaves out rules that cannot match, so routing is what a scan of every rule gives, in the bus's rule order.
 */
export class RuleIndex<R extends IndexedRule> {
  private readonly byValue = new Map<IndexedPath, Map<string, Entry<R>[]>>(
    INDEXED_PATHS.map((path) => [path, new Map()]),
  );
  /** Rules that pin neither key: checked against every event. */
  private readonly always: Entry<R>[] = [];
  /** Where each rule is filed, to take it out again. */
  private readonly filed = new Map<R, { readonly lists: Entry<R>[][]; readonly entry: Entry<R> }>();

  /** Files `rule` afresh at `order` (its place among the bus's rules), after any change to its pattern or state. */
  update(rule: R, order: number): void {
    this.remove(rule);
    const pattern = rule.settings.eventPattern;
    if (!rule.enabled || pattern === undefined) return;
    const entry: Entry<R> = { rule, order };
    const lists: Entry<R>[][] = [];
    const pinned = pinnedValues(pattern.compiled);
    if (pinned === undefined) lists.push(this.always);
    else {
      const byValue = this.byValue.get(pinned.path)!;
      for (const value of pinned.values) {
        let list = byValue.get(value);
        if (list === undefined) byValue.set(value, (list = []));
        lists.push(list);
      }
    }
    for (const list of lists) insertInOrder(list, entry);
    this.filed.set(rule, { lists, entry });
  }

  remove(rule: R): void {
    const filed = this.filed.get(rule);
    if (filed === undefined) return;
    for (const list of filed.lists) list.splice(list.indexOf(filed.entry), 1);
    this.filed.delete(rule);
  }

  clear(): void {
    for (const byValue of this.byValue.values()) byValue.clear();
    this.always.length = 0;
    this.filed.clear();
  }

  /** The rules that may match an event with these fields, in the bus's rule order, each once. */
  candidates(fields: EventFields | null): R[] {
    const lists: Entry<R>[][] = [this.always];
    if (fields !== null) {
      for (const path of INDEXED_PATHS) {
        const byValue = this.byValue.get(path)!;
        if (byValue.size === 0) continue;
        const seen = new Set<string>();
        for (const value of fields.get(path)?.values ?? []) {
          if (typeof value !== 'string' || seen.has(value)) continue;
          seen.add(value);
          const list = byValue.get(value);
          if (list !== undefined) lists.push(list);
        }
      }
    }
    return mergeInOrder(lists.filter((list) => list.length > 0));
  }
}

/**
 * The first indexed key for which every alternative of `pattern` accepts only exact strings, with the union of
 * those strings; undefined when no key is pinned so.
 */
function pinnedValues(pattern: EventPattern): { path: IndexedPath; values: Set<string> } | undefined {
  for (const path of INDEXED_PATHS) {
    const values = new Set<string>();
    const pinsAll = pattern.alternatives.list.every((alternative) => {
      const condition = alternative.find((candidate) => candidate.path === path);
      if (condition === undefined) return false;
      return condition.rules.every((rule) => {
        if (rule.kind !== 'exact-string' || rule.ip !== undefined) return false;
        values.add(rule.value);
        return true;
      });
    });
    if (pinsAll && pattern.alternatives.list.length > 0) return { path, values };
  }
  return undefined;
}

function insertInOrder<R>(list: Entry<R>[], entry: Entry<R>): void {
  let at = list.length;
  while (at > 0 && list[at - 1]!.order > entry.order) at--;
  list.splice(at, 0, entry);
}

/** Merges lists each sorted by order into one, dropping a rule met twice (filed under two values an event has). */
function mergeInOrder<R>(lists: readonly Entry<R>[][]): R[] {
  if (lists.length === 1) return lists[0]!.map((entry) => entry.rule);
  const merged = lists.flat().sort((a, b) => a.order - b.order);
  const rules: R[] = [];
  let previous: Entry<R> | undefined;
  for (const entry of merged) {
    if (entry !== previous) rules.push(entry.rule);
    previous = entry;
  }
  return rules;
}
