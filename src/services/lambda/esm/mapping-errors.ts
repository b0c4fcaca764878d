import type { AwsError } from '../../../core/aws-error.js';
import { describeValue } from '../../../core/util/text.js';
import { lambdaError } from '../errors.js';

/**
 * The errors CreateEventSourceMapping and UpdateEventSourceMapping answer for SQS, in AWS's words, each with its
 * source (docs/aws-behaviour/lambda.md §2.3, §7.1, §7.2). Nothing else in src/services/lambda/esm writes an error text.
 */
export const mappingErrors = {
  /** [AWS-snap] No EventSourceArn. */
  unrecognizedEventSource: (): AwsError => lambdaError('InvalidParameterValueException', 'Unrecognized event source.'),
  /** [AWS-snap] */
  functionDoesNotExist: (): AwsError => lambdaError('InvalidParameterValueException', 'Function does not exist'),
  /** [AWS-snap] The queue of EventSourceArn does not exist. */
  queueDoesNotExist: (): AwsError =>
    lambdaError(
      'InvalidParameterValueException',
      'Error occurred while ReceiveMessage. SQS Error Code: AWS.SimpleQueueService.NonExistentQueue. ' +
        'SQS Error Message: The specified queue does not exist.',
    ),
  /** [AWS-snap] DestinationConfig.OnSuccess on an SQS mapping. */
  unsupportedDestination: (): AwsError =>
    lambdaError(
      'InvalidParameterValueException',
      'Unsupported DestinationConfig parameter for given event source mapping type.',
    ),
  /** [AWS-snap] BatchSize above 10 with no batching window, on create and on update. */
  windowRequiredForLargeBatch: (): AwsError =>
    lambdaError(
      'InvalidParameterValueException',
      'Maximum batch window in seconds must be greater than 0 if maximum batch size is greater than 10',
    ),
  /** [Issue: aws/aws-lambda-dotnet#1758, via CloudFormation] */
  fifoWindow: (): AwsError =>
    lambdaError('InvalidParameterValueException', 'Batching window is not supported for FIFO queues'),
  /** [AWS-snap] */
  invalidFilterPattern: (): AwsError =>
    lambdaError('InvalidParameterValueException', 'Invalid filter pattern definition.'),
  /** [Issue: winglang/wing#1507, github-aws-runners/terraform-aws-github-runner#465, #5383] */
  visibilityBelowTimeout: (visibilitySeconds: number, timeoutSeconds: number): AwsError =>
    lambdaError(
      'InvalidParameterValueException',
      `Queue visibility timeout: ${visibilitySeconds} seconds is less than Function timeout: ${timeoutSeconds} seconds`,
    ),
  /** [AWS-snap] The same queue and function again; AWS's text has those spaces inside the quotes. */
  duplicate: (queueArn: string, functionName: string, uuid: string): AwsError =>
    lambdaError(
      'ResourceConflictException',
      `An event source mapping with SQS arn (" ${queueArn} ") and function (" ${functionName} ") already exists. ` +
        `Please update or delete the existing mapping with UUID ${uuid}`,
    ),
  /**
   * **Emulation** (lambda.md §2.3): an integer member whose JSON is not a whole number (a string, a boolean, an object,
   * a fraction, or a Symbol or function the SDK writes raw). Lambda's body parser refuses such a body before any rule
   * of the service; the code and the text's start are those recorded for a body it cannot parse (§6.2), the rest is
   * ours. `wire` is the member as the SDK writes it.
   */
  notAnInteger: (path: string, wire: string): AwsError =>
    lambdaError(
      'InvalidRequestContentException',
      `Could not parse request body into json: ${path} must be a whole number, got ${wire}`,
    ),
  /** **Emulation** (lambda.md §2.3): ScalingConfig given as something other than a JSON object. */
  notAnObject: (path: string, wire: string): AwsError =>
    lambdaError(
      'InvalidRequestContentException',
      `Could not parse request body into json: ${path} must be an object, got ${wire}`,
    ),
  /** [AWS-snap] Get, Update or Delete of an unknown UUID. */
  notFound: (): AwsError => lambdaError('ResourceNotFoundException', 'The resource you requested does not exist.'),
  /**
   * A value outside the API model's range (BatchSize 1–10,000, MaximumBatchingWindowInSeconds 0–300,
   * ScalingConfig.MaximumConcurrency 2–1000, a Pattern of up to 4,096 characters). AWS's text is not recorded for
   * Lambda; this is the request layer's usual form, as a third-party emulator writes it for BatchSize 0 [3P].
   */
  outOfRange: (path: string, value: unknown, bound: 'min' | 'max', limit: number): AwsError =>
    lambdaError(
      'ValidationException',
      `1 validation error detected: Value '${String(value)}' at '${path}' failed to satisfy constraint: ` +
        `Member must have value ${bound === 'min' ? 'greater' : 'less'} than or equal to ${limit}`,
    ),
  /** The same layer's form for a string too long [3P]. */
  tooLong: (path: string, value: string, limit: number): AwsError =>
    lambdaError(
      'ValidationException',
      `1 validation error detected: Value '${value}' at '${path}' failed to satisfy constraint: ` +
        `Member must have length less than or equal to ${limit}`,
    ),
  /** The same layer's form for a value outside an enum [3P]. */
  notInEnum: (path: string, value: unknown, allowed: readonly string[]): AwsError =>
    lambdaError(
      'ValidationException',
      `1 validation error detected: Value '${describeValue(value)}' at '${path}' failed to satisfy constraint: ` +
        `Member must satisfy constraint: [Member must satisfy enum value set: [${allowed.join(', ')}]]`,
    ),
} as const;
