/**
 * S3 over the wire (docs/aws-behaviour/s3.md §6) from the SDK v3, against `serve` in a child process: REST-XML, path
 * and virtual-hosted addressing, streamed (aws-chunked) and checksummed uploads, multipart uploads through
 * lib-storage's Upload, presigned URLs fetched as a plain HTTP client would, and a notification to a queue.
 */
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetBucketNotificationConfigurationCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutBucketNotificationConfigurationCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
  GetObjectTaggingCommand,
  GetObjectAttributesCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  CompleteMultipartUploadCommand,
  DeleteBucketOwnershipControlsCommand,
  DeletePublicAccessBlockCommand,
  GetBucketAclCommand,
  GetBucketOwnershipControlsCommand,
  GetObjectAclCommand,
  GetPublicAccessBlockCommand,
  ListBucketsCommand,
  PutBucketAclCommand,
  PutBucketOwnershipControlsCommand,
  PutObjectAclCommand,
  PutPublicAccessBlockCommand,
} from '@aws-sdk/client-s3';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { execFile } from 'node:child_process';
import { Agent } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { serveChildForFile } from './clients/serve-child.js';

const server = serveChildForFile();
const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

function client(options: { forcePathStyle?: boolean } = {}): S3Client {
  // `*.localhost` need not resolve (glibc does not): virtual-hosted requests are sent to loopback by the agent.
  const agent = new Agent({
    lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
      options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as never,
  });
  return new S3Client({
    endpoint: server.endpoint.replace('127.0.0.1', 'localhost'),
    region: 'us-east-1',
    credentials,
    forcePathStyle: options.forcePathStyle ?? true,
    requestHandler: new NodeHttpHandler({ httpAgent: agent }),
  });
}

