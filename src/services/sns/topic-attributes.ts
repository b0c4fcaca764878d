import type { AwsError } from '../../core/aws-error.js';
import { AttributeTable, type AttributeSpec, type SettableAttribute } from '../../core/attributes/attribute.js';
import { ARCHIVE_POLICY_ATTRIBUTE, parseArchivePolicy } from './archive.js';
import { effectiveTopicDeliveryPolicy, normalizeTopicDeliveryPolicy } from './delivery-policy.js';
import { snsErrors } from './errors.js';
import { readJson } from '../../core/json/json-reader.js';
import type { Topic } from './topic.js';

/**
 * Topic attributes, one table of declarations: which can be set, how each value is checked, what SNS assumes while
 * one is not set, and how GetTopicAttributes shows them (docs/aws-behaviour/sns.md §1). Values are stored as the
 * text GetTopicAttributes shows (`Topic.attributes`). Texts not recorded from AWS are marked where they are written.
 */

/** The value as stored, or undefined when refused. */
type Check = (value: string) => string | undefined;

/** The attributes in force: a topic's, or those a CreateTopic asks for. */
interface TopicShown {
  readonly fifo: boolean;
  readonly attributes: ReadonlyMap<string, string>;
}

/** What a check knows of the request: the topic's type and how the calling action words a refused value. */
interface TopicContext {
  readonly fifo: boolean;
  readonly badValue: (name: string) => AwsError;
}

/** What the read-only attributes (and the default Policy) are computed from. */
interface TopicFacts {
  readonly topic: Topic;
  readonly accountId: string;
  readonly now: number;
}

/** Checked values by name, in the order given. */
type Draft = Map<string, string>;
type Settable = SettableAttribute<Draft, TopicShown, TopicContext, TopicFacts>;
type Spec = AttributeSpec<Draft, TopicShown, TopicContext, TopicFacts>;

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
const bool: Check = (value) => (/^(true|false)$/i.test(value) ? value.toLowerCase() : undefined);

/** 1 to 365 days, or `{}` to deactivate (archive.ts). */
const archivePolicyCheck: Check = (value) => (parseArchivePolicy(value) ? value : undefined);

/** A sample rate of delivery-status logging: a percentage, 0 to 100 [D]. */
const sampleRate: Check = (value) => (/^\d{1,3}$/.test(value) && Number(value) <= 100 ? value : undefined);

interface TopicAttributeOptions {
  /** Standard topics refuse any value. */
  readonly fifoOnly?: true;
  /**
   * What SNS applies while it is not set (for FIFO-only ones, on FIFO topics), so that giving it to CreateTopic again
   * is no difference.
   */
  readonly assumed?: string;
  /** GetTopicAttributes shows the assumed value while it is not set. */
  readonly shown?: true;
}

function settable(name: string, check: Check, options: TopicAttributeOptions = {}): Settable {
  const assumed = (shown: TopicShown): string | undefined =>
    options.fifoOnly && !shown.fifo ? undefined : options.assumed;
  return {
    name,
    kind: 'settable',
    ...(options.fifoOnly ? { fifoOnly: options.fifoOnly } : {}),
    parse(draft, raw, ctx) {
      const stored = options.fifoOnly && !ctx.fifo ? undefined : check(raw);
      if (stored === undefined) throw ctx.badValue(name);
      draft.set(name, stored);
    },
    render: (shown) => shown.attributes.get(name) ?? (options.shown ? assumed(shown) : undefined),
    // "" given for an attribute never set is no difference: it would remove it (setTopicAttribute).
    compareKey: (shown) => shown.attributes.get(name) ?? assumed(shown) ?? '',
  };
}

const readOnly = (name: string, render: (facts: TopicFacts) => string | undefined): Spec => ({
  name,
  kind: 'readOnly',
  render,
});

/**
 * Delivery-status logging, per protocol [D]: `<Protocol>SuccessFeedbackRoleArn`, `…SuccessFeedbackSampleRate` and
 * `…FailureFeedbackRoleArn`. Stored and shown; the emulation writes no CloudWatch logs. Role ARNs are kept as given.
 */
