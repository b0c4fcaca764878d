import { AwsError } from '../aws-error.js';
import type { ServiceName } from '../sdk-errors.js';
import { snsErrors } from '../sns/errors.js';
import { sqsErrors } from '../sqs/errors.js';

/**
 * The errors a test may inject, by the SDK's class name or by AWS's query code, with the HTTP status and
 * code AWS sends for each. SQS: docs/aws-behaviour/sqs.md §1.1 (modelled) and §1.2 (unmodelled); SNS: the error
 * table of docs/aws-behaviour/sns.md, completed from the SDK model's `awsQueryError` traits. Default messages are
 * the emulation's own texts (sqs/errors.ts, sns/errors.ts) where one needs no request detail, else a plain
 * sentence: no recorded AWS text exists for the others.
 */
interface KnownError {
  /** The SDK's modelled class; absent for unmodelled errors (they surface as the service's base exception). */
  readonly shape?: string;
  readonly code: string;
  readonly status: number;
  readonly message: string;
  /** SQS: the `__type` AWS sends for an unmodelled error, when it differs from the code. */
  readonly wireType?: string;
}

const THROTTLED = 'Rate exceeded';
const INTERNAL = 'An internal error occurred. Try the request again.';
const UNAVAILABLE = 'The service is unavailable. Try the request again.';
const ACCESS_DENIED = 'The caller is not allowed to perform this action.';

// Built once from the emulation's own factories, so a text lives in one place.
const text = (error: AwsError): string => error.message;

