import {
  AwsError,
  COMMON_UNMODELLED_ERRORS,
  errorOf,
  SHARED_MESSAGES,
  type ErrorIdentity,
} from '../../core/aws-error.js';

const { throttled: THROTTLED, internal: INTERNAL, accessDenied: ACCESS_DENIED } = SHARED_MESSAGES;
const INVALID_REQUEST = 'The request is not valid.';

/**
 * Every SNS error, by the SDK's class name (by the code for unmodelled ones), with the code and HTTP status AWS
 * sends: the error table of docs/aws-behaviour/sns.md, completed from the SDK model's `awsQueryError` traits. SNS
 * speaks the Query protocol: the SDK picks the class by the error code. The factories below and fault injection
 * (faults/catalogue.ts) both read it; to add an error, add its entry here (and a factory if the emulation raises it).
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

/** The SNS error `name`, with its default message or `message`. */
const snsError = (name: keyof typeof SNS_ERRORS, message?: string): AwsError => errorOf(SNS_ERRORS[name], message);

/** Every SNS error the emulation raises, in AWS's words (docs/aws-behaviour/sns.md). */
const invalidParameter = (message: string): AwsError => snsError('InvalidParameterException', message);

export const snsErrors = {
  /** `message` is the whole text: most start "Invalid parameter: ", a few (SMS, tokens) do not. */
  invalidParameter,
  /** "Invalid parameter: <name> Reason: <reason>", or without a reason "Invalid parameter: <name>". */
  invalidParameterNamed: (name: string, reason?: string): AwsError =>
    invalidParameter(`Invalid parameter: ${name}${reason ? ` Reason: ${reason}` : ''}`),
  parameterValueInvalid: (message: string): AwsError => snsError('InvalidParameterValueException', message),
  /**
   * A `Number` attribute whose value is no number SQS could store. The text is the one moto and other emulators
   * reproduce [3P]; it was not recorded from AWS, nor is where SNS draws the line for huge or over-precise numbers
   * (taken to be SQS's: 38 significant digits, -10^128 to 10^126).
   */
  messageAttributeNotANumber: (name: string): AwsError =>
    snsError('InvalidParameterValueException', `Could not cast message attribute '${name}' value to number.`),
  /** Coral-level validation: no modelled class, so the SDK names it by its code. */
  validationError: (message: string): AwsError => snsError('ValidationError', message),
  topicNotFound: (): AwsError => snsError('NotFoundException'),
  subscriptionNotFound: (): AwsError => snsError('NotFoundException', 'Subscription does not exist'),
  resourceNotFound: (message: string): AwsError => snsError('ResourceNotFoundException', message),
  tagLimitExceeded: (message: string): AwsError => snsError('TagLimitExceededException', message),
  emptyBatchRequest: (): AwsError => snsError('EmptyBatchRequestException'),
  tooManyEntriesInBatchRequest: (): AwsError => snsError('TooManyEntriesInBatchRequestException'),
  batchEntryIdsNotDistinct: (): AwsError => snsError('BatchEntryIdsNotDistinctException'),
  invalidBatchEntryId: (message: string): AwsError => snsError('InvalidBatchEntryIdException', message),
  batchRequestTooLong: (): AwsError => snsError('BatchRequestTooLongException'),
  // ---- Topics and tags (CreateTopic, TagResource; docs/aws-behaviour/sns.md §1, §9) ----

  topicExistsWithDifferentAttributes: (): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', 'Topic already exists with different attributes'),
  /** Not recorded from AWS: worded like the recorded "Invalid value for attribute: CustomUserData: ...". */
  invalidTopicAttributeValue: (name: string): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', `Invalid value for attribute: ${name}`),
  /** [V] recorded for platform endpoints' attributes (docs/aws-behaviour/sns.md §14.4); topics word it alike. */
  invalidAttributeName: (name: string): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', `Invalid attribute name: ${name}`),
  /** [V] recorded for CustomUserData: "Invalid value for attribute: CustomUserData: must be at most 2048 bytes …". */
  invalidAttributeValue: (name: string, reason: string): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', `Invalid value for attribute: ${name}: ${reason}`),
  topicExistsWithDifferentTags: (): AwsError =>
    snsErrors.invalidParameterNamed('Tags', 'Topic already exists with different tags'),
  duplicateTagKeys: (): AwsError => invalidParameter('Invalid parameter: Duplicated keys are not allowed.'),
  tagQuotaExceeded: (): AwsError =>
    snsErrors.tagLimitExceeded('Could not complete request: tag quota of per resource exceeded'),
  /** Not recorded from AWS: tagging an unknown resource (docs/aws-behaviour/sns.md §9 [I]). */
  taggedResourceNotFound: (): AwsError => snsErrors.resourceNotFound('Resource does not exist'),
  /** Fewer than 6 `:`-separated parts in an ARN parameter (docs/aws-behaviour/sns.md §1). */
  arnTooShort: (parameter: string, parts: number): AwsError =>
    snsErrors.invalidParameterNamed(parameter, `An ARN must have at least 6 elements, not ${parts}`),

  // ---- Subscriptions (Subscribe, ConfirmSubscription; docs/aws-behaviour/sns.md §2) ----

  unsupportedProtocol: (protocol: string): AwsError =>
    invalidParameter(`Invalid parameter: Amazon SNS does not support this protocol string: ${protocol}`),
  /** An http(s) endpoint of the other scheme. */
  endpointProtocolMismatch: (): AwsError =>
    invalidParameter('Invalid parameter: Endpoint must match the specified protocol'),
  /**
   * A malformed endpoint, named as AWS names its kind (`SQS endpoint ARN`). Not recorded from AWS for email
   * (`Email address`), lambda and firehose (worded like the SQS one).
   */
  invalidEndpoint: (kind: string): AwsError => snsErrors.invalidParameterNamed(kind),
  /** Not prefixed `Invalid parameter: `, as recorded. */
  invalidSmsEndpoint: (endpoint: string): AwsError => invalidParameter(`Invalid SMS endpoint: ${endpoint}`),
  /** The doubled prefix is AWS's. */
  fifoQueueOnStandardTopic: (): AwsError =>
    invalidParameter(
      'Invalid parameter: Invalid parameter: Endpoint Reason: FIFO SQS Queues can not be subscribed to standard SNS topics',
    ),
  /** [Issue: hashicorp/terraform#28632] a `lambda` subscription to a FIFO topic (docs/aws-behaviour/lambda.md §3.1). */
  protocolNotForFifoTopic: (protocol: string): AwsError =>
    invalidParameter(`Invalid parameter: Invalid protocol type: ${protocol}`),
  subscriptionExistsWithDifferentAttributes: (): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', 'Subscription already exists with different attributes'),
  /** [V] a token that cannot be one (AWS's are hex); an unknown one is `Invalid parameter: Token`. */
  malformedToken: (): AwsError => invalidParameter('Invalid token'),

  // ---- Publish and PublishBatch (docs/aws-behaviour/sns.md §3, §6) ----

  emptyMessage: (): AwsError => invalidParameter('Invalid parameter: Empty message'),
  /** [V] 262,144 bytes pass, one more fails. */
  messageTooLong: (): AwsError => invalidParameter('Invalid parameter: Message too long'),
  /** Also (answered alike [I]) a JSON array or scalar. */
  messageStructureUnparsable: (): AwsError =>
    invalidParameter('Invalid parameter: Message Structure - JSON message body failed to parse'),
  messageStructureWithoutDefault: (): AwsError =>
    invalidParameter('Invalid parameter: Message Structure - No default entry in JSON message body'),
  invalidPhoneNumber: (number: string): AwsError =>
    snsErrors.invalidParameterNamed('PhoneNumber', `${number} is not valid to publish to`),
  /** [V] a TargetArn of an endpoint that does not exist (docs/aws-behaviour/sns.md §3). */
  targetEndpointNotFound: (): AwsError =>
    snsErrors.invalidParameterNamed('TargetArn', 'No endpoint found for the target arn specified'),
  /** [V] Publish to an endpoint whose Enabled is false (docs/aws-behaviour/sns.md §14.6). */
  endpointDisabled: (): AwsError => snsError('EndpointDisabledException', 'Endpoint is disabled'),
  messageGroupIdRequired: (): AwsError =>
    invalidParameter('Invalid parameter: The MessageGroupId parameter is required for FIFO topics'),
  deduplicationIdRequired: (): AwsError =>
    invalidParameter(
      'Invalid parameter: The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
    ),
  deduplicationIdOnStandardTopic: (): AwsError =>
    snsErrors.invalidParameterNamed(
      'MessageDeduplicationId',
      'The request includes MessageDeduplicationId parameter that is not valid for this topic type',
    ),
  batchEntryIdTooLong: (id: string): AwsError =>
    snsErrors.invalidBatchEntryId(`The Id of a batch entry in the batch request is too long: ${id}`),
  batchEntryIdCharacters: (id: string): AwsError =>
    snsErrors.invalidBatchEntryId(
      `The Id of a batch entry in the batch request contains an impermissible character: ${id}`,
    ),
  /** Coral's constraint check: each path is a member left null. */
  membersMissing: (paths: readonly string[]): AwsError =>
    snsErrors.constraintsViolated(
      paths.map((path) => `Value null at '${path}' failed to satisfy constraint: Member must not be null`),
    ),
  /**
   * Coral's constraint check, each violation worded `Value '<v>' at '<member>' failed to satisfy constraint: <rule>`
   * (docs/aws-behaviour/sns.md §13.4), several joined by "; ".
   */
  constraintsViolated: (violations: readonly string[]): AwsError =>
    snsErrors.validationError(
      `${violations.length} validation error${violations.length === 1 ? '' : 's'} detected: ${violations.join('; ')}`,
    ),

  // ---- SMS (docs/aws-behaviour/sns.md §13) ----

  /** [V] SetSMSAttributes with a name it does not know; the text has no "Invalid parameter:" prefix. */
  smsAttributeUnknown: (name: string): AwsError => invalidParameter(`${name} is not a valid attribute`),
  /** [V] DefaultSMSType, [3P] DefaultSenderID; the others are worded alike [I]. */
  smsAttributeInvalid: (name: string): AwsError => invalidParameter(`${name} is invalid`),
  /** [V] OptInPhoneNumber, [3P] CheckIfPhoneNumberIsOptedOut: a number that is no E.164 number. */
  phoneNumberIncorrectlyFormatted: (): AwsError =>
    snsErrors.invalidParameterNamed('PhoneNumber', 'input incorrectly formatted'),
  /** [I] not recorded: a number not in the account's sandbox list (the class is the model's). */
  sandboxNumberNotFound: (): AwsError =>
    snsError('ResourceNotFoundException', 'Phone number does not exist in the SMS sandbox'),
  /** [I] not recorded: a one-time password that is not the one sent (the class is the model's). */
  sandboxPasswordWrong: (): AwsError =>
    snsError('VerificationException', 'Invalid one-time password for the destination phone number'),
  /** [I] not recorded: adding an opted-out number to the sandbox (the class is the model's). */
  sandboxNumberOptedOut: (): AwsError =>
    snsError('OptedOutException', 'The destination phone number has opted out of receiving SMS messages'),
  /** [I] not recorded: an eleventh sandbox number (the documented limit is 10; the class is the model's). */
  sandboxFull: (): AwsError =>
    snsError('UserErrorException', 'The SMS sandbox already has the maximum of 10 destination phone numbers'),

  // ---- Mobile push (docs/aws-behaviour/sns.md §14) ----

  /** [V] "Invalid parameter: <name> Reason: <reason>"; an empty name leaves two spaces. */
  applicationNameInvalid: (name: string, reason: string): AwsError => snsErrors.invalidParameterNamed(name, reason),
  /** [V] */
  platformNotSupported: (platform: string): AwsError =>
    snsErrors.invalidParameterNamed('Platform', `${platform} is not supported`),
  /** [V] */
  principalWithoutCredential: (): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', 'PlatformPrincipal attribute provided without PlatformCredential'),
  /** [V] */
  credentialWithoutPrincipal: (): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', 'PlatformCredential attribute provided without PlatformPrincipal'),
  /** [3P] another emulator's text, not recorded from AWS: no credential at all. */
  credentialRequired: (): AwsError =>
    snsErrors.invalidParameterNamed('Attributes', 'PlatformCredential attribute required'),
  /** [3P] a connector's test against AWS: the same name again with other attributes. */
  applicationExists: (): AwsError =>
    snsErrors.invalidParameterNamed(
      'Name',
      'An application with the same name but different properties already exists',
    ),
  /** [V] */
  applicationNotFound: (): AwsError => snsError('NotFoundException', 'PlatformApplication does not exist'),
  /** [V] */
  endpointNotFound: (): AwsError => snsError('NotFoundException', 'Endpoint does not exist'),
  /** [V] */
  endpointExists: (endpointArn: string): AwsError =>
    snsErrors.invalidParameterNamed(
      'Token',
      `Endpoint ${endpointArn} already exists with the same Token, but different attributes.`,
    ),
  /** [3P] a connector's test against AWS: CreatePlatformEndpoint with an empty Token. */
  tokenEmpty: (): AwsError => snsErrors.invalidParameterNamed('Token', 'cannot be empty'),
  /** [V] EndpointArn, [3P] PlatformApplicationArn: an ARN whose resource has the wrong number of `/`. */
  arnSlashes: (parameter: string): AwsError =>
    snsErrors.invalidParameterNamed(parameter, 'Wrong number of slashes in relative portion of the ARN.'),
  /** [3P] a connector's test against AWS: an endpoint id that is no UUID. */
  endpointIdInvalid: (): AwsError =>
    snsErrors.invalidParameterNamed(
      'EndpointArn',
      'ARN specifies an invalid endpointId: UUID must be encoded in exactly 36 characters.',
    ),
  /** [3P] moto's test, once run against AWS: an `application` subscription to an endpoint that does not exist. */
  applicationEndpointMissing: (endpointArn: string): AwsError =>
    snsErrors.invalidParameterNamed('Endpoint', `Endpoint does not exist for endpoint arn${endpointArn}`),

  // ---- AddPermission (docs/aws-behaviour/sns.md §1) ----

  /** [V] a label a statement of the topic's policy already has. */
  statementExists: (): AwsError => invalidParameter('Invalid parameter: Statement already exists'),
  /** [V] an action a topic's policy cannot allow. */
  actionOutOfServiceScope: (): AwsError =>
    invalidParameter('Invalid parameter: Policy statement action out of service scope!'),
  /**
   * DeleteTopic on a FIFO topic whose ArchivePolicy is active: AWS documents the refusal and lists InvalidState among
   * DeleteTopic's errors; the message text is not recorded.
   */
  archiveStillActive: (): AwsError =>
    snsError(
      'InvalidStateException',
      'Invalid state: the topic has an active ArchivePolicy; set ArchivePolicy to {} before deleting it',
    ),
};

/** A required parameter left out: SNS's own wording, as recorded for Unsubscribe (docs/aws-behaviour/sns.md §2). */
export const missingParameter = (name: string): AwsError =>
  snsErrors.invalidParameterNamed(name, 'no value for required parameter');