const DELIVERY_STATUS_LOGGING: readonly Settable[] = ['Application', 'HTTP', 'Firehose', 'Lambda', 'SQS'].flatMap(
  (protocol) => [
    settable(`${protocol}SuccessFeedbackRoleArn`, (value) => value),
    settable(`${protocol}SuccessFeedbackSampleRate`, sampleRate),
    settable(`${protocol}FailureFeedbackRoleArn`, (value) => value),
  ],
);

const policy: Settable = {
  ...settable('Policy', jsonObject),
  // Shown as SNS's default policy while none is set; that default is no value for CreateTopic's comparison.
  render: (shown, facts) =>
    shown.attributes.get(policy.name) ?? (facts && defaultTopicPolicy(facts.topic.arn, facts.accountId)),
};
/** Its "" is its value, not its removal. */
const displayName = settable('DisplayName', (value) => (value.length <= 100 ? value : undefined), {
  assumed: '',
  shown: true,
});
const deliveryPolicy = settable('DeliveryPolicy', (value) =>
  value === '' ? value : jsonObject(value) && normalizeTopicDeliveryPolicy(value),
);
const contentBasedDeduplication = settable('ContentBasedDeduplication', bool, {
  fifoOnly: true,
  assumed: 'false',
  shown: true,
});
const signatureVersion = settable('SignatureVersion', oneOf('1', '2'), { assumed: '1' });
const archivePolicy = settable(ARCHIVE_POLICY_ATTRIBUTE, archivePolicyCheck, { fifoOnly: true });
const fifoTopic = readOnly('FifoTopic', ({ topic }) => (topic.fifo ? 'true' : undefined));

/**
 * Every topic attribute, in the order GetTopicAttributes lists them. SignatureVersion 1 (docs/aws-behaviour/sns.md §3),
 * TracingConfig PassThrough and FifoThroughputScope Topic are the documented defaults; DisplayName and
 * ContentBasedDeduplication are shown with theirs.
 */
const TOPIC_ATTRIBUTES = new AttributeTable<Draft, TopicShown, TopicContext, TopicFacts>([
  displayName,
  readOnly('EffectiveDeliveryPolicy', ({ topic }) => effectiveTopicDeliveryPolicy(topicDeliveryPolicy(topic))),
  readOnly('Owner', ({ accountId }) => accountId),
  policy,
  readOnly('SubscriptionsConfirmed', ({ topic }) => String(countSubscriptions(topic, false))),
  readOnly('SubscriptionsDeleted', () => '0'),
  readOnly('SubscriptionsPending', ({ topic }) => String(countSubscriptions(topic, true))),
  readOnly('TopicArn', ({ topic }) => topic.arn),
  // Set by CreateTopic only (checked there with the name rule); SetTopicAttributes refuses it as a name.
  fifoTopic,
  contentBasedDeduplication,
  deliveryPolicy,
  signatureVersion,
  settable('TracingConfig', oneOf('PassThrough', 'Active'), { assumed: 'PassThrough' }),
  settable('KmsMasterKeyId', (value) => value),
  archivePolicy,
  settable('FifoThroughputScope', oneOf('Topic', 'MessageGroup'), { fifoOnly: true, assumed: 'Topic' }),
  ...DELIVERY_STATUS_LOGGING,
  // "The oldest timestamp at which a subscriber can start a replay" [D]; its text format is not recorded: ISO 8601.
  readOnly('BeginningArchiveTime', ({ topic, now }) => {
    const beginning = topic.archiveAt(now).beginning(now);
    return beginning === undefined ? undefined : new Date(beginning).toISOString();
  }),
]);

/** Every name GetTopicAttributes knows, and those no caller sets (FifoTopic is CreateTopic's alone). */
export const TOPIC_ATTRIBUTE_NAMES: readonly string[] = TOPIC_ATTRIBUTES.names;
export const READ_ONLY_TOPIC_ATTRIBUTES: readonly string[] = TOPIC_ATTRIBUTES.readOnlyNames;

function countSubscriptions(topic: Topic, pending: boolean): number {
  let count = 0;
  for (const subscription of topic.subscriptions.values()) if (subscription.pendingConfirmation === pending) count++;
  return count;
}

/** Validates one attribute into the draft; the two error factories say how the calling action words its errors. */
function checkInto(draft: Draft, name: string, value: unknown, ctx: TopicContext, unknownName: () => AwsError): void {
  const spec = TOPIC_ATTRIBUTES.settable(name);
  if (!spec) throw unknownName();
  if (typeof value !== 'string') throw ctx.badValue(name);
  spec.parse(draft, value, ctx, name);
}

