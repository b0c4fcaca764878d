/**
 * The shapes of phone numbers SNS takes, each where AWS checks it (docs/aws-behaviour/sns.md §13.1), and the one
 * form the emulation compares numbers in.
 */

/**
 * E.164 as Publish's PhoneNumber and the opt-out actions check it: an optional `+`, a first digit other than 0, at
 * most 15 digits. Every number AWS refused on record fails it (`+1a234`, `NAA+15551234567`, `InvalidPhoneNumber`,
 * `invalid`); the optional `+` is LocalStack's reading [I].
 */
const E164 = /^\+?[1-9]\d{1,14}$/;

export function isE164(value: string): boolean {
  return E164.test(value);
}

/**
 * An `sms` subscription's endpoint: digits with at most one `-`, `.` or `/` between two of them, and at most 15
 * digits. AWS accepted `+12/34-567.890` and refused `+15--551234567`, `+15551234567.`, `/+15551234567` and
 * `NAA+15551234567`.
 */
export function isSmsEndpoint(endpoint: string): boolean {
  return /^\+?\d+(?:[-./]\d+)*$/.test(endpoint) && endpoint.replace(/\D/g, '').length <= 15;
}

/** The sandbox actions' PhoneNumber constraints, as the model states them [D]. */
export const SANDBOX_NUMBER_PATTERN = '^(\\+[0-9]{8,}|[0-9]{0,9})$';
export const SANDBOX_NUMBER_MAX_LENGTH = 20;
const SANDBOX_NUMBER = new RegExp(SANDBOX_NUMBER_PATTERN);

export function isSandboxNumber(value: string): boolean {
  return SANDBOX_NUMBER.test(value);
}

/**
 * The number an SMS goes to, as the emulation compares numbers (the opt-out list, the sandbox's verified numbers,
 * `aws.sns.sms()`): its digits after a `+`, so `+1 555-0100`'s separators and a missing `+` make no difference.
 */
export function phoneKey(number: string): string {
  return `+${number.replace(/\D/g, '')}`;
}
