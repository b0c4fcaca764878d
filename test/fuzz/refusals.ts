import type { World } from './world.js';

/**
 * The fuzz oracle for inputs AWS refuses: where a rule holds, a success is a failure of the emulation. A rule reads
 * one request, or in a batch one entry (which must then not be among the Successful). The predicates are written
 * apart from the emulation's own checks, and on the safe side: a rule names only inputs AWS surely refuses, so it may
 * miss some, never flag an accepted one. One line per rule.
 */

/** Texts no Number message attribute takes: not numbers at all, or beyond any double (AWS: 10^-128 to 10^126). */
export const NOT_NUMBERS: readonly string[] = [
  'abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '',
  ' ',
  '1 2',
  '--1',
];

export interface Refusal {
  readonly service: 'SQS' | 'SNS' | 'Lambda';
  readonly commands: readonly string[];
  /** What AWS refuses, for the failure message. */
  readonly what: string;
  /** Whether AWS refuses `member`: the request, or one entry of a batch. */
  readonly refuses: (member: Readonly<Record<string, unknown>>, world: World) => boolean;
}

export const REFUSALS: readonly Refusal[] = [
  {
    service: 'SQS',
    commands: ['SendMessage', 'SendMessageBatch'],
    what: 'a Number message attribute that is not a number',
    refuses: (m) => hasNonNumber(m['MessageAttributes']),
  },
  {
    service: 'SNS',
    commands: ['Publish', 'PublishBatch'],
    what: 'a Number message attribute that is not a number',
    refuses: (m) => hasNonNumber(m['MessageAttributes']),
  },
  {
    service: 'SNS',
    commands: ['Publish'],
    what: 'a PhoneNumber with a letter in it, as the only destination (sns.md §13.1)',
    refuses: (m) =>
      m['TopicArn'] == null &&
      m['TargetArn'] == null &&
      typeof m['PhoneNumber'] === 'string' &&
      /[A-Za-z]/.test(m['PhoneNumber']),
  },
  {
    service: 'SNS',
    commands: ['CheckIfPhoneNumberIsOptedOut', 'OptInPhoneNumber'],
    what: 'a phoneNumber with a letter in it (sns.md §13.1)',
    refuses: (m) => typeof m['phoneNumber'] === 'string' && /[A-Za-z]/.test(m['phoneNumber']),
  },
  {
    service: 'SNS',
    commands: ['SetSMSAttributes'],
    what: 'an SMS attribute name the API does not document (sns.md §13.2)',
    refuses: (m) => hasKeyOutside(m['attributes'], SMS_ATTRIBUTE_NAMES),
  },
  {
    service: 'SNS',
    commands: ['CreateSMSSandboxPhoneNumber', 'VerifySMSSandboxPhoneNumber', 'DeleteSMSSandboxPhoneNumber'],
    what: 'a PhoneNumber longer than 20 characters (sns.md §13.4)',
    refuses: (m) => typeof m['PhoneNumber'] === 'string' && m['PhoneNumber'].length > 20,
  },
  {
    service: 'SNS',
    commands: ['CreatePlatformApplication'],
    what: 'a Name outside 1 to 256 of [A-Za-z0-9_.-] (sns.md §14.1)',
    refuses: (m) => typeof m['Name'] === 'string' && !/^[A-Za-z0-9_.-]{1,256}$/.test(m['Name']),
  },
  {
    service: 'SNS',
    commands: ['CreatePlatformEndpoint', 'SetEndpointAttributes'],
    what: 'an endpoint attribute name other than CustomUserData, Enabled and Token (sns.md §14.4)',
    refuses: (m) => hasKeyOutside(m['Attributes'], ['CustomUserData', 'Enabled', 'Token']),
  },
  {
    service: 'SQS',
    commands: ['DeleteMessage', 'ChangeMessageVisibility', 'DeleteMessageBatch', 'ChangeMessageVisibilityBatch'],
    what: 'a receipt handle it never issued (a real one with its tail or receive number changed)',
    refuses: (m, world) => typeof m['ReceiptHandle'] === 'string' && world.forged.has(m['ReceiptHandle']),
  },
];

