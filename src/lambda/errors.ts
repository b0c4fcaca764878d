import { errorOf, type ErrorIdentity } from '../aws-error.js';

/**
 * Every Lambda error the emulation answers, by the SDK's class name, with the HTTP status AWS sends:
 * docs/aws-behaviour/lambda.md §2.3, §2.12 and §6. Lambda speaks JSON, so the class name is also the code. The
 * factories below read it; to add an error, add its entry here (and a factory if the emulation raises it).
 */
export const LAMBDA_ERRORS = {
  InvalidParameterValueException: {
    shape: 'InvalidParameterValueException',
    code: 'InvalidParameterValueException',
    status: 400,
    message: 'One of the parameters in the request is not valid.',
  },
  ResourceNotFoundException: {
    shape: 'ResourceNotFoundException',
    code: 'ResourceNotFoundException',
    status: 404,
    message: 'The resource you requested does not exist.',
  },
  ResourceConflictException: {
    shape: 'ResourceConflictException',
    code: 'ResourceConflictException',
    status: 409,
    message: 'The resource already exists, or another operation is in progress.',
  },
  TooManyRequestsException: {
    shape: 'TooManyRequestsException',
    code: 'TooManyRequestsException',
    status: 429,
    message: 'Rate Exceeded.',
  },
  InvalidRequestContentException: {
    shape: 'InvalidRequestContentException',
    code: 'InvalidRequestContentException',
    status: 400,
    message: 'The request body could not be parsed as JSON.',
  },
  // The model's RequestTooLargeException is not what AWS sends: its code is RequestEntityTooLargeException, which the
  // SDK surfaces as LambdaServiceException named so (lambda.md §6.1).
  RequestEntityTooLargeException: {
    code: 'RequestEntityTooLargeException',
    status: 413,
    message: 'Request must be smaller than 6291456 bytes for the InvokeFunction operation',
  },
  /**
   * A parameter outside the range Lambda's API model allows (e.g. BatchSize 0): AWS's request layer answers it before
   * any rule of the service; the SDK has no class for it (LambdaServiceException named by the code). The text form,
   * `1 validation error detected: Value '0' at 'batchSize' failed to satisfy constraint: …`, is AWS's usual one for
   * such checks [3P] (docs/aws-behaviour/lambda.md §7.1, §7.2).
   */
  ValidationException: {
    code: 'ValidationException',
    status: 400,
    message: '1 validation error detected',
  },
  ServiceException: {
    shape: 'ServiceException',
    code: 'ServiceException',
    status: 500,
    message: 'The Lambda service encountered an internal error.',
  },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

export type LambdaErrorName = keyof typeof LAMBDA_ERRORS;

/** The error `name` of the table, with `message` (AWS's recorded text where lambda.md has one). */
export function lambdaError(name: LambdaErrorName, message?: string) {
  return errorOf(LAMBDA_ERRORS[name], message);
}
