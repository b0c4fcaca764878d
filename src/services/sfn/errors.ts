import {
  errorOf,
  SERIALIZATION_ERROR,
  SHARED_MESSAGES,
  wrongTypeMessage,
  type ErrorIdentity,
} from '../../core/aws-error.js';
import type { ShapeMismatch } from '../../core/input-shape.js';

/** A modelled error of Step Functions: its class name is its code, status 400 (stepfunctions.md §1). */
const modelled = <Name extends string>(name: Name, message: string) =>
  ({ shape: name, code: name, status: 400, message }) as const;

/**
 * Every Step Functions error the emulation answers, by the SDK's class name (docs/aws-behaviour/stepfunctions.md §1).
 * To add an error: its entry here, and a factory below if the emulation raises it; texts are written only here.
 */
export const SFN_ERRORS = {
  ...SERIALIZATION_ERROR,
  ActivityAlreadyExists: modelled('ActivityAlreadyExists', 'Activity already exists.'),
  ActivityDoesNotExist: modelled('ActivityDoesNotExist', 'Activity does not exist.'),
  ActivityLimitExceeded: modelled('ActivityLimitExceeded', 'Activity limit exceeded.'),
  ActivityWorkerLimitExceeded: modelled('ActivityWorkerLimitExceeded', 'Activity worker limit exceeded.'),
  ConflictException: modelled('ConflictException', 'Conflict.'),
  ExecutionAlreadyExists: modelled('ExecutionAlreadyExists', 'Execution already exists.'),
  ExecutionDoesNotExist: modelled('ExecutionDoesNotExist', 'Execution does not exist.'),
  ExecutionLimitExceeded: modelled('ExecutionLimitExceeded', 'Execution limit exceeded.'),
  ExecutionNotRedrivable: modelled('ExecutionNotRedrivable', 'Execution is not redrivable.'),
  InvalidArn: modelled('InvalidArn', 'Invalid Arn.'),
  InvalidDefinition: modelled('InvalidDefinition', 'Invalid State Machine Definition.'),
  InvalidExecutionInput: modelled('InvalidExecutionInput', 'Invalid State Machine Execution Input.'),
  InvalidName: modelled('InvalidName', 'Invalid Name.'),
  InvalidOutput: modelled('InvalidOutput', 'Invalid Output.'),
  InvalidToken: modelled('InvalidToken', "Invalid Token: 'Invalid token'"),
  MissingRequiredParameter: modelled('MissingRequiredParameter', 'Missing required parameter.'),
  ResourceNotFound: modelled('ResourceNotFound', 'Resource not found.'),
  ServiceQuotaExceededException: modelled('ServiceQuotaExceededException', 'Service quota exceeded.'),
  StateMachineAlreadyExists: modelled('StateMachineAlreadyExists', 'State Machine Already Exists.'),
  StateMachineDeleting: modelled('StateMachineDeleting', 'State Machine is being deleted.'),
  StateMachineDoesNotExist: modelled('StateMachineDoesNotExist', 'State Machine Does Not Exist.'),
  StateMachineLimitExceeded: modelled('StateMachineLimitExceeded', 'State machine limit exceeded.'),
  StateMachineTypeNotSupported: modelled(
    'StateMachineTypeNotSupported',
    'This operation is not supported by this type of state machine',
  ),
  TaskDoesNotExist: modelled('TaskDoesNotExist', 'Task does not exist.'),
  TaskTimedOut: modelled('TaskTimedOut', 'Task Timed Out.'),
  TooManyTags: modelled('TooManyTags', 'Too many tags.'),
  ValidationException: modelled('ValidationException', '1 validation error detected'),
  ThrottlingException: { code: 'ThrottlingException', status: 400, message: SHARED_MESSAGES.throttled },
  InternalFailure: { code: 'InternalFailure', status: 500, message: SHARED_MESSAGES.internal },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

export type SfnErrorName = keyof typeof SFN_ERRORS;

export function sfnError(name: SfnErrorName, message?: string) {
  return errorOf(SFN_ERRORS[name], message);
}

/** AWS's model-constraint wording (stepfunctions.md §1.4, §1.10 [AWS-snap]). */
function constraint(value: string, at: string, rule: string) {
  return sfnError(
    'ValidationException',
    `1 validation error detected: Value ${value} at '${at}' failed to satisfy constraint: ${rule}`,
  );
}

/** The errors the emulation raises, in AWS's words where recorded (docs/aws-behaviour/stepfunctions.md). */
export const sfnErrors = {
  wrongType: (mismatch: ShapeMismatch) => sfnError('SerializationException', wrongTypeMessage(mismatch)),
  // §1.2 [AWS-snap]
  invalidArn: (value: string) => sfnError('InvalidArn', `Invalid Arn: 'Invalid ARN prefix: ${value}'`),
  // §1.2 [AWS-snap]
  expressArn: () => sfnError('InvalidArn', "Invalid Arn: 'Resource type not valid in this context: express'"),
  // §1.2 [AWS-snap]
  invalidName: (name: string) => sfnError('InvalidName', `Invalid Name: '${name}'`),
  // §1.3 [AWS-snap]
  machineExists: (arn: string) => sfnError('StateMachineAlreadyExists', `State Machine Already Exists: '${arn}'`),
  // §1.4 [AWS-snap]
  machineMissing: (arn: string) => sfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${arn}'`),
  // §1.4 [D]
  machineDeleting: (arn: string) => sfnError('StateMachineDeleting', `State Machine is being deleted: '${arn}'`),
  // §1.3 [AWS-snap]
  invalidDefinition: (problems: string) =>
    sfnError('InvalidDefinition', `Invalid State Machine Definition: '${problems}'`),
  // §1.6 [AWS-snap]
  invalidInput: (detail: string) =>
    sfnError('InvalidExecutionInput', `Invalid State Machine Execution Input: '${detail}'`),
  // §1.6 [AWS-snap]
  executionExists: (arn: string) => sfnError('ExecutionAlreadyExists', `Execution Already Exists: '${arn}'`),
  // §1.8 [AWS-snap]
  executionMissing: (arn: string) => sfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${arn}'`),
  // §1.7 [AWS-snap]
  typeNotSupported: () => sfnError('StateMachineTypeNotSupported'),
  // §1.4 [AWS-snap]
  nothingToUpdate: () =>
    sfnError(
      'MissingRequiredParameter',
      'Either the definition, the role ARN, the LoggingConfiguration, or the TracingConfiguration must be specified',
    ),
  // §1.13 [AWS-snap]
  activityMissing: (arn: string) => sfnError('ActivityDoesNotExist', `Activity Does Not Exist: '${arn}'`),
  // §1.12 [AWS-snap]
  invalidToken: () => sfnError('InvalidToken'),
  // §1.14 [AWS-snap]
  roleArnForTask: () => sfnError('ValidationException', 'RoleArn must be specified when testing a Task state'),
  // §1.14 [AWS-snap 2025-12]
  mapOrParallelUnmocked: () =>
    sfnError(
      'InvalidDefinition',
      'TestState API does not support Map or Parallel states. Supported state types include: ' +
        '[Task, Wait, Pass, Succeed, Fail, Choice]',
    ),
  // §1.14 [AWS-snap 2025-12]
  mockNotSupported: (type: string) =>
    sfnError('ValidationException', `State type '${type}' is not supported when a mock is specified`),
  // §1.14 [AWS-snap 2025-12]
  mockOneOf: () =>
    sfnError('ValidationException', 'A test mock should have only one of the following fields: [result, errorOutput].'),
  // §1.14 [AWS-snap 2025-12]
  mockRevealSecrets: () =>
    sfnError('ValidationException', 'TestState does not support RevealSecrets when a mock is specified.'),
  // §1.14 [AWS-snap 2025-12]
  mockResultNotJson: () => sfnError('ValidationException', 'Mocked result must be valid JSON'),
  // §1.14 [AWS-snap 2025-12]
  mockResultArray: () => sfnError('ValidationException', 'Mocked result must be an array.'),
  // §1.14 [AWS-snap 2025-12]
  mockResultObject: () => sfnError('ValidationException', 'Mocked result must be a JSON object.'),
  // §1.14 [AWS-snap 2026-02]
  mockResultBranches: () =>
    sfnError(
      'ValidationException',
      'Mocked result must contain the same number of items as number of Parallel branches.',
    ),
  // §1.14 [AWS-snap 2025-12]: `detail` is `Field '<name>' must be a string`, `Required field '<name>' is missing`, ...
  mockSchema: (detail: string) => sfnError('ValidationException', `Mock result schema validation error: ${detail}`),
  // §1.14 [AWS-snap 2026-03]
  failureCountUnmocked: () =>
    sfnError(
      'ValidationException',
      'TestState does not support MapIterationFailureCount when a mock is not specified.',
    ),
  // §1.14 [AWS-snap 2026-03]
  failureCountTooHigh: () =>
    sfnError(
      'ValidationException',
      'Map iteration failure count must be less than or equal to the number of Map iterations',
    ),
  // §1.14 [AWS-snap 2025-12]: `detail` is `Field '<name>' is not allowed`, `Execution.Id must be a string`, ...
  invalidContext: (detail: string) => sfnError('ValidationException', `Invalid Context object provided: ${detail}`),
  // §1.14 Emulation: AWS's texts for these are not recorded.
  itemReaderDataNotJson: () => sfnError('ValidationException', 'mapItemReaderData must be a JSON array'),
  contextNotJson: () =>
    sfnError('ValidationException', 'Invalid Context object provided: Context must be a JSON object'),
  // §1.14 Emulation: [D Model] allows context only with a mock; AWS's text for it is not recorded.
  contextUnmocked: () =>
    sfnError('ValidationException', 'TestState does not support Context when a mock is not specified.'),
  // §1.17 Emulation: the reason DescribeExecution gives [D Model]; AWS's message is not recorded.
  notRedrivable: (reason: string) => sfnError('ExecutionNotRedrivable', reason),
  // §1.12 Emulation: AWS's texts for these are not recorded.
  taskMissing: () => sfnError('TaskDoesNotExist', 'Task Does Not Exist'),
  taskTimedOut: () => sfnError('TaskTimedOut', 'Task Timed Out'),
  invalidOutput: (detail: string) => sfnError('InvalidOutput', `Invalid Output: '${detail}'`),
  // §1.15 Emulation
  resourceMissing: (arn: string) => sfnError('ResourceNotFound', `Resource not found: '${arn}'`),
  tooManyTags: (arn: string) => sfnError('TooManyTags', `Too many tags for resource '${arn}'`),
  // §1.5 Emulation
  conflict: (text: string) => sfnError('ConflictException', text),
  aliasMissing: (arn: string) => sfnError('ResourceNotFound', `Resource not found: '${arn}'`),
  // §1.4 [AWS-snap] and the model's constraints in AWS's usual wording.
  missing: (at: string) => constraint('null', at, 'Member must not be null'),
  tooLarge: (value: number, at: string, max: number) =>
    constraint(`'${value}'`, at, `Member must have value less than or equal to ${max}`),
  tooSmall: (value: number, at: string, min: number) =>
    constraint(`'${value}'`, at, `Member must have value greater than or equal to ${min}`),
  tooLong: (value: string, at: string, max: number) =>
    constraint(`'${value}'`, at, `Member must have length less than or equal to ${max}`),
  // §1.6 [3P measured]: a sensitive member's value is not shown, and its size is counted in UTF-8 bytes.
  tooManyBytes: (at: string, max: number) =>
    sfnError(
      'ValidationException',
      `1 validation error detected: Value at '${at}' failed to satisfy constraint: Member must have size less ` +
        `than or equal to ${max} bytes in UTF-8 encoding`,
    ),
  badEnum: (value: string, at: string, values: readonly string[]) =>
    constraint(`'${value}'`, at, `Member must satisfy enum value set: [${values.join(', ')}]`),
  // §1.3 [D Model]: versionDescription only with publish.
  validation: (text: string) => sfnError('ValidationException', text),
};
