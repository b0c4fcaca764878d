/** `aws.install(S3Client)`: S3 clients made anywhere, before or after, are answered by the mock. */
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { afterEach, describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { guardNetworkForFile } from '../install/network-guard.js';

const early = new S3Client({ region: 'us-east-1' });

guardNetworkForFile();

describe('aws.install(S3Client)', () => {
  const aws = createAwsMock();
  afterEach(() => {
    aws.restore();
    aws.reset();
  });

  it('answers clients made before and after, lib-storage included', async () => {
    aws.install(S3Client);
    await early.send(new CreateBucketCommand({ Bucket: 'uploads' }));
    const late = new S3Client({ region: 'us-east-1' });
    await late.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'a.txt', Body: 'hello' }));
    await new Upload({ client: late, params: { Bucket: 'uploads', Key: 'b.txt', Body: 'world' } }).done();
    const got = await early.send(new GetObjectCommand({ Bucket: 'uploads', Key: 'b.txt' }));
    expect(await got.Body!.transformToString()).toBe('world');
    expect(
      aws.s3
        .bucket('uploads')
        .objects()
        .map((object) => object.key),
    ).toEqual(['a.txt', 'b.txt']);
  });
});
