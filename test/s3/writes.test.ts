import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  DeleteObjectTaggingCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { withoutTheMock } from '../support/as-the-sdk.js';
import { s3Sdk } from '../support/sdk-capabilities.js';
import { s3Setup } from './support.js';

async function bucket(options = {}) {
  const setup = s3Setup(options);
  await setup.s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  return setup;
}

describe('PutObject bodies and keys (docs/aws-behaviour/s3.md §2.1, §2.2)', () => {
  const bodies: [string, () => unknown][] = [
    ['a string', () => 'héllo'],
    ['a Buffer', () => Buffer.from('héllo')],
    ['a Uint8Array', () => new TextEncoder().encode('héllo')],
    ['a Node Readable', () => Readable.from([Buffer.from('hé'), Buffer.from('llo')])],
  ];
  it.each(bodies)('takes %s', async (_name, body) => {
    const { s3, aws } = await bucket();
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: body() as never }));
    expect(aws.s3.bucket('bkt').object('k').text()).toBe('héllo');
  });

  // §5.1: in Node the SDK cannot hash these for its default checksum; an SDK that computes none hands them to Node's
  // HTTP handler, whose Buffer.from refuses them. lib-storage's Upload reads them into parts of bytes.
  const unsendable: [string, () => unknown][] = [
    ['a Blob', () => new Blob(['hé', 'llo'])],
    ['a web ReadableStream', () => new Blob(['héllo']).stream()],
  ];
  it.each(unsendable)('refuses %s as the SDK does, and takes it through lib-storage', async (_name, body) => {
    const { s3, aws } = await bucket();
    const put = () => new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: body() as never });
    const refused = await rejectionOf(s3.send(put()));
    const sdkAlone = await withoutTheMock(S3Client, put(), { upTo: 'handler' });
    if (sdkAlone === 'sent') {
      const handler = (() => {
        try {
          Buffer.from(body() as never);
        } catch (error) {
          return error as Error;
        }
        throw new Error('Buffer.from took it');
      })();
      expect(refused).toMatchObject({ name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE', message: handler.message });
    } else {
      expect(refused.constructor).toBe(sdkAlone.constructor);
      expect(refused.message).toBe(sdkAlone.message);
    }
    if (s3Sdk.defaultChecksums) expect(refused.message).toBe('Unable to calculate hash for flowing readable stream');
    await new Upload({ client: s3, params: { Bucket: 'bkt', Key: 'k', Body: body() as never } }).done();
    expect(aws.s3.bucket('bkt').object('k').text()).toBe('héllo');
  });

  it('keeps a caller buffer changed afterwards out of the object', async () => {
    const { s3, aws } = await bucket();
    const bytes = Buffer.from('abc');
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: bytes }));
    bytes[0] = 0x7a;
    expect(aws.s3.bucket('bkt').object('k').text()).toBe('abc');
  });

  it('takes keys of every Unicode class up to 1,024 bytes, and refuses one more', async () => {
    const { s3 } = await bucket();
    const keys = ['a b+c%2Fd', 'emoji/😀/', 'ﬀ-\uE000-\u{10FFFF}', 'tab\tnull\u0000', 'é'.repeat(512)];
    for (const key of keys) {
      await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: key, Body: key }));
      const got = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: key }));
      expect(await got.Body!.transformToString()).toBe(key);
    }
    const tooLong = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'x'.repeat(1025), Body: '' })),
    );
    expect(tooLong.name).toBe('KeyTooLongError');
    expect(tooLong.message).toBe('Your key is too long.');
  });

  it('stores metadata names lower-cased and the JS SDK content type, and refuses more than 2 KB', async () => {
    const { s3, aws } = await bucket();
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', Metadata: { TEST_META_1: 'v' } }));
    const object = aws.s3.bucket('bkt').object('k');
    expect(object.metadata).toEqual({ test_meta_1: 'v' });
    expect(object.contentType).toBe('application/octet-stream');
    const big = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', Metadata: { m: 'v'.repeat(2048) } })),
    );
    expect(big.name).toBe('MetadataTooLarge');
  });
});

