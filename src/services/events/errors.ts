import type { PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import {
  errorOf,
  SERIALIZATION_ERROR,
  SHARED_MESSAGES,
  wrongTypeMessage,
  type ErrorIdentity,
} from '../../core/aws-error.js';
import type { ShapeMismatch } from '../../core/input-shape.js';

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
  // The model's own descriptions of these classes [Model].
  IllegalStatusException: {
    shape: 'IllegalStatusException',
    code: 'IllegalStatusException',
    status: 400,
    message: 'An error occurred because a replay can be canceled only when the state is Running or Starting.',
  },
  InvalidStateException: {
    shape: 'InvalidStateException',
    code: 'InvalidStateException',
    status: 400,
    message: 'The specified state is not a valid state for an event source.',
  },
  OperationDisabledException: {
    shape: 'OperationDisabledException',
    code: 'OperationDisabledException',
    status: 400,
    message: 'The operation you are attempting is not available in this region.',
  },
  PolicyLengthExceededException: {
    shape: 'PolicyLengthExceededException',
    code: 'PolicyLengthExceededException',
    status: 400,
    message: 'The event bus policy is too long.',
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
  // §2.1 [AWS-snap]: every entry as AWS's Java model prints it; a Time's rendering is estimated (Emulation).
  tooManyEntries: (entries: readonly (PutEventsRequestEntry | null | undefined)[]) =>
    constraint(
      `[${entries.map(javaEntryText).join(', ')}]`,
      'entries',
      'Member must have length less than or equal to 10',
    ),
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
  tooShortThan: (value: string, at: string, min: number) =>
    constraint(value, at, `Member must have length greater than or equal to ${min}`),
  badPattern: (value: string, at: string, pattern: string) =>
    constraint(value, at, `Member must satisfy regular expression pattern: ${pattern}`),
  missing: (at: string) => constraint('null', at, 'Member must not be null'),
  badEnum: (value: string, at: string, values: readonly string[]) =>
    constraint(value, at, `Member must satisfy enum value set: [${values.join(', ')}]`),
  outOfRange: (value: number, at: string, bound: 'less' | 'greater', limit: number) =>
    constraint(String(value), at, `Member must have value ${bound} than or equal to ${limit}`),
  // §3 [3P moto]: a custom bus's name with `/`, which only a partner bus may have (§18.3).
  busNameWithSlash: () => eventsError('ValidationException', "Event bus name must not contain '/'."),
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
  // §5.1 [3P moto; AWS's text as users quote it]
  targetArnFormat: (arn: string) =>
    eventsError('ValidationException', `Parameter ${arn} is not valid. Reason: Provided Arn is not in correct format.`),
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
  // §3.1 Emulation: not recorded; worded as the recorded `Parameter <member> is not valid. Reason:` texts (§17.1).
  busDeadLetterNotQueue: () =>
    eventsError(
      'ValidationException',
      'Parameter DeadLetterConfig.Arn is not valid. Reason: Must be an SQS queue ARN.',
    ),
  badKmsKey: () =>
    eventsError(
      'ValidationException',
      'Parameter KmsKeyIdentifier is not valid. Reason: Must be a KMS key ID, key ARN, alias name or alias ARN.',
    ),
  // Tag actions on an unknown ARN (Emulation: the text of the resource's own not-found error).
  resourceNotFound: (arn: string) => eventsError('ResourceNotFoundException', `Resource ${arn} does not exist.`),
  ...permissionArchiveReplayErrors(),
  ...endpointErrors(),
};

/** Global endpoints (§19): the model's classes; no text of AWS's is recorded, these are the emulation's. */
function endpointErrors() {
  return {
    // §19.1 Emulation, worded as the bus's recorded texts (§3).
    endpointExists: (name: string) => eventsError('ResourceAlreadyExistsException', `Endpoint ${name} already exists.`),
    endpointNotFound: (name: string) => eventsError('ResourceNotFoundException', `Endpoint ${name} does not exist.`),
    // §19.2 Emulation
    endpointBusy: (name: string, state: string) =>
      eventsError(
        'ConcurrentModificationException',
        `Endpoint ${name} is ${state}: it can be changed once it is ACTIVE.`,
      ),
    // §19.1 [Model] length 2; the list printed as the Java model would (Emulation, after §2.1's recorded form).
    endpointBusCount: (arns: readonly (string | undefined)[]) =>
      constraint(
        `[${arns.map((arn) => `EndpointEventBus(eventBusArn=${arn ?? 'null'})`).join(', ')}]`,
        'eventBuses',
        `Member must have length ${arns.length < 2 ? 'greater' : 'less'} than or equal to 2`,
      ),
    // §19.1 [Docs] constraints, in the emulation's words.
    endpointBusNames: () =>
      eventsError(
        'ValidationException',
        'Parameter EventBuses is not valid. Reason: The event buses must have the same name in each Region.',
      ),
    endpointNeedsRole: () =>
      eventsError(
        'ValidationException',
        'Parameter RoleArn is not valid. Reason: A RoleArn is required while event replication is ENABLED.',
      ),
  };
}

/** Bus permissions, cross-account and cross-region targets, archives, replays, partner event sources (§15–§18). */
function permissionArchiveReplayErrors() {
  return {
    // §15.2 [AWS-snap], with or without a policy on the bus
    statementNotFound: () => eventsError('ResourceNotFoundException', 'Statement with the provided id does not exist.'),
    // §15.2 [3P moto]
    noBusPolicy: () => eventsError('ResourceNotFoundException', 'EventBus does not have a policy.'),
    // §15.1 [3P moto]
    actionNotSupported: () =>
      eventsError('ValidationException', "Provided value in parameter 'action' is not supported."),
    principalRequired: () => eventsError('ValidationException', 'Parameter Principal must be specified.'),
    policyNotJson: () => eventsError('ValidationException', 'This policy contains invalid Json'),
    // §15.2 [3P LocalStack]
    statementIdRequired: () => eventsError('ValidationException', 'Parameter StatementId is required.'),
    // §15.4 [3P: AWS's answer quoted for other targets that need a role]
    roleArnRequired: (arn: string) => eventsError('ValidationException', `RoleArn is required for target ${arn}.`),
    // §16.2 [3P: AWS's answer quoted in aws-nuke #448, cloud-custodian #10308]
    managedRule: (name: string) =>
      eventsError('ManagedRuleException', `${name} is a managed rule. Set 'force' parameter to true to override.`),
    // §16.1 [AWS-snap]
    archiveExists: (name: string) => eventsError('ResourceAlreadyExistsException', `Archive ${name} already exists.`),
    archiveNotFound: (name: string) => eventsError('ResourceNotFoundException', `Archive ${name} does not exist.`),
    // §16.1 [AWS-snap]
    nothingToUpdate: () =>
      eventsError(
        'ValidationException',
        'At least one of EventPattern, RetentionDays or Description must be provided.',
      ),
    // §16.1, §17.1 [3P moto]
    oneFilter: (action: string) =>
      eventsError(
        'ValidationException',
        `At most one filter is allowed for ${action}. Use either : State, EventSourceArn, or NamePrefix.`,
      ),
    // §17.1 [AWS-snap]
    replayExists: (name: string) => eventsError('ResourceAlreadyExistsException', `Replay ${name} already exists.`),
    replayNotFound: (name: string) => eventsError('ResourceNotFoundException', `Replay ${name} does not exist.`),
    replayWindow: () =>
      eventsError(
        'ValidationException',
        'Parameter EventEndTime is not valid. Reason: EventStartTime must be before EventEndTime.',
      ),
    replayArchiveNotFound: (name: string) =>
      eventsError(
        'ValidationException',
        `Parameter EventSourceArn is not valid. Reason: Archive ${name} does not exist.`,
      ),
    crossBusReplay: () =>
      eventsError(
        'ValidationException',
        'Parameter Destination.Arn is not valid. Reason: Cross event bus replay is not permitted.',
      ),
    tooManyReplays: () => eventsError('LimitExceededException'),
    // §17.1 [3P moto]
    notABusArn: () =>
      eventsError(
        'ValidationException',
        'Parameter Destination.Arn is not valid. Reason: Must contain an event bus ARN.',
      ),
    // §17.2 [3P moto]
    cannotCancel: (name: string) =>
      eventsError('IllegalStatusException', `Replay ${name} is not in a valid state for this operation.`),
    // §18.1 Emulation
    eventSourceExists: (name: string) =>
      eventsError('ResourceAlreadyExistsException', `Event source ${name} already exists.`),
    // §18.2 [3P moto]
    eventSourceNotFound: (name: string) =>
      eventsError('ResourceNotFoundException', `Event source ${name} does not exist.`),
    // §18.2 [Model]: the class's own description.
    eventSourceState: () => eventsError('InvalidStateException'),
    // §18.3 Emulation
    busNotSource: (name: string, source: string) =>
      eventsError('ValidationException', `Event bus name ${name} must match the event source name ${source}.`),
  };
}

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
  // §18.4 Emulation: the recorded InvalidArgument wording (§2.2), for a source the partner did not create.
  noEventSource: (name: string) => ({
    ErrorCode: 'InvalidArgument',
    ErrorMessage: `Parameter Source is not valid. Reason: Event source ${name} does not exist.`,
  }),
  // §15.3 Emulation: IAM's wording of a refusal by a resource policy; AWS's entry for it is not recorded.
  notAuthorized: (caller: string, busArn: string) => ({
    ErrorCode: 'AccessDeniedException',
    ErrorMessage:
      `User: ${caller} is not authorized to perform: events:PutEvents on resource: ${busArn} because no ` +
      'resource-based policy allows the events:PutEvents action',
  }),
} as const;

