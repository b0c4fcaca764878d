import { list, map, struct, type QueryService } from './shapes.js';

/**
 * SQS on the query protocol (docs/aws-behaviour/wire.md §5.3, §6.2): every list and map is flattened, under the
 * names of the query-era model. The one table the decoder and the XML writer both read.
 */
const MESSAGE_ATTRIBUTE_VALUE = struct({
  BinaryValue: 'blob',
  StringListValues: list('string', true, 'StringListValue'),
  BinaryListValues: list('blob', true, 'BinaryListValue'),
});
const named = (name: string) => ({ flat: true, name, keyName: 'Name', valueName: 'Value' });
const MESSAGE_ATTRIBUTES = map(MESSAGE_ATTRIBUTE_VALUE, named('MessageAttribute'));
const SYSTEM_ATTRIBUTES = map(MESSAGE_ATTRIBUTE_VALUE, named('MessageSystemAttribute'));
const ATTRIBUTES = map('string', named('Attribute'));
const TAGS = map('string', { flat: true, name: 'Tag', keyName: 'Key', valueName: 'Value' });
const MESSAGE_FIELDS = { MessageAttributes: MESSAGE_ATTRIBUTES, MessageSystemAttributes: SYSTEM_ATTRIBUTES };
const FAILED = list(struct({ SenderFault: 'boolean' }), true, 'BatchResultErrorEntry');

/** A batch request's entries and its result's, under their query names. */
const batch = (name: string, entry = struct()) => ({
  input: struct({ Entries: list(entry, true, `${name}RequestEntry`) }),
  output: struct({ Successful: list(struct(), true, `${name}ResultEntry`), Failed: FAILED }),
});

export const SQS_QUERY: QueryService = {
  service: 'SQS',
  version: '2012-11-05',
  namespace: 'http://queue.amazonaws.com/doc/2012-11-05/',
  errorDetail: true,
  actions: {
    CreateQueue: { input: struct({ Attributes: ATTRIBUTES, tags: TAGS }), output: struct() },
    GetQueueUrl: { output: struct() },
    ListQueues: {
      input: struct({ MaxResults: 'number' }),
      output: struct({ QueueUrls: list('string', true, 'QueueUrl') }),
    },
    GetQueueAttributes: {
      input: struct({ AttributeNames: list('string', true, 'AttributeName') }),
      output: struct({ Attributes: ATTRIBUTES }),
    },
    SetQueueAttributes: { input: struct({ Attributes: ATTRIBUTES }) },
    SendMessage: { input: struct({ DelaySeconds: 'number', ...MESSAGE_FIELDS }), output: struct() },
    SendMessageBatch: batch('SendMessageBatch', struct({ DelaySeconds: 'number', ...MESSAGE_FIELDS })),
    ReceiveMessage: {
      input: struct({
        AttributeNames: list('string', true, 'AttributeName'),
        MessageSystemAttributeNames: list('string', true, 'MessageSystemAttributeName'),
        MessageAttributeNames: list('string', true, 'MessageAttributeName'),
        MaxNumberOfMessages: 'number',
        VisibilityTimeout: 'number',
        WaitTimeSeconds: 'number',
      }),
      output: struct({
        Messages: list(struct({ Attributes: ATTRIBUTES, MessageAttributes: MESSAGE_ATTRIBUTES }), true, 'Message'),
      }),
    },
    ChangeMessageVisibility: { input: struct({ VisibilityTimeout: 'number' }) },
    ChangeMessageVisibilityBatch: batch('ChangeMessageVisibilityBatch', struct({ VisibilityTimeout: 'number' })),
    DeleteMessageBatch: batch('DeleteMessageBatch'),
    ListDeadLetterSourceQueues: {
      input: struct({ MaxResults: 'number' }),
      output: struct({ queueUrls: list('string', true, 'QueueUrl') }),
    },
    TagQueue: { input: struct({ Tags: TAGS }) },
    UntagQueue: { input: struct({ TagKeys: list('string', true, 'TagKey') }) },
    ListQueueTags: { output: struct({ Tags: TAGS }) },
    AddPermission: {
      input: struct({
        AWSAccountIds: list('string', true, 'AWSAccountId'),
        Actions: list('string', true, 'ActionName'),
      }),
    },
    StartMessageMoveTask: { input: struct({ MaxNumberOfMessagesPerSecond: 'number' }), output: struct() },
    ListMessageMoveTasks: {
      input: struct({ MaxResults: 'number' }),
      output: struct({ Results: list(struct(), true, 'ListMessageMoveTasksResultEntry') }),
    },
  },
};
