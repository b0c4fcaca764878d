/**
 * ACLs, Object Ownership and Block Public Access (docs/aws-behaviour/s3.md §1.5): the ownership controls and the
 * public access block of a bucket, its ACL and its objects' ACLs, and the check every request that sets an ACL goes
 * through (PutObject, CopyObject, CreateMultipartUpload, CreateBucket, Put*Acl). The grants are stored and answered;
 * whether they let anyone in is not emulated (§7).
 */
import type {
  GetObjectAclRequest,
  PutBucketAclRequest,
  PutBucketOwnershipControlsRequest,
  PutObjectAclRequest,
  PutPublicAccessBlockRequest,
} from '@aws-sdk/client-s3';
import { isDeepStrictEqual } from 'node:util';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import {
  isObjectOwnership,
  isPublic,
  ownerGrant,
  ownerOnly,
  requestedAcl,
  type AclInput,
  type Grant,
  type ObjectOwnership,
  type RequestedAcl,
} from '../acl.js';
import type { Bucket } from '../bucket.js';
import { s3Errors } from '../errors.js';
import type { S3Backend } from '../s3-backend.js';
import { versionToRead } from './read.js';

/**
 * §1.5 [Docs]: a bucket with ACLs disabled takes only ACLs that give the bucket owner full control:
 * `bucket-owner-full-control`, or grants to the owner alone. For an object `private` too, which in one account is the
 * same ACL [3P]; PutBucketAcl refuses `private` [3P].
 */
function ownerFullControl(requested: RequestedAcl, ownerId: string, target: 'bucket' | 'object'): boolean {
  if (requested.kind === 'canned')
    return requested.name === 'bucket-owner-full-control' || (target === 'object' && requested.name === 'private');
  return ownerOnly(requested.grants, ownerId);
}

/**
 * The grants a request that sets an ACL on `bucket` or one of its objects leaves, after S3's checks (§1.5): the
 * request's own checks, then AccessControlListNotSupported where the bucket's ownership disables ACLs (nothing is
 * stored there), then AccessDenied for a public ACL while Block Public Access blocks public ACLs.
 */
export function aclToSet(
  backend: S3Backend,
  bucket: Bucket,
  input: AclInput,
  target: 'bucket' | 'object',
): readonly Grant[] | undefined {
  const requested = requestedAcl(input, backend.canonicalId);
  if (requested === undefined) return undefined;
  if (bucket.ownership === 'BucketOwnerEnforced') {
    if (!ownerFullControl(requested, backend.canonicalId, target)) throw s3Errors.aclNotSupported();
    return undefined;
  }
  if (bucket.publicAccessBlock?.BlockPublicAcls && isPublic(requested.grants)) throw s3Errors.publicAclDenied();
  return requested.grants;
}

/**
 * §1.5: CreateBucket's `ObjectOwnership` and ACL. An ACL other than the owner's alone needs ACLs on (else
 * InvalidBucketAclWithObjectOwnership), and a public one is refused while Block Public Access is on, as it is for
 * every new bucket. A `private` ACL without ObjectOwnership makes the bucket BucketOwnerPreferred [3P].
 */
export function creationAcl(
  backend: S3Backend,
  input: AclInput & { readonly ObjectOwnership?: string | undefined },
): { readonly ownership: ObjectOwnership; readonly acl: readonly Grant[] | undefined } {
  const given = input.ObjectOwnership;
  if (given !== undefined && !isObjectOwnership(given)) throw s3Errors.invalidObjectOwnership(given);
  const requested = requestedAcl({ ...input, AccessControlPolicy: undefined }, backend.canonicalId);
  if (requested === undefined) return { ownership: given ?? 'BucketOwnerEnforced', acl: undefined };
  const ownership =
    given ??
    (requested.kind === 'canned' && requested.name === 'private' ? 'BucketOwnerPreferred' : 'BucketOwnerEnforced');
  if (ownership === 'BucketOwnerEnforced') {
    if (!ownerOnly(requested.grants, backend.canonicalId)) throw s3Errors.aclWithObjectOwnership();
    return { ownership, acl: undefined };
  }
  if (isPublic(requested.grants)) throw s3Errors.publicAclBlocked();
  return { ownership, acl: requested.grants };
}

/** §1.5 [AWS-snap]: how S3 answers an ACL: the owner as `{ID}`, each grantee with its Type. */
function aclOutput(ownerId: string, grants: readonly Grant[]): object {
  return {
    Owner: { ID: ownerId },
    Grants: grants.map(({ Grantee, Permission }) => ({ Grantee: { ...Grantee }, Permission })),
  };
}

/** §1.5 [Docs]: on a bucket with ACLs disabled every ACL reads as the owner's full control. */
function shownGrants(backend: S3Backend, bucket: Bucket, grants: readonly Grant[] | undefined): readonly Grant[] {
  if (bucket.ownership === 'BucketOwnerEnforced' || grants === undefined) return [ownerGrant(backend.canonicalId)];
  return grants;
}

/** §1.5 [AWS-snap]: PutBucketAcl and PutObjectAcl need an ACL: none at all is MissingSecurityHeader. */
function requireAcl(input: AclInput): void {
  const named = Object.values(input).some((value) => value !== undefined);
  if (!named) throw s3Errors.missingAcl();
}

