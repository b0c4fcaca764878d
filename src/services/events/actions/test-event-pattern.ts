import type { TestEventPatternCommandInput } from '@aws-sdk/client-eventbridge';
import { flattenEvent } from '../../../core/event-patterns/index.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { compileRulePattern } from '../pattern.js';

/** §7.2: the fields an Event must have. */
const REQUIRED_FIELDS = ['id', 'account', 'source', 'time', 'region', 'detail-type'];

/** TestEventPattern (docs/aws-behaviour/eventbridge.md §7.2). */
export function testEventPattern(_backend: EventsBackend, input: Partial<TestEventPatternCommandInput>) {
  if (input.EventPattern === undefined) throw eventsErrors.missing('eventPattern');
  if (input.Event === undefined) throw eventsErrors.missing('event');
  const pattern = compileRulePattern(input.EventPattern);
  let event: unknown;
  try {
    event = JSON.parse(input.Event);
  } catch {
    throw eventsErrors.invalidEvent();
  }
  if (event === null || typeof event !== 'object' || Array.isArray(event)) throw eventsErrors.invalidEvent();
  if (REQUIRED_FIELDS.some((field) => !(field in event))) throw eventsErrors.invalidEvent();
  return { Result: pattern.matches(flattenEvent(input.Event)) };
}
