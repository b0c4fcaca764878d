import { jsonProtocolException } from '../../core/sdk-errors.js';
import type { ServiceSdk } from '../../core/service-module.js';

/** The service principal EventBridge delivers to targets as (docs/aws-behaviour/eventbridge.md §5.5). */
export const EVENTS_PRINCIPAL = 'events.amazonaws.com';

/** How the user's SDK reaches EventBridge, and the exceptions it throws. */
export const EVENTS_SDK: ServiceSdk<'EventBridge'> = {
  service: 'EventBridge',
  packageName: '@aws-sdk/client-eventbridge',
  clientName: 'EventBridgeClient',
  // AWS JSON 1.1 (docs/aws-behaviour/eventbridge.md §9): the class `__type` names, else the base exception.
  exception: jsonProtocolException('EventBridgeServiceException'),
};
