import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { s3Setup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 1, 21, 0, 5, 31, 456) }));
afterEach(() => vi.useRealTimers());

async function tenBytes() {
  const setup = s3Setup();
  await setup.s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  await setup.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: '0123456789' }));
  return setup;
}

describe('GetObject ranges (docs/aws-behaviour/s3.md §2.3)', () => {
  it.each([
    ['bytes=0-8', '012345678', 'bytes 0-8/10'],
    ['bytes=1-1', '1', 'bytes 1-1/10'],
    ['bytes=1-', '123456789', 'bytes 1-9/10'],
    ['bytes=-2', '89', 'bytes 8-9/10'],
    ['bytes=-15', '0123456789', 'bytes 0-9/10'],
    ['bytes=0-100', '0123456789', 'bytes 0-9/10'],
  ])('%s answers 206 with %j', async (range, body, contentRange) => {
    const { s3 } = await tenBytes();
    const got = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', Range: range }));
    expect(got.$metadata.httpStatusCode).toBe(206);
    expect(got.ContentRange).toBe(contentRange);
    expect(got.ContentLength).toBe(body.length);
    expect(await got.Body!.transformToString()).toBe(body);
  });

  it.each(['bytes=1-0', 'bytes=0-1,3-4', '0-1', 'bytes=-'])('ignores %s: 200 and the whole object', async (range) => {
    const { s3 } = await tenBytes();
    const got = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', Range: range }));
    expect(got.$metadata.httpStatusCode).toBe(200);
    expect(got.ContentRange).toBeUndefined();
    expect(await got.Body!.transformToString()).toBe('0123456789');
  });

  it.each(['bytes=100-200', 'bytes=-0'])('%s is InvalidRange (416)', async (range) => {
    const { s3 } = await tenBytes();
    const error = await rejectionOf(s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', Range: range })));
    expect(error).toBeInstanceOf(S3ServiceException);
    expect(error.name).toBe('InvalidRange');
    expect(error.message).toBe('The requested range is not satisfiable');
    expect(error['RangeRequested']).toBe(range);
    expect(error['ActualObjectSize']).toBe('10');
    // §5.2: the document's order, message last; the SDKs before schemas name the error first.
    const document = ['Code', 'RangeRequested', 'ActualObjectSize', 'RequestId', 'HostId', 'message'];
    expect(Object.keys(error)).toEqual(
      s3Sdk.schemaSerde
        ? ['$fault', '$retryable', '$metadata', 'name', ...document]
        : ['name', '$fault', '$metadata', ...document],
    );
  });
});

describe('GetObject and HeadObject preconditions (§2.3)', () => {
  it('If-Match that differs is PreconditionFailed naming the condition; matching passes', async () => {
    const { s3 } = await tenBytes();
    const ok = await s3.send(
      new GetObjectCommand({ Bucket: 'bkt', Key: 'k', IfMatch: '781e5e245d69b566979b86e28d23f2c7' }),
    );
    expect(ok.$metadata.httpStatusCode).toBe(200);
    const failed = await rejectionOf(s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', IfMatch: '"nope"' })));
    expect(failed.name).toBe('PreconditionFailed');
    expect(failed.message).toBe('At least one of the pre-conditions you specified did not hold');
    expect(failed['Condition']).toBe('If-Match');
    expect(failed['$metadata']).toMatchObject({ httpStatusCode: 412 });
    const head = await rejectionOf(s3.send(new HeadObjectCommand({ Bucket: 'bkt', Key: 'k', IfMatch: '"nope"' })));
    // §5.2: a bodiless error has no code; the SDKs before schemas name it by its status.
    expect(head.name).toBe(s3Sdk.schemaSerde ? 'Unknown' : '412');
    expect(head['$metadata']).toMatchObject({ httpStatusCode: 412 });
  });

  it('If-None-Match that matches, and If-Modified-Since not before the object, are bodiless 304s', async () => {
    const { s3 } = await tenBytes();
    const etag = (await s3.send(new HeadObjectCommand({ Bucket: 'bkt', Key: 'k' }))).ETag!;
    const notModified = await rejectionOf(
      s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', IfNoneMatch: etag })),
    );
    expect(notModified.name).toBe(s3Sdk.schemaSerde ? 'Unknown' : '304');
    expect(notModified.message).toBe('UnknownError');
    expect(notModified['$metadata']).toMatchObject({ httpStatusCode: 304 });
    const since = await rejectionOf(
      s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', IfModifiedSince: new Date(Date.now()) })),
    );
    expect(since['$metadata']).toMatchObject({ httpStatusCode: 304 });
    // §2.3: an If-Modified-Since in the future is ignored.
    const future = await s3.send(
      new GetObjectCommand({ Bucket: 'bkt', Key: 'k', IfModifiedSince: new Date(Date.now() + 60_000) }),
    );
    expect(future.$metadata.httpStatusCode).toBe(200);
    vi.advanceTimersByTime(5_000);
    const unmodified = await rejectionOf(
      s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', IfUnmodifiedSince: new Date(Date.UTC(2026, 0, 1)) })),
    );
    expect(unmodified['Condition']).toBe('If-Unmodified-Since');
  });
});

describe('what GetObject answers (§2.3)', () => {
  it('LastModified to the second; the checksum the SDK asks for (§5.4); stored headers', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    await s3.send(
      new PutObjectCommand({
        Bucket: 'bkt',
        Key: 'data',
        Body: 'data',
        ContentType: 'text/plain',
        CacheControl: 'no-cache',
        ContentDisposition: 'attachment',
        StorageClass: 'STANDARD_IA',
        Tagging: 'a=1&b=2',
      }),
    );
    const got = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'data' }));
    expect(got.LastModified).toEqual(new Date(Date.UTC(2026, 1, 21, 0, 5, 31)));
    // The SDK since 3.729.0 sends a CRC32 and asks for the checksum by default; an older one does neither.
    if (s3Sdk.defaultChecksums) expect(got).toMatchObject({ ChecksumCRC32: 'rfPzYw==', ChecksumType: 'FULL_OBJECT' });
    else
      expect([got.ChecksumCRC32, got.ChecksumCRC64NVME, got.ChecksumType]).toEqual([undefined, undefined, undefined]);
    expect(got).toMatchObject({
      ContentType: 'text/plain',
      CacheControl: 'no-cache',
      ContentDisposition: 'attachment',
      StorageClass: 'STANDARD_IA',
      TagCount: 2,
      ServerSideEncryption: 'AES256',
      Metadata: {},
    });
    const ranged = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'data', Range: 'bytes=0-1' }));
    expect(ranged.ChecksumCRC32).toBeUndefined();
    // Asked for, in every SDK: the checksum named at the upload, with its type where the SDK's model has one.
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'named', Body: 'data', ChecksumAlgorithm: 'CRC32' }));
    const asked = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'named', ChecksumMode: 'ENABLED' }));
    expect(asked.ChecksumCRC32).toBe('rfPzYw==');
    expect(asked.ChecksumType).toBe(s3Sdk.checksumType ? 'FULL_OBJECT' : undefined);
  });
});
