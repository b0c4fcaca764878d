import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../src/core/messages/md5.js';
import { mappingSetup, runUntilIdle, type Recorded } from './esm-support.js';

describe('SQS event source mapping: the SQSEvent (docs/aws-behaviour/lambda.md §1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands a standard queue message over as Lambda records it, and deletes it on success', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('orders');
    const events: Recorded[] = [];
    aws.lambda.createFunction('worker', async (event: Recorded) => void events.push(event));
    const mapping = aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: q.arn });
    expect(mapping.state).toBe('Creating');
    const sent = await send(q.url, '{"destination": "x", "fail_attempts": 0}', {
      MessageAttributes: {
        Title: { DataType: 'String', StringValue: 'The Whistler' },
        Author: { DataType: 'String', StringValue: 'John Grisham' },
        WeeksOn: { DataType: 'Number', StringValue: '6' },
      },
    });
    await aws.idle();
    expect(mapping.state).toBe('Enabled');
    expect(events).toHaveLength(1);
    const [record] = events[0]!.Records as [Record<string, unknown>];
    expect(Object.keys(record)).toEqual([
      'messageId',
      'receiptHandle',
      'body',
      'attributes',
      'messageAttributes',
      'md5OfMessageAttributes',
      'md5OfBody',
      'eventSource',
      'eventSourceARN',
      'awsRegion',
    ]);
    expect(record).toMatchObject({
      messageId: sent.MessageId,
      body: '{"destination": "x", "fail_attempts": 0}',
      md5OfBody: sent.MD5OfMessageBody,
      // The recorded digest of these three attributes (lambda.md §1.4).
      md5OfMessageAttributes: 'd25a6aea97eb8f585bfa92d314504a92',
      eventSource: 'aws:sqs',
      eventSourceARN: q.arn,
      awsRegion: 'us-east-1',
      messageAttributes: {
        WeeksOn: { stringValue: '6', stringListValues: [], binaryListValues: [], dataType: 'Number' },
        Author: { stringValue: 'John Grisham', stringListValues: [], binaryListValues: [], dataType: 'String' },
        Title: { stringValue: 'The Whistler', stringListValues: [], binaryListValues: [], dataType: 'String' },
      },
    });
    const attributes = record['attributes'] as Record<string, string>;
    expect(Object.keys(attributes)).toEqual([
      'ApproximateReceiveCount',
      'SentTimestamp',
      'SenderId',
      'ApproximateFirstReceiveTimestamp',
    ]);
    expect(attributes['ApproximateReceiveCount']).toBe('1');
    expect(attributes['SentTimestamp']).toBe(String(Date.now()));
    expect(typeof record['receiptHandle']).toBe('string');
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(aws.lambda.function('worker').invocations()[0]).toMatchObject({
      outcome: 'success',
      trigger: { kind: 'sqs', mappingUuid: mapping.uuid },
    });
  });

  it('gives binary attributes in base64 and leaves md5OfMessageAttributes out without attributes (no window)', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('bin');
    const events: Recorded[] = [];
    aws.lambda.createFunction('worker', async (event: Recorded) => void events.push(event));
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: q.arn });
    await send(q.url, 'one', { MessageAttributes: { raw: { DataType: 'Binary', BinaryValue: Buffer.from('1100') } } });
    await send(q.url, 'two');
    await aws.idle();
    const records = events.flatMap((event) => event.Records);
    expect(records).toHaveLength(2);
    const [one, two] = records as [Record<string, unknown>, Record<string, unknown>];
    expect(one['messageAttributes']).toEqual({
      raw: { binaryValue: 'MTEwMA==', stringListValues: [], binaryListValues: [], dataType: 'Binary' },
    });
    expect(two['messageAttributes']).toEqual({});
    expect('md5OfMessageAttributes' in two).toBe(false);
    expect(two['md5OfBody']).toBe(md5Hex('two'));
  });

  it('says md5OfMessageAttributes: null without attributes when the mapping has a batching window', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('windowed');
    const events: Recorded[] = [];
    aws.lambda.createFunction('worker', async (event: Recorded) => void events.push(event));
    aws.lambda.createEventSourceMapping({
      FunctionName: 'worker',
      EventSourceArn: q.arn,
      MaximumBatchingWindowInSeconds: 1,
    });
    await send(q.url, 'plain');
    await runUntilIdle(aws);
    expect(events[0]!.Records[0]!['md5OfMessageAttributes']).toBeNull();
  });

  it('adds the FIFO attributes, and AWSTraceHeader and DeadLetterQueueSourceArn when the message has them', async () => {
    const { aws, sqs, queue, send } = mappingSetup();
    const dlq = await queue('dead.fifo', { FifoQueue: 'true' });
    const q = await queue('source.fifo', {
      FifoQueue: 'true',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 }),
    });
    const events: Recorded[] = [];
    aws.lambda.createFunction('worker', async (event: Recorded) => void events.push(event));
    await send(q.url, 'to the dlq', {
      MessageGroupId: '1',
      MessageDeduplicationId: 'dedup-1',
      MessageSystemAttributes: {
        AWSTraceHeader: { DataType: 'String', StringValue: 'Root=1-5759e988-bd862e3fe1be46a994272793' },
      },
    });
    // Received once by hand and left to time out: the next receive moves it to the DLQ.
    const { ReceiveMessageCommand } = await import('@aws-sdk/client-sqs');
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: q.url, VisibilityTimeout: 1 }));
    await vi.advanceTimersByTimeAsync(1000);
    await sqs.send(new ReceiveMessageCommand({ QueueUrl: q.url }));
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: dlq.arn });
    await aws.idle();
    const attributes = events[0]!.Records[0]!['attributes'] as Record<string, string>;
    expect(Object.keys(attributes)).toEqual([
      'ApproximateReceiveCount',
      'SentTimestamp',
      'SenderId',
      'ApproximateFirstReceiveTimestamp',
      'SequenceNumber',
      'MessageGroupId',
      'MessageDeduplicationId',
      'AWSTraceHeader',
      'DeadLetterQueueSourceArn',
    ]);
    expect(attributes).toMatchObject({
      MessageGroupId: '1',
      MessageDeduplicationId: 'dedup-1',
      ApproximateReceiveCount: '2',
      AWSTraceHeader: 'Root=1-5759e988-bd862e3fe1be46a994272793',
      DeadLetterQueueSourceArn: q.arn,
    });
    expect(attributes['SequenceNumber']).toMatch(/^\d{20}$/);
  });

  it('starts polling without time passing, and takes messages sent before the mapping', async () => {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('early');
    for (let i = 0; i < 3; i++) await send(q.url, `m${i}`);
    const bodies: string[] = [];
    aws.lambda.createFunction('worker', async (event: Recorded) => {
      for (const record of event.Records) bodies.push(record['body'] as string);
    });
    const start = Date.now();
    aws.lambda.createEventSourceMapping({ FunctionName: 'worker', EventSourceArn: q.arn });
    await aws.idle();
    expect(bodies.sort()).toEqual(['m0', 'm1', 'm2']);
    expect(Date.now()).toBe(start);
  });
});
