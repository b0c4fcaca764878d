import type { RequestContext } from '../../plugin.js';
import type { SnsBackend } from '../sns-backend.js';
import { addPermission, removePermission } from './permissions.js';
import { publish } from './publish.js';
import { publishBatch } from './publish-batch.js';
import {
  confirmSubscription,
  getSubscriptionAttributes,
  listSubscriptions,
  listSubscriptionsByTopic,
  setSubscriptionAttributes,
  subscribe,
  unsubscribe,
} from './subscriptions.js';
import { listTagsForResource, tagResource, untagResource } from './tags.js';
import { createTopic, deleteTopic, getTopicAttributes, listTopics, setTopicAttributes } from './topics.js';

type Action = (backend: SnsBackend, input: never, request: RequestContext) => object | Promise<object>;

/**
 * The SNS actions the emulation answers, by the SDK's operation name. Every other SNS command answers
 * a NotEmulatedError naming it.
 */
export const snsActions: Readonly<Record<string, Action>> = {
  CreateTopic: createTopic,
  DeleteTopic: deleteTopic,
  ListTopics: listTopics,
  GetTopicAttributes: getTopicAttributes,
  SetTopicAttributes: setTopicAttributes,
  TagResource: tagResource,
  UntagResource: untagResource,
  ListTagsForResource: listTagsForResource,
  Subscribe: subscribe,
  ConfirmSubscription: confirmSubscription,
  Unsubscribe: unsubscribe,
  GetSubscriptionAttributes: getSubscriptionAttributes,
  SetSubscriptionAttributes: setSubscriptionAttributes,
  ListSubscriptions: listSubscriptions,
  ListSubscriptionsByTopic: listSubscriptionsByTopic,
  Publish: publish,
  PublishBatch: publishBatch,
  AddPermission: addPermission,
  RemovePermission: removePermission,
};