/**
 * Inputs AWS answers with one known error code, whatever else the account holds: the answer must be that error. As
 * for REFUSALS, written apart from the emulation and on the safe side.
 */
export interface ExpectedError {
  readonly service: 'SQS' | 'SNS' | 'Lambda';
  readonly commands: readonly string[];
  readonly what: string;
  /** The error's name, as the SDK surfaces it. */
  readonly name: string;
  readonly applies: (input: Readonly<Record<string, unknown>>) => boolean;
}

/**
 * Invoke's FunctionName pattern as AWS quoted it in a recorded error (docs/aws-behaviour/lambda.md §6.3), whole-string.
 * Characters no part of it allows: a name holding one of them cannot match, whatever the rest is.
 */
const NEVER_IN_A_FUNCTION_NAME = /[^A-Za-z0-9_.:$-]/;

export const EXPECTED_ERRORS: readonly ExpectedError[] = [
  {
    service: 'Lambda',
    commands: ['Invoke'],
    what: 'a FunctionName with a character its pattern never allows (ValidationException, lambda.md §6.3)',
    name: 'ValidationException',
    applies: (m) =>
      typeof m['FunctionName'] === 'string' &&
      m['FunctionName'].length <= 256 &&
      NEVER_IN_A_FUNCTION_NAME.test(m['FunctionName']),
  },
  {
    service: 'Lambda',
    commands: ['CreateEventSourceMapping', 'UpdateEventSourceMapping'],
    what: 'a BatchSize that is a number but not whole (a JSON body Lambda cannot read as an Integer)',
    name: 'InvalidRequestContentException',
    applies: (m) => typeof m['BatchSize'] === 'number' && !Number.isInteger(m['BatchSize']),
  },
];

/** The member that holds a batch's entries, by command. */
export const BATCH_ENTRIES: Readonly<Record<string, string>> = {
  SendMessageBatch: 'Entries',
  DeleteMessageBatch: 'Entries',
  ChangeMessageVisibilityBatch: 'Entries',
  PublishBatch: 'PublishBatchRequestEntries',
};

/**
 * Whether any attribute of the map is a Number whose text is surely no number: without a digit at all, or (plain
 * ASCII, where every parser agrees) not a finite double. `" 1"` or `"0x10"` may or may not pass: not judged here.
 */
function hasNonNumber(attributes: unknown): boolean {
  if (typeof attributes !== 'object' || attributes === null) return false;
  return Object.values(attributes).some((attribute: unknown) => {
    if (typeof attribute !== 'object' || attribute === null) return false;
    const { DataType, StringValue } = attribute as Record<string, unknown>;
    if (typeof DataType !== 'string' || !(DataType === 'Number' || DataType.startsWith('Number.'))) return false;
    if (typeof StringValue !== 'string') return false;
    if (!/\p{Nd}/u.test(StringValue)) return true;
    return /^[\x20-\x7e]*$/.test(StringValue) && !Number.isFinite(Number(StringValue.trim()));
  });
}

/** SetSMSAttributes' documented names [D]. */
export const SMS_ATTRIBUTE_NAMES: readonly string[] = [
  'MonthlySpendLimit',
  'DeliveryStatusIAMRole',
  'DeliveryStatusSuccessSamplingRate',
  'DefaultSenderID',
  'DefaultSMSType',
  'UsageReportS3Bucket',
];

/** Whether a map member (as the query protocol sends it: non-null values only) has a key not in `names`. */
function hasKeyOutside(map: unknown, names: readonly string[]): boolean {
  if (typeof map !== 'object' || map === null) return false;
  return Object.keys(map).some(
    (key) =>
      (map as Record<string, unknown>)[key] !== undefined &&
      (map as Record<string, unknown>)[key] !== null &&
      !names.includes(key),
  );
}
