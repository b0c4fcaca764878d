import {
  PutObjectTaggingCommand,
  BucketAlreadyOwnedByYou,
  CreateBucketCommand,
  DeleteBucketCommand,
  GetBucketLocationCommand,
  GetBucketVersioningCommand,
  HeadBucketCommand,
  ListBucketsCommand,
  NotFound,
  PutBucketVersioningCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { networkTrap, rejectionOf } from '../helpers.js';
import { withoutTheMock } from '../support/as-the-sdk.js';
import { s3Setup } from './support.js';

describe('CreateBucket', () => {
  it('refuses names S3 does not take, with InvalidBucketName naming the bucket', async () => {
    const { s3 } = s3Setup();
    for (const name of [
      'ab',
      'Upper',
      'a..b',
      '192.168.1.1',
      'xn--bcher-kva',
      'bucket-',
      'a'.repeat(64),
      'name-s3alias',
    ]) {
      const error = await rejectionOf(s3.send(new CreateBucketCommand({ Bucket: name })));
      expect(error.name).toBe('InvalidBucketName');
      expect(error.message).toBe('The specified bucket is not valid.');
      expect(error['BucketName']).toBe(name);
      expect(error['$metadata']).toMatchObject({ httpStatusCode: 400 });
    }
  });

  it('a name the SDK cannot put in a host name fails in the SDK, as without the mock (s3.md §5.1)', async () => {
    const { aws, s3 } = s3Setup();
    // `xn--` and no punycode: Node's URL parser refuses the bucket's endpoint, before anything is sent.
    const make = () => new CreateBucketCommand({ Bucket: 'xn--abc' });
    const sdkAlone = await withoutTheMock(S3Client, make());
    const error = await rejectionOf(s3.send(make()));
    expect(sdkAlone).toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'Invalid URL', code: 'ERR_INVALID_URL' });
    expect(error.message).toBe((sdkAlone as Error).message);
    // In the path, S3 itself refuses it.
    const pathStyle = new S3Client({ region: aws.region, requestHandler: networkTrap, forcePathStyle: true });
    pathStyle.middlewareStack.use(aws.s3);
    expect((await rejectionOf(pathStyle.send(make()))).name).toBe('InvalidBucketName');
  });

  it('the endpoint fails before the serializer: a name it cannot address, a member the serializer refuses (§5.1)', async () => {
    const { s3 } = s3Setup();
    // An xn-- label Node's URL parser refuses; a lone surrogate the endpoint rules cannot URI-encode.
    const names = { 'xn--abc': 'TypeError: Invalid URL', '\udc00': 'URIError: URI malformed' };
    for (const [Bucket, thrown] of Object.entries(names)) {
      for (const TagSet of [5, {}, [{ Key: {}, Value: [] }], null, [{ Key: 'a', Value: '1' }]]) {
        const make = () => new PutObjectTaggingCommand({ Bucket, Key: 'k', Tagging: { TagSet } as never });
        const sdkAlone = await withoutTheMock(S3Client, make());
        const error = await rejectionOf(s3.send(make()));
        expect(`${(sdkAlone as Error).name}: ${(sdkAlone as Error).message}`).toBe(thrown);
        expect({ Bucket, TagSet, error: `${error.name}: ${error.message}` }).toEqual({ Bucket, TagSet, error: thrown });
      }
    }
  });

  it('in us-east-1: a repeat without configuration succeeds; naming us-east-1 is InvalidLocationConstraint', async () => {
    const { s3 } = s3Setup();
    expect(await s3.send(new CreateBucketCommand({ Bucket: 'orders' }))).toMatchObject({
      Location: '/orders',
      BucketArn: 'arn:aws:s3:::orders',
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'orders' }));
    const explicit = await rejectionOf(
      s3.send(
        new CreateBucketCommand({
          Bucket: 'other',
          CreateBucketConfiguration: { LocationConstraint: 'us-east-1' as never },
        }),
      ),
    );
    expect(explicit.name).toBe('InvalidLocationConstraint');
    expect(explicit.message).toBe('The specified location-constraint is not valid');
    expect(explicit['LocationConstraint']).toBe('us-east-1');
    const withConfiguration = await rejectionOf(
      s3.send(
        new CreateBucketCommand({ Bucket: 'orders', CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' } }),
      ),
    );
    expect(withConfiguration).toBeInstanceOf(BucketAlreadyOwnedByYou);
  });

  it('elsewhere: the SDK names its region; a repeat is BucketAlreadyOwnedByYou; the bucket answers its region', async () => {
    const { aws } = s3Setup();
    const eu = new S3Client({ region: 'eu-west-1', requestHandler: networkTrap });
    eu.middlewareStack.use(aws.s3);
    const created = await eu.send(new CreateBucketCommand({ Bucket: 'eu-bucket' }));
    expect(created.Location).toBe('http://eu-bucket.s3.amazonaws.com/');
    const again = await rejectionOf(eu.send(new CreateBucketCommand({ Bucket: 'eu-bucket' })));
    expect(again).toBeInstanceOf(BucketAlreadyOwnedByYou);
    expect(again.message).toBe('Your previous request to create the named bucket succeeded and you already own it.');
    expect(await eu.send(new GetBucketLocationCommand({ Bucket: 'eu-bucket' }))).toMatchObject({
      LocationConstraint: 'eu-west-1',
    });
    expect(aws.s3.bucket('eu-bucket').region).toBe('eu-west-1');
    const wrong = await rejectionOf(
      eu.send(
        new CreateBucketCommand({ Bucket: 'x-bucket', CreateBucketConfiguration: { LocationConstraint: 'us-west-1' } }),
      ),
    );
    expect(wrong.name).toBe('IllegalLocationConstraintException');
    expect(wrong.message).toBe(
      'The us-west-1 location constraint is incompatible for the region specific endpoint this request was sent to.',
    );
  });
});

