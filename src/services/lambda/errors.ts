import { errorOf, type ErrorIdentity } from '../../core/aws-error.js';

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

/**
 * The error `name` of the table, with `message` (AWS's recorded text where lambda.md has one) and the other members
 * of its body.
 */
export function lambdaError(name: LambdaErrorName, message?: string, fields?: Readonly<Record<string, string>>) {
  return errorOf(LAMBDA_ERRORS[name], message, fields);
}

/** The most an Invoke request may carry: 6 MB synchronous, 1 MB asynchronous (lambda.md §6.1). */
export const MAX_SYNC_PAYLOAD_BYTES = 6_291_456;
export const MAX_ASYNC_PAYLOAD_BYTES = 1_048_576;

/** The errors Invoke raises, in AWS's words (docs/aws-behaviour/lambda.md §6, §2.12). */
export const invokeErrors = {
  /** [AWS-snap 2025-11]: an unqualified name is reported with `:$LATEST`. */
  functionNotFound: (arn: string) => lambdaError('ResourceNotFoundException', `Function not found: ${arn}`),
  /** [AWS-snap 2025-11] */
  qualifierMismatch: () =>
    lambdaError(
      'InvalidParameterValueException',
      'The derived qualifier from the function name does not match the specified qualifier.',
    ),
  /** [AWS-snap 2025-11]: `detail` is the JSON parser's (Jackson's) message and location. */
  payloadNotJson: (detail: string) =>
    lambdaError(
      'InvalidRequestContentException',
      `Could not parse request body into json: Could not parse payload into json: ${detail}`,
    ),
  /** [Issue: boto/boto3#2153] */
  clientContextNotJson: () =>
    lambdaError('InvalidRequestContentException', 'Client context must be a valid Base64-encoded JSON object.'),
  /** [AWS-snap] */
  throttled: () =>
    lambdaError('TooManyRequestsException', 'Rate Exceeded.', {
      Reason: 'ReservedFunctionConcurrentInvocationLimitExceeded',
    }),
  /** [Issue: pelmers/streetwarp-web#14, awslabs/aws-athena-query-federation#793] */
  syncPayloadTooLarge: () =>
    lambdaError(
      'RequestEntityTooLargeException',
      `Request must be smaller than ${MAX_SYNC_PAYLOAD_BYTES} bytes for the InvokeFunction operation`,
    ),
  /** [Issue: ASFHyP3/hyp3#2241, with the 256 KB limit of then] */
  asyncPayloadTooLarge: (bytes: number) =>
    lambdaError(
      'RequestEntityTooLargeException',
      `${bytes} byte payload is too large for the Event invocation type (limit ${MAX_ASYNC_PAYLOAD_BYTES} bytes)`,
    ),
} as const;

/**
 * [3P]: AWS's wording for a member outside the model's constraints, not recorded for Lambda; `member` in the model's
 * lower-camel form.
 */
export const validationErrors = {
  notInEnum: (member: string, value: string, allowed: readonly string[]) =>
    lambdaError(
      'ValidationException',
      `1 validation error detected: Value '${value}' at '${member}' failed to satisfy constraint: ` +
        `Member must satisfy enum value set: [${allowed.join(', ')}]`,
    ),
  outOfRange: (member: string, value: string, bound: { min: number } | { max: number }) =>
    lambdaError(
      'ValidationException',
      `1 validation error detected: Value '${value}' at '${member}' failed to satisfy constraint: ` +
        `Member must have value ${'min' in bound ? `greater than or equal to ${bound.min}` : `less than or equal to ${bound.max}`}`,
    ),
  /**
   * **Emulation** (lambda.md §2.2): an integer query parameter whose text is not a whole number; not recorded, the
   * code is the one Lambda answers for a request it cannot read (§6.2).
   */
  queryNotAnInteger: (parameter: string, text: string) =>
    lambdaError(
      'InvalidRequestContentException',
      `Could not parse request: ${parameter} must be a whole number, got ${text}`,
    ),
  /** [AWS-snap] (lambda.md §6.3): recorded for Invoke's and CreateFunction's functionName. */
  notMatching: (member: string, value: string, pattern: string) =>
    lambdaError(
      'ValidationException',
      `1 validation error detected: Value '${value}' at '${member}' failed to satisfy constraint: ` +
        `Member must satisfy regular expression pattern: ${pattern}`,
    ),
  /** [AWS-snap] (lambda.md §6.3): recorded for CreateFunction's functionName; Invoke's code is inferred. */
  tooLong: (member: string, value: string, limit: number) =>
    lambdaError(
      'ValidationException',
      `1 validation error detected: Value '${value}' at '${member}' failed to satisfy constraint: ` +
        `Member must have length less than or equal to ${limit}`,
    ),
  /** Not recorded from AWS: a list's Marker that no page gave. */
  invalidMarker: (marker: string) => lambdaError('InvalidParameterValueException', `Invalid Marker: ${marker}`),
} as const;

/**
 * The errors of AddPermission, RemovePermission and GetPolicy, in AWS's words (docs/aws-behaviour/lambda.md §8)
 * [AWS-snap 2025-11, LocalStack test_lambda_api.py TestLambdaPermissions].
 */
export const permissionErrors = {
  latestNotSupported: () =>
    lambdaError('InvalidParameterValueException', 'We currently do not support adding policies for $LATEST.'),
  invalidPrincipal: () =>
    lambdaError(
      'InvalidParameterValueException',
      'The provided principal was invalid. Please check the principal and try again.',
    ),
  duplicateStatement: (sid: string) =>
    lambdaError(
      'ResourceConflictException',
      `The statement id (${sid}) provided already exists. Please provide a new statement id, or remove the existing ` +
        'statement.',
    ),
  /** AddPermission on a missing function or version: the ARN as asked, without `:$LATEST`. */
  functionNotFound: (arn: string) => lambdaError('ResourceNotFoundException', `Function not found: ${arn}`),
  aliasNotFound: (arn: string) => lambdaError('ResourceNotFoundException', `Cannot find alias arn: ${arn}`),
  /** RemovePermission on a missing function. */
  noPolicyFound: (arn: string) => lambdaError('ResourceNotFoundException', `No policy found for: ${arn}`),
  /** RemovePermission on a function without a policy. */
  noPolicy: () => lambdaError('ResourceNotFoundException', 'No policy is associated with the given resource.'),
  statementNotFound: (sid: string) =>
    lambdaError('ResourceNotFoundException', `Statement ${sid} is not found in resource policy.`),
  /** GetPolicy on a missing function, version or policy. */
  resourceNotFound: () => lambdaError('ResourceNotFoundException', 'The resource you requested does not exist.'),
} as const;
