// Figures of issue 35: S3 through the plugin, next to the SDK floor (the same client answered by a constant
// middleware); a notification's share of a PutObject; what a 100 MB object costs; a listing page of a large bucket.
// Run on its own: node --expose-gc --import tsx bench/s3.mts
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketNotificationConfigurationCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Upload } from '@aws-sdk/lib-storage';
import { createAwsMock } from './library.mjs';
import { alternate, calls, ratioResult, report, type FigureResult } from './harness.mjs';

const KB = Buffer.alloc(1024, 'a');
const MB = 1024 * 1024;
const METADATA = {
  httpStatusCode: 200,
  requestId: '00000000-0000-4000-8000-000000000000',
  attempts: 1,
  totalRetryDelay: 0,
};

/** A GetObject answer's Body as the SDK hands it back: a stream with its transform methods. */
function cannedBody(): Readable {
  const stream = Readable.from([KB], { objectMode: false });
  return Object.assign(stream, {
    transformToString: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    },
  });
}

/** The SDK floor: a client whose only middleware, at the mock's place (initialize, low), answers a constant. */
function floorS3Client(): S3Client {
  const client = new S3Client({ region: 'us-east-1' });
  const answers: Record<string, () => object> = {
    PutObjectCommand: () => ({ ETag: '"0f343b0931126a20f133d67c2b018a3b"', ChecksumCRC32: 'AAAAAA==' }),
    GetObjectCommand: () => ({ Body: cannedBody(), ContentLength: 1024, ETag: '"0f343b0931126a20f133d67c2b018a3b"' }),
  };
  client.middlewareStack.add(
    ((_next: unknown, context: { commandName?: string }) => async () => ({
      output: { $metadata: METADATA, ...answers[context.commandName ?? '']!() },
      response: {},
    })) as never,
    { step: 'initialize', priority: 'low', name: 'benchFloor' },
  );
  return client;
}

function mockedS3(options = {}) {
  const aws = createAwsMock(options);
  const s3 = new S3Client({ region: 'us-east-1' });
  s3.middlewareStack.use(aws.s3);
  const fast = new S3Client({ region: 'us-east-1', cacheMiddleware: true });
  fast.middlewareStack.use(aws.s3);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  return { aws, s3, fast, sqs };
}

const putGet = (s3: S3Client, bucket: string) => async () => {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: KB }));
  const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' }));
  await Body!.transformToString();
};

async function putGetFloor(): Promise<FigureResult> {
  const floor = floorS3Client();
  const { s3 } = mockedS3();
  await s3.send(new CreateBucketCommand({ Bucket: 'bench' }));
  const measured = await alternate(calls('floor', putGet(floor, 'bench')), calls('mock', putGet(s3, 'bench')), {
    rounds: 200,
    perRound: 100,
  });
  return ratioResult('PutObject + GetObject of 1 KB / SDK floor', measured, 1.2);
}

async function notificationShare(): Promise<FigureResult> {
  const { s3, sqs, aws } = mockedS3();
  await s3.send(new CreateBucketCommand({ Bucket: 'bare' }));
  await s3.send(new CreateBucketCommand({ Bucket: 'notified' }));
  await sqs.send(new CreateQueueCommand({ QueueName: 'events' }));
  await s3.send(
    new PutBucketNotificationConfigurationCommand({
      Bucket: 'notified',
      NotificationConfiguration: {
        QueueConfigurations: [{ QueueArn: aws.sqs.queue('events').arn, Events: ['s3:ObjectCreated:*'] }],
      },
    }),
  );
  const put = (bucket: string) => () => s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: KB }));
  const measured = await alternate(calls('bare', put('bare')), calls('notified', put('notified')), {
    rounds: 200,
    perRound: 100,
  });
  aws.sqs.queue('events').clear();
  return ratioResult('PutObject with one SQS notification / bare PutObject', measured, 2);
}

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench/s3.mts needs node --expose-gc');
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** What the account holds more once a 100 MB object is stored (and read, unconsumed), per byte of the object. */
async function bigObject(how: 'PutObject' | 'Upload'): Promise<FigureResult> {
  const { s3, aws } = mockedS3();
  await s3.send(new CreateBucketCommand({ Bucket: 'big' }));
  const body = Buffer.alloc(100 * MB, 7);
  const before = heapAfterGc();
  if (how === 'PutObject') await s3.send(new PutObjectCommand({ Bucket: 'big', Key: 'k', Body: body }));
  else await new Upload({ client: s3, params: { Bucket: 'big', Key: 'k', Body: body } }).done();
  const reads = await Promise.all([1, 2, 3].map(() => s3.send(new GetObjectCommand({ Bucket: 'big', Key: 'k' }))));
  const after = heapAfterGc();
  const ratio = (after - before) / body.length;
  void reads;
  void aws;
  return {
    figure: `a 100 MB object (${how}, then three GetObjects): memory / object size`,
    value: ratio,
    unit: 'x',
    target: 1.1,
    detail: `${((after - before) / MB).toFixed(1)} MB held for ${body.length / MB} MB`,
  };
}

async function listing(): Promise<FigureResult> {
  const { fast, s3 } = mockedS3();
  await fast.send(new CreateBucketCommand({ Bucket: 'small' }));
  await fast.send(new CreateBucketCommand({ Bucket: 'large' }));
  const key = (i: number) => `k/${String(i).padStart(6, '0')}`;
  for (let i = 0; i < 1_000; i++) await fast.send(new PutObjectCommand({ Bucket: 'small', Key: key(i), Body: '' }));
  for (let i = 0; i < 100_000; i++) await fast.send(new PutObjectCommand({ Bucket: 'large', Key: key(i), Body: '' }));
  const page = (bucket: string, startAfter?: string) => () =>
    s3.send(new ListObjectsV2Command({ Bucket: bucket, ...(startAfter ? { StartAfter: startAfter } : {}) }));
  const measured = await alternate(
    calls('1,000 keys', page('small')),
    calls('100,000 keys', page('large', key(50_000))),
    {
      rounds: 60,
      perRound: 20,
    },
  );
  return ratioResult('ListObjectsV2 page of 1,000: 100,000-key bucket / 1,000-key bucket', measured, 1.2);
}

export async function measure(): Promise<FigureResult[]> {
  return [
    await putGetFloor(),
    await notificationShare(),
    await bigObject('PutObject'),
    await bigObject('Upload'),
    await listing(),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
