import { parseTopicArn } from '../arn.js';
import { missingParameter, snsErrors } from '../errors.js';
import type { PlatformEndpoint } from '../mobile/mobile-push.js';
import type { SnsBackend } from '../sns-backend.js';
import { isE164 } from '../sms/phone-numbers.js';
import type { Topic } from '../topic.js';
import { topicContentBasedDeduplication } from '../topic-attributes.js';
import type { TopicKind } from './fifo-rules.js';
import { textOf } from '../../../core/util/text.js';

/** The topic a publish names: found (or not yet known to be missing), and what the FIFO rules need of it. */
export interface ResolvedTopic {
  readonly to: 'topic';
  readonly topic: Topic | undefined;
  readonly kind: TopicKind;
}

/** A Publish's PhoneNumber (an SMS) or a TargetArn of a platform endpoint (a push): both obey the standard rules. */
export interface ResolvedPhone {
  readonly to: 'phone';
  readonly phoneNumber: string;
  readonly kind: TopicKind;
}

export interface ResolvedEndpoint {
  readonly to: 'endpoint';
  readonly endpoint: PlatformEndpoint;
  readonly kind: TopicKind;
}

export type ResolvedTarget = ResolvedTopic | ResolvedPhone | ResolvedEndpoint;

/** What a message to a phone or a device is held to: a standard topic's rules (docs/aws-behaviour/sns.md §13.5). */
const STANDARD: TopicKind = { fifo: false, contentBasedDeduplication: undefined };

/**
 * Publish's destination: TopicArn, or TargetArn (its alias, which also names platform endpoints), or PhoneNumber.
 * Malformed and foreign-region ARNs fail here; a topic that does not exist is only reported after the message
 * checks (docs/aws-behaviour/sns.md §3, step 7), so `topic` may be undefined and its FIFO-ness then comes from the
 * name. A platform endpoint is looked up here, before the message checks: AWS refuses a disabled one before it reads
 * the Message (docs/aws-behaviour/sns.md §14.6).
 */
export function resolvePublishTarget(
  backend: SnsBackend,
  input: { TopicArn?: unknown; TargetArn?: unknown; PhoneNumber?: unknown },
  region = backend.scope.region,
): ResolvedTarget {
  const present = (value: unknown): boolean => value !== undefined && value !== null;
  // Both given: TopicArn is used (what AWS does is not recorded).
  if (present(input.TopicArn)) return resolveTopic(backend, input.TopicArn, 'TopicArn', region);
  if (present(input.TargetArn)) return resolveTopic(backend, input.TargetArn, 'TargetArn', region);
  if (present(input.PhoneNumber)) {
    const phoneNumber = textOf(input.PhoneNumber);
    if (!isE164(phoneNumber)) throw snsErrors.invalidPhoneNumber(phoneNumber);
    return { to: 'phone', phoneNumber, kind: STANDARD };
  }
  throw missingParameter('TopicArn or TargetArn');
}

/** PublishBatch takes a TopicArn only. */
export function resolveTopic(
  backend: SnsBackend,
  value: unknown,
  parameter: 'TopicArn',
  region?: string,
): ResolvedTopic;
export function resolveTopic(
  backend: SnsBackend,
  value: unknown,
  parameter: 'TopicArn' | 'TargetArn',
  region?: string,
): ResolvedTopic | ResolvedEndpoint;
export function resolveTopic(
  backend: SnsBackend,
  value: unknown,
  parameter: 'TopicArn' | 'TargetArn',
  region = backend.scope.region,
): ResolvedTopic | ResolvedEndpoint {
  // In the region of the request (docs/aws-behaviour/sdk-reach.md §3).
  const address = parseTopicArn(value, region, parameter);
  if (parameter === 'TargetArn' && address.name.startsWith('endpoint/')) {
    const endpoint = backend.mobile.endpoint(value as string);
    if (!endpoint) throw snsErrors.targetEndpointNotFound();
    if (!endpoint.enabled) throw snsErrors.endpointDisabled();
    return { to: 'endpoint', endpoint, kind: STANDARD };
  }
  const topic =
    address.accountId === backend.scope.accountId ? backend.findTopicByName(address.name, region) : undefined;
  return {
    to: 'topic',
    topic,
    kind: {
      fifo: topic ? topic.fifo : address.name.endsWith('.fifo'),
      contentBasedDeduplication: topic ? topicContentBasedDeduplication(topic) : undefined,
    },
  };
}

/** The last check of a publish: the topic must exist. */
export function existingTopic(target: ResolvedTopic): Topic {
  if (!target.topic) throw snsErrors.topicNotFound();
  return target.topic;
}
