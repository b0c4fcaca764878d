import type { AwsError } from '../../core/aws-error.js';
import { exceptionClass, hideResponse, metadata } from '../../core/sdk-errors.js';
import type { SdkModule, ServiceSdk } from '../../core/service-module.js';

/** The service principal Scheduler invokes targets as (docs/aws-behaviour/eventbridge.md §13.7). */
export const SCHEDULER_PRINCIPAL = 'scheduler.amazonaws.com';

/** How the user's SDK reaches EventBridge Scheduler, and the exceptions it throws. */
export const SCHEDULER_SDK: ServiceSdk<'Scheduler'> = {
  service: 'Scheduler',
  packageName: '@aws-sdk/client-scheduler',
  clientName: 'SchedulerClient',
  exception: schedulerException,
};

/**
 * Scheduler speaks REST-JSON (docs/aws-behaviour/eventbridge.md §13.1), as Lambda does: the deserializer builds the
 * class the error type names (else the base exception named by the code), assigns `$metadata`, `$fault` and
 * `message`, and deletes the `Message` member its classes declare.
 */
function schedulerException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name } = exceptionClass(sdk, error, 'SchedulerServiceException');
  const fault = error.status >= 500 ? 'server' : 'client';
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  Object.assign(exception, { $metadata: metadata(error.status, requestId), ...error.fields, message: error.message });
  delete (exception as { Message?: unknown }).Message;
  return exception;
}
