/**
 * The EventBridge matchers: `expect(aws.events.bus()).toHaveRouted(detail, { to })` (or of a replay, what it sent
 * again) and `expect(aws.events.rule(name)).toHaveMatched(detail)` (or of an archive, what it holds). An event's
 * `detail` matches as `toMatchObject` reads it (match.ts `containsDeep`), asymmetric matchers included. A failure says,
 * for the closest events (a few), which rule's pattern failed on which field (the pattern engine's `explainMiss`,
 * worded only then), and ends with their journeys.
 */
import type { BusView, EventRecord, RuleView } from '../services/events/views.js';
import type { Route } from '../services/events/event.js';
import type { MatcherOutcome } from './outcome.js';
import { describeExpected } from './format.js';
import type { JournalLike } from './journal.js';
import { journeyLines } from './journeys.js';
import { containsDeep, type Equals } from './match.js';
import { plainName, quoted } from './names.js';
import { archiveViewOf, asBusView, asRuleView, replayViewOf } from './received.js';

/** Where `toHaveRouted` looks: a queue, topic, function or bus view (by its ARN), an ARN, or a rule's name. */
export type RouteTarget = { readonly arn: string } | string;

export interface RoutedOptions {
  /** The target that must have received the event; without it, any target. */
  readonly to?: RouteTarget;
}

/** Events a failure explains, and rules per event. */
const MAX_EVENTS = 3;
const MAX_RULES = 5;

export function toHaveRouted(received: unknown, expected: unknown, equals: Equals, options?: unknown): MatcherOutcome {
  // A replay (docs/guide/eventbridge.md, "Archives and replays"): what it sent again, on its bus.
  const replay = replayViewOf(received);
  const bus = replay ? replay.busView() : asBusView(received, 'toHaveRouted');
  const to = (options as RoutedOptions | undefined)?.to;
  if (to !== undefined && typeof to !== 'string' && typeof (to as { arn?: unknown }).arn !== 'string') {
    throw new TypeError(`toHaveRouted: "to" must be a queue, topic, function or bus view, an ARN or a rule name`);
  }
  const reaches = (route: Route) =>
    to === undefined ||
    (typeof to === 'string' ? route.rule === to || route.targetArn === to : route.targetArn === to.arn);
  const all = replay ? replay.replayed() : bus.events();
  const events = all.filter((event) => containsDeep(event.detail, expected, equals));
  const pass = events.some((event) => event.routes.some((route) => route.delivered && reaches(route)));
  const where = to === undefined ? 'a target' : typeof to === 'string' ? JSON.stringify(to) : to.arn;
  const subject = replay ? `replay ${quoted(replay)}` : `event bus ${quoted(bus)}`;
  const explain = (): string => {
    const rules = bus.rules().filter((rule) => to === undefined || ruleReaches(rule, to));
    const closest = closestEvents(all, events, expected, equals);
    const none =
      to !== undefined && rules.length === 0
        ? `\n\nNo rule of ${subject} has ${where} as a target (or is named so).`
        : '';
    return none + whyNot(closest, rules) + journeysOf(bus.eventJournal(), closest);
  };
  return {
    pass,
    message: () =>
      pass
        ? `expected ${subject} not to have routed an event with detail ${describeExpected(expected)} to ${where}, but it did`
        : `expected ${subject} to have routed an event with detail ${describeExpected(expected)} to ${where}, ` +
          (events.length === 0
            ? `but no event's detail matches; its events: ${listEvents(all)}`
            : `but the matching events went: ${events.map((event) => describeRoutes(bus, event)).join('; ')}`) +
          explain(),
  };
}

