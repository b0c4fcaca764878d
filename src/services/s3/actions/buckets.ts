/**
 * The bucket actions (docs/aws-behaviour/s3.md §1): CreateBucket with S3's region rules, HeadBucket, ListBuckets,
 * DeleteBucket, GetBucketLocation, versioning, and the bucket policy and tags S3 stores without enforcing.
 */
import type {
  CreateBucketRequest,
  DeleteBucketRequest,
  GetBucketLocationRequest,
  HeadBucketRequest,
  ListBucketsRequest,
  PutBucketPolicyRequest,
  PutBucketTaggingRequest,
  PutBucketVersioningRequest,
} from '@aws-sdk/client-s3';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import { REGION_NAME } from '../../../core/util/region-name.js';
import { compareKeys } from '../key-index.js';
import { s3Errors } from '../errors.js';
import { constraintRegion, validBucketName } from '../names.js';
import type { S3Backend } from '../s3-backend.js';
import { headless } from './objects.js';
import { checkTags } from './write.js';
import { creationAcl } from './acl.js';

const US_EAST_1 = 'us-east-1';

/** Whether a LocationConstraint names a region S3 knows (§1.2): a region name, or `EU`. */
const knownConstraint = (constraint: string) => constraint === 'EU' || REGION_NAME.test(constraint);

/**
 * §1.2 [AWS-snap]: the region a new bucket goes to. The us-east-1 endpoint takes any valid constraint but its own;
 * any other endpoint wants its own region named.
 */
function bucketRegion(constraint: string | undefined, endpointRegion: string): string {
  if (endpointRegion === US_EAST_1) {
    if (constraint === undefined || constraint === '') return US_EAST_1;
    if (constraint === US_EAST_1 || !knownConstraint(constraint)) throw s3Errors.invalidLocationConstraint(constraint);
    return constraintRegion(constraint);
  }
  if (constraint === undefined || constraint === '') throw s3Errors.unspecifiedConstraint();
  if (constraintRegion(constraint) !== endpointRegion) throw s3Errors.incompatibleConstraint(constraint);
  return endpointRegion;
}

export function createBucket(backend: S3Backend, input: Partial<CreateBucketRequest>, request: RequestContext): object {
  const name = input.Bucket ?? '';
  if (!validBucketName(name)) throw s3Errors.invalidBucketName(name);
  const configuration = input.CreateBucketConfiguration;
  const constraint = configuration?.LocationConstraint;
  const region = bucketRegion(constraint, request.region);
  // §1.5: ownership and ACL are the request's own checks, made before the name is looked up (order UNVERIFIED).
  const { ownership, acl } = creationAcl(backend, input);
  const existing = backend.find(name);
  if (existing) {
    // §1.2 [AWS-snap]: in us-east-1 a repeat without a configuration changes nothing and succeeds.
    const bare = configuration === undefined || (constraint === undefined && (configuration.Tags ?? []).length === 0);
    if (existing.region === US_EAST_1 && request.region === US_EAST_1 && bare)
      return locationOutput(existing.name, US_EAST_1, existing.arn);
    throw s3Errors.bucketOwnedByYou(name);
  }
  const tags = configuration?.Tags;
  const bucket = backend.createBucket(name, region);
  bucket.ownership = ownership;
  bucket.acl = acl;
  if (tags !== undefined && tags.length > 0) bucket.tags = checkTags(tags as { Key: string; Value: string }[], false);
  return locationOutput(name, region, bucket.arn);
}

/** §1.2: `Location` is `/<name>` for us-east-1, a virtual-hosted URL elsewhere. */
function locationOutput(name: string, region: string, arn: string): object {
  return {
    Location: region === US_EAST_1 ? `/${name}` : `http://${name}.s3.amazonaws.com/`,
    BucketArn: arn,
  };
}

export const headBucket = headless((backend: S3Backend, input: Partial<HeadBucketRequest>): object => {
  const bucket = backend.bucket(input.Bucket);
  return { BucketArn: bucket.arn, BucketRegion: bucket.region, AccessPointAlias: false };
});

/** A continuation token of ListBuckets: the last name of the page, opaque to the client. */
const bucketToken = (name: string) => Buffer.from(`b:${name}`).toString('base64');

