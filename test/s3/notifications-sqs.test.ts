import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketOwnershipControlsCommand,
  DeleteObjectCommand,
  DeletePublicAccessBlockCommand,
  DeleteObjectsCommand,
  GetBucketNotificationConfigurationCommand,
  ListBucketsCommand,
  PutBucketNotificationConfigurationCommand,
  PutBucketVersioningCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMockOptions } from '../../src/index.js';
import { s3Setup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 21, 23, 21, 9, 123) }));
afterEach(() => vi.useRealTimers());

/** A bucket whose events go to a queue, and what it takes to read them. */
async function bucketToQueue(options: AwsMockOptions = {}, configuration: object = {}) {
  const setup = s3Setup(options);
  const { s3, sqs, aws } = setup;
  await s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'events' }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  const queueArn = Attributes!['QueueArn']!;
  await s3.send(
    new PutBucketNotificationConfigurationCommand({
      Bucket: 'uploads',
      NotificationConfiguration: {
        QueueConfigurations: [{ Id: 'to-queue', QueueArn: queueArn, Events: ['s3:ObjectCreated:*'], ...configuration }],
      },
    }),
  );
  const receive = async () => {
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['All'] }),
    );
    return Messages;
  };
  return { ...setup, QueueUrl, queueArn, receive };
}

const records = (messages: readonly { Body?: string }[]) =>
  messages.flatMap((message) => (JSON.parse(message.Body!) as { Records?: unknown[] }).Records ?? []);

