/**
 * What feeds a queue or a function, and where the messages offered to it went: the part of a failure message that says
 * why an expected message is not there (docs/guide/journeys.md). For each topic subscribing it (offers.ts, the words
 * of `toHaveDeliveredTo`), rule and schedule targeting it and, for a function, mapping polling a queue for it: how many
 * messages each offered, how many arrived, and why the others did not (the filter policy and the key it failed on,
 * the rule's pattern and the field it failed on, a refusal). For a queue, what became of the messages it held
 * (deleted, dead-lettered, expired, moved, in flight or delayed until when), from the journal. When only schedules
 * feed it and time has not reached the next firing, it says so, and how far to move time.
 *
 * The account's topics, rules, schedules and mappings come through the view's journal (`sources`), as views read by
 * shape: the ESM and CommonJS builds have their own classes. Read only when a matcher fails.
 */
import type { EventRecord, RuleView } from '../services/events/views.js';
import { unqualifiedFunctionArn as unqualified } from '../core/resource-names.js';
import type { ScheduleView } from '../services/scheduler/views.js';
import type { TopicView } from '../services/sns/views.js';
import { plural, shortText } from './format.js';
import type { JournalLike, RecordedLike } from './journal.js';
import { quoted } from './names.js';
import { missedOffers, notOffered, offerFates, offersTo, type EndpointProtocol } from './offers.js';

/** Ids of messages that did not arrive whose journeys a failure shows, per source. */
const MAX_IDS = 3;
/** Events without a route whose miss reason is looked for, newest first. */
const MAX_MISS_LOOKUPS = 3;

/** The part of a queue or function view feedsOf reads. */
export interface FedView {
  readonly name: string;
  readonly arn: string;
}

/** What a failure message says of what feeds the view. */
export interface Feeds {
  /** One line per source (`topic "events": of the 2 messages offered to it, …`), and one for the queue's own. */
  readonly lines: readonly string[];
  /** Messages and events that did not arrive, for their journeys. */
  readonly ids: readonly string[];
  /** When only schedules feed it and time has not reached the next firing: that firing, and how to get there. */
  readonly note?: string | undefined;
}

/** One source's line, and whether it is a schedule (and when it fires next). */
interface Feed {
  readonly line: string;
  readonly ids: readonly string[];
  /** A scheduled rule or a schedule (or a mapping of a queue only those feed): its label and next firing. */
  readonly schedule?: { readonly label: string; readonly next: number | undefined; readonly recurring: boolean };
}

/** What feeds a queue (`protocol` 'sqs') or a function ('lambda'), and where the messages offered to it went. */
export function feedsOf(view: FedView, journal: JournalLike, protocol: EndpointProtocol): Feeds {
  const sources = journal.sources;
  if (!sources) return { lines: [], ids: [] };
  const now = journal.now();
  const feeds = sourceFeeds(view, journal, protocol, now, true);
  const own = protocol === 'sqs' ? queueOwnLine(view, journal, now) : undefined;
  const lines = [...feeds.map((feed) => feed.line), ...(own ? [own.line] : [])];
  const ids = [...feeds.flatMap((feed) => feed.ids), ...(own?.ids ?? [])];
  return { lines, ids, note: scheduleNote(feeds, now) };
}

/** The sources of an endpoint; a mapping's queue is followed once (`follow`), for what feeds it. */
function sourceFeeds(
  view: FedView,
  journal: JournalLike,
  protocol: EndpointProtocol,
  now: number,
  follow: boolean,
): Feed[] {
  const sources = journal.sources!;
  const arn = unqualified(view.arn);
  const feeds: Feed[] = [];
  for (const topic of sources.topics() as readonly TopicView[]) {
    const feed = topicFeed(topic, arn, protocol);
    if (feed) feeds.push(feed);
  }
  for (const rule of sources.rules() as readonly RuleView[]) {
    if (rule.targetArns().some((target) => unqualified(target) === arn)) feeds.push(ruleFeed(rule, arn, now));
  }
  for (const schedule of sources.schedules() as readonly ScheduleView[]) {
    if (unqualified(schedule.targetArn) === arn) feeds.push(scheduleFeed(schedule, now));
  }
  if (protocol === 'lambda' && follow) {
    for (const mapping of sources.mappings() as readonly MappingLike[]) {
      if (unqualified(mapping.functionArn) === arn) feeds.push(mappingFeed(view, mapping, journal, now));
    }
  }
  return feeds;
}