export function listBuckets(backend: S3Backend, input: Partial<ListBucketsRequest>): object {
  if (input.BucketRegion !== undefined && !REGION_NAME.test(input.BucketRegion))
    throw s3Errors.invalidRegion(input.BucketRegion);
  let buckets = backend
    .allBuckets()
    .filter((bucket) => input.Prefix === undefined || bucket.name.startsWith(input.Prefix))
    .filter((bucket) => input.BucketRegion === undefined || bucket.region === input.BucketRegion)
    .sort((a, b) => compareKeys(a.name, b.name));
  if (input.ContinuationToken !== undefined) {
    const after = Buffer.from(input.ContinuationToken, 'base64').toString();
    if (!after.startsWith('b:')) throw s3Errors.badContinuationToken();
    buckets = buckets.filter((bucket) => compareKeys(bucket.name, after.slice(2)) > 0);
  }
  const max = input.MaxBuckets;
  const page = max === undefined ? buckets : buckets.slice(0, max);
  const more = page.length < buckets.length;
  return {
    Buckets: page.map((bucket) => ({
      Name: bucket.name,
      CreationDate: new Date(Math.floor(bucket.createdAt / 1000) * 1000),
      BucketRegion: bucket.region,
      BucketArn: bucket.arn,
    })),
    Owner: { ID: backend.canonicalId },
    ...(more ? { ContinuationToken: bucketToken(page[page.length - 1]!.name) } : {}),
    ...(input.Prefix !== undefined ? { Prefix: input.Prefix } : {}),
  };
}

export function deleteBucket(backend: S3Backend, input: Partial<DeleteBucketRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  if (!bucket.empty) throw s3Errors.bucketNotEmpty(bucket.name, bucket.onlyVersions);
  backend.deleteBucket(bucket);
  return withResponseMetadata({}, { httpStatusCode: 204 });
}

export function getBucketLocation(backend: S3Backend, input: Partial<GetBucketLocationRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  // §1.2 [AWS-snap]: a us-east-1 bucket's constraint is null.
  return bucket.region === US_EAST_1 ? {} : { LocationConstraint: bucket.region };
}

export function putBucketVersioning(backend: S3Backend, input: Partial<PutBucketVersioningRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const status = input.VersioningConfiguration?.Status;
  if (status === undefined) throw s3Errors.noVersioningStatus();
  if (status !== 'Enabled' && status !== 'Suspended') throw s3Errors.malformedXml();
  bucket.versioning = status;
  return {};
}

export function getBucketVersioning(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  return bucket.versioning === 'Unversioned' ? {} : { Status: bucket.versioning };
}

/** §4.2 [AWS-snap]: a policy must be a JSON object with a Statement; S3 stores it and does not enforce it. */
export function putBucketPolicy(backend: S3Backend, input: Partial<PutBucketPolicyRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const text = input.Policy ?? '';
  let parsed: unknown;
  try {
    parsed = text.trimStart().startsWith('{') ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) throw s3Errors.policyNotJson();
  if (!('Statement' in parsed)) throw s3Errors.policyWithoutStatement();
  bucket.policy = text;
  return withResponseMetadata({}, { httpStatusCode: 204 });
}

export function getBucketPolicy(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  if (bucket.policy === undefined) throw s3Errors.noSuchBucketPolicy(bucket.name);
  return { Policy: bucket.policy };
}

export function deleteBucketPolicy(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  bucket.policy = undefined;
  return withResponseMetadata({}, { httpStatusCode: 204 });
}

export function putBucketTagging(backend: S3Backend, input: Partial<PutBucketTaggingRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const tags = (input.Tagging?.TagSet ?? []) as { Key: string; Value: string }[];
  for (const tag of tags) if (tag.Key?.startsWith('aws:')) throw s3Errors.systemBucketTag(tag.Key);
  bucket.tags = checkTags(tags, false);
  return withResponseMetadata({}, { httpStatusCode: 204 });
}

export function getBucketTagging(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  if (bucket.tags === undefined || bucket.tags.length === 0) throw s3Errors.noSuchTagSet(bucket.name);
  return { TagSet: bucket.tags.map((tag) => ({ ...tag })) };
}

export function deleteBucketTagging(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  bucket.tags = undefined;
  return withResponseMetadata({}, { httpStatusCode: 204 });
}
