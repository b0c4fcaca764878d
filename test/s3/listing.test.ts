import { CreateBucketCommand, ListObjectsCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { s3Setup } from './support.js';

async function withKeys(keys: readonly string[]) {
  const setup = s3Setup();
  await setup.s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  for (const key of keys) await setup.s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: key, Body: 'content 123' }));
  return setup;
}

const FOLDER = ['folder/aSubfolder/subFile1', 'folder/aSubfolder/subFile2', 'folder/file1', 'folder/file2'];

describe('ListObjectsV2 (docs/aws-behaviour/s3.md §2.7)', () => {
  it('lists keys in order with their attributes; an empty listing has no Contents', async () => {
    const { s3 } = await withKeys(['b', 'a']);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'bkt' }));
    expect(listed).toMatchObject({ Name: 'bkt', Prefix: '', MaxKeys: 1000, KeyCount: 2, IsTruncated: false });
    expect(listed.Contents!.map((object) => object.Key)).toEqual(['a', 'b']);
    expect(listed.Contents![0]).toEqual({
      Key: 'a',
      LastModified: expect.any(Date),
      ETag: '"0d9fa06a66933b40f615f530e59edd6b"',
      // The CRC32 the SDK adds by default (s3.md §5.4), else the CRC64NVME S3 works out (§2.11); its type where the
      // SDK's model has one.
      ChecksumAlgorithm: [s3Sdk.defaultChecksums ? 'CRC32' : 'CRC64NVME'],
      ...(s3Sdk.checksumType ? { ChecksumType: 'FULL_OBJECT' } : {}),
      Size: 11,
      StorageClass: 'STANDARD',
    });
    const none = await s3.send(new ListObjectsV2Command({ Bucket: 'bkt', Prefix: 'zzz' }));
    expect(none.Contents).toBeUndefined();
    expect(none.KeyCount).toBe(0);
  });

  it('pages through common prefixes and keys in one order, as recorded', async () => {
    const { s3 } = await withKeys(FOLDER);
    const page = (token?: string) =>
      s3.send(
        new ListObjectsV2Command({
          Bucket: 'bkt',
          Prefix: 'folder/',
          Delimiter: '/',
          MaxKeys: 1,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
    const start = await page();
    expect(start).toMatchObject({ CommonPrefixes: [{ Prefix: 'folder/aSubfolder/' }], KeyCount: 1, IsTruncated: true });
    expect(start.Contents).toBeUndefined();
    const next = await page(start.NextContinuationToken);
    expect(next.Contents!.map((object) => object.Key)).toEqual(['folder/file1']);
    expect(next.ContinuationToken).toBe(start.NextContinuationToken);
    const end = await page(next.NextContinuationToken);
    expect(end.Contents!.map((object) => object.Key)).toEqual(['folder/file2']);
    expect(end.IsTruncated).toBe(false);
    expect(end.NextContinuationToken).toBeUndefined();
  });

  it('starts after StartAfter, unless a token is given; refuses a token it did not give', async () => {
    const { s3 } = await withKeys(['a', 'b', 'c']);
    const after = await s3.send(new ListObjectsV2Command({ Bucket: 'bkt', StartAfter: 'a' }));
    expect(after.Contents!.map((object) => object.Key)).toEqual(['b', 'c']);
    expect(after.StartAfter).toBe('a');
    const bad = await rejectionOf(s3.send(new ListObjectsV2Command({ Bucket: 'bkt', ContinuationToken: 'garbage' })));
    expect(bad.name).toBe('InvalidArgument');
    expect(bad.message).toBe('The continuation token provided is incorrect');
    const badEncoding = await rejectionOf(
      s3.send(new ListObjectsV2Command({ Bucket: 'bkt', EncodingType: 'base64' as never })),
    );
    expect(badEncoding.message).toBe('Invalid Encoding Method specified in Request');
  });

  it('URL-encodes keys with EncodingType url', async () => {
    const { s3 } = await withKeys(['a b@c']);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'bkt', EncodingType: 'url' }));
    expect(listed.Contents![0]!.Key).toBe('a+b%40c');
  });
});

describe('ListObjects v1 (§2.8)', () => {
  it('answers Marker and Owner, and NextMarker only with a delimiter', async () => {
    const { s3 } = await withKeys(['a', 'b']);
    const first = await s3.send(new ListObjectsCommand({ Bucket: 'bkt', MaxKeys: 1 }));
    expect(first).toMatchObject({ Marker: '', IsTruncated: true });
    expect(first.NextMarker).toBeUndefined();
    expect(first.Contents![0]!.Owner?.ID).toMatch(/^[0-9a-f]{64}$/);
    const withDelimiter = await s3.send(new ListObjectsCommand({ Bucket: 'bkt', MaxKeys: 1, Delimiter: '/' }));
    expect(withDelimiter.NextMarker).toBe('a');
    const rest = await s3.send(new ListObjectsCommand({ Bucket: 'bkt', Marker: 'a' }));
    expect(rest.Contents!.map((object) => object.Key)).toEqual(['b']);
  });
});
