import type { WireBinding, WireExchange } from '../../core/wire/binding.js';
import { blobMembersOf, list, map, struct, type QueryAction, type QueryService } from '../../core/wire/query-shapes.js';
import { SQS_ERRORS } from './errors.js';
import type { SqsAction } from './fault-names.js';
import { incomingQueueUrl, outgoingQueueUrls, queueUrlFromPath } from './wire-addresses.js';

/**
 * SQS on the wire (docs/aws-behaviour/wire.md): AWS JSON 1.0, what current SDKs, boto3 and the CLI speak (§4), and the
 * query protocol (§5.3, §6.2), where every list and map is flattened, under the names of the query-era model. The
 * query table is the one the decoder and the XML writer both read; its blob members are the JSON codec's too.
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
  version: '2012-11-05',
  namespace: 'http://queue.amazonaws.com/doc/2012-11-05/',
  errorDetail: true,
  queryTexts: [
    {
      code: SQS_ERRORS.QueueDoesNotExist.code,
      json: SQS_ERRORS.QueueDoesNotExist.message,
      // [AWS-snap] LocalStack's test_non_existent_queue, recorded 2024-04-30 over both protocols (wire.md §7.2).
      query: 'The specified queue does not exist for this wsdl version.',
    },
  ],
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
    CancelMessageMoveTask: { output: struct() },
    ListMessageMoveTasks: {
      input: struct({ MaxResults: 'number' }),
      output: struct({ Results: list(struct(), true, 'ListMessageMoveTasksResultEntry') }),
    },
  } satisfies Partial<Record<SqsAction, QueryAction>>,
};

/** The queue URLs of a request's members, as the emulation names queues (wire-addresses.ts). */
const incoming = (input: Record<string, unknown>, { region }: WireExchange) => incomingQueueUrl(input, region);
const outgoing = (output: object, { host, accountRegion }: WireExchange) =>
  outgoingQueueUrls(output, host, accountRegion);

export const SQS_WIRE: WireBinding = {
  json: {
    targetPrefix: 'AmazonSQS',
    version: '1.0',
    errorTypePrefix: 'com.amazonaws.sqs#',
    queryCompatible: true,
    blobs: blobMembersOf(SQS_QUERY),
    incoming,
    outgoing,
  },
  query: {
    spec: SQS_QUERY,
    signingName: 'sqs',
    // A request to `/<account>/<queue>` is SQS's (docs/aws-behaviour/wire.md §2.2), and names its queue (§5.1).
    claimsUnmarked: (exchange) => queueUrlFromPath(exchange) !== undefined,
    incoming: (input, exchange) => {
      const fromPath = input['QueueUrl'] === undefined ? queueUrlFromPath(exchange) : undefined;
      return incoming(fromPath ? { ...input, QueueUrl: fromPath } : input, exchange);
    },
    outgoing,
  },
};
