import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectAttributesCommand,
  NoSuchKey,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { s3Setup } from './support.js';

const NOW = Date.UTC(2026, 1, 21, 0, 18, 2, 700);
beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => vi.useRealTimers());

async function bucket() {
  const setup = s3Setup();
  await setup.s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  return setup;
}

const ALL = ['StorageClass', 'ETag', 'ObjectSize', 'ObjectParts', 'Checksum'] as const;
/** `ChecksumType` where the SDK's model has it (docs/aws-behaviour/s3.md §5.4). */
const typed = (type: string) => (s3Sdk.checksumType ? { ChecksumType: type } : {});

/**
 * The upload of `test_complete_multipart_parts_checksum_composite[CRC32]` (§2.14 [AWS-snap]): two parts of 5 MiB + 1
 * bytes of `a` and one of ten, CRC32, COMPOSITE by default.
 */
async function compositeUpload(s3: S3Client, key: string): Promise<void> {
  const { UploadId } = await s3.send(
    new CreateMultipartUploadCommand({ Bucket: 'bkt', Key: key, ChecksumAlgorithm: 'CRC32' }),
  );
  const big = Buffer.alloc(5 * 1024 * 1024 + 1, 'a');
  const parts: CompletedPart[] = [];
  for (const [index, body] of [big, big, big.subarray(0, 10)].entries()) {
    const PartNumber = index + 1;
    const part = await s3.send(
      new UploadPartCommand({ Bucket: 'bkt', Key: key, UploadId, PartNumber, Body: body, ChecksumAlgorithm: 'CRC32' }),
    );
    parts.push({ PartNumber, ETag: part.ETag!, ChecksumCRC32: part.ChecksumCRC32! });
  }
  await s3.send(
    new CompleteMultipartUploadCommand({ Bucket: 'bkt', Key: key, UploadId, MultipartUpload: { Parts: parts } }),
  );
}