function topicFeed(topic: TopicView, arn: string, protocol: EndpointProtocol): Feed | undefined {
  const subscribed = topic.subscriptions().some((s) => s.protocol === protocol && s.endpoint === arn);
  const published = topic.published();
  const offers = offersTo(published, arn, protocol);
  if (!subscribed && offers.length === 0) return undefined;
  const label = `topic ${quoted(topic)}`;
  if (offers.length === 0)
    return { line: `${label}: ${notOffered(topic, published.length, arn, protocol, '')}`, ids: [] };
  const fates = offerFates(offers, true).join(' and ');
  return {
    line: `${label}: of the ${plural(offers.length, 'message')} offered to it, ${fates}`,
    ids: newest(missedOffers(offers).map((offer) => offer.messageId)),
  };
}

function ruleFeed(rule: RuleView, arn: string, now: number): Feed {
  const expression = rule.scheduleExpression;
  const label =
    `rule ${quoted(rule)}${expression ? ` (${expression})` : ''} on bus ${quoted(rule, rule.busArn)}` +
    (rule.state === 'DISABLED' ? ', DISABLED' : '');
  const toIt = (event: EventRecord) =>
    event.routes.filter((r) => r.rule === rule.name && unqualified(r.targetArn) === arn);
  if (expression !== undefined) {
    const fired = rule.matched();
    const next = rule.nextFireAt?.getTime();
    return {
      line: `${label}: ${firings(fired.length, routeOutcomes(fired.map(toIt)))}; ${nextFiring(next, now, rule.state)}`,
      ids: [],
      schedule: { label: `rule ${quoted(rule)}`, next, recurring: true },
    };
  }
  const events = rule.busEvents();
  if (events.length === 0) return { line: `${label}: no event was put on its bus`, ids: [] };
  const routed = events.filter((event) => toIt(event).length > 0);
  const unrouted = events.filter((event) => !event.routes.some((route) => route.rule === rule.name));
  const parts = routeOutcomes(routed.map(toIt));
  if (unrouted.length > 0) parts.push(`${unrouted.length} not matched by its pattern${missed(rule, unrouted)}`);
  const refused = routed.filter((event) => !toIt(event).some((route) => route.delivered));
  return {
    line: `${label}: of the ${plural(events.length, 'event')} on its bus, ${parts.join(' and ')}`,
    ids: newest([...refused, ...unrouted].map((event) => event.id)),
  };
}

/** `(the newest, event 75ca…: detail.total: 50 is not > 100)`: why the newest events the rule did not route missed. */
function missed(rule: RuleView, unrouted: readonly EventRecord[]): string {
  for (const event of unrouted.slice(-MAX_MISS_LOOKUPS).reverse()) {
    const reason = rule.missReason(event.id);
    if (reason !== undefined) return ` (the newest, event ${event.id}: ${reason})`;
  }
  // Each matches now: put before the rule (or its target) was.
  return ' (each put before the rule reached it)';
}

/** `1 delivered`, `1 refused (NO_RESOURCE: …)`: over each firing's or event's routes to the endpoint. */
function routeOutcomes(routes: readonly (readonly { delivered: boolean; reason?: string | undefined }[])[]): string[] {
  const delivered = routes.filter((r) => r.some((route) => route.delivered)).length;
  const refused = routes.filter((r) => r.length > 0 && !r.some((route) => route.delivered));
  const reason = refused[0]?.find((route) => route.reason !== undefined)?.reason;
  return [
    delivered ? `${delivered} delivered` : '',
    refused.length ? `${refused.length} refused${reason ? ` (${shortText(reason)})` : ''}` : '',
  ].filter(Boolean);
}