describe('HeadBucket, ListBuckets, DeleteBucket, versioning', () => {
  it('HeadBucket answers the region and ARN; a missing bucket is a bodiless NotFound', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'orders' }));
    expect(await s3.send(new HeadBucketCommand({ Bucket: 'orders' }))).toMatchObject({
      BucketRegion: 'us-east-1',
      BucketArn: 'arn:aws:s3:::orders',
      AccessPointAlias: false,
    });
    const missing = await rejectionOf(s3.send(new HeadBucketCommand({ Bucket: 'nope' })));
    expect(missing).toBeInstanceOf(NotFound);
    expect(missing.message).toBe('UnknownError');
  });

  it('ListBuckets answers them by name, paged by MaxBuckets', async () => {
    const { s3 } = s3Setup();
    for (const name of ['zeta', 'alpha', 'mid']) await s3.send(new CreateBucketCommand({ Bucket: name }));
    const all = await s3.send(new ListBucketsCommand({}));
    expect(all.Buckets!.map((bucket) => bucket.Name)).toEqual(['alpha', 'mid', 'zeta']);
    expect(all.Owner?.ID).toMatch(/^[0-9a-f]{64}$/);
    const first = await s3.send(new ListBucketsCommand({ MaxBuckets: 2 }));
    expect(first.Buckets!.map((bucket) => bucket.Name)).toEqual(['alpha', 'mid']);
    const rest = await s3.send(new ListBucketsCommand({ MaxBuckets: 2, ContinuationToken: first.ContinuationToken }));
    expect(rest.Buckets!.map((bucket) => bucket.Name)).toEqual(['zeta']);
    expect(rest.ContinuationToken).toBeUndefined();
  });

  it('DeleteBucket refuses a bucket with objects, then deletes it empty', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'orders' }));
    await s3.send(new PutObjectCommand({ Bucket: 'orders', Key: 'k', Body: 'x' }));
    const full = await rejectionOf(s3.send(new DeleteBucketCommand({ Bucket: 'orders' })));
    expect(full.name).toBe('BucketNotEmpty');
    expect(full.message).toBe('The bucket you tried to delete is not empty');
    expect(full['$metadata']).toMatchObject({ httpStatusCode: 409 });
  });

  it('versioning: none, then Enabled; an empty configuration is refused', async () => {
    const { s3 } = s3Setup();
    await s3.send(new CreateBucketCommand({ Bucket: 'orders' }));
    expect(await s3.send(new GetBucketVersioningCommand({ Bucket: 'orders' }))).not.toHaveProperty('Status');
    await s3.send(new PutBucketVersioningCommand({ Bucket: 'orders', VersioningConfiguration: { Status: 'Enabled' } }));
    expect(await s3.send(new GetBucketVersioningCommand({ Bucket: 'orders' }))).toMatchObject({ Status: 'Enabled' });
    const empty = await rejectionOf(
      s3.send(new PutBucketVersioningCommand({ Bucket: 'orders', VersioningConfiguration: {} })),
    );
    expect(empty.name).toBe('IllegalVersioningConfigurationException');
    expect(empty.message).toBe('The Versioning element must be specified');
  });
});
