import type { AwsError } from '../aws-error.js';
import { exceptionClass, hideResponse, metadata } from '../sdk-errors.js';
import type { SdkModule, ServiceSdk } from '../service-module.js';

/** How the user's SDK reaches EventBridge, and the exceptions it throws. */
export const EVENTS_SDK: ServiceSdk<'EventBridge'> = {
  service: 'EventBridge',
  packageName: '@aws-sdk/client-eventbridge',
  clientName: 'EventBridgeClient',
  exception: eventsException,
};

/**
 * EventBridge speaks AWS JSON 1.1 (docs/aws-behaviour/eventbridge.md §9): the deserializer builds the class the
 * `__type` names, else the base exception named by the code (ValidationException has no class), then assigns
 * `$fault`, `$metadata` and `message`.
 */
function eventsException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name } = exceptionClass(sdk, error, 'EventBridgeServiceException');
  const fault = error.status >= 500 ? 'server' : 'client';
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  return Object.assign(exception, {
    $metadata: metadata(error.status, requestId),
    ...error.fields,
    message: error.message,
  });
}
