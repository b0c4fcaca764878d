/**
 * The API destination matcher: `expect(aws.events.apiDestination(name)).toHaveReceivedCall(body, options)`: EventBridge
 * called it with a body matching `body` (as `toContainMessage` matches a message body), and with the headers, method
 * and URL of `options`. Token calls of an OAuth connection are not counted. A failure lists the calls it received, and
 * ends with the journeys of their events.
 */
import type { ApiCall } from '../services/events/api-destinations.js';
import type { ApiDestinationView } from '../services/events/api-destination-view.js';
import { describeExpected, listBodies, plural } from './format.js';
import type { JournalLike } from './journal.js';
import { journeyLines } from './journeys.js';
import { bodyMatches, type Equals, type MessageMatch } from './match.js';
import { quoted } from './names.js';
import { isCount } from './options.js';
import { asApiDestinationView } from './received.js';

/** toHaveReceivedCall's second argument. */
export interface ApiCallOptions {
  /**
   * Headers the call carries, by name (matched without case): the value as a string, or an asymmetric matcher;
   * `undefined`: the call does not carry it. Other headers are ignored.
   */
  readonly headers?: Readonly<Record<string, unknown>>;
  /** The HTTP method: `'POST'`, `'PUT'`, ... */
  readonly method?: string;
  /** The whole URL, path values and query included: a string, or an asymmetric matcher (`expect.stringContaining`). */
  readonly url?: unknown;
  /** Exactly this many calls match; without it, at least one. */
  readonly times?: number;
}

const OPTION_KEYS = ['headers', 'method', 'url', 'times'];
/** Calls a failure lists. */
const MAX_CALLS = 5;
/** Events whose journeys a failure shows. */
const MAX_EVENTS = 3;

export function toHaveReceivedCall(
  received: unknown,
  expected: unknown,
  equals: Equals,
  options?: unknown,
): { pass: boolean; message: () => string } {
  const destination = asApiDestinationView(received, 'toHaveReceivedCall');
  const wanted = callOptions(options);
  if (expected !== undefined && typeof expected !== 'string' && (typeof expected !== 'object' || expected === null))
    throw new TypeError(
      `toHaveReceivedCall: expected a body (a string or an object), got ${describeExpected(expected)}`,
    );
  const calls = destination.calls().filter((call) => call.kind === 'event');
  const matching = calls.filter(
    (call) =>
      (expected === undefined || bodyMatches(call.body, expected as MessageMatch, equals)) &&
      callMatches(call, wanted, equals),
  );
  const pass = wanted.times === undefined ? matching.length > 0 : matching.length === wanted.times;
  const subject = `API destination ${quoted(destination)}`;
  const what = describeWanted(expected, wanted);
  return {
    pass,
    message: () =>
      pass
        ? `expected ${subject} not to have received ${what}, but it did${countText(matching.length)}`
        : `expected ${subject} to have received ${what}, but ` +
          (wanted.times !== undefined && matching.length > 0
            ? `${plural(matching.length, 'call')} matched`
            : calls.length === 0
              ? 'it received no call'
              : `none of its ${plural(calls.length, 'call')} matched`) +
          listCalls(calls) +
          journeysOf(destination, calls),
  };
}

function callOptions(value: unknown): ApiCallOptions {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`toHaveReceivedCall: the options must be an object, got ${describeExpected(value)}`);
  const unknown = Object.keys(value).filter((key) => !OPTION_KEYS.includes(key));
  if (unknown.length > 0)
    throw new TypeError(
      `toHaveReceivedCall: unknown option ${unknown.map((key) => JSON.stringify(key)).join(', ')}; the options are ` +
        OPTION_KEYS.map((key) => JSON.stringify(key)).join(', '),
    );
  const { headers, method, times } = value as ApiCallOptions;
  if (headers !== undefined && (typeof headers !== 'object' || headers === null || Array.isArray(headers)))
    throw new TypeError(
      `toHaveReceivedCall: headers must be an object of header names, got ${describeExpected(headers)}`,
    );
  if (method !== undefined && typeof method !== 'string')
    throw new TypeError(`toHaveReceivedCall: method must be a string, got ${describeExpected(method)}`);
  if (times !== undefined && !isCount(times))
    throw new TypeError(
      `toHaveReceivedCall: times must be a whole number of 0 or more, got ${describeExpected(times)}`,
    );
  return value as ApiCallOptions;
}

function callMatches(call: ApiCall, wanted: ApiCallOptions, equals: Equals): boolean {
  if (wanted.method !== undefined && call.method !== wanted.method.toUpperCase()) return false;
  if (wanted.url !== undefined && !equals(call.url, wanted.url)) return false;
  if (wanted.headers === undefined) return true;
  const headers = new Map(Object.entries(call.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return Object.entries(wanted.headers).every(([name, value]) => {
    const actual = headers.get(name.toLowerCase());
    return value === undefined ? actual === undefined : actual !== undefined && equals(actual, value);
  });
}

function describeWanted(expected: unknown, wanted: ApiCallOptions): string {
  const parts = [expected === undefined ? 'a call' : `a call with body ${describeExpected(expected)}`];
  if (wanted.method !== undefined) parts.push(`method ${wanted.method.toUpperCase()}`);
  if (wanted.url !== undefined) parts.push(`URL ${describeExpected(wanted.url)}`);
  if (wanted.headers !== undefined) parts.push(`headers ${describeExpected(wanted.headers)}`);
  const text = parts.length === 1 ? parts[0]! : `${parts[0]} (${parts.slice(1).join(', ')})`;
  return wanted.times === undefined ? text : `${text} ${plural(wanted.times, 'time')}`;
}

function countText(count: number): string {
  return count === 1 ? '' : ` (${plural(count, 'call')} matched)`;
}

/** `POST https://… → 503 (retry 1 at …): {"version":"0",…}`, newest last. */
function listCalls(calls: readonly ApiCall[]): string {
  if (calls.length === 0) return '';
  const shown = calls.slice(-MAX_CALLS);
  const lines = shown.map((call) => {
    const status = call.status === undefined ? 'no answer' : String(call.status);
    return `  ${call.method} ${call.url} → ${status}: ${listBodies([call.body])}`;
  });
  const more = calls.length > shown.length ? `\n  … and ${calls.length - shown.length} earlier` : '';
  return `.\n\nIts calls (the newest last):${more}\n${lines.join('\n')}`;
}

function journeysOf(destination: ApiDestinationView, calls: readonly ApiCall[]): string {
  const journal = destination.eventJournal() as JournalLike | undefined;
  if (!journal || calls.length === 0) return '';
  const ids = [...new Set(calls.map((call) => call.eventId))].slice(-MAX_EVENTS);
  const lines = journeyLines(journal, ids);
  return lines.length === 0 ? '' : `\n\n${lines.join('\n')}`;
}
