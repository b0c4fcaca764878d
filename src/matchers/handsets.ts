/**
 * SMS and mobile push: `expect(aws.sns).toHaveSentSms(phoneNumber, expected?)` and
 * `expect(aws.sns.platformEndpoint(arn)).toHaveReceivedPush(expected?)`. Same conventions as core.ts; the views are
 * read by shape (received.ts), so either build's facade works.
 */
import { requireMatch } from './expected.js';
import { describeExpected, listBodies } from './format.js';
import { bodyMatches, type Equals } from './match.js';
import type { MatcherOutcome } from './outcome.js';

/** An SMS as `aws.sns.sms()` shows it, as far as the matcher reads it. */
interface SmsLike {
  readonly phoneNumber: string;
  readonly message: string;
  readonly delivered: boolean;
  readonly reason?: string;
  readonly kind: string;
}

function asSmsSender(received: unknown, matcher: string): { sms(): readonly SmsLike[] } {
  if (typeof received === 'object' && received !== null && typeof (received as { sms?: unknown }).sms === 'function')
    return received as { sms(): readonly SmsLike[] };
  throw new TypeError(
    `${matcher}: expected aws.sns (the SNS mock, whose sms() lists every SMS), but got ${kindOf(received)}`,
  );
}

function asEndpointView(
  received: unknown,
  matcher: string,
): { arn: string; published(): readonly { message: string }[] } {
  const view = received as { arn?: unknown; published?: unknown; platform?: unknown } | null;
  if (
    typeof view === 'object' &&
    view !== null &&
    typeof view.arn === 'string' &&
    typeof view.published === 'function' &&
    typeof view.platform === 'string'
  )
    return view as { arn: string; published(): readonly { message: string }[] };
  throw new TypeError(
    `${matcher}: expected a platform endpoint view, from aws.sns.platformEndpoint(endpointArn), but got ${kindOf(received)}`,
  );
}

/** `1 push`, `2 pushes`. */
function pushes(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 'es'}`;
}

function kindOf(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (value === null || typeof value !== 'object') return String(value);
  return 'another object';
}

/** A number's digits after a `+`, as the SMS records compare numbers (`+1 555-0100` is `+15550100`). */
function numberKey(number: string): string {
  return `+${number.replace(/\D/g, '')}`;
}

/**
 * SNS delivered an SMS to `phoneNumber` (from a Publish or a topic's `sms` subscription) whose text matches
 * `expected`, if given. One it recorded but would not deliver (an opted-out number, or an unverified one in the SMS
 * sandbox) does not count; the failure message says why each was not delivered.
 */
export function toHaveSentSms(
  received: unknown,
  phoneNumber: unknown,
  expected: unknown,
  equals: Equals,
): MatcherOutcome {
  const sender = asSmsSender(received, 'toHaveSentSms');
  if (typeof phoneNumber !== 'string' || phoneNumber === '')
    throw new TypeError(`toHaveSentSms: the phone number must be a string, got ${describeExpected(phoneNumber)}`);
  const wanted = expected === undefined ? undefined : requireMatch(expected, 'toHaveSentSms');
  const key = numberKey(phoneNumber);
  const all = sender.sms().filter((sms) => sms.kind === 'message');
  const toNumber = all.filter((sms) => numberKey(sms.phoneNumber) === key);
  const delivered = toNumber.filter((sms) => sms.delivered);
  const matching =
    wanted === undefined ? delivered : delivered.filter((sms) => bodyMatches(sms.message, wanted, equals));
  const expectation = `sent an SMS to ${phoneNumber}${wanted === undefined ? '' : ` matching ${describeExpected(wanted)}`}`;
  const undelivered = toNumber.filter((sms) => !sms.delivered);
  const undeliveredNote = undelivered.length
    ? `; ${undelivered.length} SMS to it not delivered: ` +
      `${listBodies(undelivered.map((sms) => sms.message))} (${undelivered[0]!.reason ?? 'not delivered'})`
    : '';
  const others = [...new Set(all.filter((sms) => numberKey(sms.phoneNumber) !== key).map((sms) => sms.phoneNumber))];
  const othersNote = others.length
    ? `; SMS went to ${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''}`
    : '';
  return {
    pass: matching.length > 0,
    missing: matching.length === 0,
    message: () => {
      if (matching.length > 0)
        return `expected aws.sns not to have ${expectation}, but it sent ${matching.length} such SMS: ${listBodies(matching.map((sms) => sms.message))}`;
      const sent = delivered.length
        ? `it delivered ${delivered.length} SMS to it: ${listBodies(delivered.map((sms) => sms.message))}`
        : 'it delivered none to it';
      return `expected aws.sns to have ${expectation}, but ${sent}${undeliveredNote}${othersNote}`;
    },
  };
}

/** The platform endpoint got a push (directly, or through a topic) whose message matches `expected`, if given. */
export function toHaveReceivedPush(received: unknown, expected: unknown, equals: Equals): MatcherOutcome {
  const endpoint = asEndpointView(received, 'toHaveReceivedPush');
  const wanted = expected === undefined ? undefined : requireMatch(expected, 'toHaveReceivedPush');
  const messages = endpoint.published().map((push) => push.message);
  const matching = wanted === undefined ? messages : messages.filter((message) => bodyMatches(message, wanted, equals));
  const subject = `platform endpoint ${endpoint.arn}`;
  const expectation = `received a push${wanted === undefined ? '' : ` matching ${describeExpected(wanted)}`}`;
  return {
    pass: matching.length > 0,
    missing: matching.length === 0,
    message: () =>
      matching.length > 0
        ? `expected ${subject} not to have ${expectation}, but it got ${pushes(matching.length, 'such push')}: ${listBodies(matching)}`
        : `expected ${subject} to have ${expectation}, but it got ${messages.length ? `${pushes(messages.length, 'push')}: ${listBodies(messages)}` : 'none'}`,
  };
}