describe('checksums (§2.11)', () => {
  it('checks a given CRC32 and SHA-256, and works out the algorithm named', async () => {
    const { s3 } = await bucket();
    const wrong = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'data', ChecksumCRC32: 'AAAAAA==' })),
    );
    expect(wrong.name).toBe('BadDigest');
    expect(wrong.message).toBe('The CRC32 you specified did not match the calculated checksum.');
    const malformed = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'data', ChecksumCRC32: 'nope' })),
    );
    expect(malformed.name).toBe('InvalidRequest');
    expect(malformed.message).toBe('Value for x-amz-checksum-crc32 header is invalid.');
    const sha256 = createHash('sha256').update('data').digest('base64');
    const put = await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'data', ChecksumSHA256: sha256 }));
    expect(put.ChecksumSHA256).toBe(sha256);
    expect(put.ChecksumType).toBe(s3Sdk.checksumType ? 'FULL_OBJECT' : undefined);
    expect(put.ChecksumCRC32).toBeUndefined();
    const named = await s3.send(
      new PutObjectCommand({ Bucket: 'bkt', Key: 'k2', Body: 'data', ChecksumAlgorithm: 'CRC32C' }),
    );
    expect(named.ChecksumCRC32C).toBe('rth90Q==');
  });

  it('checks Content-MD5', async () => {
    const { s3 } = await bucket();
    const invalid = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'data', ContentMD5: 'abc' })),
    );
    expect(invalid.name).toBe('InvalidDigest');
    expect(invalid.message).toBe('The Content-MD5 you specified was invalid.');
    const other = createHash('md5').update('other').digest('base64');
    const bad = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'data', ContentMD5: other })),
    );
    expect(bad.name).toBe('BadDigest');
    expect(bad.message).toBe('The Content-MD5 you specified did not match what we received.');
  });

  it('conditional writes: If-None-Match * on an existing key is 412', async () => {
    const { s3 } = await bucket();
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'a', IfNoneMatch: '*' }));
    const again = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'b', IfNoneMatch: '*' })),
    );
    expect(again.name).toBe('PreconditionFailed');
    expect(again['Condition']).toBe('If-None-Match');
    const other = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'b', IfNoneMatch: '"etag"' })),
    );
    expect(other.name).toBe('NotImplemented');
    expect(other['$metadata']).toMatchObject({ httpStatusCode: 501 });
  });
});

describe('CopyObject (§2.6)', () => {
  it('copies with the source metadata by default, and replaces it with REPLACE', async () => {
    const { s3, aws } = await bucket();
    await s3.send(
      new PutObjectCommand({ Bucket: 'bkt', Key: 'src', Body: 'x', ContentType: 'text/plain', Metadata: { a: '1' } }),
    );
    const copied = await s3.send(
      new CopyObjectCommand({ Bucket: 'bkt', Key: 'dst', CopySource: 'bkt/src', Metadata: { ignored: 'yes' } }),
    );
    expect(copied.CopyObjectResult).toMatchObject({ ETag: '"9dd4e461268c8034f5c8564e155c67a6"' });
    expect(aws.s3.bucket('bkt').object('dst')).toMatchObject({ contentType: 'text/plain', metadata: { a: '1' } });
    await s3.send(
      new CopyObjectCommand({ Bucket: 'bkt', Key: 'dst', CopySource: 'bkt/src', MetadataDirective: 'REPLACE' }),
    );
    expect(aws.s3.bucket('bkt').object('dst')).toMatchObject({ contentType: 'binary/octet-stream', metadata: {} });
  });

  it('refuses a copy onto itself changing nothing, and a source without a key', async () => {
    const { s3 } = await bucket();
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'src', Body: 'x' }));
    const itself = await rejectionOf(
      s3.send(new CopyObjectCommand({ Bucket: 'bkt', Key: 'src', CopySource: 'bkt/src' })),
    );
    expect(itself.name).toBe('InvalidRequest');
    expect(itself.message).toMatch(/^This copy request is illegal because it is trying to copy an object to itself/);
    await s3.send(
      new CopyObjectCommand({ Bucket: 'bkt', Key: 'src', CopySource: 'bkt/src', MetadataDirective: 'REPLACE' }),
    );
    const noKey = await rejectionOf(s3.send(new CopyObjectCommand({ Bucket: 'bkt', Key: 'd', CopySource: 'bkt' })));
    expect(noKey.name).toBe('InvalidArgument');
    expect(noKey.message).toBe('Invalid copy source object key');
    const missing = await rejectionOf(
      s3.send(new CopyObjectCommand({ Bucket: 'bkt', Key: 'd', CopySource: 'bkt/nope' })),
    );
    expect(missing.name).toBe('NoSuchKey');
  });
});

