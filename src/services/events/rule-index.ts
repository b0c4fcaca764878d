import type { EventFields, EventPattern } from '../../core/event-patterns/index.js';
import { PinnedIndex, pinnedValues } from '../../core/event-patterns/pinned-index.js';

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

/**
 * A bus's rules filed by the values their patterns require of `source` (else of `detail-type`), so that routing an
 * event looks only at the rules that can match it: those filed under the event's own values and those that pin
 * neither key (docs/aws-behaviour/eventbridge.md §2.3). A pattern pins a key when every `$or` alternative lists
 * exact strings for it and nothing else (src/core/event-patterns/pinned-index.ts, shared with SNS's subscriptions).
 * Only enabled rules with a pattern are filed. Candidates are still matched in full: the index only leaves out rules
 * that cannot match, so routing is what a scan of every rule gives, in the bus's rule order.
 */
export class RuleIndex<R extends IndexedRule> {
  private readonly index = new PinnedIndex<R>();

  /** Files `rule` afresh at `order` (its place among the bus's rules), after any change to its pattern or state. */
  update(rule: R, order: number): void {
    const pattern = rule.settings.eventPattern;
    if (!rule.enabled || pattern === undefined) return this.index.remove(rule);
    this.index.file(rule, order, pinnedValues(pattern.compiled.alternatives, INDEXED_PATHS));
  }

  remove(rule: R): void {
    this.index.remove(rule);
  }

  clear(): void {
    this.index.clear();
  }

  /** The rules that may match an event with these fields, in the bus's rule order, each once. */
  candidates(fields: EventFields | null): readonly R[] {
    return this.index.candidates((path) => fields?.get(path)?.values);
  }
}
