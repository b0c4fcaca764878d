import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListPartsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCopyCommand,
  type UploadPartCopyCommandInput,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Setup } from './support.js';
import { s3Sdk } from '../support/sdk-capabilities.js';

const MiB = 1024 * 1024;
const md5 = (bytes: string | Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

async function upload(options: { checksum?: 'CRC32C' } = {}) {
  const setup = s3Setup();
  const { s3 } = setup;
  await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'src-key', Body: '0123456789' }));
  const { UploadId } = await s3.send(
    new CreateMultipartUploadCommand({
      Bucket: 'bkt',
      Key: 'dest',
      ...(options.checksum ? { ChecksumAlgorithm: options.checksum } : {}),
    }),
  );
  const copy = (input: Partial<UploadPartCopyCommandInput> = {}) =>
    s3.send(
      new UploadPartCopyCommand({
        Bucket: 'bkt',
        Key: 'dest',
        UploadId: UploadId!,
        PartNumber: 1,
        CopySource: 'bkt/src-key',
        ...input,
      }),
    );
  return { ...setup, uploadId: UploadId!, copy };
}

describe('UploadPartCopy (docs/aws-behaviour/s3.md §2.13)', () => {
  it('copies ranges of the source into parts: the ETag is the MD5 of the copied bytes, ListParts shows them', async () => {
    const { s3, uploadId, copy } = await upload();
    const ranges = ['0-8', '1-1', '0-0'];
    for (const [index, range] of ranges.entries()) {
      const answer = await copy({ PartNumber: index + 1, CopySourceRange: `bytes=${range}` });
      expect(answer.CopyPartResult).toEqual({ ETag: expect.any(String), LastModified: expect.any(Date) });
      expect(answer.ServerSideEncryption).toBe('AES256');
      expect(answer.CopySourceVersionId).toBeUndefined();
    }
    const parts = await s3.send(new ListPartsCommand({ Bucket: 'bkt', Key: 'dest', UploadId: uploadId }));
    // The recording's ETags.
    expect(parts.Parts!.map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size }))).toEqual([
      { PartNumber: 1, ETag: '"22975d8a5ed1b91445f6c55ac121505b"', Size: 9 },
      { PartNumber: 2, ETag: '"c4ca4238a0b923820dcc509a6f75849b"', Size: 1 },
      { PartNumber: 3, ETag: '"cfcd208495d565ef66e7dff9f98764da"', Size: 1 },
    ]);
  });

  it('copies the whole source without a range: its own ETag', async () => {
    const { copy } = await upload();
    const answer = await copy();
    expect(answer.CopyPartResult!.ETag).toBe('"781e5e245d69b566979b86e28d23f2c7"');
  });

  it('refuses a range not of the form bytes=first-last, and one outside the source, in S3 words', async () => {
    const { copy } = await upload();
    const form =
      'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the ' +
      'zero-based offsets of the first and last bytes to copy';
    for (const range of ['0-8', 'bytes=1-0', 'bytes=-1-', 'bytes=0--1', 'bytes=0-1,3-4,7-9', 'bytes=-', 'bytes=-0']) {
      expect(await rejectionOf(copy({ CopySourceRange: range }))).toMatchObject({
        name: 'InvalidArgument',
        message: form,
        ArgumentName: 'x-amz-copy-source-range',
        ArgumentValue: range,
        $metadata: { httpStatusCode: 400 },
      });
    }
    for (const range of ['bytes=1-', 'bytes=-2', 'bytes=-15'])
      expect(await rejectionOf(copy({ CopySourceRange: range }))).toMatchObject({ message: form });
    expect(await rejectionOf(copy({ CopySourceRange: 'bytes=0-100' }))).toMatchObject({
      name: 'InvalidArgument',
      message: 'Range specified is not valid for source object of size: 10',
      ArgumentName: 'x-amz-copy-source-range',
      ArgumentValue: 'bytes=0-100',
    });
    expect(await rejectionOf(copy({ CopySourceRange: 'bytes=100-200' }))).toMatchObject({
      name: 'InvalidRequest',
      message: 'The specified copy range is invalid for the source object size',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it("checks the source's conditions: every failure a 412 naming the copy header", async () => {
    const { copy } = await upload();
    const etag = '"781e5e245d69b566979b86e28d23f2c7"';
    const yesterday = new Date(Date.now() - 86_400_000);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await expect(copy({ CopySourceIfMatch: etag })).resolves.toBeDefined();
    await expect(copy({ CopySourceIfNoneMatch: 'not-matching' })).resolves.toBeDefined();
    await expect(copy({ CopySourceIfUnmodifiedSince: tomorrow })).resolves.toBeDefined();
    await expect(copy({ CopySourceIfModifiedSince: yesterday })).resolves.toBeDefined();
    await expect(copy({ CopySourceIfModifiedSince: tomorrow })).resolves.toBeDefined();
    await expect(copy({ CopySourceIfMatch: etag, CopySourceIfUnmodifiedSince: yesterday })).resolves.toBeDefined();
    const failed = async (input: Partial<UploadPartCopyCommandInput>, condition: string) =>
      expect(await rejectionOf(copy(input))).toMatchObject({
        name: 'PreconditionFailed',
        message: 'At least one of the pre-conditions you specified did not hold',
        Condition: `x-amz-copy-source-${condition}`,
        $metadata: { httpStatusCode: 412 },
      });
    await failed({ CopySourceIfMatch: 'not-matching' }, 'If-Match');
    await failed({ CopySourceIfNoneMatch: etag }, 'If-None-Match');
    await failed({ CopySourceIfUnmodifiedSince: yesterday }, 'If-Unmodified-Since');
    await failed(
      { CopySourceIfNoneMatch: 'not-matching', CopySourceIfUnmodifiedSince: yesterday },
      'If-Unmodified-Since',
    );
    await failed({ CopySourceIfModifiedSince: new Date() }, 'If-Modified-Since');
  });

  it('CopyObject answers its failed source conditions the same way (docs/aws-behaviour/s3.md §2.6)', async () => {
    const { s3 } = await upload();
    const error = await rejectionOf(
      s3.send(
        new CopyObjectCommand({
          Bucket: 'bkt',
          Key: 'other',
          CopySource: 'bkt/src-key',
          CopySourceIfNoneMatch: '"781e5e245d69b566979b86e28d23f2c7"',
        }),
      ),
    );
    expect(error).toMatchObject({
      name: 'PreconditionFailed',
      Condition: 'x-amz-copy-source-If-None-Match',
      $metadata: { httpStatusCode: 412 },
    });
  });

  it('gives the part the checksum of the upload, and completes into the copied object', async () => {
    const setup = s3Setup();
    const { s3 } = setup;
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'test-part-checksum', Body: 'this is a part' }));
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'bkt', Key: 'whole', ChecksumAlgorithm: 'CRC32C' }),
    );
    const answer = await s3.send(
      new UploadPartCopyCommand({
        Bucket: 'bkt',
        Key: 'whole',
        UploadId,
        PartNumber: 1,
        CopySource: 'bkt/test-part-checksum',
      }),
    );
    // The recording's values (test_multipart_upload_part_copy_checksum[COMPOSITE]).
    expect(answer.CopyPartResult).toEqual({
      ETag: '"11df95d595559285eb2b042124e74f09"',
      LastModified: expect.any(Date),
      ChecksumCRC32C: 'iqJrOQ==',
    });
    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'bkt',
        Key: 'whole',
        UploadId,
        MultipartUpload: {
          Parts: [{ PartNumber: 1, ETag: answer.CopyPartResult!.ETag, ChecksumCRC32C: 'iqJrOQ==' }],
        },
      }),
    );
    expect(done).toMatchObject({
      ETag: '"395d97c07920de036bfa21e7568a2e9f-1"',
      ChecksumCRC32C: 'F9bAnw==-1',
      // Where the client's model has the member (s3.md §5.4).
      ...(s3Sdk.checksumType ? { ChecksumType: 'COMPOSITE' } : {}),
    });
  });

  it('copies 20 MiB between buckets in 8 MiB parts, as aws s3 cp does, from a named version', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'from-bkt' }));
    await s3.send(new CreateBucketCommand({ Bucket: 'to-bkt' }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'from-bkt', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const body = Buffer.alloc(20 * MiB, 3);
    body.write('the first version', 0);
    const { VersionId } = await s3.send(new PutObjectCommand({ Bucket: 'from-bkt', Key: 'big key+', Body: body }));
    await s3.send(new PutObjectCommand({ Bucket: 'from-bkt', Key: 'big key+', Body: 'a later version' }));
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'to-bkt', Key: 'copy' }));
    const parts = [];
    for (let first = 0, number = 1; first < body.length; first += 8 * MiB, number++) {
      const last = Math.min(first + 8 * MiB, body.length) - 1;
      const answer = await s3.send(
        new UploadPartCopyCommand({
          Bucket: 'to-bkt',
          Key: 'copy',
          UploadId,
          PartNumber: number,
          CopySource: `from-bkt/${encodeURIComponent('big key+')}?versionId=${VersionId}`,
          CopySourceRange: `bytes=${first}-${last}`,
        }),
      );
      expect(answer.CopySourceVersionId).toBe(VersionId);
      expect(answer.CopyPartResult!.ETag).toBe(md5(body.subarray(first, last + 1)));
      parts.push({ PartNumber: number, ETag: answer.CopyPartResult!.ETag });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'to-bkt',
        Key: 'copy',
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    const read = await s3.send(new GetObjectCommand({ Bucket: 'to-bkt', Key: 'copy' }));
    expect(Buffer.from(await read.Body!.transformToByteArray()).equals(body)).toBe(true);
  });

  it('answers NoSuchUpload, NoSuchKey and NoSuchVersion as S3 does', async () => {
    const { s3, copy } = await upload();
    expect(await rejectionOf(copy({ UploadId: 'nope' }))).toMatchObject({ name: 'NoSuchUpload', UploadId: 'nope' });
    expect(await rejectionOf(copy({ CopySource: 'bkt/missing' }))).toMatchObject({
      name: 'NoSuchKey',
      Key: 'missing',
      $metadata: { httpStatusCode: 404 },
    });
    expect(await rejectionOf(copy({ CopySource: 'nobucket/src-key' }))).toMatchObject({ name: 'NoSuchBucket' });
    await s3.send(new PutBucketVersioningCommand({ Bucket: 'bkt', VersioningConfiguration: { Status: 'Enabled' } }));
    const { VersionId } = await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'v', Body: 'x' }));
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'other', Body: 'y' }));
    expect(await rejectionOf(copy({ CopySource: `bkt/other?versionId=${VersionId}` }))).toMatchObject({
      name: 'NoSuchVersion',
      $metadata: { httpStatusCode: 404 },
    });
    expect(await rejectionOf(copy({ PartNumber: 10_001 }))).toMatchObject({ name: 'InvalidArgument' });
  });
});
