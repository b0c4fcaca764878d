import { snsErrors } from '../errors.js';

/** What the FIFO rules need to know of the topic, which may not exist (its name then decides FIFO). */
export interface TopicKind {
  readonly fifo: boolean;
  /** undefined when the topic does not exist: the dedup rule cannot be applied, and NotFound follows. */
  readonly contentBasedDeduplication: boolean | undefined;
}

export interface FifoIds {
  readonly messageGroupId: string | undefined;
  /** As given; a FIFO topic without one deduplicates on the SHA-256 of the Message. */
  readonly messageDeduplicationId: string | undefined;
}

/** Up to 128 alphanumeric and punctuation characters [D]. */
const FIFO_ID = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{1,128}$/;

function checkIdFormat(name: 'MessageGroupId' | 'MessageDeduplicationId', value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  // The text for a malformed id is not recorded from AWS.
  if (typeof value !== 'string' || !FIFO_ID.test(value)) throw snsErrors.invalidParameterNamed(name);
  return value;
}

/**
 * FIFO and standard topic rules (docs/aws-behaviour/sns.md §6.2), in AWS's order: on a FIFO topic MessageGroupId is
 * required, then a dedup id unless the topic has ContentBasedDeduplication; on a standard topic MessageDeduplicationId
 * is refused while MessageGroupId is accepted (it goes on to standard queues, since 2025).
 */
export function checkFifoRules(topic: TopicKind, groupId: unknown, deduplicationId: unknown): FifoIds {
  if (topic.fifo) {
    if (groupId === undefined || groupId === null || groupId === '') throw snsErrors.messageGroupIdRequired();
    const absent = deduplicationId === undefined || deduplicationId === null || deduplicationId === '';
    if (absent && topic.contentBasedDeduplication === false) throw snsErrors.deduplicationIdRequired();
  } else if (deduplicationId !== undefined && deduplicationId !== null) {
    throw snsErrors.deduplicationIdOnStandardTopic();
  }
  return {
    messageGroupId: checkIdFormat('MessageGroupId', groupId),
    messageDeduplicationId: checkIdFormat('MessageDeduplicationId', deduplicationId),
  };
}

export { contentDeduplicationId } from '../../../core/util/content-deduplication.js';
