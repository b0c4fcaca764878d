/**
 * What every matcher's failure message ends with: the journeys of the messages it talks about (a few, each cut
 * short), what a message still in flight or delayed waits for, and the calls the mock refused that were aimed at an
 * empty queue or topic (or at a near miss of it). Read through the view's `journal()`, by shape, as the views are
 * (received.ts): the ESM and CommonJS builds each have their own classes.
 */
import { feedsOf, type FedView } from './feeds.js';
import type { JournalLike, JourneyLike, RecordedLike } from './journal.js';

/** What heads the lines of what feeds a queue or function. */
export const FEEDS_HEADING = 'What feeds it, and where the messages offered to it went:';
/** Messages whose journeys a failure message shows. */
const MAX_JOURNEYS = 3;
/** Lines of one journey shown. */
const MAX_LINES = 6;
/** Refused calls listed. */
const MAX_REFUSED = 3;

interface Viewish {
  readonly name?: unknown;
  readonly arn?: unknown;
  journal?: () => JournalLike | undefined;
  messages?: () => readonly { readonly messageId: string; readonly state: string }[];
  published?: () => readonly { readonly messageId: string }[];
  invocations?: () => readonly { readonly requestId: string }[];
}

/**
 * The ending for a failure about `received` (a queue, topic or function view); '' when it has nothing to say. With
 * `missing` (the failure is that an expected message is not there), it starts with what feeds a queue or a function
 * and where the messages offered to it went (feeds.ts).
 */
export function journeyEnding(received: unknown, missing = false): string {
  const view = received as Viewish | null;
  if (typeof view !== 'object' || view === null || typeof view.journal !== 'function') return '';
  const journal = view.journal();
  if (!journal) return '';
  const name = typeof view.name === 'string' ? view.name : '';
  try {
    const { ids, empty, service } = talkedAbout(view, journal, name);
    const sections: string[] = [];
    const fed = missing && service !== 'sns' && typeof view.arn === 'string';
    const feeds = fed ? feedsOf(view as FedView, journal, service === 'lambda' ? 'lambda' : 'sqs') : undefined;
    if (feeds && feeds.lines.length > 0) {
      sections.push([FEEDS_HEADING, ...feeds.lines.map(indent), ...(feeds.note ? [feeds.note] : [])].join('\n'));
    }
    const parts: string[] = journeyLines(journal, [...ids, ...(feeds?.ids ?? [])]);
    if (empty) {
      const refused = journal.recent((step) => step.kind === 'refused' && nearMiss(step, name, service), MAX_REFUSED);
      if (refused.length > 0) {
        parts.push(`Calls the mock refused, aimed at ${JSON.stringify(name)} or a near miss of it (newest first):`);
        for (const step of refused) parts.push(indent(refusedLine(step)));
      }
    }
    if (parts.length > 0) sections.push(parts.join('\n'));
    return sections.length > 0 ? `\n\n${sections.join('\n\n')}` : '';
  } catch {
    // A view of a queue or topic that is gone throws on reading: the matcher's own message says so.
    return '';
  }
}

/**
 * The journeys of `ids` (those recorded), each cut short, with what a message still in flight waits for: the part of
 * a failure message every matcher ends with; the EventBridge matchers pick their events themselves (events.ts). A
 * journey is shown once, however many of the ids lead to it (the request ids of a message's every invocation).
 */
export function journeyLines(journal: JournalLike, ids: readonly string[]): string[] {
  const parts: string[] = [];
  const shown = new Set<string>();
  const journeys = ids
    .map((id) => [id, journal.journey(id)] as const)
    .filter(([, journey]) => {
      if (!journey.found || journey.messageIds.every((messageId) => shown.has(messageId))) return false;
      for (const messageId of journey.messageIds) shown.add(messageId);
      return true;
    });
  if (journeys.length > 0) {
    parts.push(`Journeys (the last steps of each; aws.journey(id) gives all):`);
    for (const [id, journey] of journeys) {
      parts.push(`${id}:`, indent(journey.toShortString(MAX_LINES)));
      const waiting = waitNote(journey, id, journal.now());
      if (waiting) parts.push(indent(waiting));
    }
  }
  return parts;
}

/** The ids the failure is about, and whether the view holds nothing (then refused calls may explain why). */
function talkedAbout(
  view: Viewish,
  journal: JournalLike,
  name: string,
): { ids: string[]; empty: boolean; service: string } {
  if (typeof view.invocations === 'function') {
    const ids = view
      .invocations()
      .slice(-MAX_JOURNEYS)
      .map((invocation) => invocation.requestId);
    return { ids, empty: ids.length === 0, service: 'lambda' };
  }
  if (typeof view.published === 'function') {
    const ids = view
      .published()
      .slice(-MAX_JOURNEYS)
      .map((message) => message.messageId);
    return { ids, empty: ids.length === 0, service: 'sns' };
  }
  const held = typeof view.messages === 'function' ? view.messages().map((message) => message.messageId) : [];
  if (held.length > 0) return { ids: held.slice(0, MAX_JOURNEYS), empty: false, service: 'sqs' };
  // An empty queue: the messages that last passed through it.
  const ids: string[] = [];
  journal.recent((step) => {
    const where = step.where.split(':').at(-1);
    if (step.service !== 'sqs' || where !== name || step.kind === 'refused' || ids.includes(step.messageId))
      return false;
    ids.push(step.messageId);
    return true;
  }, MAX_JOURNEYS);
  return { ids, empty: true, service: 'sqs' };
}

/**
 * What a message waits for, when its last step left it hidden: `in flight, receive count 1, visible again at
 * +60.000s`, with the advice to run `aws.runUntilIdle()` only where that moves there (a mapping polls the queue).
 */
function waitNote(journey: JourneyLike, messageId: string, now: number): string | undefined {
  // Its queue's steps: a mapping's invocation comes after the receive that left it in flight.
  const own = journey.steps.filter((step) => step.messageId === messageId && step.service === 'sqs');
  const last = own.at(-1);
  const start = journey.steps[0]?.at.getTime();
  if (!last || start === undefined) return undefined;
  const relative = (at: number): string => `+${((at - start) / 1000).toFixed(3)}s`;
  if (last.kind === 'received' && last.visibleAt && last.visibleAt.getTime() > now) {
    const byMapping = last.by?.startsWith('event source mapping') === true;
    return (
      `in flight, receive count ${last.receiveCount ?? '?'}, visible again at ${relative(last.visibleAt.getTime())}` +
      (byMapping ? ': aws.runUntilIdle() moves there (an event source mapping polls the queue)' : '')
    );
  }
  if (last.kind === 'sent' && last.delaySeconds) {
    const visibleAt = last.at.getTime() + 1000 * last.delaySeconds;
    if (visibleAt > now) return `delayed, visible at ${relative(visibleAt)}`;
  }
  return undefined;
}

/**
 * A refused call aimed at the name itself, or at a near miss: the same name in another region or account (a URL or
 * ARN ending in it), a URL missing its account segment, or the name with a different case.
 */
function nearMiss(step: RecordedLike, name: string, service: string): boolean {
  if (step.service !== service || name === '') return false;
  const where = step.where;
  if (where === name || where.toLowerCase() === name.toLowerCase()) return true;
  const last = where.split(/[/:]/).at(-1) ?? '';
  return last === name || last.toLowerCase() === name.toLowerCase();
}

function refusedLine(step: RecordedLike): string {
  const error = step.error ? `${step.error.name}: ${step.error.message}` : 'refused';
  return `${new Date(step.at).toISOString()}  ${step.where}  ${error}${step.note ? ` (${step.note})` : ''}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
