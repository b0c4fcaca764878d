import { handlersOf, type ActionSpec, type ActionTable } from '../../action-registry.js';
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
  PutEvents: { handler: putEvents },
  CreateEventBus: { handler: createEventBus },
  DeleteEventBus: { handler: deleteEventBus },
  DescribeEventBus: { handler: describeEventBus },
  ListEventBuses: { handler: listEventBuses },
  PutRule: { handler: putRule },
  DeleteRule: { handler: deleteRule },
  DescribeRule: { handler: describeRule },
  ListRules: { handler: listRules },
  EnableRule: { handler: enableRule },
  DisableRule: { handler: disableRule },
  ListRuleNamesByTarget: { handler: listRuleNamesByTarget },
  PutTargets: { handler: putTargets },
  RemoveTargets: { handler: removeTargets },
  ListTargetsByRule: { handler: listTargetsByRule },
  TestEventPattern: { handler: testEventPattern },
  TagResource: { handler: tagResource },
  UntagResource: { handler: untagResource },
  ListTagsForResource: { handler: listTagsForResource },
} as const satisfies ActionTable<ActionSpec<EventsBackend>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const eventsActions = handlersOf<EventsBackend>(EVENTS_ACTIONS);
