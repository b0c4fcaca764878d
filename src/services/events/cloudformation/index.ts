import type { ResourceType } from '../../../core/provisioning/resource-type.js';
import type { WithEvents } from '../internals.js';
import { eventsArchive } from './archive.js';
import { eventsEventBus } from './event-bus.js';
import { eventsEventBusPolicy } from './event-bus-policy.js';
import { eventsRule } from './rule.js';
import { eventsApiDestination } from './api-destination.js';
import { eventsConnection } from './connection.js';
import { eventsEndpoint } from './endpoint.js';

/** EventBridge's CloudFormation resource types (docs/aws-behaviour/eventbridge.md §11), by type name. */
export const EVENTS_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithEvents>>> = {
  'AWS::Events::EventBus': eventsEventBus,
  'AWS::Events::Rule': eventsRule,
  'AWS::Events::Connection': eventsConnection,
  'AWS::Events::ApiDestination': eventsApiDestination,
  'AWS::Events::Archive': eventsArchive,
  'AWS::Events::EventBusPolicy': eventsEventBusPolicy,
  'AWS::Events::Endpoint': eventsEndpoint,
};