/** `not fired yet`, `fired 2 times: 1 delivered and 1 refused (…)`. */
function firings(count: number, outcomes: readonly string[]): string {
  if (count === 0) return 'not fired yet';
  return `fired ${plural(count, 'time')}${outcomes.length ? `: ${outcomes.join(' and ')}` : ''}`;
}

function scheduleFeed(schedule: ScheduleView, now: number): Feed {
  const expression = schedule.scheduleExpression;
  const label = `schedule ${quoted(schedule)} (${expression})${schedule.state === 'DISABLED' ? ', DISABLED' : ''}`;
  const fired = schedule.fired();
  const next = schedule.nextFireAt?.getTime();
  const outcomes = routeOutcomes(fired.map((firing) => [firing]));
  return {
    line: `${label}: ${firings(fired.length, outcomes)}; ${nextFiring(next, now, schedule.state)}`,
    ids: [],
    schedule: { label: `schedule ${quoted(schedule)}`, next, recurring: !expression.startsWith('at(') },
  };
}

/** The part of a mapping view read (`aws.lambda.eventSourceMappings()`). */
interface MappingLike {
  readonly uuid: string;
  readonly state: string;
  readonly functionArn: string;
  readonly eventSourceArn: string;
}

/** A mapping polling a queue for the function: the queue's name, and whether only schedules feed that queue. */
function mappingFeed(view: FedView, mapping: MappingLike, journal: JournalLike, now: number): Feed {
  const queue = { name: mapping.eventSourceArn, arn: mapping.eventSourceArn };
  const upstream = sourceFeeds(queue, journal, 'sqs', now, false);
  const line = `event source mapping ${mapping.uuid} (${mapping.state}) on queue ${quoted(view, mapping.eventSourceArn)}`;
  const scheduled = upstream.length > 0 && upstream.every((feed) => feed.schedule !== undefined);
  return { line, ids: [], ...(scheduled ? { schedule: earliest(upstream.map((feed) => feed.schedule!)) } : {}) };
}

/** `next firing at 2025-01-02T05:00:00.000Z, in 1h 55m 55s`, `no firing left`, `no firing while disabled`. */
function nextFiring(next: number | undefined, now: number, state: string): string {
  if (next === undefined) return state === 'DISABLED' ? 'no firing while disabled' : 'no firing left';
  return next > now
    ? `next firing at ${new Date(next).toISOString()}, in ${duration(next - now)}`
    : `next firing at ${new Date(next).toISOString()}`;
}

/**
 * When every source is a schedule and time has not reached the earliest next firing: that firing, and how to move
 * there (runUntilIdle does not wait for a recurring firing: docs/guide/clock.md).
 */
function scheduleNote(feeds: readonly Feed[], now: number): string | undefined {
  if (feeds.length === 0 || !feeds.every((feed) => feed.schedule !== undefined)) return undefined;
  const first = earliest(feeds.map((feed) => feed.schedule!));
  if (first.next === undefined || first.next <= now) return undefined;
  const wait = first.next - now;
  const how = first.recurring
    ? `aws.runUntilIdle() does not wait for a recurring firing: move time there yourself, e.g. ` +
      `await vi.advanceTimersByTimeAsync(${wait}) (jest.advanceTimersByTimeAsync, or your clock's tickAsync)`
    : 'aws.runUntilIdle() moves there';
  return (
    `Only schedules feed it, and time has not reached the next firing: ${first.label} at ` +
    `${new Date(first.next).toISOString()}, in ${duration(wait)}. ${how}.`
  );
}

function earliest(schedules: readonly NonNullable<Feed['schedule']>[]): NonNullable<Feed['schedule']> {
  return schedules.reduce((a, b) => (b.next !== undefined && (a.next === undefined || b.next < a.next) ? b : a));
}

