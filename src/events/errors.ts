import { errorOf, SERIALIZATION_ERROR, SHARED_MESSAGES, wrongTypeMessage, type ErrorIdentity } from '../aws-error.js';
import type { ShapeMismatch } from '../input-shape.js';

/**
 * Every EventBridge error the emulation answers, by the SDK's class name (by the code where the SDK has no class),
 * with the status AWS sends: 400 for every recorded one (docs/aws-behaviour/eventbridge.md §9). EventBridge speaks
 * JSON, so the class name is also the code. To add an error: its entry here, and a factory below if the emulation
 * raises it; texts are written only here.
 */
export const EVENTS_ERRORS = {
  ...SERIALIZATION_ERROR,
  ValidationException: { code: 'ValidationException', status: 400, message: '1 validation error detected' },
  ResourceNotFoundException: {
    shape: 'ResourceNotFoundException',
    code: 'ResourceNotFoundException',
    status: 400,
    message: 'The resource does not exist.',
  },
  ResourceAlreadyExistsException: {
    shape: 'ResourceAlreadyExistsException',
    code: 'ResourceAlreadyExistsException',
    status: 400,
    message: 'The resource already exists.',
  },
  InvalidEventPatternException: {
    shape: 'InvalidEventPatternException',
    code: 'InvalidEventPatternException',
    status: 400,
    message: 'Event pattern is not valid.',
  },
  LimitExceededException: {
    shape: 'LimitExceededException',
    code: 'LimitExceededException',
    status: 400,
    message: 'The requested resource exceeds the maximum number allowed.',
  },
  ConcurrentModificationException: {
    shape: 'ConcurrentModificationException',
    code: 'ConcurrentModificationException',
    status: 400,
    message: 'Concurrent modification, try again.',
  },
  ManagedRuleException: {
    shape: 'ManagedRuleException',
    code: 'ManagedRuleException',
    status: 400,
    message: 'This rule is managed by an AWS service.',
  },
  ThrottlingException: {
    shape: 'ThrottlingException',
    code: 'ThrottlingException',
    status: 400,
    message: SHARED_MESSAGES.throttled,
  },
  InternalException: {
    shape: 'InternalException',
    code: 'InternalException',
    status: 500,
    message: SHARED_MESSAGES.internal,
  },
  AccessDeniedException: {
    shape: 'AccessDeniedException',
    code: 'AccessDeniedException',
    status: 400,
    message: SHARED_MESSAGES.accessDenied,
  },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

export type EventsErrorName = keyof typeof EVENTS_ERRORS;

export function eventsError(name: EventsErrorName, message?: string) {
  return errorOf(EVENTS_ERRORS[name], message);
}

/** AWS's usual wording of a model constraint: `1 validation error detected: Value 'x' at 'p' failed to ...`. */
function constraint(value: string, at: string, rule: string) {
  return eventsError(
    'ValidationException',
    `1 validation error detected: Value '${value}' at '${at}' failed to satisfy constraint: ${rule}`,
  );
}

/** The errors the emulation raises, in AWS's words (docs/aws-behaviour/eventbridge.md, section by section). */
export const eventsErrors = {
  // §9.1: a member of the wrong JSON type, refused before the action runs.
  wrongType: (mismatch: ShapeMismatch) => eventsError('SerializationException', wrongTypeMessage(mismatch)),
  // §2.1 [AWS-snap]; the entries' toString is abbreviated (Emulation).
  tooManyEntries: (count: number) =>
    constraint(`[${count} PutEventsRequestEntry]`, 'entries', 'Member must have length less than or equal to 10'),
  noEntries: () => constraint('[]', 'entries', 'Member must have length greater than or equal to 1'),
  // §2.1 [AWS-snap]
  entriesTooLarge: () =>
    eventsError('ValidationException', 'Total size of the entries in the request is over the limit.'),
  // §3 [AWS-snap]
  cannotDeleteDefault: () => eventsError('ValidationException', 'Cannot delete event bus default.'),
  busExists: (name: string) => eventsError('ResourceAlreadyExistsException', `Event bus ${name} already exists.`),
  busNotFound: (name: string) => eventsError('ResourceNotFoundException', `Event bus ${name} does not exist.`),
  tooManyBuses: () => eventsError('LimitExceededException'),
  // §3, §4.1, §5.1 [Model] constraints, AWS's usual wording.
  tooLong: (value: string, at: string, max: number) =>
    constraint(value, at, `Member must have length less than or equal to ${max}`),
  tooShort: (value: string, at: string) => constraint(value, at, 'Member must have length greater than or equal to 1'),
  badPattern: (value: string, at: string, pattern: string) =>
    constraint(value, at, `Member must satisfy regular expression pattern: ${pattern}`),
  missing: (at: string) => constraint('null', at, 'Member must not be null'),
  badEnum: (value: string, at: string, values: readonly string[]) =>
    constraint(value, at, `Member must satisfy enum value set: [${values.join(', ')}]`),
  outOfRange: (value: number, at: string, bound: 'less' | 'greater', limit: number) =>
    constraint(String(value), at, `Member must have value ${bound} than or equal to ${limit}`),
  // §3 Emulation: the text for a name AWS's rules refuse is unrecorded.
  badBusName: (name: string) => eventsError('ValidationException', `Event bus name ${name} is not valid.`),
  // §4.1 [AWS-snap]; on a custom bus [3P]
  ruleNotFound: (name: string, bus: string) =>
    eventsError('ResourceNotFoundException', `Rule ${name} does not exist on EventBus ${bus}.`),
  // §4.1 [3P]
  patternOrSchedule: () =>
    eventsError('ValidationException', 'Parameter(s) EventPattern or ScheduleExpression must be specified.'),
  // §4.1 [AWS-snap]
  scheduleOnCustomBus: () =>
    eventsError('ValidationException', 'ScheduleExpression is supported only on the default event bus.'),
  // §8.1 [AWS-snap]
  badSchedule: () => eventsError('ValidationException', 'Parameter ScheduleExpression is not valid.'),
  // §7.1 [AWS-snap]
  invalidPattern: (reason: string) =>
    eventsError('InvalidEventPatternException', `Event pattern is not valid. Reason: ${reason}`),
  // §7.4 [AWS-snap], event-ruler's text, without a location
  wildcardTooComplex: () =>
    eventsErrors.invalidPattern(
      'Rule is too complex - try using fewer wildcard characters or fewer repeating character sequences after a ' +
        'wildcard character',
    ),
  // §4.3 [AWS-snap]
  ruleHasTargets: () => eventsError('ValidationException', "Rule can't be deleted since it has targets."),
  // §5.1 [AWS-snap]
  tooManyTargets: () => eventsError('LimitExceededException'),
  oneInputKind: (id: string) =>
    eventsError(
      'ValidationException',
      `Only one of Input, InputPath, or InputTransformer must be provided for target ${id}.`,
    ),
  // §6.3 [AWS-snap]
  invalidPlaceholder: (id: string, name: string) =>
    eventsError('ValidationException', `InputTemplate for target ${id} contains invalid placeholder ${name}.`),
  // §7.2 [AWS-snap]
  invalidEvent: () => eventsError('ValidationException', 'Parameter Event is not valid.'),
  // Tag actions on an unknown ARN (Emulation: the text of the resource's own not-found error).
  resourceNotFound: (arn: string) => eventsError('ResourceNotFoundException', `Resource ${arn} does not exist.`),
};

/** Per-entry PutEvents errors (§2.2 [AWS-snap]): codes and texts of a failed entry. */
export const ENTRY_ERRORS = {
  noSource: {
    ErrorCode: 'InvalidArgument',
    ErrorMessage: 'Parameter Source is not valid. Reason: Source is a required argument.',
  },
  noDetailType: {
    ErrorCode: 'InvalidArgument',
    ErrorMessage: 'Parameter DetailType is not valid. Reason: DetailType is a required argument.',
  },
  noDetail: {
    ErrorCode: 'InvalidArgument',
    ErrorMessage: 'Parameter Detail is not valid. Reason: Detail is a required argument.',
  },
  malformedDetail: { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' },
} as const;

/** §5.3 [3P]: a FIFO queue target without SqsParameters, as a PutTargets failed entry (Emulation). */
export function fifoNeedsGroup(id: string) {
  return {
    TargetId: id,
    ErrorCode: 'ValidationException',
    ErrorMessage: `Parameter(s) SqsParameters must be specified for target: ${id}.`,
  };
}
