import { list, map, struct, type QueryService } from './shapes.js';

/**
 * SNS on the query protocol (docs/aws-behaviour/wire.md §5.4, §6.3): nothing is flattened, lists are `member`s and
 * maps `entry`s. The one table the decoder and the XML writer both read.
 */
const ATTRIBUTES = map('string', { flat: false });
const MESSAGE_ATTRIBUTES = map(struct({ BinaryValue: 'blob' }), { flat: false, keyName: 'Name', valueName: 'Value' });
const TAGS = list(struct(), false);
const STRINGS = list('string', false);
const MESSAGE_FIELDS = { MessageAttributes: MESSAGE_ATTRIBUTES };

export const SNS_QUERY: QueryService = {
  service: 'SNS',
  version: '2010-03-31',
  namespace: 'http://sns.amazonaws.com/doc/2010-03-31/',
  errorDetail: false,
  actions: {
    CreateTopic: { input: struct({ Attributes: ATTRIBUTES, Tags: TAGS }), output: struct() },
    GetTopicAttributes: { output: struct({ Attributes: ATTRIBUTES }) },
    Subscribe: { input: struct({ Attributes: ATTRIBUTES, ReturnSubscriptionArn: 'boolean' }), output: struct() },
    GetSubscriptionAttributes: { output: struct({ Attributes: ATTRIBUTES }) },
    Publish: { input: struct(MESSAGE_FIELDS), output: struct() },
    PublishBatch: {
      input: struct({ PublishBatchRequestEntries: list(struct(MESSAGE_FIELDS), false) }),
      output: struct({ Successful: list(struct(), false), Failed: list(struct({ SenderFault: 'boolean' }), false) }),
    },
    TagResource: { input: struct({ Tags: TAGS }) },
    UntagResource: { input: struct({ TagKeys: STRINGS }) },
    ListTagsForResource: { output: struct({ Tags: TAGS }) },
    AddPermission: { input: struct({ AWSAccountId: STRINGS, ActionName: STRINGS }) },
    ListTopics: { output: struct({ Topics: list(struct(), false) }) },
    ListSubscriptions: { output: struct({ Subscriptions: list(struct(), false) }) },
    ListSubscriptionsByTopic: { output: struct({ Subscriptions: list(struct(), false) }) },
  },
};
