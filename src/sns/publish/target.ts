import { NotEmulatedError } from '../../aws-error.js';
import { parseTopicArn } from '../arn.js';
import { missingParameter, snsErrors } from '../errors.js';
import type { SnsBackend } from '../sns-backend.js';
import type { Topic } from '../topic.js';
import { topicContentBasedDeduplication } from '../topic-attributes.js';
import type { TopicKind } from './fifo-rules.js';
import { textOf } from '../../util/text.js';

/** The topic a publish names: found (or not yet known to be missing), and what the FIFO rules need of it. */
export interface ResolvedTarget {
  readonly topic: Topic | undefined;
  readonly kind: TopicKind;
}

/** E.164: a plus sign and up to 15 digits. */
const PHONE_NUMBER = /^\+[1-9]\d{1,14}$/;

/**
 * Publish's destination: TopicArn, or TargetArn (its alias, which also names platform endpoints), or PhoneNumber.
 * Malformed and foreign-region ARNs fail here; a topic that does not exist is only reported after the message
 * checks (docs/aws-behaviour/sns.md §3, step 7), so `topic` may be undefined and its FIFO-ness then comes from the
 * name.
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
    const number = textOf(input.PhoneNumber);
    if (!PHONE_NUMBER.test(number)) throw snsErrors.invalidPhoneNumber(number);
    // Direct SMS is not emulated: an honest error rather than a made-up success.
    throw new NotEmulatedError('SNS', 'PublishCommand', 'publishing to a PhoneNumber (SMS)');
  }
  throw missingParameter('TopicArn or TargetArn');
}

/** PublishBatch takes a TopicArn only. */
export function resolveTopic(
  backend: SnsBackend,
  value: unknown,
  parameter: 'TopicArn' | 'TargetArn',
  region = backend.scope.region,
): ResolvedTarget {
  // In the region of the request (docs/aws-behaviour/sdk-reach.md §3).
  const address = parseTopicArn(value, region, parameter);
  // Platform application endpoints are not emulated, so none exists [V text].
  if (parameter === 'TargetArn' && address.name.startsWith('endpoint/')) {
    throw snsErrors.targetEndpointNotFound();
  }
  const topic =
    address.accountId === backend.scope.accountId ? backend.findTopicByName(address.name, region) : undefined;
  return {
    topic,
    kind: {
      fifo: topic ? topic.fifo : address.name.endsWith('.fifo'),
      contentBasedDeduplication: topic ? topicContentBasedDeduplication(topic) : undefined,
    },
  };
}

/** The last check of a publish: the topic must exist. */
export function existingTopic(target: ResolvedTarget): Topic {
  if (!target.topic) throw snsErrors.topicNotFound();
  return target.topic;
}
