/**
 * The EventBridge matchers: `expect(aws.events.bus()).toHaveRouted(detail, { to })` and
 * `expect(aws.events.rule(name)).toHaveMatched(detail)`. An event's `detail` matches as `toMatchObject` reads it
 * (match.ts `containsDeep`), asymmetric matchers included.
 */
import type { EventRecord } from '../events/views.js';
import type { Route } from '../events/event.js';
import type { MatcherOutcome } from './outcome.js';
import { describeExpected } from './format.js';
import { containsDeep, type Equals } from './match.js';
import { asBusView, asRuleView } from './received.js';

/** Where `toHaveRouted` looks: a queue, topic, function or bus view (by its ARN), an ARN, or a rule's name. */
export type RouteTarget = { readonly arn: string } | string;

export interface RoutedOptions {
  /** The target that must have received the event; without it, any target. */
  readonly to?: RouteTarget;
}

export function toHaveRouted(received: unknown, expected: unknown, equals: Equals, options?: unknown): MatcherOutcome {
  const bus = asBusView(received, 'toHaveRouted');
  const to = (options as RoutedOptions | undefined)?.to;
  if (to !== undefined && typeof to !== 'string' && typeof (to as { arn?: unknown }).arn !== 'string') {
    throw new TypeError(`toHaveRouted: "to" must be a queue, topic, function or bus view, an ARN or a rule name`);
  }
  const reaches = (route: Route) =>
    to === undefined ||
    (typeof to === 'string' ? route.rule === to || route.targetArn === to : route.targetArn === to.arn);
  const events = bus.events().filter((event) => containsDeep(event.detail, expected, equals));
  const pass = events.some((event) => event.routes.some((route) => route.delivered && reaches(route)));
  const where = to === undefined ? 'a target' : typeof to === 'string' ? JSON.stringify(to) : to.arn;
  const subject = `event bus ${JSON.stringify(bus.name)}`;
  return {
    pass,
    message: () =>
      pass
        ? `expected ${subject} not to have routed an event with detail ${describeExpected(expected)} to ${where}, but it did`
        : `expected ${subject} to have routed an event with detail ${describeExpected(expected)} to ${where}, ` +
          (events.length === 0
            ? `but no event's detail matches; its events: ${listEvents(bus.events())}`
            : `but the matching events went: ${events.map(describeRoutes).join('; ')}`),
  };
}

export function toHaveMatched(received: unknown, expected: unknown, equals: Equals): MatcherOutcome {
  const rule = asRuleView(received, 'toHaveMatched');
  const matched = rule.matched();
  const pass = matched.some((event) => containsDeep(event.detail, expected, equals));
  const subject = `rule ${JSON.stringify(rule.name)}`;
  return {
    pass,
    message: () =>
      pass
        ? `expected ${subject} not to have matched an event with detail ${describeExpected(expected)}, but it did`
        : `expected ${subject} to have matched an event with detail ${describeExpected(expected)}, but it matched ` +
          (matched.length === 0 ? 'none' : listEvents(matched)),
  };
}

function listEvents(events: readonly EventRecord[]): string {
  if (events.length === 0) return 'none';
  return events.map((event) => `${event.source}/${event.detailType} ${JSON.stringify(event.detail)}`).join(', ');
}

function describeRoutes(event: EventRecord): string {
  const head = `${JSON.stringify(event.detail)}`;
  if (event.routes.length === 0) return `${head}: no rule matched it`;
  const routes = event.routes.map(
    (route) =>
      `rule ${route.rule} → ${route.targetArn} ${route.delivered ? 'delivered' : `not delivered (${route.reason})`}`,
  );
  return `${head}: ${routes.join(', ')}`;
}
