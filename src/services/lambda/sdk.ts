import type { AwsError } from '../../core/aws-error.js';
import { exceptionClass, hideResponse, metadata } from '../../core/sdk-errors.js';
import type { SdkModule, ServiceSdk } from '../../core/service-module.js';

/** How the user's SDK reaches Lambda, and the exceptions it throws. */
export const LAMBDA_SDK: ServiceSdk<'Lambda'> = {
  service: 'Lambda',
  packageName: '@aws-sdk/client-lambda',
  clientName: 'LambdaClient',
  exception: lambdaException,
};

/**
 * Lambda speaks REST-JSON (docs/aws-behaviour/sdk.md §3.6): the deserializer builds the class of `x-amzn-errortype`
 * (else the base exception, named by that code), assigns the body's members (`Type`, and e.g. `Reason`) and then
 * `message`, whether the body said `message` or `Message`, and deletes `Message`: the class declares it, the error
 * never has it.
 */
function lambdaException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name } = exceptionClass(sdk, error, 'LambdaServiceException');
  const fault = error.status >= 500 ? 'server' : 'client';
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  Object.assign(exception, {
    $metadata: metadata(error.status, requestId),
    Type: error.type === 'Sender' ? 'User' : 'Service',
    ...error.fields,
    message: error.message,
  });
  delete (exception as { Message?: unknown }).Message;
  return exception;
}
