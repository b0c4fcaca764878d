import {
  errorOf,
  SERIALIZATION_ERROR,
  SHARED_MESSAGES,
  wrongTypeMessage,
  type ErrorIdentity,
} from '../../core/aws-error.js';
import type { ShapeMismatch } from '../../core/input-shape.js';

/**
 * Every EventBridge Scheduler error the emulation answers, by the SDK's class name, with the status the model gives
 * it (docs/aws-behaviour/eventbridge.md §13.9). To add an error: its entry here, and a factory below if the emulation
 * raises it; texts are written only here.
 */
export const SCHEDULER_ERRORS = {
  ...SERIALIZATION_ERROR,
  ValidationException: {
    shape: 'ValidationException',
    code: 'ValidationException',
    status: 400,
    message: '1 validation error detected',
  },
  ConflictException: { shape: 'ConflictException', code: 'ConflictException', status: 409, message: 'Conflict.' },
  ResourceNotFoundException: {
    shape: 'ResourceNotFoundException',
    code: 'ResourceNotFoundException',
    status: 404,
    message: 'The resource does not exist.',
  },
  ServiceQuotaExceededException: {
    shape: 'ServiceQuotaExceededException',
    code: 'ServiceQuotaExceededException',
    status: 402,
    message: 'The request exceeds a service quota.',
  },
  ThrottlingException: {
    shape: 'ThrottlingException',
    code: 'ThrottlingException',
    status: 429,
    message: SHARED_MESSAGES.throttled,
  },
  InternalServerException: {
    shape: 'InternalServerException',
    code: 'InternalServerException',
    status: 500,
    message: SHARED_MESSAGES.internal,
  },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

export type SchedulerErrorName = keyof typeof SCHEDULER_ERRORS;

export function schedulerError(name: SchedulerErrorName, message?: string) {
  return errorOf(SCHEDULER_ERRORS[name], message);
}

/** AWS's usual wording of a model constraint (Emulation for Scheduler: its texts are not recorded, §13.9). */
function constraint(value: string, at: string, rule: string) {
  return schedulerError(
    'ValidationException',
    `1 validation error detected: Value '${value}' at '${at}' failed to satisfy constraint: ${rule}`,
  );
}

/** The errors the emulation raises, in AWS's words where recorded (docs/aws-behaviour/eventbridge.md §13). */
export const schedulerErrors = {
  // §9.1: a member of the wrong JSON type, refused before the action runs.
  wrongType: (mismatch: ShapeMismatch) => schedulerError('SerializationException', wrongTypeMessage(mismatch)),
  // §13.3 [AWS-snap]
  badExpression: (expression: string) =>
    schedulerError('ValidationException', `Invalid Schedule Expression ${expression}.`),
  // §13.9 [3P]
  scheduleExists: (name: string) => schedulerError('ConflictException', `Schedule ${name} already exists.`),
  // §13.9 [3P, quoting AWS]
  scheduleNotFound: (name: string) => schedulerError('ResourceNotFoundException', `Schedule ${name} does not exist.`),
  // §13.9 [3P]
  groupNotFound: (name: string) =>
    schedulerError('ResourceNotFoundException', `Schedule group ${name} does not exist.`),
  // §13.9 Emulation: by analogy with the schedule's text.
  groupExists: (name: string) => schedulerError('ConflictException', `Schedule group ${name} already exists.`),
  // §13.9 Emulation: the default group cannot be deleted; AWS's text is not recorded.
  cannotDeleteDefault: () => schedulerError('ValidationException', 'The default schedule group cannot be deleted.'),
  // §13.3 Emulation: the text for an unknown zone is not recorded.
  badTimezone: (zone: string) => schedulerError('ValidationException', `Invalid time zone ${zone}.`),
  // §13.4 Emulation
  endBeforeStart: () => schedulerError('ValidationException', 'The EndDate must be later than the StartDate.'),
  // §13.5 Emulation
  windowNeedsMinutes: () =>
    schedulerError('ValidationException', 'MaximumWindowInMinutes must be provided when the Mode is FLEXIBLE.'),
  windowOffHasMinutes: () =>
    schedulerError('ValidationException', 'MaximumWindowInMinutes must not be provided when the Mode is OFF.'),
  // §13.1 [Model] constraints, AWS's usual wording (Emulation).
  missing: (at: string) => constraint('null', at, 'Member must not be null'),
  tooLong: (value: string, at: string, max: number) =>
    constraint(value, at, `Member must have length less than or equal to ${max}`),
  tooShort: (value: string, at: string) => constraint(value, at, 'Member must have length greater than or equal to 1'),
  badPattern: (value: string, at: string, pattern: string) =>
    constraint(value, at, `Member must satisfy regular expression pattern: ${pattern}`),
  badEnum: (value: string, at: string, values: readonly string[]) =>
    constraint(value, at, `Member must satisfy enum value set: [${values.join(', ')}]`),
  outOfRange: (value: number, at: string, bound: 'less' | 'greater', limit: number) =>
    constraint(String(value), at, `Member must have value ${bound} than or equal to ${limit}`),
  // Tag actions on an ARN that is no schedule group (Emulation).
  resourceNotFound: (arn: string) => schedulerError('ResourceNotFoundException', `Resource ${arn} does not exist.`),
};