describe('GetObjectAttributes (docs/aws-behaviour/s3.md §2.14)', () => {
  it('answers what was asked of a single-part object: the ETag without quotes, no ObjectParts', async () => {
    const { s3 } = await bucket();
    await s3.send(
      new PutObjectCommand({ Bucket: 'bkt', Key: 'data.txt', Body: '69\n420\n', ChecksumAlgorithm: 'CRC32' }),
    );
    const all = await s3.send(
      new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'data.txt', ObjectAttributes: [...ALL] }),
    );
    const { $metadata, ...output } = all;
    expect($metadata.httpStatusCode).toBe(200);
    expect(output).toEqual({
      Checksum: { ChecksumCRC32: 'WC+ANw==', ...typed('FULL_OBJECT') },
      ETag: 'e92499db864217242396e8ef766079a9',
      LastModified: new Date(Math.floor(NOW / 1000) * 1000),
      ObjectSize: 7,
      StorageClass: 'STANDARD',
    });
    const some = await s3.send(
      new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'data.txt', ObjectAttributes: ['StorageClass'] }),
    );
    expect(Object.keys(some).sort()).toEqual(['$metadata', 'LastModified', 'StorageClass']);
  });

  it('gives the part count of a multipart object whose checksum is FULL_OBJECT, and no parts', async () => {
    const { s3 } = await bucket();
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'bkt', Key: 'mpu' }));
    const part = await s3.send(
      new UploadPartCommand({ Bucket: 'bkt', Key: 'mpu', UploadId, PartNumber: 1, Body: 'upload-part-1'.repeat(5) }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'bkt',
        Key: 'mpu',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag! }] },
      }),
    );
    const output = await s3.send(
      new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'mpu', ObjectAttributes: ['ETag', 'ObjectParts'] }),
    );
    // [AWS-snap] test_get_object_attributes: the same 65 bytes in one part.
    expect(output.ETag).toBe('e747540af6911dbc890f8d3e0b48549b-1');
    expect(output.ObjectParts).toEqual({ TotalPartsCount: 1 });
  });

  it("lists a COMPOSITE object's parts with their checksums, and the checksum without its part count", async () => {
    const { s3 } = await bucket();
    await compositeUpload(s3, 'mpu');
    const output = await s3.send(
      new GetObjectAttributesCommand({
        Bucket: 'bkt',
        Key: 'mpu',
        ObjectAttributes: ['Checksum', 'ETag', 'ObjectParts'],
      }),
    );
    expect(output.Checksum).toEqual({ ChecksumCRC32: '5FRUiw==', ...typed('COMPOSITE') });
    expect(output.ETag).toBe('4d45984fc3feb2ac9b22683c49674b56-3');
    expect(output.ObjectParts).toEqual({
      IsTruncated: false,
      MaxParts: 1000,
      NextPartNumberMarker: '3',
      PartNumberMarker: '0',
      Parts: [
        { ChecksumCRC32: 'NRU+Sw==', PartNumber: 1, Size: 5242881 },
        { ChecksumCRC32: 'NRU+Sw==', PartNumber: 2, Size: 5242881 },
        { ChecksumCRC32: 'TBHN8A==', PartNumber: 3, Size: 10 },
      ],
      TotalPartsCount: 3,
    });
    // A copy is one part with a FULL_OBJECT checksum (§2.6): no parts any more.
    await s3.send(new CopyObjectCommand({ Bucket: 'bkt', Key: 'copy', CopySource: 'bkt/mpu' }));
    const copy = await s3.send(
      new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'copy', ObjectAttributes: ['ETag', 'ObjectParts'] }),
    );
    expect(copy.ObjectParts).toBeUndefined();
  });

  it('pages the parts by MaxParts and PartNumberMarker', async () => {
    const { s3 } = await bucket();
    await compositeUpload(s3, 'mpu');
    const ask = (MaxParts: number, PartNumberMarker?: string) =>
      s3.send(
        new GetObjectAttributesCommand({
          Bucket: 'bkt',
          Key: 'mpu',
          ObjectAttributes: ['ObjectParts'],
          MaxParts,
          ...(PartNumberMarker !== undefined ? { PartNumberMarker } : {}),
        }),
      );
    const first = (await ask(2)).ObjectParts!;
    expect(first).toMatchObject({ IsTruncated: true, MaxParts: 2, NextPartNumberMarker: '2', TotalPartsCount: 3 });
    expect(first.Parts!.map((part) => part.PartNumber)).toEqual([1, 2]);
    const second = (await ask(2, first.NextPartNumberMarker)).ObjectParts!;
    expect(second).toMatchObject({ IsTruncated: false, PartNumberMarker: '2', NextPartNumberMarker: '3' });
    expect(second.Parts!.map((part) => part.PartNumber)).toEqual([3]);
  });

  it('answers versions: the VersionId, a version by id, NoSuchKey under a delete marker', async () => {
    const { s3 } = await bucket();
    await s3.send(new PutBucketVersioningCommand({ Bucket: 'bkt', VersioningConfiguration: { Status: 'Enabled' } }));
    const v1 = await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: '69\n420\n' }));
    const v2 = await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'version 2' }));
    const latest = await s3.send(
      new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'k', ObjectAttributes: ['ETag', 'ObjectSize'] }),
    );
    expect(latest).toMatchObject({ ETag: 'd4ca1ed7571e2e7b1f1c375bd50fa220', ObjectSize: 9, VersionId: v2.VersionId });
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: 'bkt', Key: 'k' }));
    const gone = await rejectionOf(
      s3.send(new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'k', ObjectAttributes: ['ETag'] })),
    );
    expect(gone).toBeInstanceOf(NoSuchKey);
    expect(gone).toMatchObject({ name: 'NoSuchKey', message: 'The specified key does not exist.', Key: 'k' });
    const first = await s3.send(
      new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'k', VersionId: v1.VersionId, ObjectAttributes: ['ETag'] }),
    );
    expect(first).toMatchObject({ ETag: 'e92499db864217242396e8ef766079a9', VersionId: v1.VersionId });
    const byMarker = await rejectionOf(
      s3.send(
        new GetObjectAttributesCommand({
          Bucket: 'bkt',
          Key: 'k',
          VersionId: marker.VersionId,
          ObjectAttributes: ['ETag'],
        }),
      ),
    );
    expect(byMarker).toMatchObject({ name: 'MethodNotAllowed', Method: 'GET', ResourceType: 'DeleteMarker' });
    const never = await rejectionOf(
      s3.send(
        new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'k', VersionId: 'nope', ObjectAttributes: ['ETag'] }),
      ),
    );
    expect(never).toMatchObject({ name: 'InvalidArgument', ArgumentName: 'versionId' });
  });

  it('refuses no attributes and an unknown one, and a missing bucket', async () => {
    const { s3 } = await bucket();
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x' }));
    const none = await rejectionOf(
      s3.send(new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'k', ObjectAttributes: [] })),
    );
    expect(none).toMatchObject({ name: 'InvalidArgument', message: 'Invalid attribute name specified.' });
    const unknown = await rejectionOf(
      s3.send(new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'k', ObjectAttributes: ['etag' as never] })),
    );
    expect(unknown).toMatchObject({
      name: 'InvalidArgument',
      message: 'Invalid attribute name specified.',
      ArgumentName: 'x-amz-object-attributes',
      ArgumentValue: 'etag',
    });
    const noBucket = await rejectionOf(
      s3.send(new GetObjectAttributesCommand({ Bucket: 'nope', Key: 'k', ObjectAttributes: ['ETag'] })),
    );
    expect(noBucket).toMatchObject({ name: 'NoSuchBucket', BucketName: 'nope' });
    const noKey = await rejectionOf(
      s3.send(new GetObjectAttributesCommand({ Bucket: 'bkt', Key: 'missing', ObjectAttributes: ['ETag'] })),
    );
    expect(noKey).toMatchObject({ name: 'NoSuchKey', Key: 'missing' });
  });
});
