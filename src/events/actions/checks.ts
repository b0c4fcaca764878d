import type { RequestContext } from '../../request-context.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import type { EventBus, Rule } from '../bus.js';

/** §4.1, §5.1 [Model]: rule names and target ids. */
export const NAME_PATTERN = /^[\.\-_A-Za-z0-9]+$/;
const NAME_PATTERN_TEXT = '[\\.\\-_A-Za-z0-9]+';

/** A required name of 1–`max` characters of `[\.\-_A-Za-z0-9]`, checked as AWS's request layer does. */
export function checkName(value: unknown, at: string, max: number): string {
  if (value === undefined || value === null) throw eventsErrors.missing(at);
  const text = String(value);
  if (text.length === 0) throw eventsErrors.tooShort(text, at);
  if (text.length > max) throw eventsErrors.tooLong(text, at, max);
  if (!NAME_PATTERN.test(text)) throw eventsErrors.badPattern(text, at, NAME_PATTERN_TEXT);
  return text;
}

/** The bus an action names (name or ARN; default bus without one); ResourceNotFoundException when missing. */
export function busOf(backend: EventsBackend, request: RequestContext, ref: string | undefined): EventBus {
  const bus = backend.findBus(request.region, ref);
  if (!bus) throw eventsErrors.busNotFound(nameOfBusRef(ref ?? 'default'));
  return bus;
}

function nameOfBusRef(ref: string): string {
  return ref.startsWith('arn:') ? ref.slice(ref.indexOf('event-bus/') + 'event-bus/'.length) : ref;
}

/** A rule of a bus, or §4.1's ResourceNotFoundException. */
export function ruleOf(
  backend: EventsBackend,
  request: RequestContext,
  name: unknown,
  busRef: string | undefined,
): Rule {
  const ruleName = checkName(name, 'name', 64);
  const bus = busOf(backend, request, busRef);
  const rule = bus.rules.get(ruleName);
  if (!rule) throw eventsErrors.ruleNotFound(ruleName, bus.name);
  return rule;
}

/** One page of a sorted list: `Limit` items from the `NextToken` offset (an opaque index here). */
export function page<T>(items: readonly T[], limit: number | undefined, nextToken: string | undefined) {
  const start = nextToken === undefined ? 0 : Number.parseInt(nextToken, 10) || 0;
  const end = limit === undefined ? items.length : start + limit;
  return { items: items.slice(start, end), nextToken: end < items.length ? String(end) : undefined };
}

export function byName<T extends { readonly name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