/** Whether CreateTopic's attributes ask for a FIFO topic (which decides the name rule and the checks). */
export function requestsFifoTopic(attributes: Readonly<Record<string, unknown>>): boolean {
  const value = attributes[fifoTopic.name];
  return typeof value === 'string' && value.toLowerCase() === 'true';
}

/** CreateTopic's attributes, checked; FifoTopic is the caller's business (it decides the name rule). */
export function checkCreateAttributes(
  attributes: Readonly<Record<string, unknown>>,
  fifo: boolean,
): Map<string, string> {
  const ctx: TopicContext = { fifo, badValue: snsErrors.invalidTopicAttributeValue };
  const draft: Draft = new Map();
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || name === fifoTopic.name) continue;
    checkInto(draft, name, value, ctx, () => snsErrors.invalidAttributeName(name));
  }
  return draft;
}

/** SetTopicAttributes: one attribute; FifoTopic cannot change after creation (docs/aws-behaviour/sns.md §1). */
export function setTopicAttribute(topic: Topic, name: unknown, value: unknown, now: number): void {
  const unknownName = (): AwsError => snsErrors.invalidParameterNamed('AttributeName');
  if (typeof name !== 'string') throw unknownName();
  // Not recorded from AWS.
  const ctx: TopicContext = { fifo: topic.fifo, badValue: () => snsErrors.invalidParameterNamed('AttributeValue') };
  const draft: Draft = new Map();
  checkInto(draft, name, value ?? '', ctx, unknownName);
  // The archive is brought to `now` on either side of the change, so one switched on now starts now.
  topic.archiveAt(now);
  for (const [key, stored] of draft) storeTopicAttribute(topic, key, stored);
  // Deactivating the archive deletes what it holds [D]; stored as `{}` (shown as set, not recorded from AWS).
  topic.archiveAt(now);
}

/** Stores a checked attribute value; "" removes any attribute but DisplayName, whose "" is its value. */
export function storeTopicAttribute(topic: Topic, name: string, value: string): void {
  if (value === '' && name !== displayName.name) topic.attributes.delete(name);
  else topic.attributes.set(name, value);
}

/** Whether a given attribute differs from the topic's, for CreateTopic idempotency. */
export function differsFromTopic(topic: Topic, attributes: ReadonlyMap<string, string>): boolean {
  const requested: TopicShown = { fifo: topic.fifo, attributes };
  for (const name of attributes.keys()) {
    const spec = TOPIC_ATTRIBUTES.settable(name);
    if (spec && spec.compareKey(topic) !== spec.compareKey(requested)) return true;
  }
  return false;
}

function defaultTopicPolicy(topicArn: string, accountId: string): string {
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
  return TOPIC_ATTRIBUTES.render(topic, { topic, accountId, now });
}

/** The topic's DeliveryPolicy as stored, which its subscriptions' effective policies inherit from. */
export function topicDeliveryPolicy(topic: Topic): string | undefined {
  return topic.attributes.get(deliveryPolicy.name);
}

/** The topic's Policy as stored, else SNS's default one (AddPermission and RemovePermission edit it). */
export function topicPolicy(topic: Topic, accountId: string): string {
  return topic.attributes.get(policy.name) ?? defaultTopicPolicy(topic.arn, accountId);
}

/** Stores a policy AddPermission or RemovePermission wrote. */
export function storeTopicPolicy(topic: Topic, text: string): void {
  topic.attributes.set(policy.name, text);
}

/** The SignatureVersion standard topics sign with: as set, else SNS's default (docs/aws-behaviour/sns.md §3). */
/** The topic's DisplayName, which its SMS start with (docs/aws-behaviour/sns.md §13.5); undefined when unset or "". */
export function topicDisplayName(topic: Topic): string | undefined {
  return topic.attributes.get(displayName.name) || undefined;
}

export function topicSignatureVersion(topic: Topic): string {
  return signatureVersion.compareKey(topic);
}

export function topicContentBasedDeduplication(topic: Topic): boolean {
  return topic.attributes.get(contentBasedDeduplication.name) === 'true';
}