/**
 * The queue's own messages, from the journal: what became of those no longer in it (deleted, dead-lettered, expired,
 * moved), and those in flight or delayed, until when. Undefined when none left it: the journeys of those it holds
 * then say what each waits for.
 */
function queueOwnLine(view: FedView, journal: JournalLike, now: number): Feed | undefined {
  const arn = view.arn;
  const last = new Map<string, RecordedLike>();
  journal.recent((step) => {
    if (step.service === 'sqs' && step.where === arn && step.kind !== 'refused' && !last.has(step.messageId))
      last.set(step.messageId, step);
    return false;
  }, 1);
  const steps = [...last.values()];
  const of = (kind: string) => steps.filter((step) => step.kind === kind);
  const inFlight = of('received').filter((step) => step.visibleAt !== undefined && step.visibleAt > now);
  const delayed = of('sent').filter((step) => step.delaySeconds && step.at + 1000 * step.delaySeconds > now);
  const deleted = of('deleted');
  const firstVisible = (times: readonly number[], what: string) => `${what} ${until(times, now)}`;
  const fates = [
    deleted.length ? `${deleted.length} deleted (${byWhom(deleted)})` : '',
    gone(of('deadLettered'), 'dead-lettered', view),
    of('expired').length ? `${of('expired').length} expired` : '',
    gone(of('moved'), 'moved', view),
    inFlight.length
      ? `${inFlight.length} in flight, ${firstVisible(
          inFlight.map((s) => s.visibleAt!),
          'visible again',
        )}`
      : '',
    delayed.length
      ? `${delayed.length} delayed, ${firstVisible(
          delayed.map((s) => s.at + 1000 * s.delaySeconds!),
          'visible',
        )}`
      : '',
  ].filter(Boolean);
  const left = steps.filter((step) => ['deleted', 'deadLettered', 'expired', 'moved'].includes(step.kind));
  // Messages still held, in flight or delayed, are told by their own journeys' wait notes (journeys.ts).
  if (left.length === 0) return undefined;
  return {
    line: `the queue: of the ${plural(steps.length, 'message')} sent to it, ${fates.join('; ')}`,
    ids: left.slice(0, MAX_IDS).map((step) => step.messageId),
  };
}

/** `by DeleteMessage`, `by DeleteMessage and 2 others`: who deleted them, the newest first. */
function byWhom(deleted: readonly RecordedLike[]): string {
  const who = [...new Set(deleted.map((step) => step.by ?? 'a consumer'))];
  return `by ${who[0]}${who.length > 1 ? ` and ${plural(who.length - 1, 'other')}` : ''}`;
}

/** `2 dead-lettered to "orders-dlq"`: the targets named as the view names a queue. */
function gone(steps: readonly RecordedLike[], verb: string, view: FedView): string {
  if (steps.length === 0) return '';
  const targets = [...new Set(steps.map((step) => step.target).filter((t) => t !== undefined))];
  return `${steps.length} ${verb}${targets.length ? ` to ${targets.map((t) => quoted(view, t)).join(', ')}` : ''}`;
}

/** `at 2025-01-01T00:01:00.000Z, in 60s` (the earliest of several: `the first at …`). */
function until(times: readonly number[], now: number): string {
  const first = Math.min(...times);
  return `${times.length > 1 ? 'the first ' : ''}at ${new Date(first).toISOString()}, in ${duration(first - now)}`;
}

/** `1h 55m 55s`, `30s`, `2d 3h`, `0.5s`. */
function duration(ms: number): string {
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
  ];
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of units) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest > 0 || parts.length === 0) parts.push(`${Number((rest / 1000).toFixed(3))}s`);
  return parts.join(' ');
}

/** The newest few of ids listed oldest first, newest first. */
function newest(ids: readonly string[]): string[] {
  return ids.slice(-MAX_IDS).reverse();
}