describe('S3 over REST-XML from the SDK v3', () => {
  it('takes one PutObject past the usual 8 MiB body limit, as S3 takes up to 5 GiB (wire.md §12.1)', async () => {
    const s3 = client();
    await s3.send(new CreateBucketCommand({ Bucket: 'large-bodies' }));
    const body = new Uint8Array(9 * 1024 * 1024).fill(7);
    await s3.send(new PutObjectCommand({ Bucket: 'large-bodies', Key: 'nine-mib', Body: body }));
    const got = await s3.send(new GetObjectCommand({ Bucket: 'large-bodies', Key: 'nine-mib' }));
    const bytes = await got.Body!.transformToByteArray();
    expect([bytes.length, bytes[0], bytes.at(-1)]).toEqual([body.length, 7, 7]);
  });

  it.each([true, false])('stores and reads objects (forcePathStyle %s)', async (forcePathStyle) => {
    const s3 = client({ forcePathStyle });
    await s3.send(new CreateBucketCommand({ Bucket: 'wire-bucket' }));
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: 'wire-bucket',
        Key: 'dir/a b+c%.txt',
        Body: 'something',
        ContentType: 'text/plain',
        Metadata: { Owner: 'me' },
      }),
    );
    expect(put.ETag).toBe('"437b930db84b8079c2dd804a71936b5f"');
    // s3.md §5.4: the CRC32 the SDK sends by default (3.729.0 on) is echoed; an older SDK sends none.
    expect(put.ChecksumCRC32).toBe(s3Sdk.defaultChecksums ? 'Cdox+w==' : undefined);
    const got = await s3.send(new GetObjectCommand({ Bucket: 'wire-bucket', Key: 'dir/a b+c%.txt' }));
    expect(await got.Body!.transformToString()).toBe('something');
    expect(got).toMatchObject({ ContentType: 'text/plain', Metadata: { owner: 'me' }, ContentLength: 9 });
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'wire-bucket', Key: 'dir/a b+c%.txt' }));
    expect(head.ContentLength).toBe(9);
    const ranged = await s3.send(
      new GetObjectCommand({ Bucket: 'wire-bucket', Key: 'dir/a b+c%.txt', Range: 'bytes=1-3' }),
    );
    expect(await ranged.Body!.transformToString()).toBe('ome');
    expect(ranged.ContentRange).toBe('bytes 1-3/9');
    const missing = await rejectionOf(s3.send(new GetObjectCommand({ Bucket: 'wire-bucket', Key: 'nope' })));
    expect(missing).toBeInstanceOf(NoSuchKey);
    expect(missing['Key']).toBe('nope');
    const headMissing = await rejectionOf(s3.send(new HeadObjectCommand({ Bucket: 'wire-bucket', Key: 'nope' })));
    expect(headMissing).toBeInstanceOf(NotFound);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'wire-bucket', Delimiter: '/' }));
    expect(listed.CommonPrefixes).toEqual([{ Prefix: 'dir/' }]);
    await s3.send(
      new CopyObjectCommand({ Bucket: 'wire-bucket', Key: 'copy', CopySource: 'wire-bucket/dir/a%20b%2Bc%25.txt' }),
    );
    await s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'wire-bucket',
        Key: 'copy',
        Tagging: { TagSet: [{ Key: 'k', Value: 'v' }] },
      }),
    );
    expect((await s3.send(new GetObjectTaggingCommand({ Bucket: 'wire-bucket', Key: 'copy' }))).TagSet).toEqual([
      { Key: 'k', Value: 'v' },
    ]);
    const deleted = await s3.send(
      new DeleteObjectsCommand({ Bucket: 'wire-bucket', Delete: { Objects: [{ Key: 'copy' }, { Key: 'never' }] } }),
    );
    expect(deleted.Deleted).toEqual([{ Key: 'copy' }, { Key: 'never' }]);
  });

  // With the SDK's default checksums a stream goes as aws-chunked with a trailing CRC32; an older SDK sends it plain.
  it('decodes a streamed (aws-chunked) upload and checks its trailing checksum', async () => {
    const s3 = client();
    await s3.send(new CreateBucketCommand({ Bucket: 'streams' }));
    await s3.send(
      new PutObjectCommand({
        Bucket: 'streams',
        Key: 'stream.txt',
        Body: Readable.from([Buffer.from('hello '), Buffer.from('world')]),
        ContentLength: 11,
      }),
    );
    const got = await s3.send(new GetObjectCommand({ Bucket: 'streams', Key: 'stream.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello world');
    expect(got.ContentEncoding).toBeUndefined();
  });

  it('answers GetObjectAttributes: the header list, the XML with PartsCount and flat Part elements (s3.md §2.14)', async () => {
    const s3 = client();
    await s3.send(new CreateBucketCommand({ Bucket: 'attributes' }));
    await s3.send(
      new PutObjectCommand({ Bucket: 'attributes', Key: 'k', Body: '69\n420\n', ChecksumAlgorithm: 'CRC32' }),
    );
    const one = await s3.send(
      new GetObjectAttributesCommand({
        Bucket: 'attributes',
        Key: 'k',
        ObjectAttributes: ['StorageClass', 'ETag', 'ObjectSize', 'ObjectParts', 'Checksum'],
      }),
    );
    expect(one).toMatchObject({
      ETag: 'e92499db864217242396e8ef766079a9',
      Checksum: { ChecksumCRC32: 'WC+ANw==' },
      ObjectSize: 7,
      StorageClass: 'STANDARD',
    });
    expect(one.LastModified).toBeInstanceOf(Date);
    expect(one.ObjectParts).toBeUndefined();
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'attributes', Key: 'mpu', ChecksumAlgorithm: 'CRC32' }),
    );
    const bodies = [Buffer.alloc(5 * 1024 * 1024, 'a'), Buffer.from('tail')];
    const parts = [];
    for (const [index, Body] of bodies.entries()) {
      const part = await s3.send(
        new UploadPartCommand({
          Bucket: 'attributes',
          Key: 'mpu',
          UploadId,
          PartNumber: index + 1,
          Body,
          ChecksumAlgorithm: 'CRC32',
        }),
      );
      parts.push({ PartNumber: index + 1, ETag: part.ETag!, ChecksumCRC32: part.ChecksumCRC32! });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'attributes',
        Key: 'mpu',
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    const paged = await s3.send(
      new GetObjectAttributesCommand({
        Bucket: 'attributes',
        Key: 'mpu',
        ObjectAttributes: ['ObjectParts'],
        MaxParts: 1,
      }),
    );
    expect(paged.ObjectParts).toEqual({
      TotalPartsCount: 2,
      PartNumberMarker: '0',
      NextPartNumberMarker: '1',
      MaxParts: 1,
      IsTruncated: true,
      Parts: [{ PartNumber: 1, Size: 5 * 1024 * 1024, ChecksumCRC32: parts[0]!.ChecksumCRC32 }],
    });
    const rest = await s3.send(
      new GetObjectAttributesCommand({
        Bucket: 'attributes',
        Key: 'mpu',
        ObjectAttributes: ['ObjectParts'],
        PartNumberMarker: '1',
      }),
    );
    expect(rest.ObjectParts?.Parts).toEqual([{ PartNumber: 2, Size: 4, ChecksumCRC32: parts[1]!.ChecksumCRC32 }]);
    const bad = await rejectionOf(
      s3.send(new GetObjectAttributesCommand({ Bucket: 'attributes', Key: 'k', ObjectAttributes: ['Nope' as never] })),
    );
    expect(bad).toMatchObject({ name: 'InvalidArgument', message: 'Invalid attribute name specified.' });
  });

  it('uploads 11 MiB in parts through lib-storage', async () => {
    const s3 = client();
    await s3.send(new CreateBucketCommand({ Bucket: 'parts' }));
    const body = Buffer.alloc(11 * 1024 * 1024, 'z');
    const done = await new Upload({ client: s3, params: { Bucket: 'parts', Key: 'big', Body: body } }).done();
    expect(done.ETag).toMatch(/^"[0-9a-f]{32}-3"$/);
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'parts', Key: 'big' }));
    expect(head.ContentLength).toBe(body.length);
  });

  it('takes a presigned PUT and GET from a plain HTTP client', async () => {
    const s3 = client();
    await s3.send(new CreateBucketCommand({ Bucket: 'presigned' }));
    const signer = new S3Client({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const putUrl = await getSignedUrl(signer, new PutObjectCommand({ Bucket: 'presigned', Key: 'up.txt' }), {
      expiresIn: 300,
    });
    const put = await fetch(putUrl, { method: 'PUT', body: 'from fetch' });
    expect(put.status).toBe(200);
    const getUrl = await getSignedUrl(signer, new GetObjectCommand({ Bucket: 'presigned', Key: 'up.txt' }));
    const got = await fetch(getUrl);
    expect(await got.text()).toBe('from fetch');
    // A plain curl of the URL, as a shell script would fetch it.
    const curled = await new Promise<string>((resolve, reject) =>
      execFile('curl', ['-sS', '--fail', getUrl], (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    expect(curled).toBe('from fetch');
    await server.control.advance(301_000);
    const late = await fetch(putUrl, { method: 'PUT', body: 'too late' });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('<Message>Request has expired</Message>');
  });

  it('delivers a notification to a queue', async () => {
    const s3 = client();
    const sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
    await s3.send(new CreateBucketCommand({ Bucket: 'notified' }));
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'wire-events' }));
    const queueArn = 'arn:aws:sqs:us-east-1:000000000000:wire-events';
    await s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'notified',
        NotificationConfiguration: {
          QueueConfigurations: [
            {
              Id: 'q',
              QueueArn: queueArn,
              Events: ['s3:ObjectCreated:*'],
              Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'in/' }] } },
            },
          ],
        },
      }),
    );
    expect(await s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'notified' }))).toMatchObject({
      QueueConfigurations: [
        {
          Id: 'q',
          QueueArn: queueArn,
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'Prefix', Value: 'in/' }] } },
        },
      ],
    });
    await s3.send(new PutObjectCommand({ Bucket: 'notified', Key: 'in/a.txt', Body: 'x' }));
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    const bodies = Messages.map((message) => JSON.parse(message.Body!));
    expect(bodies.map((body) => body.Event ?? body.Records[0].eventName)).toEqual([
      's3:TestEvent',
      'ObjectCreated:Put',
    ]);
  });
  it('ACLs and Object Ownership over the wire: the refusal, the headers, the XML with xsi:type (s3.md §1.5)', async () => {
    const s3 = client();
    await s3.send(new CreateBucketCommand({ Bucket: 'acl-wire' }));
    const refused = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'acl-wire', Key: 'k', Body: 'x', ACL: 'public-read' })),
    );
    expect(refused).toMatchObject({ name: 'AccessControlListNotSupported', message: 'The bucket does not allow ACLs' });
    const made = await rejectionOf(s3.send(new CreateBucketCommand({ Bucket: 'acl-wire-2', ACL: 'public-read' })));
    expect(made.name).toBe('InvalidBucketAclWithObjectOwnership');
    const rules = await s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'acl-wire' }));
    expect(rules.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
    await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: 'acl-wire',
        OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
      }),
    );
    expect(
      (await s3.send(new GetPublicAccessBlockCommand({ Bucket: 'acl-wire' }))).PublicAccessBlockConfiguration,
    ).toMatchObject({ BlockPublicAcls: true });
    await s3.send(
      new PutPublicAccessBlockCommand({
        Bucket: 'acl-wire',
        PublicAccessBlockConfiguration: { BlockPublicAcls: false },
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: 'acl-wire', Key: 'k', Body: 'x', ACL: 'public-read' }));
    const id = (await s3.send(new ListBucketsCommand({}))).Owner!.ID!;
    const owner = { Grantee: { ID: id, Type: 'CanonicalUser' }, Permission: 'FULL_CONTROL' };
    const allUsers = 'http://acs.amazonaws.com/groups/global/AllUsers';
    const objectAcl = await s3.send(new GetObjectAclCommand({ Bucket: 'acl-wire', Key: 'k' }));
    expect(objectAcl.Owner).toEqual({ ID: id });
    expect(objectAcl.Grants).toEqual([owner, { Grantee: { Type: 'Group', URI: allUsers }, Permission: 'READ' }]);
    await s3.send(new PutObjectAclCommand({ Bucket: 'acl-wire', Key: 'k', GrantRead: `id="${id}"` }));
    const granted = await s3.send(new GetObjectAclCommand({ Bucket: 'acl-wire', Key: 'k' }));
    expect(granted.Grants).toEqual([{ Grantee: { ID: id, Type: 'CanonicalUser' }, Permission: 'READ' }]);
    const logDelivery = { Grantee: { Type: 'Group', URI: 'http://acs.amazonaws.com/groups/s3/LogDelivery' } };
    await s3.send(
      new PutBucketAclCommand({
        Bucket: 'acl-wire',
        AccessControlPolicy: { Owner: { ID: id }, Grants: [owner, { ...logDelivery, Permission: 'WRITE' }] } as never,
      }),
    );
    const bucketAcl = await s3.send(new GetBucketAclCommand({ Bucket: 'acl-wire' }));
    expect(bucketAcl.Grants).toEqual([owner, { ...logDelivery, Permission: 'WRITE' }]);
    await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: 'acl-wire' }));
    await s3.send(new DeletePublicAccessBlockCommand({ Bucket: 'acl-wire' }));
    const gone = await rejectionOf(s3.send(new GetBucketOwnershipControlsCommand({ Bucket: 'acl-wire' })));
    expect(gone).toMatchObject({ name: 'OwnershipControlsNotFoundError', BucketName: 'acl-wire' });
  });
});
