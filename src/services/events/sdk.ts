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

/**
 * docs/aws-behaviour/eventbridge.md §19.3 [M]: the SDK's endpoint rules make a PutEvents with an `EndpointId` go to
 * `https://<EndpointId>.endpoint.events.amazonaws.com`, and refuse one that is no host name (labels of letters, digits
 * and inner hyphens, 1 to 63 each) with its `EndpointError`, before the serializer: the plugin runs this first.
 */
export function endpointIdRule(input: unknown): void {
  const id = (input as { EndpointId?: unknown } | undefined)?.EndpointId;
  if (typeof id !== 'string') return;
  if (id.split('.').every((label) => HOST_LABEL.test(label))) return;
  const error = new Error('EndpointId must be a valid host label.');
  error.name = 'EndpointError';
  throw error;
}

/** Smithy's `isValidHostLabel` for one label. */
const HOST_LABEL = /^(?!.*-$)(?!-)[a-zA-Z0-9-]{1,63}$/;
