import { AwsError } from '../aws-error.js';

/**
 * Every SNS error the emulation raises, in AWS's words (docs/aws-behaviour/sns.md). SNS speaks the Query
 * protocol: the SDK picks the class by the error code, and `name` is the class name.
 */
const invalidParameter = (message: string): AwsError =>
  new AwsError({ shape: 'InvalidParameterException', code: 'InvalidParameter', message });

export const snsErrors = {
  /** `message` is the whole text: most start "Invalid parameter: ", a few (SMS, tokens) do not. */
  invalidParameter,
  /** "Invalid parameter: <name> Reason: <reason>", or without a reason "Invalid parameter: <name>". */
  invalidParameterNamed: (name: string, reason?: string): AwsError =>
    invalidParameter(`Invalid parameter: ${name}${reason ? ` Reason: ${reason}` : ''}`),
  parameterValueInvalid: (message: string): AwsError =>
    new AwsError({ shape: 'InvalidParameterValueException', code: 'ParameterValueInvalid', message }),
  /**
   * A `Number` attribute whose value is no number SQS could store. The text is the one moto and other emulators
   * reproduce [3P]; it was not recorded from AWS, nor is where SNS draws the line for huge or over-precise numbers
   * (taken to be SQS's: 38 significant digits, -10^128 to 10^126).
   */
  messageAttributeNotANumber: (name: string): AwsError =>
    new AwsError({
      shape: 'InvalidParameterValueException',
      code: 'ParameterValueInvalid',
      message: `Could not cast message attribute '${name}' value to number.`,
    }),
  /** Coral-level validation: no modelled class, so the SDK names it by its code. */
  validationError: (message: string): AwsError => new AwsError({ code: 'ValidationError', message }),
  topicNotFound: (): AwsError =>
    new AwsError({ shape: 'NotFoundException', code: 'NotFound', status: 404, message: 'Topic does not exist' }),
  subscriptionNotFound: (): AwsError =>
    new AwsError({ shape: 'NotFoundException', code: 'NotFound', status: 404, message: 'Subscription does not exist' }),
  resourceNotFound: (message: string): AwsError =>
    new AwsError({ shape: 'ResourceNotFoundException', code: 'ResourceNotFound', status: 404, message }),
  tagLimitExceeded: (message: string): AwsError =>
    new AwsError({ shape: 'TagLimitExceededException', code: 'TagLimitExceeded', message }),
  emptyBatchRequest: (): AwsError =>
    new AwsError({
      shape: 'EmptyBatchRequestException',
      code: 'EmptyBatchRequest',
      message: 'The batch request does not contain any entries.',
    }),
  tooManyEntriesInBatchRequest: (): AwsError =>
    new AwsError({
      shape: 'TooManyEntriesInBatchRequestException',
      code: 'TooManyEntriesInBatchRequest',
      message: 'The batch request contains more entries than permissible.',
    }),
  batchEntryIdsNotDistinct: (): AwsError =>
    new AwsError({
      shape: 'BatchEntryIdsNotDistinctException',
      code: 'BatchEntryIdsNotDistinct',
      message: 'Two or more batch entries in the request have the same Id.',
    }),
  invalidBatchEntryId: (message: string): AwsError =>
    new AwsError({ shape: 'InvalidBatchEntryIdException', code: 'InvalidBatchEntryId', message }),
  batchRequestTooLong: (): AwsError =>
    new AwsError({
      shape: 'BatchRequestTooLongException',
      code: 'BatchRequestTooLong',
      message: 'The length of all the messages put together is more than the limit.',
    }),
  /**
   * DeleteTopic on a FIFO topic whose ArchivePolicy is active: AWS documents the refusal and lists InvalidState among
   * DeleteTopic's errors; the message text is not recorded.
   */
  archiveStillActive: (): AwsError =>
    new AwsError({
      shape: 'InvalidStateException',
      code: 'InvalidState',
      message: 'Invalid state: the topic has an active ArchivePolicy; set ArchivePolicy to {} before deleting it',
    }),
};

/** A required parameter left out: SNS's own wording, as recorded for Unsubscribe (docs/aws-behaviour/sns.md §2). */
export const missingParameter = (name: string): AwsError => snsErrors.invalidParameterNamed(name, 'no value for required parameter');
