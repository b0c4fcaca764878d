import { parseArchivePolicy } from './archive.js';
import { effectiveTopicDeliveryPolicy, normalizeTopicDeliveryPolicy } from './delivery-policy.js';
import { snsErrors } from './errors.js';
import { readJson } from './filter-policy/json-reader.js';
import type { Topic } from './topic.js';

/**
 * Topic attributes: which can be set, how each value is checked, and how GetTopicAttributes shows
 * them (docs/aws-behaviour/sns.md §1). Texts not recorded from AWS are marked where they are written.
 */
type Check = (value: string, fifo: boolean) => string | undefined;

/**
 * A JSON object, within Jackson's limits as SNS reads it (nesting depth 1000 among them): Policy and DeliveryPolicy are
 * rewritten later (AddPermission, delivery-policy.ts), which must not meet a document too deep to write back.
 */
const jsonObject: Check = (value) => {
  try {
    readJson(value);
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? value : undefined;
  } catch {
    return undefined;
  }
};
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    allowed.includes(value) ? value : undefined;
const fifoOnly =
  (check: Check): Check =>
  (value, fifo) =>
    fifo ? check(value, fifo) : undefined;
const bool: Check = (value) => (/^(true|false)$/i.test(value) ? value.toLowerCase() : undefined);

/** 1 to 365 days, or `{}` to deactivate (archive.ts). */
const archivePolicy: Check = (value) => (parseArchivePolicy(value) ? value : undefined);

/** A sample rate of delivery-status logging: a percentage, 0 to 100 [D]. */
const sampleRate: Check = (value) => (/^\d{1,3}$/.test(value) && Number(value) <= 100 ? value : undefined);

/**
 * Delivery-status logging, per protocol [D]: `<Protocol>SuccessFeedbackRoleArn`, `…SuccessFeedbackSampleRate` and
 * `…FailureFeedbackRoleArn`. Stored and shown; the emulation writes no CloudWatch logs. Role ARNs are kept as given.
 */
const DELIVERY_STATUS_LOGGING: Readonly<Record<string, Check>> = Object.fromEntries(
  ['Application', 'HTTP', 'Firehose', 'Lambda', 'SQS'].flatMap((protocol) => [
    [`${protocol}SuccessFeedbackRoleArn`, (value: string) => value],
    [`${protocol}SuccessFeedbackSampleRate`, sampleRate],
    [`${protocol}FailureFeedbackRoleArn`, (value: string) => value],
  ]),
);

/** Settable attributes and their checks; `undefined` from a check means the value is refused. */
const SETTABLE: Readonly<Record<string, Check>> = {
  ...DELIVERY_STATUS_LOGGING,
  DisplayName: (value) => (value.length <= 100 ? value : undefined),
  Policy: jsonObject,
  DeliveryPolicy: (value) => (value === '' ? value : jsonObject(value, false) && normalizeTopicDeliveryPolicy(value)),
  SignatureVersion: oneOf('1', '2'),
  TracingConfig: oneOf('PassThrough', 'Active'),
  KmsMasterKeyId: (value) => value,
  ContentBasedDeduplication: fifoOnly(bool),
  ArchivePolicy: fifoOnly(archivePolicy),
  FifoThroughputScope: fifoOnly(oneOf('Topic', 'MessageGroup')),
};

/** Validates one attribute; the two error factories say how the calling action words its errors. */
function checked(name: string, value: unknown, fifo: boolean, unknownName: () => Error, badValue: () => Error): string {
  // Own names only: `constructor`, `toString` or `__proto__` must not find Object.prototype's members.
  const check = Object.hasOwn(SETTABLE, name) ? SETTABLE[name] : undefined;
  if (!check) throw unknownName();
  const normalised = typeof value === 'string' ? check(value, fifo) : undefined;
  if (normalised === undefined) throw badValue();
  return normalised;
}

/** CreateTopic's attributes, checked; FifoTopic is the caller's business (it decides the name rule). */
export function checkCreateAttributes(attributes: Readonly<Record<string, unknown>>, fifo: boolean): Map<string, string> {
  const result = new Map<string, string>();
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || name === 'FifoTopic') continue;
    result.set(
      name,
      checked(
        name,
        value,
        fifo,
        () => snsErrors.invalidParameterNamed('Attributes', `Invalid attribute name: ${name}`),
        // Not recorded from AWS: worded like the recorded "Invalid value for attribute: CustomUserData: ..."
        () => snsErrors.invalidParameterNamed('Attributes', `Invalid value for attribute: ${name}`),
      ),
    );
  }
  return result;
}