describe('deletes and versions (§1.4, §2.5)', () => {
  it('DeleteObject answers 204 for a key that never existed; DeleteObjects lists every key', async () => {
    const { s3 } = await bucket();
    const deleted = await s3.send(new DeleteObjectCommand({ Bucket: 'bkt', Key: 'never' }));
    expect(deleted.$metadata.httpStatusCode).toBe(204);
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'a', Body: 'x' }));
    const many = await s3.send(
      new DeleteObjectsCommand({ Bucket: 'bkt', Delete: { Objects: [{ Key: 'a' }, { Key: 'b' }] } }),
    );
    expect(many.Deleted).toEqual([{ Key: 'a' }, { Key: 'b' }]);
    const quiet = await s3.send(
      new DeleteObjectsCommand({ Bucket: 'bkt', Delete: { Objects: [{ Key: 'a' }], Quiet: true } }),
    );
    expect(quiet.Deleted).toBeUndefined();
    const badVersion = await s3.send(
      new DeleteObjectsCommand({
        Bucket: 'bkt',
        Delete: { Objects: [{ Key: 'a', VersionId: 'HPniJFCxqTsMuIH9KX8K8wEjNUgmABCD' }] },
      }),
    );
    expect(badVersion.Errors).toEqual([
      {
        Key: 'a',
        VersionId: 'HPniJFCxqTsMuIH9KX8K8wEjNUgmABCD',
        Code: 'NoSuchVersion',
        Message: 'The specified version does not exist.',
      },
    ]);
  });

  it('on a versioned bucket: versions, a delete marker, and reads of each', async () => {
    const { s3 } = await bucket();
    await s3.send(new PutBucketVersioningCommand({ Bucket: 'bkt', VersioningConfiguration: { Status: 'Enabled' } }));
    const v1 = await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'one' }));
    const v2 = await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'two' }));
    expect(v1.VersionId).toMatch(/^[A-Za-z0-9._]{32}$/);
    expect(v2.VersionId).not.toBe(v1.VersionId);
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: 'bkt', Key: 'k' }));
    expect(marker).toMatchObject({ DeleteMarker: true, VersionId: expect.any(String) });
    expect((await rejectionOf(s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k' })))).name).toBe('NoSuchKey');
    const old = await s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', VersionId: v1.VersionId }));
    expect(await old.Body!.transformToString()).toBe('one');
    await s3.send(new DeleteObjectCommand({ Bucket: 'bkt', Key: 'k', VersionId: v1.VersionId }));
    const gone = await rejectionOf(s3.send(new GetObjectCommand({ Bucket: 'bkt', Key: 'k', VersionId: v1.VersionId })));
    expect(gone.name).toBe('NoSuchVersion');
    expect(gone.message).toBe('The specified version does not exist.');
    const invented = await rejectionOf(
      s3.send(new DeleteObjectCommand({ Bucket: 'bkt', Key: 'k', VersionId: `${v2.VersionId!.slice(0, -4)}ABCD` })),
    );
    expect(invented.name).toBe('InvalidArgument');
    expect(invented.message).toBe('Invalid version id specified');
  });

  it('a version id on a bucket that never had versioning is an invalid argument', async () => {
    const { s3 } = await bucket();
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x' }));
    const error = await rejectionOf(
      s3.send(new DeleteObjectCommand({ Bucket: 'bkt', Key: 'k', VersionId: 'HPniJFCxqTsMuIH9KX8K8wEjNUgmABCD' })),
    );
    expect(error.name).toBe('InvalidArgument');
    expect(error['ArgumentName']).toBe('versionId');
  });
});