describe('S3 → SQS (docs/aws-behaviour/s3.md §3)', () => {
  it('sends the test event on configuration, then one record per PutObject, written as S3 writes it', async () => {
    const { s3, receive, aws } = await bucketToQueue();
    const [test] = await receive();
    expect(JSON.parse(test!.Body!)).toEqual({
      Service: 'Amazon S3',
      Event: 's3:TestEvent',
      Time: '2025-01-21T23:21:09.123Z',
      Bucket: 'uploads',
      RequestId: expect.any(String),
      HostId: expect.any(String),
    });
    const put = await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'a@b c.txt', Body: 'something' }));
    const messages = await receive();
    expect(messages).toHaveLength(1);
    const body = messages[0]!.Body!;
    expect(Object.keys(JSON.parse(body).Records[0])).toEqual([
      'eventVersion',
      'eventSource',
      'awsRegion',
      'eventTime',
      'eventName',
      'userIdentity',
      'requestParameters',
      'responseElements',
      's3',
    ]);
    expect(JSON.parse(body)).toEqual({
      Records: [
        {
          eventVersion: '2.1',
          eventSource: 'aws:s3',
          awsRegion: 'us-east-1',
          eventTime: '2025-01-21T23:21:09.123Z',
          eventName: 'ObjectCreated:Put',
          userIdentity: { principalId: expect.any(String) },
          requestParameters: { sourceIPAddress: expect.any(String) },
          responseElements: { 'x-amz-request-id': put.$metadata.requestId, 'x-amz-id-2': expect.any(String) },
          s3: {
            s3SchemaVersion: '1.0',
            configurationId: 'to-queue',
            bucket: {
              name: 'uploads',
              ownerIdentity: { principalId: expect.any(String) },
              arn: 'arn:aws:s3:::uploads',
            },
            object: {
              key: 'a%40b+c.txt',
              size: 9,
              eTag: '437b930db84b8079c2dd804a71936b5f',
              sequencer: expect.stringMatching(/^[0-9A-F]{16,}$/),
            },
          },
        },
      ],
    });
    expect(aws.s3.bucket('uploads').events()).toEqual([
      {
        eventName: 'ObjectCreated:Put',
        key: 'a@b c.txt',
        at: new Date('2025-01-21T23:21:09.123Z'),
        requestId: put.$metadata.requestId,
        deliveries: [{ configurationId: 'to-queue', target: expect.stringMatching(/:events$/), delivered: true }],
      },
    ]);
  });

  it('delivers after the request returns, without time passing; with s3NotificationDelay, that much later', async () => {
    const { s3, sqs, QueueUrl, receive } = await bucketToQueue({ s3NotificationDelay: 2_000 });
    await vi.advanceTimersByTimeAsync(2_000);
    await receive();
    await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'k', Body: 'x' }));
    await vi.advanceTimersByTimeAsync(1_999);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toHaveLength(1);
    const plain = await bucketToQueue();
    await plain.receive();
    await plain.s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'k', Body: 'x' }));
    const { Messages } = await plain.sqs.send(new ReceiveMessageCommand({ QueueUrl: plain.QueueUrl }));
    expect(Messages).toHaveLength(1);
  });

  it('filters by prefix and suffix on the key as stored, case-sensitively', async () => {
    const { s3, receive } = await bucketToQueue(
      {},
      {
        Filter: {
          Key: {
            FilterRules: [
              { Name: 'prefix', Value: 'in/' },
              { Name: 'Suffix', Value: '.JSON' },
            ],
          },
        },
      },
    );
    await receive();
    for (const key of ['in/a.JSON', 'in/b.json', 'out/c.JSON', 'in/d e.JSON'])
      await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: key, Body: 'x' }));
    const keys = records(await receive()).map(
      (record) => (record as { s3: { object: { key: string } } }).s3.object.key,
    );
    expect(keys).toEqual(['in/a.JSON', 'in/d+e.JSON']);
  });

  it('ObjectCreated:* covers Copy and CompleteMultipartUpload; ObjectRemoved is not sent for a created-only config', async () => {
    const { s3, receive } = await bucketToQueue();
    await receive();
    await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'src', Body: 'x' }));
    await s3.send(new CopyObjectCommand({ Bucket: 'uploads', Key: 'dst', CopySource: 'uploads/src' }));
    await s3.send(new DeleteObjectCommand({ Bucket: 'uploads', Key: 'src' }));
    const names = records(await receive()).map((record) => (record as { eventName: string }).eventName);
    expect(names).toEqual(['ObjectCreated:Put', 'ObjectCreated:Copy']);
  });

  it('DeleteObjects emits one ObjectRemoved:Delete per key, even for keys that never existed', async () => {
    const { s3, receive } = await bucketToQueue({}, { Events: ['s3:ObjectRemoved:*'] });
    await receive();
    await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'real', Body: 'x' }));
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: 'uploads',
        Delete: { Objects: [{ Key: 'real' }, { Key: 'never-1' }, { Key: 'never-2' }], Quiet: true },
      }),
    );
    const objects = records(await receive()).map((record) => (record as { s3: { object: object } }).s3.object);
    expect(objects).toEqual([
      { key: 'real', sequencer: expect.any(String) },
      { key: 'never-1', sequencer: expect.any(String) },
      { key: 'never-2', sequencer: expect.any(String) },
    ]);
  });

  it('on a versioned bucket: versionId, and a delete marker with the empty ETag', async () => {
    const { s3, receive } = await bucketToQueue({}, { Events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'] });
    await receive();
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'uploads', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const put = await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'k', Body: 'data' }));
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: 'uploads', Key: 'k' }));
    await s3.send(new DeleteObjectCommand({ Bucket: 'uploads', Key: 'k', VersionId: put.VersionId }));
    const all = records(await receive()) as { eventName: string; s3: { object: object } }[];
    expect(all.map((record) => [record.eventName, record.s3.object])).toEqual([
      [
        'ObjectCreated:Put',
        {
          key: 'k',
          size: 4,
          eTag: '8d777f385d3dfec8815d20f7496026dc',
          versionId: put.VersionId,
          sequencer: expect.any(String),
        },
      ],
      [
        'ObjectRemoved:DeleteMarkerCreated',
        {
          key: 'k',
          eTag: 'd41d8cd98f00b204e9800998ecf8427e',
          versionId: marker.VersionId,
          sequencer: expect.any(String),
        },
      ],
      ['ObjectRemoved:Delete', { key: 'k', versionId: put.VersionId, sequencer: expect.any(String) }],
    ]);
  });

  it('tagging events are eventVersion 2.3, with key and eTag only', async () => {
    const { s3, receive } = await bucketToQueue({}, { Events: ['s3:ObjectTagging:*'] });
    await receive();
    await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'k', Body: 'something' }));
    await s3.send(
      new PutObjectTaggingCommand({ Bucket: 'uploads', Key: 'k', Tagging: { TagSet: [{ Key: 'a', Value: '1' }] } }),
    );
    const [record] = records(await receive()) as { eventVersion: string; eventName: string; s3: { object: object } }[];
    expect(record).toMatchObject({ eventVersion: '2.3', eventName: 'ObjectTagging:Put' });
    expect(record!.s3.object).toEqual({ key: 'k', eTag: '437b930db84b8079c2dd804a71936b5f' });
  });

  it('an ACL event is sent when an object ACL is set or changed, never for a request that changes nothing', async () => {
    const { s3, receive } = await bucketToQueue({}, { Events: ['s3:ObjectAcl:Put'] });
    await receive();
    await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'k', Body: 'something' }));
    // ACLs disabled (a new bucket): the one ACL taken is the one the object has.
    await s3.send(new PutObjectAclCommand({ Bucket: 'uploads', Key: 'k', ACL: 'bucket-owner-full-control' }));
    expect(await receive()).toEqual([]);
    // As recorded (s3.md §3.3): ACLs on, four PutObjectAcl calls, the first changing nothing, three events.
    await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: 'uploads' }));
    await s3.send(new DeletePublicAccessBlockCommand({ Bucket: 'uploads' }));
    const { Owner } = await s3.send(new ListBucketsCommand({}));
    const logDelivery = { Type: 'Group' as const, URI: 'http://acs.amazonaws.com/groups/s3/LogDelivery' };
    await s3.send(new PutObjectAclCommand({ Bucket: 'uploads', Key: 'k', ACL: 'private' }));
    await s3.send(new PutObjectAclCommand({ Bucket: 'uploads', Key: 'k', ACL: 'public-read' }));
    await s3.send(new PutObjectAclCommand({ Bucket: 'uploads', Key: 'k', GrantRead: `uri="${logDelivery.URI}"` }));
    const owner = { Type: 'CanonicalUser' as const, ID: Owner!.ID! };
    const grants = [
      { Grantee: owner, Permission: 'FULL_CONTROL' as const },
      { Grantee: logDelivery, Permission: 'WRITE' as const },
    ];
    await s3.send(
      new PutObjectAclCommand({ Bucket: 'uploads', Key: 'k', AccessControlPolicy: { Owner, Grants: grants } }),
    );
    const sent = records(await receive()) as { eventVersion: string; eventName: string; s3: { object: object } }[];
    expect(sent.map(({ eventVersion, eventName }) => [eventVersion, eventName])).toEqual(
      Array(3).fill(['2.3', 'ObjectAcl:Put']),
    );
  });

  it("passes the request's trace header on as the message's AWSTraceHeader", async () => {
    const { s3, receive } = await bucketToQueue();
    await receive();
    const trace = 'Root=1-3152b799-8954dae64eda91bc9a23a7e8;Parent=7fa8c0f79203be72;Sampled=1';
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'writer');
    vi.stubEnv('_X_AMZN_TRACE_ID', trace);
    try {
      await s3.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'k', Body: 'x' }));
    } finally {
      vi.unstubAllEnvs();
    }
    const [message] = await receive();
    expect(message!.Attributes!['AWSTraceHeader']).toBe(trace);
  });

  it('answers the configuration back with its Ids, events as given and the rule names capitalised', async () => {
    const { s3, queueArn } = await bucketToQueue(
      {},
      { Filter: { Key: { FilterRules: [{ Name: 'suffix', Value: '' }] } } },
    );
    expect(await s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'uploads' }))).toMatchObject({
      QueueConfigurations: [
        {
          Id: 'to-queue',
          QueueArn: queueArn,
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'Suffix', Value: '' }] } },
        },
      ],
    });
    await s3.send(new PutBucketNotificationConfigurationCommand({ Bucket: 'uploads', NotificationConfiguration: {} }));
    const empty = await s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'uploads' }));
    expect(Object.keys(empty)).toEqual(['$metadata']);
  });
});
