import type { RequestContext } from '../../../core/request-context.js';
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

/**
 * §16.2 [Model]: a rule an AWS service manages (an archive's) is changed only by that service; DeleteRule and
 * RemoveTargets may still act on it with `Force`.
 */
export function unlessManaged(rule: Rule, force?: boolean): Rule {
  if (rule.managedBy !== undefined && force !== true) throw eventsErrors.managedRule(rule.name);
  return rule;
}
