import { COMMON_UNMODELLED_ERRORS, SHARED_MESSAGES, type ErrorIdentity } from '../aws-error.js';

const { throttled: THROTTLED, internal: INTERNAL, accessDenied: ACCESS_DENIED } = SHARED_MESSAGES;
const INVALID_REQUEST = 'The request is not valid.';

/**
 * Every SNS error, by the SDK's class name (by the code for unmodelled ones), with the code and HTTP status AWS
 * sends: the error table of docs/aws-behaviour/sns.md, completed from the SDK model's `awsQueryError` traits. SNS
 * speaks the Query protocol: the SDK picks the class by the error code. The factories (errors.ts) and fault injection
 * (faults/catalogue.ts) both read it; to add an error, add its entry here (and a factory there if the emulation raises
 * it). A module of its own: `aws.sns` gives it to its fault injector, while the factories load with SNS's part
 * (load-part.ts).
 */
export const SNS_ERRORS = {
  InvalidParameterException: {
    shape: 'InvalidParameterException',
    code: 'InvalidParameter',
    status: 400,
    message: 'Invalid parameter',
  },
  InvalidParameterValueException: {
    shape: 'InvalidParameterValueException',
    code: 'ParameterValueInvalid',
    status: 400,
    message: 'Invalid parameter value',
  },
  NotFoundException: { shape: 'NotFoundException', code: 'NotFound', status: 404, message: 'Topic does not exist' },
  ResourceNotFoundException: {
    shape: 'ResourceNotFoundException',
    code: 'ResourceNotFound',
    status: 404,
    message: 'Resource does not exist',
  },
  AuthorizationErrorException: {
    shape: 'AuthorizationErrorException',
    code: 'AuthorizationError',
    status: 403,
    message: ACCESS_DENIED,
  },
  TooManyEntriesInBatchRequestException: {
    shape: 'TooManyEntriesInBatchRequestException',
    code: 'TooManyEntriesInBatchRequest',
    status: 400,
    message: 'The batch request contains more entries than permissible.',
  },
  BatchEntryIdsNotDistinctException: {
    shape: 'BatchEntryIdsNotDistinctException',
    code: 'BatchEntryIdsNotDistinct',
    status: 400,
    message: 'Two or more batch entries in the request have the same Id.',
  },
  BatchRequestTooLongException: {
    shape: 'BatchRequestTooLongException',
    code: 'BatchRequestTooLong',
    status: 400,
    message: 'The length of all the messages put together is more than the limit.',
  },
  EmptyBatchRequestException: {
    shape: 'EmptyBatchRequestException',
    code: 'EmptyBatchRequest',
    status: 400,
    message: 'The batch request does not contain any entries.',
  },
  InvalidBatchEntryIdException: {
    shape: 'InvalidBatchEntryIdException',
    code: 'InvalidBatchEntryId',
    status: 400,
    message: 'The Id of a batch entry is not valid.',
  },
  EndpointDisabledException: {
    shape: 'EndpointDisabledException',
    code: 'EndpointDisabled',
    status: 400,
    message: 'Endpoint is disabled',
  },
  ValidationException: {
    shape: 'ValidationException',
    code: 'ValidationException',
    status: 400,
    message: INVALID_REQUEST,
  },
  TagLimitExceededException: {
    shape: 'TagLimitExceededException',
    code: 'TagLimitExceeded',
    status: 400,
    message: 'Too many tags.',
  },
  TagPolicyException: {
    shape: 'TagPolicyException',
    code: 'TagPolicy',
    status: 400,
    message: 'The request violates a tag policy.',
  },
  StaleTagException: {
    shape: 'StaleTagException',
    code: 'StaleTag',
    status: 400,
    message: 'A tag was changed concurrently.',
  },
  ConcurrentAccessException: {
    shape: 'ConcurrentAccessException',
    code: 'ConcurrentAccess',
    status: 400,
    message: 'The resource is being changed by another request.',
  },
  SubscriptionLimitExceededException: {
    shape: 'SubscriptionLimitExceededException',
    code: 'SubscriptionLimitExceeded',
    status: 403,
    message: 'Too many subscriptions.',
  },
  TopicLimitExceededException: {
    shape: 'TopicLimitExceededException',
    code: 'TopicLimitExceeded',
    status: 403,
    message: 'Too many topics.',
  },
  FilterPolicyLimitExceededException: {
    shape: 'FilterPolicyLimitExceededException',
    code: 'FilterPolicyLimitExceeded',
    status: 403,
    message: 'Too many filter policies.',
  },
  ReplayLimitExceededException: {
    shape: 'ReplayLimitExceededException',
    code: 'ReplayLimitExceeded',
    status: 403,
    message: 'Too many replays.',
  },
  InternalErrorException: { shape: 'InternalErrorException', code: 'InternalError', status: 500, message: INTERNAL },
  ThrottledException: { shape: 'ThrottledException', code: 'Throttled', status: 429, message: THROTTLED },
  // Modelled too, though not in sns.md's table: codes from the SDK model's awsQueryError traits.
  InvalidSecurityException: {
    shape: 'InvalidSecurityException',
    code: 'InvalidSecurity',
    status: 403,
    message: 'The request is not signed correctly.',
  },
  InvalidStateException: {
    shape: 'InvalidStateException',
    code: 'InvalidState',
    status: 400,
    message: 'The resource is not in a valid state.',
  },
  KMSAccessDeniedException: {
    shape: 'KMSAccessDeniedException',
    code: 'KMSAccessDenied',
    status: 400,
    message: 'KMS access was denied.',
  },
  KMSDisabledException: {
    shape: 'KMSDisabledException',
    code: 'KMSDisabled',
    status: 400,
    message: 'The KMS key is disabled.',
  },
  KMSInvalidStateException: {
    shape: 'KMSInvalidStateException',
    code: 'KMSInvalidState',
    status: 400,
    message: 'The KMS key is not in a valid state.',
  },
  KMSNotFoundException: {
    shape: 'KMSNotFoundException',
    code: 'KMSNotFound',
    status: 400,
    message: 'The KMS key does not exist.',
  },
  KMSOptInRequired: {
    shape: 'KMSOptInRequired',
    code: 'KMSOptInRequired',
    status: 403,
    message: 'The account is not subscribed to KMS.',
  },
  KMSThrottlingException: { shape: 'KMSThrottlingException', code: 'KMSThrottling', status: 400, message: THROTTLED },
  OptedOutException: {
    shape: 'OptedOutException',
    code: 'OptedOut',
    status: 400,
    message: 'The phone number has opted out.',
  },
  PlatformApplicationDisabledException: {
    shape: 'PlatformApplicationDisabledException',
    code: 'PlatformApplicationDisabled',
    status: 400,
    message: 'Platform application is disabled.',
  },
  UserErrorException: { shape: 'UserErrorException', code: 'UserError', status: 400, message: INVALID_REQUEST },
  VerificationException: {
    shape: 'VerificationException',
    code: 'VerificationException',
    status: 400,
    message: 'Verification failed.',
  },
  // Unmodelled: the SDK answers SNSServiceException named by the code.
  ValidationError: { code: 'ValidationError', status: 400, message: INVALID_REQUEST },
  ...COMMON_UNMODELLED_ERRORS,
} as const satisfies Readonly<Record<string, ErrorIdentity>>;
