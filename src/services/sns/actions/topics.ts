import type {
  CreateTopicCommandInput,
  CreateTopicCommandOutput,
  DeleteTopicCommandInput,
  GetTopicAttributesCommandInput,
  GetTopicAttributesCommandOutput,
  ListTopicsCommandInput,
  ListTopicsCommandOutput,
  SetTopicAttributesCommandInput,
} from '@aws-sdk/client-sns';
import { snsErrors } from '../errors.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SnsBackend } from '../sns-backend.js';
import {
  checkCreateAttributes,
  differsFromTopic,
  renderTopicAttributes,
  requestsFifoTopic,
  setTopicAttribute,
  storeTopicAttribute,
} from '../topic-attributes.js';
import { checkedPolicy } from './data-protection.js';
import { paginateByToken } from './pagination.js';
import { checkTagCount, tagList, tagsDifferFrom } from './tags.js';

const STANDARD_NAME = /^[A-Za-z0-9_-]{1,256}$/;
const FIFO_NAME = /^[A-Za-z0-9_-]{1,251}\.fifo$/;

export function createTopic(
  backend: SnsBackend,
  input: Partial<CreateTopicCommandInput>,
  request: RequestContext,
): Omit<CreateTopicCommandOutput, '$metadata'> {
  const attributes = { ...(input.Attributes ?? {}) } as Record<string, unknown>;
  const fifo = requestsFifoTopic(attributes);
  const name = input.Name;
  // A FIFO topic needs both the suffix and FifoTopic=true; either alone is a bad name (docs/aws-behaviour/sns.md §1).
  if (typeof name !== 'string' || !(fifo ? FIFO_NAME : STANDARD_NAME).test(name)) {
    throw snsErrors.invalidParameterNamed('Topic Name');
  }
  const checked = checkCreateAttributes(attributes, fifo);
  const tags = tagList(input.Tags);
  checkTagCount(tags.size);
  // §15.2: a policy the emulation can keep (Audit statements alone); one that would act on messages is refused.
  const given = input.DataProtectionPolicy;
  const policy = given === undefined || given === null ? undefined : checkedPolicy(given, 'CreateTopicCommand');

  const existing = backend.findTopicByName(name, request.region);
  if (existing) {
    if (differsFromTopic(existing, checked)) throw snsErrors.topicExistsWithDifferentAttributes();
    if (tagsDifferFrom(existing.tags, tags)) throw snsErrors.topicExistsWithDifferentTags();
    // §15.1 Emulation: a policy given again with an existing name is put, as PutDataProtectionPolicy would.
    if (policy !== undefined) existing.dataProtectionPolicy = policy;
    return { TopicArn: existing.arn };
  }
  const topic = backend.createTopic(name, fifo, request.region);
  for (const [key, value] of checked) storeTopicAttribute(topic, key, value);
  for (const [key, value] of tags) topic.tags.set(key, value);
  topic.dataProtectionPolicy = policy;
  return { TopicArn: topic.arn };
}

export function deleteTopic(
  backend: SnsBackend,
  input: Partial<DeleteTopicCommandInput>,
  request: RequestContext,
): object {
  // Deleting a topic that does not exist succeeds (docs/aws-behaviour/sns.md §1); a malformed ARN still fails.
  const topic = backend.lookupTopic(input.TopicArn, 'TopicArn', request.region);
  // A topic keeping an archive cannot be deleted until the archive is switched off [D].
  if (topic?.archiveAt(backend.clock.now()).active) throw snsErrors.archiveStillActive();
  if (topic) backend.deleteTopic(topic);
  return {};
}

export function listTopics(
  backend: SnsBackend,
  input: Partial<ListTopicsCommandInput>,
  request: RequestContext,
): Omit<ListTopicsCommandOutput, '$metadata'> {
  const { page, nextToken } = paginateByToken(backend.listTopics(request.region), 100, input.NextToken);
  return { Topics: page.map((topic) => ({ TopicArn: topic.arn })), ...(nextToken ? { NextToken: nextToken } : {}) };
}

export function getTopicAttributes(
  backend: SnsBackend,
  input: Partial<GetTopicAttributesCommandInput>,
  request: RequestContext,
): Omit<GetTopicAttributesCommandOutput, '$metadata'> {
  const topic = backend.topicByArn(input.TopicArn, 'TopicArn', request.region);
  return { Attributes: renderTopicAttributes(topic, backend.scope.accountId, backend.clock.now()) };
}

export function setTopicAttributes(
  backend: SnsBackend,
  input: Partial<SetTopicAttributesCommandInput>,
  request: RequestContext,
): object {
  setTopicAttribute(
    backend.topicByArn(input.TopicArn, 'TopicArn', request.region),
    input.AttributeName,
    input.AttributeValue,
    backend.clock.now(),
  );
  return {};
}