/** §5.3 [3P]: a FIFO queue target without SqsParameters, as a PutTargets failed entry (Emulation). */
export function fifoNeedsGroup(id: string) {
  return {
    TargetId: id,
    ErrorCode: 'ValidationException',
    ErrorMessage: `Parameter(s) SqsParameters must be specified for target: ${id}.`,
  };
}

/**
 * An entry as the `toString` of AWS's Java model prints it in §2.1's recorded text: `PutEventsRequestEntry(` and each
 * field as `name=value` in the model's order, an absent one `null`. The two fields the SDK cannot send print `null`.
 */
const JAVA_ENTRY_FIELDS: readonly [string, (entry: PutEventsRequestEntry) => unknown][] = [
  ['time', (entry) => entry.Time],
  ['source', (entry) => entry.Source],
  ['resources', (entry) => entry.Resources],
  ['detailType', (entry) => entry.DetailType],
  ['detail', (entry) => entry.Detail],
  ['eventBusName', (entry) => entry.EventBusName],
  ['traceHeader', (entry) => entry.TraceHeader],
  ['kmsKeyIdentifier', () => undefined],
  ['internalMetadata', () => undefined],
];

function javaEntryText(entry: PutEventsRequestEntry | null | undefined): string {
  if (entry === null || entry === undefined) return 'null';
  const fields = JAVA_ENTRY_FIELDS.map(([name, read]) => `${name}=${javaText(read(entry))}`);
  return `PutEventsRequestEntry(${fields.join(', ')})`;
}

/** Java's `toString` of a member: a list as `[a, b]`; a Date as `java.util.Date` prints in UTC (§2.1, estimated). */
function javaText(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(javaText).join(', ')}]`;
  if (value instanceof Date) return javaDateText(value);
  return String(value);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `java.util.Date#toString` in a JVM whose zone is UTC: `EEE MMM dd HH:mm:ss zzz yyyy`. */
function javaDateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'null';
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  const day = `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${two(date.getUTCDate())}`;
  return `${day} ${clock} UTC ${date.getUTCFullYear()}`;
}
