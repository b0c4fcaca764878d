import { eventsErrors } from '../errors.js';
import { handlersOf, type ActionSpec, type ActionTable } from '../../action-registry.js';
import { EVENTS_INPUT_SHAPES } from './input-shapes.js';
import type { EventsBackend } from '../events-backend.js';
import { createEventBus, deleteEventBus, describeEventBus, listEventBuses } from './event-buses.js';
import { putEvents } from './put-events.js';
import {
  deleteRule,
  describeRule,
  disableRule,
  enableRule,
  listRuleNamesByTarget,
  listRules,
  putRule,
} from './rules.js';
import { listTagsForResource, tagResource, untagResource } from './tags.js';
import { listTargetsByRule, putTargets, removeTargets } from './targets.js';
import { testEventPattern } from './test-event-pattern.js';

/**
 * The EventBridge actions the emulation answers, by the SDK's operation name; any other command of
 * EventBridgeClient answers a NotEmulatedError. To add an action: one entry here.
 */
export const EVENTS_ACTIONS = {
  PutEvents: { handler: putEvents, input: EVENTS_INPUT_SHAPES.PutEvents },
  CreateEventBus: { handler: createEventBus, input: EVENTS_INPUT_SHAPES.CreateEventBus },
  DeleteEventBus: { handler: deleteEventBus, input: EVENTS_INPUT_SHAPES.DeleteEventBus },
  DescribeEventBus: { handler: describeEventBus, input: EVENTS_INPUT_SHAPES.DescribeEventBus },
  ListEventBuses: { handler: listEventBuses, input: EVENTS_INPUT_SHAPES.ListEventBuses },
  PutRule: { handler: putRule, input: EVENTS_INPUT_SHAPES.PutRule },
  DeleteRule: { handler: deleteRule, input: EVENTS_INPUT_SHAPES.DeleteRule },
  DescribeRule: { handler: describeRule, input: EVENTS_INPUT_SHAPES.DescribeRule },
  ListRules: { handler: listRules, input: EVENTS_INPUT_SHAPES.ListRules },
  EnableRule: { handler: enableRule, input: EVENTS_INPUT_SHAPES.EnableRule },
  DisableRule: { handler: disableRule, input: EVENTS_INPUT_SHAPES.DisableRule },
  ListRuleNamesByTarget: { handler: listRuleNamesByTarget, input: EVENTS_INPUT_SHAPES.ListRuleNamesByTarget },
  PutTargets: { handler: putTargets, input: EVENTS_INPUT_SHAPES.PutTargets },
  RemoveTargets: { handler: removeTargets, input: EVENTS_INPUT_SHAPES.RemoveTargets },
  ListTargetsByRule: { handler: listTargetsByRule, input: EVENTS_INPUT_SHAPES.ListTargetsByRule },
  TestEventPattern: { handler: testEventPattern, input: EVENTS_INPUT_SHAPES.TestEventPattern },
  TagResource: { handler: tagResource, input: EVENTS_INPUT_SHAPES.TagResource },
  UntagResource: { handler: untagResource, input: EVENTS_INPUT_SHAPES.UntagResource },
  ListTagsForResource: { handler: listTagsForResource, input: EVENTS_INPUT_SHAPES.ListTagsForResource },
} as const satisfies ActionTable<ActionSpec<EventsBackend>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const eventsActions = handlersOf<EventsBackend>(EVENTS_ACTIONS, eventsErrors.wrongType);
