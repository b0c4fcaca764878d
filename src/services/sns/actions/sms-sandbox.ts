import type {
  CreateSMSSandboxPhoneNumberCommandInput,
  DeleteSMSSandboxPhoneNumberCommandInput,
  GetSMSSandboxAccountStatusCommandOutput,
  ListOriginationNumbersCommandInput,
  ListOriginationNumbersCommandOutput,
  ListSMSSandboxPhoneNumbersCommandInput,
  ListSMSSandboxPhoneNumbersCommandOutput,
  VerifySMSSandboxPhoneNumberCommandInput,
} from '@aws-sdk/client-sns';
import type { RequestContext } from '../../../core/request-context.js';
import { snsErrors } from '../errors.js';
import { snsMessageId } from '../publish/message-id.js';
import type { SnsBackend } from '../sns-backend.js';
import { isSandboxNumber, phoneKey, SANDBOX_NUMBER_MAX_LENGTH, SANDBOX_NUMBER_PATTERN } from '../sms/phone-numbers.js';
import type { SmsRegion } from '../sms/sms-account.js';
import { paginateByToken } from './pagination.js';
import { givenText } from './string-map.js';

/**
 * The SMS sandbox (docs/aws-behaviour/sns.md §13.4): a new account may send SMS only to the destination numbers it
 * verified, each with a one-time password SNS texts it. The request layer's constraint checks come first, worded as
 * AWS words them; the texts of the action's own refusals are not on record.
 */

/** The languages CreateSMSSandboxPhoneNumber's password can be sent in [D]. */
const LANGUAGES = [
  'en-US',
  'en-GB',
  'es-419',
  'es-ES',
  'de-DE',
  'fr-CA',
  'fr-FR',
  'it-IT',
  'ja-JP',
  'pt-BR',
  'kr-KR',
  'zh-CN',
  'zh-TW',
];
/** A sandbox holds at most 10 destination numbers [D]. */
const MAX_SANDBOX_NUMBERS = 10;

const violation = (value: string, member: string, rule: string): string =>
  `Value '${value}' at '${member}' failed to satisfy constraint: ${rule}`;

/** Collects the request layer's violations, in the order of the members, and refuses them all at once [3P]. */
class Constraints {
  private readonly violations: string[] = [];

  phoneNumber(value: unknown): string {
    const number = givenText(value);
    if (number === undefined) {
      this.violations.push(`Value null at 'phoneNumber' failed to satisfy constraint: Member must not be null`);
      return '';
    }
    if (!isSandboxNumber(number))
      this.violations.push(
        violation(number, 'phoneNumber', `Member must satisfy regular expression pattern: ${SANDBOX_NUMBER_PATTERN}`),
      );
    if (number.length > SANDBOX_NUMBER_MAX_LENGTH)
      this.violations.push(
        violation(number, 'phoneNumber', `Member must have length less than or equal to ${SANDBOX_NUMBER_MAX_LENGTH}`),
      );
    return number;
  }

  oneTimePassword(value: unknown): string {
    const password = givenText(value);
    if (password === undefined) {
      this.violations.push(`Value null at 'oneTimePassword' failed to satisfy constraint: Member must not be null`);
      return '';
    }
    if (!/^[0-9]+$/.test(password))
      this.violations.push(
        violation(password, 'oneTimePassword', 'Member must satisfy regular expression pattern: ^[0-9]+$'),
      );
    if (password.length < 5)
      this.violations.push(
        violation(password, 'oneTimePassword', 'Member must have length greater than or equal to 5'),
      );
    if (password.length > 8)
      this.violations.push(violation(password, 'oneTimePassword', 'Member must have length less than or equal to 8'));
    return password;
  }

  languageCode(value: unknown): void {
    const code = givenText(value);
    if (code !== undefined && !LANGUAGES.includes(code))
      this.violations.push(
        violation(code, 'languageCode', `Member must satisfy enum value set: [${LANGUAGES.join(', ')}]`),
      );
  }

  /** MaxResults of a list: a whole number from 1 to `max` [D]. */
  maxResults(value: unknown, max: number): number | undefined {
    const text = givenText(value);
    if (text === undefined) return undefined;
    const count = Number(text);
    if (!Number.isInteger(count) || count < 1)
      this.violations.push(violation(text, 'maxResults', 'Member must have value greater than or equal to 1'));
    else if (count > max)
      this.violations.push(violation(text, 'maxResults', `Member must have value less than or equal to ${max}`));
    return count;
  }

  throwIfAny(): void {
    if (this.violations.length > 0) throw snsErrors.constraintsViolated(this.violations);
  }
}

