import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutBucketNotificationConfigurationCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { s3Setup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 21, 23, 25, 10, 500) }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

async function queue(setup: ReturnType<typeof s3Setup>, name: string) {
  const { QueueUrl } = await setup.sqs.send(new CreateQueueCommand({ QueueName: name }));
  const { Attributes } = await setup.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const receive = async () =>
    (await setup.sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }))).Messages ?? [];
  return { QueueUrl, arn: Attributes!['QueueArn']!, receive };
}

describe('S3 → SNS (docs/aws-behaviour/s3.md §3.6)', () => {
  it('publishes the records with the subject S3 gives; a subscribed queue gets the SNS envelope', async () => {
    const setup = s3Setup();
    const { s3, sns, aws } = setup;
    await s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'uploads' }));
    const target = await queue(setup, 'subscriber');
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: target.arn }));
    await s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'uploads',
        NotificationConfiguration: { TopicConfigurations: [{ TopicArn, Events: ['s3:ObjectCreated:Put'] }] },
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'k', Body: 'x' }));
    await aws.runUntilIdle({ advance });
    const envelopes = (await target.receive()).map((message) => JSON.parse(message.Body!));
    expect(envelopes.map((envelope) => envelope.Subject)).toEqual(['Amazon S3 Notification', 'Amazon S3 Notification']);
    expect(JSON.parse(envelopes[0].Message)).toMatchObject({ Event: 's3:TestEvent' });
    expect(JSON.parse(envelopes[1].Message).Records[0]).toMatchObject({ eventName: 'ObjectCreated:Put' });
  });
});

describe('S3 → Lambda (§3.6)', () => {
  it('invokes the function asynchronously with the records; its read of the object joins the journey', async () => {
    const setup = s3Setup();
    const { s3, aws } = setup;
    await s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
    const seen: string[] = [];
    const fn = aws.lambda.createFunction(
      'reader',
      async (event: { Records: { s3: { object: { key: string } } }[] }) => {
        const key = decodeURIComponent(event.Records[0]!.s3.object.key.replace(/\+/g, ' '));
        const got = await s3.send(new GetObjectCommand({ Bucket: 'uploads', Key: key }));
        seen.push(await got.Body!.transformToString());
      },
    );
    await s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'uploads',
        NotificationConfiguration: {
          LambdaFunctionConfigurations: [{ LambdaFunctionArn: fn.arn, Events: ['s3:ObjectCreated:*'] }],
        },
      }),
    );
    const put = await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'in box/a.txt', Body: 'hello' }));
    await aws.runUntilIdle({ advance });
    expect(seen).toEqual(['hello']);
    const [invocation] = fn.invocations();
    expect(invocation!.trigger).toEqual({ kind: 's3', bucketArn: 'arn:aws:s3:::uploads' });
    const kinds = aws.journey(put.$metadata.requestId!).steps.map((step) => `${step.service} ${step.kind}`);
    expect(kinds).toEqual(['s3 published', 's3 delivered', 'lambda invoked', 's3 read', 'lambda succeeded']);
    const read = aws.journey(put.$metadata.requestId!).steps.find((step) => step.kind === 'read')!;
    expect(read.detail).toContain('by function reader');
  });

  it('a function that writes back into its own bucket is stopped after 16 invocations, and the test does not hang', async () => {
    const setup = s3Setup();
    const { s3, aws } = setup;
    await s3.send(new CreateBucketCommand({ Bucket: 'loop' }));
    let writes = 0;
    const fn = aws.lambda.createFunction('copier', async () => {
      writes++;
      await s3.send(new PutObjectCommand({ Bucket: 'loop', Key: `copy-${writes}`, Body: 'x' }));
    });
    await s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'loop',
        NotificationConfiguration: {
          LambdaFunctionConfigurations: [{ LambdaFunctionArn: fn.arn, Events: ['s3:ObjectCreated:*'] }],
        },
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: 'loop', Key: 'start', Body: 'x' }));
    await aws.runUntilIdle({ advance });
    expect(fn.invocations()).toHaveLength(16);
    const last = aws.s3.bucket('loop').events().at(-1)!;
    expect(last.key).toBe('copy-16');
    expect(last.deliveries).toEqual([
      {
        configurationId: expect.any(String),
        target: fn.arn,
        delivered: false,
        reason: expect.stringContaining("Lambda's recursive loop detection stopped the invocation"),
      },
    ]);
    expect(aws.s3.bucket('loop').objects()).toHaveLength(17);
  });
});

describe('S3 → EventBridge (§3.6)', () => {
  it('sends Object Created to the default bus, where a rule can route it', async () => {
    const setup = s3Setup();
    const { s3, events, aws } = setup;
    await s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
    const target = await queue(setup, 'from-bus');
    await events.send(
      new PutRuleCommand({
        Name: 's3-created',
        EventPattern: JSON.stringify({ source: ['aws.s3'], 'detail-type': ['Object Created'] }),
      }),
    );
    await events.send(new PutTargetsCommand({ Rule: 's3-created', Targets: [{ Id: 'q', Arn: target.arn }] }));
    await s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'uploads',
        NotificationConfiguration: { EventBridgeConfiguration: {} },
      }),
    );
    const put = await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'a b', Body: 'data' }));
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'uploads', Key: 'mp' }));
    const part = await s3.send(
      new UploadPartCommand({ Bucket: 'uploads', Key: 'mp', UploadId, PartNumber: 1, Body: 'p' }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'uploads',
        Key: 'mp',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    await aws.runUntilIdle({ advance });
    const received = (await target.receive()).map((message) => JSON.parse(message.Body!));
    expect(Object.keys(received[0])).toEqual([
      'version',
      'id',
      'detail-type',
      'source',
      'account',
      'time',
      'region',
      'resources',
      'detail',
    ]);
    expect(received[0]).toMatchObject({
      'detail-type': 'Object Created',
      source: 'aws.s3',
      account: '000000000000',
      time: '2025-01-21T23:25:10Z',
      region: 'us-east-1',
      resources: ['arn:aws:s3:::uploads'],
      detail: {
        version: '0',
        bucket: { name: 'uploads' },
        object: { key: 'a b', size: 4, etag: '8d777f385d3dfec8815d20f7496026dc', sequencer: expect.any(String) },
        'request-id': put.$metadata.requestId,
        requester: '000000000000',
        reason: 'PutObject',
      },
    });
    expect(received[1].detail).toMatchObject({ reason: 'CompleteMultipartUpload', object: { key: 'mp', size: 1 } });
    expect(received[1].detail.object.etag).toMatch(/^[0-9a-f]{32}-1$/);
  });
});
