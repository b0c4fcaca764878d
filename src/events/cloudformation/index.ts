import type { ResourceType } from '../../templates/resource-type.js';
import type { WithEvents } from '../internals.js';
import { eventsEventBus } from './event-bus.js';
import { eventsRule } from './rule.js';

/** EventBridge's CloudFormation resource types (docs/aws-behaviour/eventbridge.md §11), by type name. */
export const EVENTS_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithEvents>>> = {
  'AWS::Events::EventBus': eventsEventBus,
  'AWS::Events::Rule': eventsRule,
};