describe('object tagging (§2.10)', () => {
  it('replaces, reads and removes the set; refuses duplicates and aws: keys', async () => {
    const { s3 } = await bucket();
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', Tagging: 'a=1' }));
    expect((await s3.send(new GetObjectTaggingCommand({ Bucket: 'bkt', Key: 'k' }))).TagSet).toEqual([
      { Key: 'a', Value: '1' },
    ]);
    await s3.send(
      new PutObjectTaggingCommand({ Bucket: 'bkt', Key: 'k', Tagging: { TagSet: [{ Key: 'b', Value: '2' }] } }),
    );
    expect((await s3.send(new HeadObjectCommand({ Bucket: 'bkt', Key: 'k' }))).TagCount).toBe(1);
    const duplicate = await rejectionOf(
      s3.send(
        new PutObjectTaggingCommand({
          Bucket: 'bkt',
          Key: 'k',
          Tagging: {
            TagSet: [
              { Key: 'x', Value: '1' },
              { Key: 'x', Value: '2' },
            ],
          },
        }),
      ),
    );
    expect(duplicate.name).toBe('InvalidTag');
    expect(duplicate.message).toBe('Cannot provide multiple Tags with the same key');
    const reserved = await rejectionOf(
      s3.send(
        new PutObjectTaggingCommand({ Bucket: 'bkt', Key: 'k', Tagging: { TagSet: [{ Key: 'aws:x', Value: '' }] } }),
      ),
    );
    expect(reserved.message).toBe('Your TagKey cannot be prefixed with aws:');
    const removed = await s3.send(new DeleteObjectTaggingCommand({ Bucket: 'bkt', Key: 'k' }));
    expect(removed.$metadata.httpStatusCode).toBe(204);
    expect((await s3.send(new GetObjectTaggingCommand({ Bucket: 'bkt', Key: 'k' }))).TagSet).toEqual([]);
  });
});

describe('what the SDK refuses before sending (docs/aws-behaviour/s3.md §5.1)', () => {
  it('refuses as the SDK does: no key, a body it cannot hash, text the URL or a header cannot carry', async () => {
    const { s3, aws } = await bucket();
    const noKey = await rejectionOf(s3.send(new PutObjectCommand({ Bucket: 'bkt', Body: 'x' } as never)));
    expect(noKey.constructor).toBe(Error);
    expect(noKey.message).toBe('No value provided for input HTTP label: Key.');
    // A body it cannot hash for the checksum it computes (by default since 3.729.0, or for an algorithm named).
    const plainObject = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: { a: 1 } as never, ChecksumAlgorithm: 'CRC32' })),
    );
    expect(plainObject.message).toBe('Unable to calculate hash for flowing readable stream');
    // Without one, Node's HTTP handler refuses it (Buffer.from), after the SDK's own steps.
    const unhashed = new S3Client({ region: aws.region, requestChecksumCalculation: 'WHEN_REQUIRED' } as never);
    unhashed.middlewareStack.use(aws.s3);
    const number = await rejectionOf(
      unhashed.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 5 as never })),
    );
    expect(number).toMatchObject({ name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    const lone = await rejectionOf(s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'a\uD800', Body: 'x' })));
    expect(lone).toBeInstanceOf(URIError);
    expect(lone.message).toBe('URI malformed');
    const emoji = await rejectionOf(
      s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: 'k', Body: 'x', Metadata: { a: '😀' } })),
    );
    expect(emoji).toBeInstanceOf(TypeError);
    expect(emoji).toMatchObject({
      code: 'ERR_INVALID_CHAR',
      message: 'Invalid character in header content ["x-amz-meta-a"]',
    });
    expect(aws.s3.bucket('bkt').objects()).toEqual([]);
  });
});
