import type { AwsError } from '../../core/aws-error.js';
import { exceptionClass, hideResponse, metadata } from '../../core/sdk-errors.js';
import type { SdkModule, ServiceSdk } from '../../core/service-module.js';

/** How the user's SDK reaches SNS, and the exceptions it throws. */
export const SNS_SDK: ServiceSdk<'SNS'> = {
  service: 'SNS',
  packageName: '@aws-sdk/client-sns',
  clientName: 'SNSClient',
  exception: snsException,
};

function snsException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name, modelled } = exceptionClass(sdk, error, 'SNSServiceException');
  const fault = error.type === 'Sender' ? 'client' : 'server';
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  return Object.assign(exception, {
    $metadata: metadata(error.status, requestId),
    message: error.message,
    Error: { Type: error.type, Code: error.code, Message: error.message },
    Type: error.type,
    Code: error.code,
    ...(modelled ? { xmlns: 'http://sns.amazonaws.com/doc/2010-03-31/', RequestId: requestId } : {}),
  });
}