export function toHaveMatched(received: unknown, expected: unknown, equals: Equals): MatcherOutcome {
  // An archive (docs/guide/eventbridge.md, "Archives and replays"): what it holds; its managed rule explains a miss.
  const archive = archiveViewOf(received);
  const rule = archive ? archive.archiveRule() : asRuleView(received, 'toHaveMatched');
  const matched = archive ? archive.events() : rule.matched();
  const pass = matched.some((event) => containsDeep(event.detail, expected, equals));
  const subject = archive ? `archive ${quoted(archive)}` : `rule ${quoted(rule)}`;
  const explain = (): string => {
    const all = rule.busEvents();
    const closest = closestEvents(
      all,
      all.filter((event) => containsDeep(event.detail, expected, equals)),
      expected,
      equals,
    );
    return whyNot(closest, [rule]) + journeysOf(rule.eventJournal(), closest);
  };
  return {
    pass,
    message: () =>
      pass
        ? `expected ${subject} not to have matched an event with detail ${describeExpected(expected)}, but it did`
        : `expected ${subject} to have matched an event with detail ${describeExpected(expected)}, but it matched ` +
          (matched.length === 0 ? 'none' : listEvents(matched)) +
          explain(),
  };
}

function ruleReaches(rule: RuleView, to: RouteTarget): boolean {
  if (typeof to === 'string') return rule.name === to || rule.targetArns().includes(to);
  return rule.targetArns().includes(to.arn);
}

/**
 * The events a failure explains: the newest few whose detail matches, else the few sharing most of the expected
 * detail's top-level values (the newest first among equals).
 */
function closestEvents(
  all: readonly EventRecord[],
  matching: readonly EventRecord[],
  expected: unknown,
  equals: Equals,
): EventRecord[] {
  if (matching.length > 0) return matching.slice(-MAX_EVENTS);
  const keys = typeof expected === 'object' && expected !== null ? Object.keys(expected) : [];
  const score = (event: EventRecord) =>
    keys.filter((key) => equals(event.detail[key], (expected as Record<string, unknown>)[key])).length;
  return all
    .map((event, index) => ({ event, index, score: score(event) }))
    .sort((a, b) => b.score - a.score || b.index - a.index)
    .slice(0, MAX_EVENTS)
    .map(({ event }) => event);
}

/** For each event, why each rule's pattern did not match it: the rule, the failing field and its value. */
function whyNot(events: readonly EventRecord[], rules: readonly RuleView[]): string {
  if (events.length === 0 || rules.length === 0) return '';
  const lines: string[] = [];
  for (const event of events) {
    const misses: string[] = [];
    let more = 0;
    for (const rule of rules) {
      const reason = rule.missReason(event.id);
      if (reason === undefined) continue;
      if (misses.length < MAX_RULES) misses.push(`    rule ${plainName(rule)}: ${reason}`);
      else more++;
    }
    if (misses.length === 0) continue;
    lines.push(`  event ${event.id} (${describeEvent(event)}):`, ...misses);
    if (more > 0) lines.push(`    … and ${more} more ${more === 1 ? 'rule' : 'rules'}`);
  }
  return lines.length === 0
    ? ''
    : `\n\nWhy the rules' patterns did not match (the closest events):\n${lines.join('\n')}`;
}

function journeysOf(journal: JournalLike | undefined, events: readonly EventRecord[]): string {
  if (!journal || events.length === 0) return '';
  const lines = journeyLines(
    journal,
    events.map((event) => event.id),
  );
  return lines.length === 0 ? '' : `\n\n${lines.join('\n')}`;
}

function describeEvent(event: EventRecord): string {
  return `${event.source}/${event.detailType} ${JSON.stringify(event.detail)}`;
}

function listEvents(events: readonly EventRecord[]): string {
  if (events.length === 0) return 'none';
  return events.map(describeEvent).join(', ');
}

/** `{"orderId":8}: rule BigOrders (Shop-BigOrders-…) → Orders (Shop-Orders-…) delivered`: names by logical id first. */
function describeRoutes(bus: BusView, event: EventRecord): string {
  const head = `${JSON.stringify(event.detail)}`;
  if (event.routes.length === 0) return `${head}: no rule matched it`;
  const rules = new Map(bus.rules().map((rule) => [rule.name, rule]));
  const routes = event.routes.map((route) => {
    const rule = rules.get(route.rule);
    const target = plainName(bus, route.targetArn);
    const outcome = route.delivered ? 'delivered' : `not delivered (${route.reason})`;
    return `rule ${rule ? plainName(rule) : route.rule} → ${target} ${outcome}`;
  });
  return `${head}: ${routes.join(', ')}`;
}