export function getSmsSandboxAccountStatus(
  backend: SnsBackend,
  _input: object,
  request: RequestContext,
): Omit<GetSMSSandboxAccountStatusCommandOutput, '$metadata'> {
  return { IsInSandbox: backend.sms.region(request.region).inSandbox };
}

/**
 * Adds a destination number, Pending, and texts it a one-time password: the SMS is recorded (`aws.sns.sms()`, kind
 * `verification`) with the password in its message. Adding a pending number again sends a new password [I]; a
 * verified one stays verified [I].
 */
export function createSmsSandboxPhoneNumber(
  backend: SnsBackend,
  input: Partial<CreateSMSSandboxPhoneNumberCommandInput>,
  request: RequestContext,
): object {
  const constraints = new Constraints();
  const number = constraints.phoneNumber(input.PhoneNumber);
  constraints.languageCode(input.LanguageCode);
  constraints.throwIfAny();
  const settings = backend.sms.region(request.region);
  if (settings.isOptedOut(number)) throw snsErrors.sandboxNumberOptedOut();
  const key = phoneKey(number);
  let entry = settings.sandbox.get(key);
  if (entry?.status === 'Verified') return {};
  if (!entry) {
    if (settings.sandbox.size >= MAX_SANDBOX_NUMBERS) throw snsErrors.sandboxFull();
    entry = { phoneNumber: number, status: 'Pending', oneTimePassword: '' };
    settings.sandbox.set(key, entry);
  }
  entry.oneTimePassword = String(100_000 + Math.floor(backend.ids.random() * 900_000));
  backend.sms.record({
    messageId: snsMessageId(backend.ids),
    phoneNumber: key,
    // The wording is the mock's; AWS's text is not on record [I].
    message: `Your Amazon SNS verification code is: ${entry.oneTimePassword}`,
    attributes: {},
    at: backend.clock.now(),
    delivered: true,
    kind: 'verification',
  });
  return {};
}

function sandboxEntry(settings: SmsRegion, number: string) {
  const entry = settings.sandbox.get(phoneKey(number));
  if (!entry) throw snsErrors.sandboxNumberNotFound();
  return entry;
}

export function verifySmsSandboxPhoneNumber(
  backend: SnsBackend,
  input: Partial<VerifySMSSandboxPhoneNumberCommandInput>,
  request: RequestContext,
): object {
  const constraints = new Constraints();
  const number = constraints.phoneNumber(input.PhoneNumber);
  const password = constraints.oneTimePassword(input.OneTimePassword);
  constraints.throwIfAny();
  const entry = sandboxEntry(backend.sms.region(request.region), number);
  if (entry.status !== 'Verified') {
    if (password !== entry.oneTimePassword) throw snsErrors.sandboxPasswordWrong();
    entry.status = 'Verified';
  }
  return {};
}

export function deleteSmsSandboxPhoneNumber(
  backend: SnsBackend,
  input: Partial<DeleteSMSSandboxPhoneNumberCommandInput>,
  request: RequestContext,
): object {
  const constraints = new Constraints();
  const number = constraints.phoneNumber(input.PhoneNumber);
  constraints.throwIfAny();
  const settings = backend.sms.region(request.region);
  sandboxEntry(settings, number);
  settings.sandbox.delete(phoneKey(number));
  return {};
}

export function listSmsSandboxPhoneNumbers(
  backend: SnsBackend,
  input: Partial<ListSMSSandboxPhoneNumbersCommandInput>,
  request: RequestContext,
): Omit<ListSMSSandboxPhoneNumbersCommandOutput, '$metadata'> {
  const constraints = new Constraints();
  const maxResults = constraints.maxResults(input.MaxResults, 100);
  constraints.throwIfAny();
  const numbers = [...backend.sms.region(request.region).sandbox.values()];
  const { page, nextToken } = paginateByToken(numbers, maxResults ?? 100, input.NextToken);
  return {
    PhoneNumbers: page.map(({ phoneNumber, status }) => ({ PhoneNumber: phoneNumber, Status: status })),
    ...(nextToken ? { NextToken: nextToken } : {}),
  };
}

/**
 * The account's origination numbers (long codes, toll-free numbers) are bought in AWS End User Messaging, which is not
 * emulated: a new account has none [I].
 */
export function listOriginationNumbers(
  _backend: SnsBackend,
  input: Partial<ListOriginationNumbersCommandInput>,
): Omit<ListOriginationNumbersCommandOutput, '$metadata'> {
  const constraints = new Constraints();
  constraints.maxResults(input.MaxResults, 30);
  constraints.throwIfAny();
  const { page, nextToken } = paginateByToken([], 30, input.NextToken);
  return { PhoneNumbers: page, ...(nextToken ? { NextToken: nextToken } : {}) };
}
