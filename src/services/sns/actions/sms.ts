import type {
  CheckIfPhoneNumberIsOptedOutCommandInput,
  CheckIfPhoneNumberIsOptedOutCommandOutput,
  GetSMSAttributesCommandInput,
  GetSMSAttributesCommandOutput,
  ListPhoneNumbersOptedOutCommandInput,
  ListPhoneNumbersOptedOutCommandOutput,
  OptInPhoneNumberCommandInput,
  SetSMSAttributesCommandInput,
} from '@aws-sdk/client-sns';
import type { RequestContext } from '../../../core/request-context.js';
import { snsErrors } from '../errors.js';
import type { SnsBackend } from '../sns-backend.js';
import { isE164, phoneKey } from '../sms/phone-numbers.js';
import { checkSmsAttributes } from '../sms/sms-attributes.js';
import { paginateByToken } from './pagination.js';
import { givenStringList, givenStringMap, givenText } from './string-map.js';

/** SMS settings and the opt-out list (docs/aws-behaviour/sns.md §13.2, §13.3), each per region of the request. */

export function setSmsAttributes(
  backend: SnsBackend,
  input: Partial<SetSMSAttributesCommandInput>,
  request: RequestContext,
): object {
  const given = givenStringMap(input.attributes);
  if (!given) throw snsErrors.membersMissing(['attributes']);
  checkSmsAttributes(given);
  const { attributes } = backend.sms.region(request.region);
  for (const [name, value] of given) attributes.set(name, value);
  return {};
}

export function getSmsAttributes(
  backend: SnsBackend,
  input: Partial<GetSMSAttributesCommandInput>,
  request: RequestContext,
): Omit<GetSMSAttributesCommandOutput, '$metadata'> {
  const shown = backend.sms.region(request.region).shownAttributes();
  const names = givenStringList(input.attributes);
  // Without names, every attribute; with names, those of them that have a value [V].
  const wanted = names && names.length > 0 ? names.filter((name) => shown.has(name)) : [...shown.keys()];
  return { attributes: Object.fromEntries(wanted.map((name) => [name, shown.get(name)!])) };
}

/** The phoneNumber of the opt-out actions: an E.164 number, else "input incorrectly formatted" [V]. */
function e164Member(value: unknown): string {
  const number = givenText(value);
  if (number === undefined) throw snsErrors.membersMissing(['phoneNumber']);
  if (!isE164(number)) throw snsErrors.phoneNumberIncorrectlyFormatted();
  return number;
}

export function checkIfPhoneNumberIsOptedOut(
  backend: SnsBackend,
  input: Partial<CheckIfPhoneNumberIsOptedOutCommandInput>,
  request: RequestContext,
): Omit<CheckIfPhoneNumberIsOptedOutCommandOutput, '$metadata'> {
  const number = e164Member(input.phoneNumber);
  return { isOptedOut: backend.sms.region(request.region).isOptedOut(number) };
}

export function listPhoneNumbersOptedOut(
  backend: SnsBackend,
  input: Partial<ListPhoneNumbersOptedOutCommandInput>,
  request: RequestContext,
): Omit<ListPhoneNumbersOptedOutCommandOutput, '$metadata'> {
  const numbers = [...backend.sms.region(request.region).optedOut.values()];
  // Pages of 100 [D]; the token is lower case, as the model names it.
  const { page, nextToken } = paginateByToken(numbers, 100, input.nextToken);
  return { phoneNumbers: page, ...(nextToken ? { nextToken } : {}) };
}

/** Opting in a number that is not opted out succeeds [V]; AWS allows one opt-in per number every 30 days [D, I]. */
export function optInPhoneNumber(
  backend: SnsBackend,
  input: Partial<OptInPhoneNumberCommandInput>,
  request: RequestContext,
): object {
  const number = e164Member(input.phoneNumber);
  backend.sms.region(request.region).optedOut.delete(phoneKey(number));
  return {};
}
