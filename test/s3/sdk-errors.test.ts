/**
 * The mock's S3 errors against the ones the SDK's own REST-XML deserializer builds from the response S3 sends
 * (docs/aws-behaviour/s3.md §5.2, sdk.md §3.7), in whichever SDK the suite runs against: a second client without the
 * mock reads that response. The SDKs before schemas build a class only for an error the operation lists (NoSuchBucket
 * for ListObjectsV2, not for GetObject), keep the document's order with `message` last, and say `$fault: 'client'` for
 * an unmodelled 5xx; the current ones build any modelled class and put `message` first.
 */
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { describe, it } from 'vitest';
import { hostIdOf } from '../../src/services/s3/sdk.js';
import { rejectionOf } from '../helpers.js';
import { expectSameException } from '../support/same-exception.js';
import { wireHandler } from '../wire-errors.js';
import { s3Setup } from './support.js';

/** The response S3 sends: the status, and the error document's elements after `Code` and `Message` (none: no body). */
interface S3Response {
  status: number;
  document?: { Code: string; Message: string; [element: string]: string };
}

/** What the SDK alone throws for `command` when S3 answers `response`, with the mock's request id. */
async function fromTheWire(command: object, response: S3Response, requestId: string): Promise<Error> {
  const hostId = hostIdOf(requestId);
  const elements = Object.entries({ ...response.document, RequestId: requestId, HostId: hostId });
  const body = response.document
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${elements.map(([name, value]) => `<${name}>${value}</${name}>`).join('')}</Error>`
    : '';
  const headers = { 'x-amz-request-id': requestId, 'x-amz-id-2': hostId, 'content-type': 'application/xml' };
  const client = new S3Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
    requestHandler: wireHandler(response.status, headers, body),
  });
  return rejectionOf(client.send(command as never));
}

async function expectAsFromS3(make: () => object, response: S3Response, before?: (s3: S3Client) => Promise<unknown>) {
  const { s3 } = s3Setup();
  await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'ten', Body: '0123456789' }));
  await before?.(s3);
  const ours = await rejectionOf(s3.send(make() as never));
  const requestId = (ours['$metadata'] as { requestId: string }).requestId;
  expectSameException(ours, await fromTheWire(make(), response, requestId));
}

describe('S3 errors are the ones the SDK builds from S3’s response (s3.md §5.2)', () => {
  it('NoSuchKey, a class GetObject lists', async () => {
    const Message = 'The specified key does not exist.';
    await expectAsFromS3(() => new GetObjectCommand({ Bucket: 'bkt', Key: 'missing' }), {
      status: 404,
      document: { Code: 'NoSuchKey', Message, Key: 'missing' },
    });
  });

  it('NoSuchBucket, a class ListObjectsV2 lists and GetObject does not', async () => {
    const document = { Code: 'NoSuchBucket', Message: 'The specified bucket does not exist', BucketName: 'nope' };
    await expectAsFromS3(() => new ListObjectsV2Command({ Bucket: 'nope' }), { status: 404, document });
    await expectAsFromS3(() => new GetObjectCommand({ Bucket: 'nope', Key: 'k' }), { status: 404, document });
  });

  it('NoSuchUpload, listed by AbortMultipartUpload and not by UploadPart', async () => {
    const Message =
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or ' +
      'completed.';
    const response = { status: 404, document: { Code: 'NoSuchUpload', Message, UploadId: 'gone' } };
    await expectAsFromS3(
      () => new AbortMultipartUploadCommand({ Bucket: 'bkt', Key: 'k', UploadId: 'gone' }),
      response,
    );
    const part = () => new UploadPartCommand({ Bucket: 'bkt', Key: 'k', UploadId: 'gone', PartNumber: 1, Body: 'x' });
    await expectAsFromS3(part, response);
  });

  it('InvalidRange, a code no SDK models, with its elements', async () => {
    const Message = 'The requested range is not satisfiable';
    await expectAsFromS3(() => new GetObjectCommand({ Bucket: 'bkt', Key: 'ten', Range: 'bytes=100-200' }), {
      status: 416,
      document: { Code: 'InvalidRange', Message, RangeRequested: 'bytes=100-200', ActualObjectSize: '10' },
    });
  });

  it('InvalidRequest, a class only the newer SDKs have', async () => {
    const Message = 'Value for x-amz-checksum-crc32 header is invalid.';
    await expectAsFromS3(() => new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'data', ChecksumCRC32: 'nope' }), {
      status: 400,
      document: { Code: 'InvalidRequest', Message },
    });
  });

  it('BucketAlreadyOwnedByYou, a class CreateBucket lists', async () => {
    const Message = 'Your previous request to create the named bucket succeeded and you already own it.';
    await expectAsFromS3(
      () => new CreateBucketCommand({ Bucket: 'bkt', CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' } }),
      { status: 409, document: { Code: 'BucketAlreadyOwnedByYou', Message, BucketName: 'bkt' } },
    );
  });

  it('a HEAD request’s 404 and 412, and a 304, which have no body', async () => {
    await expectAsFromS3(() => new HeadObjectCommand({ Bucket: 'bkt', Key: 'missing' }), { status: 404 });
    await expectAsFromS3(() => new HeadObjectCommand({ Bucket: 'bkt', Key: 'ten', IfMatch: '"other"' }), {
      status: 412,
    });
    const etag = '"781e5e245d69b566979b86e28d23f2c7"';
    await expectAsFromS3(() => new GetObjectCommand({ Bucket: 'bkt', Key: 'ten', IfNoneMatch: etag }), { status: 304 });
  });
});
