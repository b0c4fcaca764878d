import type { ResourceType } from '../../templates/resource-type.js';
import type { WithEvents } from '../internals.js';

/** The CloudFormation resource types EventBridge creates (none yet: AWS::Events::EventBus and ::Rule are to come). */
export const EVENTS_RESOURCE_TYPES: Readonly<Record<string, ResourceType<WithEvents>>> = {};
