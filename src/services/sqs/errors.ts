import {
  AwsError,
  COMMON_UNMODELLED_ERRORS,
  errorOf,
  SHARED_MESSAGES,
  type ErrorIdentity,
} from '../../core/aws-error.js';
import { textOf } from '../../core/util/text.js';

const { throttled: THROTTLED, internal: INTERNAL } = SHARED_MESSAGES;

/**
 * Every SQS error, by the SDK's class name (by the code for unmodelled ones), with the code and HTTP status AWS
 * sends: docs/aws-behaviour/sqs.md §1.1 (modelled) and §1.2 (unmodelled). The factories below and fault injection
 * (faults/catalogue.ts) both read it; to add an error, add its entry here (and a factory if the emulation raises it).
 * Order matters to fault injection: where two entries share a name, the first wins.
 */
export const SQS_ERRORS = {
  QueueDoesNotExist: {
    shape: 'QueueDoesNotExist',
    code: 'AWS.SimpleQueueService.NonExistentQueue',
    status: 400,
    message: 'The specified queue does not exist.',
  },
  QueueNameExists: {
    shape: 'QueueNameExists',
    code: 'QueueAlreadyExists',
    status: 400,
    message: 'A queue already exists with the same name and different attributes.',
  },
  QueueDeletedRecently: {
    shape: 'QueueDeletedRecently',
    code: 'AWS.SimpleQueueService.QueueDeletedRecently',
    status: 400,
    message: 'You must wait 60 seconds after deleting a queue before you can create another with the same name.',
  },
  PurgeQueueInProgress: {
    shape: 'PurgeQueueInProgress',
    code: 'AWS.SimpleQueueService.PurgeQueueInProgress',
    status: 403,
    message: 'Only one PurgeQueue operation on the queue is allowed every 60 seconds.',
  },
  InvalidAttributeName: {
    shape: 'InvalidAttributeName',
    code: 'InvalidAttributeName',
    status: 400,
    message: 'The attribute name is not valid.',
  },
  InvalidAttributeValue: {
    shape: 'InvalidAttributeValue',
    code: 'InvalidAttributeValue',
    status: 400,
    message: 'The attribute value is not valid.',
  },
  InvalidMessageContents: {
    shape: 'InvalidMessageContents',
    code: 'InvalidMessageContents',
    status: 400,
    message:
      'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF',
  },
  InvalidIdFormat: {
    shape: 'InvalidIdFormat',
    code: 'InvalidIdFormat',
    status: 400,
    message: 'The receipt handle is not valid for the current version.',
  },
  ReceiptHandleIsInvalid: {
    shape: 'ReceiptHandleIsInvalid',
    code: 'ReceiptHandleIsInvalid',
    status: 404,
    message: 'The input receipt handle is not a valid receipt handle.',
  },
  MessageNotInflight: {
    shape: 'MessageNotInflight',
    code: 'AWS.SimpleQueueService.MessageNotInflight',
    status: 400,
    message: 'The message is not in flight.',
  },
  TooManyEntriesInBatchRequest: {
    shape: 'TooManyEntriesInBatchRequest',
    code: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
    status: 400,
    message: 'Maximum number of entries per request are 10.',
  },
  EmptyBatchRequest: {
    shape: 'EmptyBatchRequest',
    code: 'AWS.SimpleQueueService.EmptyBatchRequest',
    status: 400,
    message: 'There should be at least one entry in the request.',
  },
  BatchEntryIdsNotDistinct: {
    shape: 'BatchEntryIdsNotDistinct',
    code: 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
    status: 400,
    message: 'Two or more batch entries have the same Id.',
  },
  BatchRequestTooLong: {
    shape: 'BatchRequestTooLong',
    code: 'AWS.SimpleQueueService.BatchRequestTooLong',
    status: 400,
    message: 'Batch requests cannot be longer than 1048576 bytes.',
  },
  InvalidBatchEntryId: {
    shape: 'InvalidBatchEntryId',
    code: 'AWS.SimpleQueueService.InvalidBatchEntryId',
    status: 400,
    message:
      'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
  },
  UnsupportedOperation: {
    shape: 'UnsupportedOperation',
    code: 'AWS.SimpleQueueService.UnsupportedOperation',
    status: 400,
    message: 'The operation is not supported.',
  },
  OverLimit: {
    shape: 'OverLimit',
    code: 'OverLimit',
    status: 403,
    message: 'The request exceeds a limit of the queue.',
  },
  RequestThrottled: { shape: 'RequestThrottled', code: 'RequestThrottled', status: 403, message: THROTTLED },
  InvalidAddress: {
    shape: 'InvalidAddress',
    code: 'InvalidAddress',
    status: 404,
    message: 'The address is not valid.',
  },
  InvalidSecurity: {
    shape: 'InvalidSecurity',
    code: 'InvalidSecurity',
    status: 403,
    message: 'The request is not HTTPS and SigV4.',
  },
  ResourceNotFoundException: {
    shape: 'ResourceNotFoundException',
    code: 'ResourceNotFoundException',
    status: 404,
    message: 'The resource does not exist.',
  },
  KmsAccessDenied: {
    shape: 'KmsAccessDenied',
    code: 'KMS.AccessDeniedException',
    status: 400,
    message: 'KMS access was denied.',
  },
  KmsDisabled: {
    shape: 'KmsDisabled',
    code: 'KMS.DisabledException',
    status: 400,
    message: 'The KMS key is disabled.',
  },
  KmsInvalidKeyUsage: {
    shape: 'KmsInvalidKeyUsage',
    code: 'KMS.InvalidKeyUsageException',
    status: 400,
    message: 'The KMS key cannot be used this way.',
  },
  KmsInvalidState: {
    shape: 'KmsInvalidState',
    code: 'KMS.InvalidStateException',
    status: 400,
    message: 'The KMS key is not in a valid state.',
  },
  KmsNotFound: {
    shape: 'KmsNotFound',
    code: 'KMS.NotFoundException',
    status: 400,
    message: 'The KMS key does not exist.',
  },
  KmsOptInRequired: {
    shape: 'KmsOptInRequired',
    code: 'KMS.OptInRequired',
    status: 403,
    message: 'The account is not subscribed to KMS.',
  },
  KmsThrottled: { shape: 'KmsThrottled', code: 'KMS.ThrottlingException', status: 400, message: THROTTLED },
  // Unmodelled: the SDK answers SQSServiceException named by the code.
  InvalidParameterValue: {
    code: 'InvalidParameterValue',
    wireType: 'InvalidParameterValueException',
    status: 400,
    message: 'A parameter value is not valid.',
  },
  MissingParameter: {
    code: 'MissingParameter',
    wireType: 'MissingRequiredParameterException',
    status: 400,
    message: 'A required parameter is missing.',
  },
  InternalError: { code: 'InternalError', status: 500, message: INTERNAL },
  ...COMMON_UNMODELLED_ERRORS,
  ThrottlingException: { code: 'ThrottlingException', status: 400, message: THROTTLED },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

/**
 * The reasons AWS gives for an integer parameter out of its range (actions/params.ts optionalInteger): worded
 * differently by each action, even for the same parameter.
 */
export const SQS_RANGE_REASONS = {
  /** [AWS-snap] docs/aws-behaviour/sqs.md §4.9 */
  receiveMaxNumberOfMessages: 'Must be between 1 and 10, if provided.',
  /** [3P] */
  receiveVisibilityTimeout: 'Must be >= 0 and <= 43200, if provided.',
  /** [AWS-snap] */
  receiveWaitTimeSeconds: 'Must be >= 0 and <= 20, if provided.',
  /** [3P] docs/aws-behaviour/sqs.md §4.12 */
  changeVisibilityTimeout: 'Must be between 0 and 43200.',
  /** [3P] docs/aws-behaviour/sqs.md §4.13 */
  changeVisibilityTimeoutInBatch: 'VisibilityTimeout must be an integer between 0 and 43200.',
} as const;

/** The SQS error `name`, with its default message or `message`. */
const sqsError = (name: keyof typeof SQS_ERRORS, message?: string): AwsError => errorOf(SQS_ERRORS[name], message);

/**
 * Every SQS error the emulation raises, written once, in AWS's words (see docs/aws-behaviour/sqs.md §1 and §4).
 */
const invalidParameterValue = (message: string): AwsError => sqsError('InvalidParameterValue', message);

/** `Value <value> for parameter <name> is invalid. Reason: <reason>` */
const invalidParameter = (name: string, value: unknown, reason: string): AwsError =>
  invalidParameterValue(`Value ${textOf(value)} for parameter ${name} is invalid. Reason: ${reason}`);

const missingParameter = (
  name: string,
  code: 'MissingParameter' | 'InvalidParameterValue' = 'MissingParameter',
): AwsError => sqsError(code, `The request must contain the parameter ${name}.`);

export const sqsErrors = {
  invalidParameterValue,
  invalidParameter,
  missingParameter,

  queueDoesNotExist: (): AwsError => sqsError('QueueDoesNotExist'),
  queueNameExists: (attribute: string): AwsError =>
    sqsError(
      'QueueNameExists',
      `A queue already exists with the same name and a different value for attribute ${attribute}`,
    ),
  queueDeletedRecently: (): AwsError => sqsError('QueueDeletedRecently'),
  purgeQueueInProgress: (queueName: string): AwsError =>
    sqsError('PurgeQueueInProgress', `Only one PurgeQueue operation on ${queueName} is allowed every 60 seconds.`),
  invalidAttributeName: (message: string): AwsError => sqsError('InvalidAttributeName', message),
  unknownAttribute: (name: string): AwsError => sqsError('InvalidAttributeName', `Unknown Attribute ${name}.`),
  invalidAttributeValue: (name: string, reason?: string): AwsError =>
    sqsError('InvalidAttributeValue', `Invalid value for the parameter ${name}.${reason ? ` Reason: ${reason}` : ''}`),
  /** SetQueueAttributes / CreateQueue Policy over the quota. [3P] text; the error code is not recorded. */
  policyAttributeTooManyStatements: (name: string, statements: number, max: number): AwsError =>
    sqsErrors.invalidAttributeValue(
      name,
      `${statements} statements were found in the submitted policy, max allowed is ${max}`,
    ),
  invalidMessageContents: (): AwsError => sqsError('InvalidMessageContents'),
  receiptHandleIsInvalid: (handle: string): AwsError =>
    sqsError('ReceiptHandleIsInvalid', `The input receipt handle "${handle}" is not a valid receipt handle.`),
  overLimit: (message: string): AwsError => sqsError('OverLimit', message),
  emptyBatchRequest: (entryShape: string): AwsError =>
    sqsError('EmptyBatchRequest', `There should be at least one ${entryShape} in the request.`),
  tooManyEntriesInBatchRequest: (count: number): AwsError =>
    sqsError('TooManyEntriesInBatchRequest', `Maximum number of entries per request are 10. You have sent ${count}.`),
  invalidBatchEntryId: (): AwsError => sqsError('InvalidBatchEntryId'),
  batchEntryIdsNotDistinct: (id: string): AwsError => sqsError('BatchEntryIdsNotDistinct', `Id ${id} repeated.`),
  batchRequestTooLong: (bytes: number): AwsError =>
    sqsError(
      'BatchRequestTooLong',
      `Batch requests cannot be longer than 1048576 bytes. You have sent ${bytes} bytes.`,
    ),
  resourceNotFound: (message: string): AwsError => sqsError('ResourceNotFoundException', message),

  // ---- Request parameters of the wrong type (actions/params.ts) and batches (actions/batch.ts) ----
  // Not AWS texts: SDK v3's typings make a wrong type impossible without a cast (see wrongParameterType).

  parameterNotString: (name: string, value: unknown): AwsError =>
    invalidParameter(name, value, `${name} must be a string.`),
  /** `described` is the value as util/text.ts describeValue shows it. */
  parameterNotStringList: (name: string, described: string): AwsError =>
    invalidParameter(name, described, `${name} must be a list of strings.`),
  parameterNotStringMap: (name: string, described: string): AwsError =>
    invalidParameter(name, described, `${name} must be a map of strings.`),
  /** A batch's entries that are not a list. */
  batchEntriesNotList: (entryShape: string): AwsError =>
    invalidParameterValue(`The request must contain a list of ${entryShape}.`),
  /** A ListQueues-style NextToken that does not decode, or no longer applies. */
  invalidNextToken: (): AwsError => invalidParameterValue('Invalid or expired next token.'),

  // ---- CreateQueue and tags (docs/aws-behaviour/sqs.md §4.1, §4.16) ----

  queueNameMissing: (): AwsError =>
    invalidParameterValue('Value for parameter QueueName is invalid. Reason: Must specify a queue name.'),
  invalidQueueName: (fifo: boolean): AwsError =>
    invalidParameterValue(
      fifo
        ? 'The name of a FIFO queue can only include alphanumeric characters, hyphens, or underscores, must end with .fifo suffix and be 1 to 80 in length.'
        : 'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
    ),
  tagKeyLength: (key: string): AwsError =>
    invalidParameterValue(`Tag key must be between 1 and 128 characters long: ${key}`),
  reservedTagKey: (key: string): AwsError => invalidParameterValue(`Tag keys must not start with 'aws:': ${key}`),
  tagValueTooLong: (value: string): AwsError =>
    invalidParameterValue(`Tag value must be at most 256 characters long: ${value}`),
  tooManyTags: (queueName: string): AwsError => invalidParameterValue(`Too many tags added for queue ${queueName}.`),

  // ---- Message validation (SendMessage / SendMessageBatch entries), used by sqs/message-validation.ts ----
  // Source tags as in docs/aws-behaviour/sqs.md §0. Where a text is marked [3P] it comes from a third-party
  // SDK-v3 emulator test suite whose strings look copied from AWS; [LS-impl] is LocalStack's provider.

  /** [AWS-snap] SendMessage vs. a SendMessageBatch entry word this differently. */
  messageTooLong: (limit: number, inBatch: boolean): AwsError =>
    invalidParameterValue(
      `One or more parameters ${inBatch ? 'cannot be validated' : 'are invalid'}. ` +
        `Reason: Message must be shorter than ${limit} bytes.`,
    ),
  /** [3P] "Value -234 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900." */
  delaySecondsOutOfRange: (value: unknown): AwsError =>
    invalidParameter('DelaySeconds', value, 'DelaySeconds must be >= 0 and <= 900.'),
  /** [AWS-snap] same text for MessageGroupId and MessageDeduplicationId; the raw value is embedded verbatim. */
  invalidFifoIdentifier: (
    name: 'MessageGroupId' | 'MessageDeduplicationId' | 'ReceiveRequestAttemptId',
    value: unknown,
  ): AwsError =>
    invalidParameter(
      name,
      value,
      `${name} can only include alphanumeric and punctuation characters. 1 to 128 in length.`,
    ),
  /**
   * Not an AWS text: SDK v3's typings make a wrong JSON type impossible without a cast, and AWS would reject it while
   * deserialising. Worded like AWS's "Value for parameter QueueName is invalid. Reason: Must specify a queue name."
   */
  wrongParameterType: (name: string, expected: string): AwsError =>
    invalidParameterValue(`Value for parameter ${name} is invalid. Reason: Must be ${expected}.`),
  /** A parameter a queue of this type does not take (MessageDeduplicationId on a standard queue); AWS's grammar. */
  parameterNotValidForQueueType: (name: string, value: unknown): AwsError =>
    invalidParameter(name, value, 'The request include parameter that is not valid for this queue type.'),
  /** [3P] (also quoted by several other emulators and by users of real SQS). */
  tooManyMessageAttributes: (count: number): AwsError =>
    invalidParameterValue(`Number of message attributes [${count}] exceeds the allowed maximum [10].`),
  /** [3P] */
  emptyMessageAttributeName: (): AwsError =>
    invalidParameterValue('The request must contain non-empty message (user) attribute names.'),
  /** [3P] */
  messageAttributeNameTooLong: (): AwsError =>
    invalidParameterValue('Message (user) attribute name must be shorter than 256 bytes.'),
  /** [LS-impl] AWS's odd wording ("upper and lower score") and the trailing space are kept on purpose. */
  invalidMessageAttributeNameCharacters: (): AwsError =>
    invalidParameterValue(
      'Message (user) attributes name can only contain upper and lower score characters, digits, periods, hyphens and underscores. ',
    ),
  /** [3P] (the 'Amazon' without a period is in the quoted text) */
  reservedMessageAttributeName: (): AwsError =>
    invalidParameterValue(
      "You can't use message attribute names beginning with 'AWS.' or 'Amazon'. These strings are reserved for internal use.",
    ),
  /** [LS-impl] LocalStack reports a leading or trailing period with this combined reserved-prefix text. */
  messageAttributeNameEdgePeriod: (): AwsError =>
    invalidParameterValue(
      "You can't use message attribute names beginning with 'AWS.' or 'Amazon.'. " +
        "These strings are reserved for internal use. Additionally, they cannot start or end with '.'.",
    ),
  /** UNVERIFIED for SQS: LocalStack's SNS text for the same rule (SQS's LocalStack does not check it). */
  messageAttributeNameSuccessivePeriods: (): AwsError =>
    invalidParameterValue("Message attribute name can not have successive '.' character."),
  /** [3P] an attribute with neither a value nor a DataType, e.g. `{ Hello: {} }`. */
  messageAttributeValueMissing: (name: string): AwsError =>
    invalidParameterValue(`The message (user) attribute '${name}' must contain a non-empty message attribute value.`),
  /** UNVERIFIED: built by analogy with messageAttributeValueMissing (a value but no DataType). */
  messageAttributeTypeMissing: (name: string): AwsError =>
    invalidParameterValue(`The message (user) attribute '${name}' must contain a non-empty message attribute type.`),
  /** Real AWS, quoted from an SQSServiceError in grafana/k6-jslib-aws PR #65 (2023). */
  invalidMessageAttributeType: (name: string): AwsError =>
    invalidParameterValue(
      `The type of message (user) attribute '${name}' is invalid. ` +
        'You must use only the following supported type prefixes: Binary, Number, String.',
    ),
  /** [3P] */
  messageAttributeTypeTooLong: (): AwsError =>
    invalidParameterValue('Message (user) attribute type must be shorter than 256 bytes.'),
  /**
   * [AWS-snap] for `('user', name, 'String')`. The "(user)" reads like a slot in a shared template, so system
   * attributes use "(system)": that variant is UNVERIFIED.
   */
  emptyMessageAttributeValue: (kind: 'user' | 'system', name: string, baseType: string): AwsError =>
    invalidParameterValue(
      `Message (${kind}) attribute '${name}' must contain a non-empty value of type '${baseType}'.`,
    ),
  /** [3P] also used (UNVERIFIED) for numbers beyond 38 significant digits or outside the documented range. */
  messageAttributeNotANumber: (name: string): AwsError =>
    invalidParameterValue(`Can't cast the value of message (user) attribute '${name}' to a number.`),
  /** [3P] */
  messageAttributeListValuesNotSupported: (): AwsError =>
    invalidParameterValue('Message attribute list values in SendMessage operation are not supported.'),
  /**
   * [AWS-test] the code is InvalidParameterValue (not InvalidMessageContents) for a String attribute value with bad
   * characters; [LS-impl] the text is the InvalidMessageContents one.
   */
  invalidAttributeValueCharacters: (): AwsError => invalidParameterValue(SQS_ERRORS.InvalidMessageContents.message),
  /** [3P] */
  invalidMessageSystemAttributeName: (name: string): AwsError =>
    invalidParameterValue(`Message system attribute name '${name}' is invalid.`),
  /** UNVERIFIED: AWSTraceHeader "must be String" (docs); text built from the user-attribute type error. */
  invalidMessageSystemAttributeType: (name: string): AwsError =>
    invalidParameterValue(
      `The type of message (system) attribute '${name}' is invalid. You must use only the following supported type prefixes: String.`,
    ),

  // Queue attribute validation (queue-attributes.ts; docs/aws-behaviour/sqs.md §3). Where a text or code is marked
  // UNVERIFIED below, no real-AWS recording of it was found.

  /** [AWS-snap] Both SSE kinds requested in one call. */
  bothSseKinds: (): AwsError =>
    sqsError(
      'InvalidAttributeName',
      'You can use one type of server-side encryption (SSE) at one time. You can either enable KMS SSE or SQS SSE.',
    ),
  /** [AWS-snap] DeduplicationScope / FifoThroughputLimit on a standard queue. */
  fifoOnlyAttribute: (name: string): AwsError =>
    sqsError('InvalidAttributeName', `You can specify the ${name} only when FifoQueue is set to true.`),
  /** [AWS-snap] SetQueueAttributes FifoQueue=false on a FIFO queue. */
  queueTypeChange: (): AwsError =>
    sqsError(
      'InvalidAttributeValue',
      'Invalid value for the parameter FifoQueue. Reason: Modifying queue type is not supported.',
    ),
  /** [3P] text as docs/aws-behaviour/sqs.md records it (no final period); code UNVERIFIED. */
  perMessageGroupIdNeedsGroupScope: (): AwsError =>
    sqsError(
      'InvalidAttributeValue',
      'The perMessageGroupId value is allowed only when the value for DeduplicationScope is messageGroup',
    ),
  /** Code and text seen in a real AWS SetQueueAttributes error quoted in a public write-up. */
  redrivePolicyNotJsonMap: (): AwsError =>
    sqsError(
      'InvalidAttributeValue',
      'Invalid value for the parameter RedrivePolicy. Reason: Redrive policy is not a valid JSON map.',
    ),
  /** [Issue][3P] `attribute` is checked in the order maxReceiveCount, deadLetterTargetArn. */
  redrivePolicyMissingAttribute: (raw: string, attribute: string): AwsError =>
    invalidParameter('RedrivePolicy', raw, `Redrive policy does not contain mandatory attribute: ${attribute}.`),
  /** [3P] */
  redrivePolicyUnsupportedAttributes: (raw: string): AwsError =>
    invalidParameter(
      'RedrivePolicy',
      raw,
      'Only following attributes are supported: [maxReceiveCount, deadLetterTargetArn].',
    ),
  /** [3P] `count` is the value as sent. */
  redrivePolicyMaxReceiveCount: (raw: string, count: string): AwsError =>
    invalidParameter(
      'RedrivePolicy',
      raw,
      `Invalid value for maxReceiveCount: ${count}, valid values are from 1 to 1000 both inclusive.`,
    ),
  /** [AWS-snap] deadLetterTargetArn that is not an ARN at all (e.g. "dummy"). */
  redrivePolicyInvalidTargetArn: (raw: string): AwsError =>
    invalidParameter('RedrivePolicy', raw, 'Invalid value for deadLetterTargetArn.'),
  /** [3P] an ARN of another service. */
  redrivePolicyTargetNotSqs: (raw: string): AwsError =>
    invalidParameter('RedrivePolicy', raw, 'Only SQS queues are valid resources for deadLetterTargetArn.'),
  /** [Issue] the double period is AWS's. */
  redrivePolicyTargetTypeMismatch: (raw: string): AwsError =>
    invalidParameter('RedrivePolicy', raw, 'Dead-letter queue must be same type of queue as the source..'),
  /** [Issue] */
  redrivePolicyTargetMissing: (raw: string): AwsError =>
    invalidParameter('RedrivePolicy', raw, 'Dead letter target does not exist.'),
  /**
   * The DLQ's RedriveAllowPolicy (denyAll, or byQueue without this source) refuses it. Text UNVERIFIED: our own words.
   */
  redrivePolicyTargetDeniesSource: (raw: string): AwsError =>
    invalidParameter(
      'RedrivePolicy',
      raw,
      "The dead-letter queue's RedriveAllowPolicy does not allow this queue as a source queue.",
    ),
  /** [3P] (the apostrophe in "it’s" is typographic in the recorded text); code UNVERIFIED. */
  redriveAllowPolicyUnsupportedFormat: (): AwsError =>
    sqsError(
      'InvalidAttributeValue',
      "Invalid value for the parameter RedriveAllowPolicy. Reason: Amazon SQS can't create the redrive allow policy, as it’s in an unsupported format.",
    ),
  /** [3P] byQueue without (or with empty) sourceQueueArns; code UNVERIFIED. */
  redriveAllowPolicyNeedsSourceArns: (raw: string): AwsError =>
    invalidParameter(
      'RedriveAllowPolicy',
      raw,
      "Amazon SQS can't create the redrive allow policy. When you specify the byQueue permission type, you must also specify one or more sourceQueueArns values.",
    ),
  /** [3P] more than 10 sourceQueueArns; code UNVERIFIED. */
  redriveAllowPolicyTooManySourceArns: (raw: string): AwsError =>
    invalidParameter(
      'RedriveAllowPolicy',
      raw,
      "Amazon SQS can't create the redrive allow policy. The maximum number of source queue ARNs you can specify is 10.",
    ),
  /** [3P] allowAll / denyAll with sourceQueueArns; code UNVERIFIED. */
  redriveAllowPolicySourceArnsNeedByQueue: (raw: string): AwsError =>
    invalidParameter(
      'RedriveAllowPolicy',
      raw,
      "Amazon SQS can't create the redrive allow policy. To specify one or more source queue ARNs, you must set redrivePermission to byQueue.",
    ),

  // ---- AddPermission / RemovePermission (docs/aws-behaviour/sqs.md §4.17, §4.18) ----

  /** A label outside `[A-Za-z0-9_-]{1,80}`. */
  invalidPermissionLabel: (label: string): AwsError =>
    invalidParameter(
      'Label',
      label,
      'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
    ),
  /** [AWS-snap] the label of a statement the policy already has. */
  permissionLabelExists: (label: string): AwsError => invalidParameter('Label', label, 'Already exists.'),
  /** RemovePermission of a label no statement has. */
  permissionLabelNotFound: (label: string): AwsError => invalidParameter('Label', label, "can't find label."),
  /** [3P] (moto's suite agrees) an action only the queue owner may call (CreateQueue and the like). */
  ownerOnlyAction: (action: string): AwsError =>
    invalidParameter('ActionName', `SQS:${action}`, 'Only the queue owner is allowed to invoke this action.'),
  /** [3P] any other action, a batch action included (implied by its single form). */
  notGrantableAction: (action: string): AwsError =>
    invalidParameter(
      'ActionName',
      `SQS:${action}`,
      'Please refer to the appropriate WSDL for a list of valid actions.',
    ),
  /** moto's text; UNVERIFIED. */
  tooManyPermissionActions: (count: number, max: number): AwsError =>
    sqsErrors.overLimit(`${count} Actions were found, maximum allowed is ${max}.`),
  /** AddPermission past the quota. [3P] UNVERIFIED. */
  tooManyPolicyStatements: (count: number, max: number): AwsError =>
    sqsErrors.overLimit(`${count} Statements were found, maximum allowed is ${max}.`),

  // ---- Queue management (ListQueues / ListDeadLetterSourceQueues pagination) ----

  /** [3P] Unlike most parameter errors, this text does not quote the value. */
  maxResultsOutOfRange: (): AwsError =>
    invalidParameterValue(
      'Value for parameter MaxResults is invalid. Reason: MaxResults must be an integer between 1 and 1000.',
    ),

  // ---- Message move tasks (StartMessageMoveTask / ListMessageMoveTasks / CancelMessageMoveTask;
  // docs/aws-behaviour/sqs.md §4.19–4.21) ----

  /**
   * [AWS-snap] for SourceArn (Start and Cancel); [AWS-snap] for DestinationArn. Also a SourceArn of
   * ListMessageMoveTasks.
   */
  moveTaskQueueNotFound: (parameter: 'SourceArn' | 'DestinationArn'): AwsError =>
    sqsErrors.resourceNotFound(`The resource that you specified for the ${parameter} parameter doesn't exist.`),
  /** [3P] an ARN that is not of the form arn:…:…:…:…:… (an empty string included); code UNVERIFIED. */
  moveTaskArnFormat: (parameter: 'SourceArn' | 'DestinationArn'): AwsError =>
    invalidParameterValue(
      `You must use this format to specify the ${parameter}: arn:<partition>:<service>:<region>:<account-id>:<resource-id>`,
    ),
  /** [AWS-snap] */
  moveTaskSourceNotDeadLetterQueue: (): AwsError =>
    invalidParameterValue('Source queue must be configured as a Dead Letter Queue.'),
  /** [AWS-snap] */
  moveTaskAlreadyRunning: (): AwsError =>
    invalidParameterValue(
      'There is already a task running. Only one active task is allowed for a source queue arn at a given time.',
    ),
  /** [3P] code UNVERIFIED. */
  moveTaskSameQueue: (): AwsError =>
    invalidParameterValue('Source queue arn and destination queue arn cannot be the same.'),
  /** [3P] code UNVERIFIED. */
  moveTaskQueueTypeMismatch: (): AwsError =>
    invalidParameterValue('The source queue and destination queue must be of the same queue type.'),
  /**
   * [3P] for MaxNumberOfMessagesPerSecond (1–500); for ListMessageMoveTasks MaxResults (1–10) UNVERIFIED, by analogy.
   */
  moveTaskNumberOutOfRange: (parameter: 'MaxNumberOfMessagesPerSecond' | 'MaxResults', max: number): AwsError =>
    invalidParameterValue(
      `Value for parameter ${parameter} is invalid. Reason: You must enter a number that's between 1 and ${max}.`,
    ),
  /** [AWS-snap] a handle that does not decode to a task id and a source ARN. */
  moveTaskHandleInvalid: (): AwsError => invalidParameterValue('Value for parameter TaskHandle is invalid.'),
  /** [AWS-snap] also (our choice; AWS UNVERIFIED) for a task that is no longer RUNNING: its handle is then void. */
  moveTaskNotFound: (): AwsError => sqsErrors.resourceNotFound('Task does not exist.'),
  /** [AWS-snap] FIFO queue: a handle that is not the latest, or whose message is no longer in flight. */
  receiptHandleExpired: (handle: string): AwsError =>
    invalidParameter('ReceiptHandle', handle, 'The receipt handle has expired.'),
  /** ChangeMessageVisibility with a handle whose message was deleted, expired or moved. */
  messageNotAvailableForVisibilityChange: (handle: string): AwsError =>
    invalidParameter(
      'ReceiptHandle',
      handle,
      'Message does not exist or is not available for visibility timeout change.',
    ),
  /** ChangeMessageVisibility that would hide a message longer than `maxSeconds` after its receive. */
  visibilityTimeoutBeyondLimit: (seconds: number, maxSeconds: number): AwsError =>
    invalidParameter(
      'VisibilityTimeout',
      seconds,
      `Total VisibilityTimeout for the message is beyond the limit [${maxSeconds} seconds].`,
    ),
  /** A FIFO queue without ContentBasedDeduplication sent a message with no MessageDeduplicationId. */
  deduplicationIdRequired: (): AwsError =>
    invalidParameterValue(
      'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
    ),
};
