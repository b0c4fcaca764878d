import { eventsErrors } from '../errors.js';
import { handlersOf, type ActionSpec, type ActionTable } from '../../../core/action-registry.js';
import { EVENTS_INPUT_SHAPES } from './input-shapes.js';
import type { EventsBackend } from '../events-backend.js';
import { createEventBus, deleteEventBus, describeEventBus, listEventBuses, updateEventBus } from './event-buses.js';
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
import { createArchive, deleteArchive, describeArchive, listArchives, updateArchive } from './archives.js';
import {
  activateEventSource,
  createPartnerEventSource,
  deactivateEventSource,
  deletePartnerEventSource,
  describeEventSource,
  describePartnerEventSource,
  listEventSources,
  listPartnerEventSourceAccounts,
  listPartnerEventSources,
  putPartnerEvents,
} from './partner-sources.js';
import { putPermission, removePermission } from './permissions.js';
import { cancelReplay, describeReplay, listReplays, startReplay } from './replays.js';
import { listTagsForResource, tagResource, untagResource } from './tags.js';
import { listTargetsByRule, putTargets, removeTargets } from './targets.js';
import { testEventPattern } from './test-event-pattern.js';
import { CONNECTION_ACTIONS } from './connection-actions.js';
import { createEndpoint, deleteEndpoint, describeEndpoint, listEndpoints, updateEndpoint } from './endpoints.js';

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
  UpdateEventBus: { handler: updateEventBus, input: EVENTS_INPUT_SHAPES.UpdateEventBus },
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
  ...CONNECTION_ACTIONS,
  PutPermission: { handler: putPermission, input: EVENTS_INPUT_SHAPES.PutPermission },
  RemovePermission: { handler: removePermission, input: EVENTS_INPUT_SHAPES.RemovePermission },
  CreateArchive: { handler: createArchive, input: EVENTS_INPUT_SHAPES.CreateArchive },
  DescribeArchive: { handler: describeArchive, input: EVENTS_INPUT_SHAPES.DescribeArchive },
  ListArchives: { handler: listArchives, input: EVENTS_INPUT_SHAPES.ListArchives },
  UpdateArchive: { handler: updateArchive, input: EVENTS_INPUT_SHAPES.UpdateArchive },
  DeleteArchive: { handler: deleteArchive, input: EVENTS_INPUT_SHAPES.DeleteArchive },
  StartReplay: { handler: startReplay, input: EVENTS_INPUT_SHAPES.StartReplay },
  DescribeReplay: { handler: describeReplay, input: EVENTS_INPUT_SHAPES.DescribeReplay },
  ListReplays: { handler: listReplays, input: EVENTS_INPUT_SHAPES.ListReplays },
  CancelReplay: { handler: cancelReplay, input: EVENTS_INPUT_SHAPES.CancelReplay },
  CreatePartnerEventSource: { handler: createPartnerEventSource, input: EVENTS_INPUT_SHAPES.CreatePartnerEventSource },
  DescribePartnerEventSource: {
    handler: describePartnerEventSource,
    input: EVENTS_INPUT_SHAPES.DescribePartnerEventSource,
  },
  ListPartnerEventSources: { handler: listPartnerEventSources, input: EVENTS_INPUT_SHAPES.ListPartnerEventSources },
  ListPartnerEventSourceAccounts: {
    handler: listPartnerEventSourceAccounts,
    input: EVENTS_INPUT_SHAPES.ListPartnerEventSourceAccounts,
  },
  DeletePartnerEventSource: { handler: deletePartnerEventSource, input: EVENTS_INPUT_SHAPES.DeletePartnerEventSource },
  PutPartnerEvents: { handler: putPartnerEvents, input: EVENTS_INPUT_SHAPES.PutPartnerEvents },
  ListEventSources: { handler: listEventSources, input: EVENTS_INPUT_SHAPES.ListEventSources },
  DescribeEventSource: { handler: describeEventSource, input: EVENTS_INPUT_SHAPES.DescribeEventSource },
  ActivateEventSource: { handler: activateEventSource, input: EVENTS_INPUT_SHAPES.ActivateEventSource },
  DeactivateEventSource: { handler: deactivateEventSource, input: EVENTS_INPUT_SHAPES.DeactivateEventSource },
  CreateEndpoint: { handler: createEndpoint, input: EVENTS_INPUT_SHAPES.CreateEndpoint },
  DescribeEndpoint: { handler: describeEndpoint, input: EVENTS_INPUT_SHAPES.DescribeEndpoint },
  ListEndpoints: { handler: listEndpoints, input: EVENTS_INPUT_SHAPES.ListEndpoints },
  UpdateEndpoint: { handler: updateEndpoint, input: EVENTS_INPUT_SHAPES.UpdateEndpoint },
  DeleteEndpoint: { handler: deleteEndpoint, input: EVENTS_INPUT_SHAPES.DeleteEndpoint },
} as const satisfies ActionTable<ActionSpec<EventsBackend>>;

/** The handlers by action name, as the plugin's dispatch looks them up. */
export const eventsActions = handlersOf<EventsBackend>(EVENTS_ACTIONS, eventsErrors.wrongType);