/** SetTopicAttributes: one attribute; FifoTopic cannot change after creation (docs/aws-behaviour/sns.md §1). */
export function setTopicAttribute(topic: Topic, name: unknown, value: unknown, now: number): void {
  if (typeof name !== 'string' || name === 'FifoTopic') throw snsErrors.invalidParameterNamed('AttributeName');
  const stored = checked(
    name,
    value ?? '',
    topic.fifo,
    () => snsErrors.invalidParameterNamed('AttributeName'),
    // Not recorded from AWS.
    () => snsErrors.invalidParameterNamed('AttributeValue'),
  );
  // The archive is brought to `now` on either side of the change, so one switched on now starts now.
  topic.archiveAt(now);
  storeTopicAttribute(topic, name, stored);
  // Deactivating the archive deletes what it holds [D]; stored as `{}` (shown as set, not recorded from AWS).
  topic.archiveAt(now);
}

/** Stores a checked attribute value; "" removes any attribute but DisplayName, whose "" is its value. */
export function storeTopicAttribute(topic: Topic, name: string, value: string): void {
  if (value === '' && name !== 'DisplayName') topic.attributes.delete(name);
  else topic.attributes.set(name, value);
}

/** The first given attribute whose value differs from the topic's, for CreateTopic idempotency. */
export function differsFromTopic(topic: Topic, attributes: ReadonlyMap<string, string>): boolean {
  for (const [name, value] of attributes) {
    // "" given for an attribute never set is no difference: it would remove it (setTopicAttribute).
    if ((topic.attributes.get(name) ?? defaultOf(topic, name) ?? '') !== value) return true;
  }
  return false;
}

/**
 * What SNS applies for an attribute never set, so that giving it to CreateTopic again is no difference. DisplayName
 * and ContentBasedDeduplication are shown with these values; SignatureVersion 1 (docs/aws-behaviour/sns.md §3), TracingConfig PassThrough
 * and FifoThroughputScope Topic are the documented defaults.
 */
function defaultOf(topic: Topic, name: string): string | undefined {
  if (name === 'DisplayName') return '';
  if (name === 'SignatureVersion') return '1';
  if (name === 'TracingConfig') return 'PassThrough';
  if (name === 'ContentBasedDeduplication' && topic.fifo) return 'false';
  if (name === 'FifoThroughputScope' && topic.fifo) return 'Topic';
  return undefined;
}

export function defaultTopicPolicy(topicArn: string, accountId: string): string {
  return JSON.stringify({
    Version: '2008-10-17',
    Id: '__default_policy_ID',
    Statement: [
      {
        Sid: '__default_statement_ID',
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Action: [
          'SNS:GetTopicAttributes',
          'SNS:SetTopicAttributes',
          'SNS:AddPermission',
          'SNS:RemovePermission',
          'SNS:DeleteTopic',
          'SNS:Subscribe',
          'SNS:ListSubscriptionsByTopic',
          'SNS:Publish',
        ],
        Resource: topicArn,
        Condition: { StringEquals: { 'AWS:SourceOwner': accountId } },
      },
    ],
  });
}

/** GetTopicAttributes: the verified key set, with what was set on top (docs/aws-behaviour/sns.md §1). */
export function renderTopicAttributes(topic: Topic, accountId: string, now: number): Record<string, string> {
  const subscriptions = [...topic.subscriptions.values()];
  const confirmed = subscriptions.filter((s) => !s.pendingConfirmation).length;
  const rendered: Record<string, string> = {
    DisplayName: '',
    EffectiveDeliveryPolicy: effectiveTopicDeliveryPolicy(topic.attributes.get('DeliveryPolicy')),
    Owner: accountId,
    Policy: defaultTopicPolicy(topic.arn, accountId),
    SubscriptionsConfirmed: String(confirmed),
    SubscriptionsDeleted: '0',
    SubscriptionsPending: String(subscriptions.length - confirmed),
    TopicArn: topic.arn,
    ...(topic.fifo ? { FifoTopic: 'true', ContentBasedDeduplication: 'false' } : {}),
  };
  for (const [name, value] of topic.attributes) rendered[name] = value;
  // "The oldest timestamp at which a subscriber can start a replay" [D]; its text format is not recorded: ISO 8601.
  const beginning = topic.archiveAt(now).beginning(now);
  if (beginning !== undefined) rendered['BeginningArchiveTime'] = new Date(beginning).toISOString();
  return rendered;
}

/** The topic's DeliveryPolicy as stored, which its subscriptions' effective policies inherit from. */
export function topicDeliveryPolicy(topic: Topic): string | undefined {
  return topic.attributes.get('DeliveryPolicy');
}
