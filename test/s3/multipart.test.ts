import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  NoSuchUpload,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { s3Setup } from './support.js';

const MiB = 1024 * 1024;

async function bucket() {
  const setup = s3Setup();
  await setup.s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  return setup;
}

function multipartEtag(parts: readonly Buffer[]): string {
  const digests = Buffer.concat(parts.map((part) => createHash('md5').update(part).digest()));
  return `"${createHash('md5').update(digests).digest('hex')}-${parts.length}"`;
}

describe("lib-storage's Upload (docs/aws-behaviour/s3.md §2.9, §5.5)", () => {
  it('uploads 12 MiB in three parts: the ETag and the checksum S3 computes, the bytes joined', async () => {
    const { s3, aws } = await bucket();
    const body = Buffer.alloc(12 * MiB, 7);
    body.write('start', 0);
    const done = await new Upload({ client: s3, params: { Bucket: 'bkt', Key: 'big.bin', Body: body } }).done();
    const parts = [body.subarray(0, 5 * MiB), body.subarray(5 * MiB, 10 * MiB), body.subarray(10 * MiB)];
    expect(done.ETag).toBe(multipartEtag(parts));
    expect(done).toMatchObject({ Bucket: 'bkt', Key: 'big.bin' });
    // §5.4, §5.5: with the SDK's default checksums each part carries a CRC32 and the object gets S3's COMPOSITE one;
    // an older SDK sends none, and S3's CRC64NVME of the whole object is no member its model has.
    if (s3Sdk.defaultChecksums) {
      expect(done.ChecksumType).toBe('COMPOSITE');
      expect(done.ChecksumCRC32).toMatch(/^[A-Za-z0-9+/]{6}==-3$/);
    } else {
      expect([done.ChecksumCRC32, done.ChecksumCRC64NVME, done.ChecksumType]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
    const object = aws.s3.bucket('bkt').object('big.bin');
    expect(object.size).toBe(12 * MiB);
    expect(Buffer.from(object.bytes()).equals(body)).toBe(true);
    expect(object.contentType).toBe('binary/octet-stream');
    const part2 = await s3.send(new HeadObjectCommand({ Bucket: 'bkt', Key: 'big.bin', PartNumber: 2 }));
    expect(part2).toMatchObject({ ContentLength: 5 * MiB, PartsCount: 3 });
  });

  it('uploads a small body as one PutObject', async () => {
    const { s3, aws } = await bucket();
    const done = await new Upload({ client: s3, params: { Bucket: 'bkt', Key: 'small', Body: 'hello' } }).done();
    expect(done.ETag).toBe('"5d41402abc4b2a76b9719d911017c592"');
    expect(aws.s3.bucket('bkt').object('small').text()).toBe('hello');
  });
});

describe('multipart errors (§2.9)', () => {
  it('refuses a small part that is not last, parts out of order, and an unknown upload', async () => {
    const { s3 } = await bucket();
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'bkt', Key: 'k' }));
    const one = await s3.send(new UploadPartCommand({ Bucket: 'bkt', Key: 'k', UploadId, PartNumber: 1, Body: 'a' }));
    const two = await s3.send(new UploadPartCommand({ Bucket: 'bkt', Key: 'k', UploadId, PartNumber: 2, Body: 'b' }));
    const complete = (parts: { PartNumber: number; ETag?: string }[]) =>
      s3.send(
        new CompleteMultipartUploadCommand({ Bucket: 'bkt', Key: 'k', UploadId, MultipartUpload: { Parts: parts } }),
      );
    const small = await rejectionOf(
      complete([
        { PartNumber: 1, ETag: one.ETag },
        { PartNumber: 2, ETag: two.ETag },
      ]),
    );
    expect(small.name).toBe('EntityTooSmall');
    expect(small).toMatchObject({ ProposedSize: '1', MinSizeAllowed: '5242880', PartNumber: '1' });
    const order = await rejectionOf(
      complete([
        { PartNumber: 2, ETag: two.ETag },
        { PartNumber: 1, ETag: one.ETag },
      ]),
    );
    expect(order.name).toBe('InvalidPartOrder');
    const wrong = await rejectionOf(complete([{ PartNumber: 1, ETag: '"0000"' }]));
    expect(wrong.name).toBe('InvalidPart');
    expect(wrong.message).toBe(
      'One or more of the specified parts could not be found.  The part may not have been uploaded, or the ' +
        "specified entity tag may not match the part's entity tag.",
    );
    const parts = await s3.send(new ListPartsCommand({ Bucket: 'bkt', Key: 'k', UploadId }));
    expect(parts.Parts!.map((part) => part.PartNumber)).toEqual([1, 2]);
    const done = await complete([{ PartNumber: 2, ETag: two.ETag }]);
    expect(done.ETag).toBe(multipartEtag([Buffer.from('b')]));
    const got = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k' }));
    expect(await got.Body!.transformToString()).toBe('b');
    const gone = await rejectionOf(s3.send(new ListPartsCommand({ Bucket: 'bkt', Key: 'k', UploadId })));
    expect(gone.name).toBe('NoSuchUpload');
    // sdk.md §3.7: ListParts does not list NoSuchUpload, whose class only the schema-driven SDKs build for it.
    expect(gone instanceof NoSuchUpload).toBe(s3Sdk.schemaSerde);
  });
});
