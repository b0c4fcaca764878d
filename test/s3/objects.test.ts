import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchBucket,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { s3Setup } from './support.js';

describe('PutObject and GetObject', () => {
  it('keep the bytes and answer them as the SDK stream, with S3 headers', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
    const put = await s3.send(
      new PutObjectCommand({ Bucket: 'uploads', Key: 'a/b.json', Body: 'something', Metadata: { Owner_ID: 'x' } }),
    );
    expect(put).toMatchObject({ ETag: '"437b930db84b8079c2dd804a71936b5f"', ServerSideEncryption: 'AES256' });
    // docs/aws-behaviour/s3.md §5.4: the CRC32 the SDK adds by default (3.729.0 on) comes back; older SDKs send none.
    if (s3Sdk.defaultChecksums) expect(put).toMatchObject({ ChecksumCRC32: 'Cdox+w==', ChecksumType: 'FULL_OBJECT' });
    else expect(put.ChecksumCRC32).toBeUndefined();
    expect(put.VersionId).toBeUndefined();
    const got = await s3.send(new GetObjectCommand({ Bucket: 'uploads', Key: 'a/b.json' }));
    expect(got.Body).toBeInstanceOf(Readable);
    expect(await got.Body!.transformToString()).toBe('something');
    expect(got).toMatchObject({
      ContentLength: 9,
      ContentType: 'application/octet-stream',
      ETag: '"437b930db84b8079c2dd804a71936b5f"',
      Metadata: { owner_id: 'x' },
      AcceptRanges: 'bytes',
      $metadata: { httpStatusCode: 200 },
    });
    expect(got.LastModified).toBeInstanceOf(Date);
    await expect(got.Body!.transformToString()).rejects.toThrow('The stream has already been transformed.');
  });

  it('answers NoSuchKey for GetObject and a bodiless NotFound for HeadObject', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
    const get = await rejectionOf(s3.send(new GetObjectCommand({ Bucket: 'uploads', Key: 'missing' })));
    expect(get).toBeInstanceOf(NoSuchKey);
    expect(get.message).toBe('The specified key does not exist.');
    expect(get['Key']).toBe('missing');
    expect(get['$metadata']).toMatchObject({ httpStatusCode: 404 });
    // docs/aws-behaviour/s3.md §5.2: the members in the order the SDK's deserializer gives them, which the
    // generated deserializers before schemas gave in the document's order, message last.
    expect(Object.keys(get)).toEqual(
      s3Sdk.schemaSerde
        ? ['$fault', '$retryable', '$metadata', 'name', 'message', 'Code', 'Key', 'RequestId', 'HostId']
        : ['name', '$fault', '$metadata', 'Code', 'Key', 'RequestId', 'HostId', 'message'],
    );
    const head = await rejectionOf(s3.send(new HeadObjectCommand({ Bucket: 'uploads', Key: 'missing' })));
    expect(head).toBeInstanceOf(NotFound);
    expect(head.message).toBe('UnknownError');
    expect(head['Code']).toBeUndefined();
    const noBucket = await rejectionOf(s3.send(new GetObjectCommand({ Bucket: 'nope', Key: 'k' })));
    expect(noBucket).toBeInstanceOf(S3ServiceException);
    expect(noBucket.name).toBe('NoSuchBucket');
    // sdk.md §3.7: GetObject does not list NoSuchBucket, whose class only the schema-driven SDKs build for it.
    expect(noBucket instanceof NoSuchBucket).toBe(s3Sdk.schemaSerde);
  });
});
