import type { AwsError } from '../../core/aws-error.js';
import { exceptionClass, hideResponse, metadata } from '../../core/sdk-errors.js';
import type { SdkModule, ServiceSdk } from '../../core/service-module.js';

/** How the user's SDK reaches SQS, and the exceptions it throws. */
export const SQS_SDK: ServiceSdk<'SQS'> = {
  service: 'SQS',
  packageName: '@aws-sdk/client-sqs',
  clientName: 'SQSClient',
  exception: sqsException,
};

function sqsException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name } = exceptionClass(sdk, error, 'SQSServiceException');
  const fault = error.type === 'Sender' ? 'client' : 'server';
  // No message in the constructor: assigned afterwards it is enumerable, as the deserializer leaves it.
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  const typeName = error.shape ?? error.wireType;
  return Object.assign(exception, {
    $metadata: metadata(error.status, requestId),
    message: error.message,
    Error: { Code: error.code, Type: error.type, Message: error.message },
    Type: error.type,
    Code: error.code,
    ...(typeName ? { __type: `com.amazonaws.sqs#${typeName}` } : {}),
    RequestId: requestId,
  });
}