const SQS_ERRORS = [
  { shape: 'QueueDoesNotExist', code: 'AWS.SimpleQueueService.NonExistentQueue', status: 400, message: text(sqsErrors.queueDoesNotExist()) },
  { shape: 'QueueNameExists', code: 'QueueAlreadyExists', status: 400, message: 'A queue already exists with the same name and different attributes.' },
  { shape: 'QueueDeletedRecently', code: 'AWS.SimpleQueueService.QueueDeletedRecently', status: 400, message: text(sqsErrors.queueDeletedRecently()) },
  { shape: 'PurgeQueueInProgress', code: 'AWS.SimpleQueueService.PurgeQueueInProgress', status: 403, message: 'Only one PurgeQueue operation on the queue is allowed every 60 seconds.' },
  { shape: 'InvalidAttributeName', code: 'InvalidAttributeName', status: 400, message: 'The attribute name is not valid.' },
  { shape: 'InvalidAttributeValue', code: 'InvalidAttributeValue', status: 400, message: 'The attribute value is not valid.' },
  { shape: 'InvalidMessageContents', code: 'InvalidMessageContents', status: 400, message: text(sqsErrors.invalidMessageContents()) },
  { shape: 'InvalidIdFormat', code: 'InvalidIdFormat', status: 400, message: 'The receipt handle is not valid for the current version.' },
  { shape: 'ReceiptHandleIsInvalid', code: 'ReceiptHandleIsInvalid', status: 404, message: 'The input receipt handle is not a valid receipt handle.' },
  { shape: 'MessageNotInflight', code: 'AWS.SimpleQueueService.MessageNotInflight', status: 400, message: 'The message is not in flight.' },
  { shape: 'TooManyEntriesInBatchRequest', code: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest', status: 400, message: 'Maximum number of entries per request are 10.' },
  { shape: 'EmptyBatchRequest', code: 'AWS.SimpleQueueService.EmptyBatchRequest', status: 400, message: 'There should be at least one entry in the request.' },
  { shape: 'BatchEntryIdsNotDistinct', code: 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct', status: 400, message: 'Two or more batch entries have the same Id.' },
  { shape: 'BatchRequestTooLong', code: 'AWS.SimpleQueueService.BatchRequestTooLong', status: 400, message: 'Batch requests cannot be longer than 1048576 bytes.' },
  { shape: 'InvalidBatchEntryId', code: 'AWS.SimpleQueueService.InvalidBatchEntryId', status: 400, message: text(sqsErrors.invalidBatchEntryId()) },
  { shape: 'UnsupportedOperation', code: 'AWS.SimpleQueueService.UnsupportedOperation', status: 400, message: 'The operation is not supported.' },
  { shape: 'OverLimit', code: 'OverLimit', status: 403, message: 'The request exceeds a limit of the queue.' },
  { shape: 'RequestThrottled', code: 'RequestThrottled', status: 403, message: THROTTLED },
  { shape: 'InvalidAddress', code: 'InvalidAddress', status: 404, message: 'The address is not valid.' },
  { shape: 'InvalidSecurity', code: 'InvalidSecurity', status: 403, message: 'The request is not HTTPS and SigV4.' },
  { shape: 'ResourceNotFoundException', code: 'ResourceNotFoundException', status: 404, message: 'The resource does not exist.' },
  { shape: 'KmsAccessDenied', code: 'KMS.AccessDeniedException', status: 400, message: 'KMS access was denied.' },
  { shape: 'KmsDisabled', code: 'KMS.DisabledException', status: 400, message: 'The KMS key is disabled.' },
  { shape: 'KmsInvalidKeyUsage', code: 'KMS.InvalidKeyUsageException', status: 400, message: 'The KMS key cannot be used this way.' },
  { shape: 'KmsInvalidState', code: 'KMS.InvalidStateException', status: 400, message: 'The KMS key is not in a valid state.' },
  { shape: 'KmsNotFound', code: 'KMS.NotFoundException', status: 400, message: 'The KMS key does not exist.' },
  { shape: 'KmsOptInRequired', code: 'KMS.OptInRequired', status: 403, message: 'The account is not subscribed to KMS.' },
  { shape: 'KmsThrottled', code: 'KMS.ThrottlingException', status: 400, message: THROTTLED },
  // Unmodelled: the SDK answers SQSServiceException named by the code.
  { code: 'InvalidParameterValue', wireType: 'InvalidParameterValueException', status: 400, message: 'A parameter value is not valid.' },
  { code: 'MissingParameter', wireType: 'MissingRequiredParameterException', status: 400, message: 'A required parameter is missing.' },
  { code: 'InternalError', status: 500, message: INTERNAL },
  { code: 'InternalFailure', status: 500, message: INTERNAL },
  { code: 'ServiceUnavailable', status: 503, message: UNAVAILABLE },
  { code: 'Throttling', status: 400, message: THROTTLED },
  { code: 'ThrottlingException', status: 400, message: THROTTLED },
  { code: 'AccessDenied', status: 403, message: ACCESS_DENIED },
] as const satisfies readonly KnownError[];

const SNS_ERRORS = [
  { shape: 'InvalidParameterException', code: 'InvalidParameter', status: 400, message: 'Invalid parameter' },
  { shape: 'InvalidParameterValueException', code: 'ParameterValueInvalid', status: 400, message: 'Invalid parameter value' },
  { shape: 'NotFoundException', code: 'NotFound', status: 404, message: text(snsErrors.topicNotFound()) },
  { shape: 'ResourceNotFoundException', code: 'ResourceNotFound', status: 404, message: 'Resource does not exist' },
  { shape: 'AuthorizationErrorException', code: 'AuthorizationError', status: 403, message: ACCESS_DENIED },
  { shape: 'TooManyEntriesInBatchRequestException', code: 'TooManyEntriesInBatchRequest', status: 400, message: text(snsErrors.tooManyEntriesInBatchRequest()) },
  { shape: 'BatchEntryIdsNotDistinctException', code: 'BatchEntryIdsNotDistinct', status: 400, message: text(snsErrors.batchEntryIdsNotDistinct()) },
  { shape: 'BatchRequestTooLongException', code: 'BatchRequestTooLong', status: 400, message: text(snsErrors.batchRequestTooLong()) },
  { shape: 'EmptyBatchRequestException', code: 'EmptyBatchRequest', status: 400, message: text(snsErrors.emptyBatchRequest()) },
  { shape: 'InvalidBatchEntryIdException', code: 'InvalidBatchEntryId', status: 400, message: 'The Id of a batch entry is not valid.' },
  { shape: 'EndpointDisabledException', code: 'EndpointDisabled', status: 400, message: 'Endpoint is disabled' },
  { shape: 'ValidationException', code: 'ValidationException', status: 400, message: 'The request is not valid.' },
  { shape: 'TagLimitExceededException', code: 'TagLimitExceeded', status: 400, message: 'Too many tags.' },
  { shape: 'TagPolicyException', code: 'TagPolicy', status: 400, message: 'The request violates a tag policy.' },
  { shape: 'StaleTagException', code: 'StaleTag', status: 400, message: 'A tag was changed concurrently.' },
  { shape: 'ConcurrentAccessException', code: 'ConcurrentAccess', status: 400, message: 'The resource is being changed by another request.' },
  { shape: 'SubscriptionLimitExceededException', code: 'SubscriptionLimitExceeded', status: 403, message: 'Too many subscriptions.' },
  { shape: 'TopicLimitExceededException', code: 'TopicLimitExceeded', status: 403, message: 'Too many topics.' },
  { shape: 'FilterPolicyLimitExceededException', code: 'FilterPolicyLimitExceeded', status: 403, message: 'Too many filter policies.' },
  { shape: 'ReplayLimitExceededException', code: 'ReplayLimitExceeded', status: 403, message: 'Too many replays.' },
  { shape: 'InternalErrorException', code: 'InternalError', status: 500, message: INTERNAL },
  { shape: 'ThrottledException', code: 'Throttled', status: 429, message: THROTTLED },
  // Modelled too, though not in sns.md's table: codes from the SDK model's awsQueryError traits.
  { shape: 'InvalidSecurityException', code: 'InvalidSecurity', status: 403, message: 'The request is not signed correctly.' },
  { shape: 'InvalidStateException', code: 'InvalidState', status: 400, message: 'The resource is not in a valid state.' },
  { shape: 'KMSAccessDeniedException', code: 'KMSAccessDenied', status: 400, message: 'KMS access was denied.' },
  { shape: 'KMSDisabledException', code: 'KMSDisabled', status: 400, message: 'The KMS key is disabled.' },
  { shape: 'KMSInvalidStateException', code: 'KMSInvalidState', status: 400, message: 'The KMS key is not in a valid state.' },
  { shape: 'KMSNotFoundException', code: 'KMSNotFound', status: 400, message: 'The KMS key does not exist.' },
  { shape: 'KMSOptInRequired', code: 'KMSOptInRequired', status: 403, message: 'The account is not subscribed to KMS.' },
  { shape: 'KMSThrottlingException', code: 'KMSThrottling', status: 400, message: THROTTLED },
  { shape: 'OptedOutException', code: 'OptedOut', status: 400, message: 'The phone number has opted out.' },
  { shape: 'PlatformApplicationDisabledException', code: 'PlatformApplicationDisabled', status: 400, message: 'Platform application is disabled.' },
  { shape: 'UserErrorException', code: 'UserError', status: 400, message: 'The request is not valid.' },
  { shape: 'VerificationException', code: 'VerificationException', status: 400, message: 'Verification failed.' },
  // Unmodelled: the SDK answers SNSServiceException named by the code.
  { code: 'ValidationError', status: 400, message: 'The request is not valid.' },
  { code: 'InternalFailure', status: 500, message: INTERNAL },
  { code: 'ServiceUnavailable', status: 503, message: UNAVAILABLE },
  { code: 'Throttling', status: 400, message: THROTTLED },
  { code: 'AccessDenied', status: 403, message: ACCESS_DENIED },
] as const satisfies readonly KnownError[];

type Names<T extends readonly KnownError[]> = {
  [K in keyof T]: T[K] extends { shape: infer S extends string; code: infer C extends string } ? S | C : T[K]['code'];
}[number];

/** An SQS error by SDK class name (`RequestThrottled`) or query code (`AWS.SimpleQueueService.NonExistentQueue`). */
export type SqsErrorName = Names<typeof SQS_ERRORS> | 'InvalidParameterValueException' | 'MissingRequiredParameterException';
/** An SNS error by SDK class name (`ThrottledException`) or query code (`Throttled`). */
export type SnsErrorName = Names<typeof SNS_ERRORS>;

function index(errors: readonly KnownError[], extraNames: (error: KnownError) => (string | undefined)[]): ReadonlyMap<string, KnownError> {
  const byName = new Map<string, KnownError>();
  for (const error of errors) {
    for (const name of [error.shape, error.code, ...extraNames(error)]) {
      // The first entry wins: a class name and a code never mean two different errors here.
      if (name !== undefined && !byName.has(name)) byName.set(name, error);
    }
  }
  return byName;
}

const CATALOGUE: Record<ServiceName, ReadonlyMap<string, KnownError>> = {
  SQS: index(SQS_ERRORS, (error) => [error.wireType]),
  SNS: index(SNS_ERRORS, () => []),
};

export interface FaultErrorOptions {
  /** The error's message. Default: AWS's text where the emulation has one, else a plain sentence. */
  message?: string;
  /** The HTTP status. Default: the error's own (400 for an unknown code); 500 and above make it a server fault. */
  status?: number;
}

/**
 * The AwsError a fault answers, for a class name or query code. An unknown name becomes an unmodelled error of
 * that code (the service's base exception class, named by it), as the SDK surfaces a code it does not model.
 */
export function faultError(service: ServiceName, name: string, options: FaultErrorOptions = {}): AwsError {
  const known = CATALOGUE[service].get(name);
  const status = options.status ?? known?.status ?? 400;
  return new AwsError({
    code: known?.code ?? name,
    ...(known?.shape !== undefined ? { shape: known.shape } : { wireType: known?.wireType ?? known?.code ?? name }),
    status,
    type: status >= 500 ? 'Receiver' : 'Sender',
    message: options.message ?? known?.message ?? `The request failed with ${name}.`,
  });
}