const aclMembers = (input: AclInput): AclInput => ({
  ACL: input.ACL,
  GrantFullControl: input.GrantFullControl,
  GrantRead: input.GrantRead,
  GrantReadACP: input.GrantReadACP,
  GrantWrite: input.GrantWrite,
  GrantWriteACP: input.GrantWriteACP,
  AccessControlPolicy: input.AccessControlPolicy,
});

export function putBucketAcl(backend: S3Backend, input: Partial<PutBucketAclRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const given = aclMembers(input);
  requireAcl(given);
  const grants = aclToSet(backend, bucket, given, 'bucket');
  if (bucket.ownership !== 'BucketOwnerEnforced') bucket.acl = grants;
  return {};
}

export function getBucketAcl(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  return aclOutput(backend.canonicalId, shownGrants(backend, bucket, bucket.acl));
}

export function putObjectAcl(backend: S3Backend, input: Partial<PutObjectAclRequest>, request: RequestContext): object {
  const bucket = backend.bucket(input.Bucket);
  const given = aclMembers(input);
  requireAcl(given);
  const grants = aclToSet(backend, bucket, given, 'object');
  const key = input.Key ?? '';
  // §1.5 [AWS-snap]: a delete marker, current or named, is MethodNotAllowed for a PUT.
  const current = input.VersionId === undefined ? bucket.current(key) : undefined;
  if (current?.deleteMarker) throw s3Errors.putAclOnDeleteMarker();
  const version = versionToRead(bucket, key, input.VersionId);
  if (version.deleteMarker) throw s3Errors.putAclOnDeleteMarker();
  // A bucket with ACLs disabled takes only the ACL it has already: nothing changes.
  if (grants === undefined) return {};
  const before = shownGrants(backend, bucket, version.acl);
  version.acl = grants;
  // §3.3 [Docs]: s3:ObjectAcl:Put is sent when an object's ACL is set or changed, never for a request that changes
  // nothing.
  if (!isDeepStrictEqual(before, shownGrants(backend, bucket, grants)))
    backend.emit(bucket, 'ObjectAcl:Put', request, { key: version.key, version: { ...version, body: NO_SIZE } });
  return {};
}

/** An ACL event has no size (§3.5), as a tagging event has none. */
const NO_SIZE = Buffer.alloc(0);

export function getObjectAcl(backend: S3Backend, input: Partial<GetObjectAclRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const version = versionToRead(bucket, input.Key ?? '', input.VersionId);
  if (version.deleteMarker) throw s3Errors.deleteMarkerMethod();
  return aclOutput(backend.canonicalId, shownGrants(backend, bucket, version.acl));
}

/**
 * §1.5 [AWS-snap]: exactly one rule naming one of the three settings, else MalformedXML; enforcing on a bucket whose
 * ACL grants others is InvalidBucketAclWithObjectOwnership [Docs].
 */
export function putBucketOwnershipControls(
  backend: S3Backend,
  input: Partial<PutBucketOwnershipControlsRequest>,
): object {
  const bucket = backend.bucket(input.Bucket);
  const rules = input.OwnershipControls?.Rules ?? [];
  const ownership = rules[0]?.ObjectOwnership;
  if (rules.length !== 1 || !isObjectOwnership(ownership)) throw s3Errors.malformedXml();
  if (ownership === 'BucketOwnerEnforced' && bucket.acl !== undefined && !ownerOnly(bucket.acl, backend.canonicalId))
    throw s3Errors.aclWithObjectOwnership();
  bucket.ownership = ownership;
  return {};
}

export function getBucketOwnershipControls(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  if (bucket.ownership === undefined) throw s3Errors.ownershipControlsNotFound(bucket.name);
  return { OwnershipControls: { Rules: [{ ObjectOwnership: bucket.ownership }] } };
}

export function deleteBucketOwnershipControls(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  bucket.ownership = undefined;
  return withResponseMetadata({}, { httpStatusCode: 204 });
}

/** §1.5 [AWS-snap]: a setting left out is false. **Emulation:** no configuration at all is MalformedXML. */
export function putPublicAccessBlock(backend: S3Backend, input: Partial<PutPublicAccessBlockRequest>): object {
  const bucket = backend.bucket(input.Bucket);
  const given = input.PublicAccessBlockConfiguration;
  if (given === undefined) throw s3Errors.malformedXml();
  bucket.publicAccessBlock = {
    BlockPublicAcls: given.BlockPublicAcls === true,
    IgnorePublicAcls: given.IgnorePublicAcls === true,
    BlockPublicPolicy: given.BlockPublicPolicy === true,
    RestrictPublicBuckets: given.RestrictPublicBuckets === true,
  };
  return {};
}

export function getPublicAccessBlock(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  if (bucket.publicAccessBlock === undefined) throw s3Errors.noSuchPublicAccessBlock(bucket.name);
  return { PublicAccessBlockConfiguration: { ...bucket.publicAccessBlock } };
}

export function deletePublicAccessBlock(backend: S3Backend, input: { Bucket?: string }): object {
  const bucket = backend.bucket(input.Bucket);
  bucket.publicAccessBlock = undefined;
  return withResponseMetadata({}, { httpStatusCode: 204 });
}
