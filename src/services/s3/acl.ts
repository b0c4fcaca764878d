/**
 * ACLs and Object Ownership as S3 keeps them (docs/aws-behaviour/s3.md §1.5): the grants a canned ACL stands for, the
 * grants a request asks for (a canned ACL, `x-amz-grant-*` headers or an AccessControlPolicy body) with S3's checks,
 * and what makes an ACL public or the owner's alone. Whether a grant lets anyone in is not emulated (§7).
 */
import { s3Errors } from './errors.js';

export const OBJECT_OWNERSHIPS = ['BucketOwnerEnforced', 'BucketOwnerPreferred', 'ObjectWriter'] as const;
export type ObjectOwnership = (typeof OBJECT_OWNERSHIPS)[number];

export const isObjectOwnership = (value: unknown): value is ObjectOwnership =>
  (OBJECT_OWNERSHIPS as readonly unknown[]).includes(value);

const PERMISSIONS = ['FULL_CONTROL', 'WRITE', 'WRITE_ACP', 'READ', 'READ_ACP'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Grantee {
  readonly Type: 'CanonicalUser' | 'Group' | 'AmazonCustomerByEmail';
  readonly ID?: string;
  readonly URI?: string;
  readonly EmailAddress?: string;
}

export interface Grant {
  readonly Grantee: Grantee;
  readonly Permission: Permission;
}

/** §1.5 [Docs]: the predefined groups a grant may name. */
export const GROUPS = {
  AllUsers: 'http://acs.amazonaws.com/groups/global/AllUsers',
  AuthenticatedUsers: 'http://acs.amazonaws.com/groups/global/AuthenticatedUsers',
  LogDelivery: 'http://acs.amazonaws.com/groups/s3/LogDelivery',
} as const;
const GROUP_URIS: readonly string[] = Object.values(GROUPS);

export const CANNED_ACLS = [
  'private',
  'public-read',
  'public-read-write',
  'authenticated-read',
  'aws-exec-read',
  'bucket-owner-read',
  'bucket-owner-full-control',
  'log-delivery-write',
] as const;
export type CannedAcl = (typeof CANNED_ACLS)[number];

const group = (uri: string, permission: Permission): Grant => ({
  Grantee: { Type: 'Group', URI: uri },
  Permission: permission,
});

/** The owner's FULL_CONTROL: what a private ACL holds, and what any ACL read on an enforced bucket shows (§1.5). */
export const ownerGrant = (ownerId: string): Grant => ({
  Grantee: { Type: 'CanonicalUser', ID: ownerId },
  Permission: 'FULL_CONTROL',
});

/**
 * §1.5 [Docs, "Canned ACL"]: the grants a canned ACL stands for, the owner's FULL_CONTROL first. The writer is always
 * the bucket owner here (one account), so `bucket-owner-read` and `bucket-owner-full-control` hold the owner's
 * FULL_CONTROL alone; `aws-exec-read`'s READ for EC2 is left out (its grantee is not recorded). **Emulation** (§1.5).
 */
export function cannedGrants(acl: CannedAcl, ownerId: string): Grant[] {
  const owner = ownerGrant(ownerId);
  switch (acl) {
    case 'public-read':
      return [owner, group(GROUPS.AllUsers, 'READ')];
    case 'public-read-write':
      return [owner, group(GROUPS.AllUsers, 'READ'), group(GROUPS.AllUsers, 'WRITE')];
    case 'authenticated-read':
      return [owner, group(GROUPS.AuthenticatedUsers, 'READ')];
    case 'log-delivery-write':
      return [owner, group(GROUPS.LogDelivery, 'WRITE'), group(GROUPS.LogDelivery, 'READ_ACP')];
    default:
      return [owner];
  }
}

/** §1.5 [Docs, "The meaning of public"]: an ACL is public when it grants AllUsers or AuthenticatedUsers anything. */
export const isPublic = (grants: readonly Grant[]): boolean =>
  grants.some(({ Grantee }) => Grantee.URI === GROUPS.AllUsers || Grantee.URI === GROUPS.AuthenticatedUsers);

/** Whether the grants give nobody but the owner anything: the "bucket owner full control" ACLs of §1.5. */
export const ownerOnly = (grants: readonly Grant[], ownerId: string): boolean =>
  grants.every(({ Grantee }) => Grantee.Type === 'CanonicalUser' && Grantee.ID === ownerId);

/** What a request asks for: a canned ACL, grants from the headers, or an AccessControlPolicy body (§1.5). */
export type RequestedAcl =
  | { readonly kind: 'canned'; readonly name: CannedAcl; readonly grants: readonly Grant[] }
  | { readonly kind: 'grants' | 'policy'; readonly grants: readonly Grant[] };

/** The members of a request that carry an ACL, as the SDK names them. */
export interface AclInput {
  readonly ACL?: string | undefined;
  readonly GrantFullControl?: string | undefined;
  readonly GrantRead?: string | undefined;
  readonly GrantReadACP?: string | undefined;
  readonly GrantWrite?: string | undefined;
  readonly GrantWriteACP?: string | undefined;
  readonly AccessControlPolicy?: unknown;
}

/** The grant headers by member, with the permission each gives and its name on the wire (the error's ArgumentName). */
const GRANT_HEADERS = [
  ['GrantFullControl', 'FULL_CONTROL', 'x-amz-grant-full-control'],
  ['GrantWrite', 'WRITE', 'x-amz-grant-write'],
  ['GrantWriteACP', 'WRITE_ACP', 'x-amz-grant-write-acp'],
  ['GrantRead', 'READ', 'x-amz-grant-read'],
  ['GrantReadACP', 'READ_ACP', 'x-amz-grant-read-acp'],
] as const;

/**
 * §1.5 **Emulation**: a canonical user id is 64 lower-case hex digits, as the account's own is; S3 also checks that
 * such a user exists, which the emulation cannot.
 */
const validId = (id: string): boolean => /^[0-9a-f]{64}$/.test(id);

/** One `type="value"` of a grant header (§1.5 [AWS-snap]: an unknown type is "Argument format not recognized"). */
function headerGrantee(item: string, header: string, whole: string): Grantee {
  const match = /^\s*(id|uri|emailAddress)\s*=\s*(?:"([^"]*)"|([^\s"]*))\s*$/.exec(item);
  if (!match) throw s3Errors.aclArgumentFormat(header, whole);
  const value = match[2] ?? match[3] ?? '';
  switch (match[1]) {
    case 'id':
      if (!validId(value)) throw s3Errors.aclInvalidId('id', value);
      return { Type: 'CanonicalUser', ID: value };
    case 'uri':
      if (!GROUP_URIS.includes(value)) throw s3Errors.aclInvalidGroup('uri', value);
      return { Type: 'Group', URI: value };
    default:
      return { Type: 'AmazonCustomerByEmail', EmailAddress: value };
  }
}

function headerGrants(input: AclInput): Grant[] | undefined {
  let grants: Grant[] | undefined;
  for (const [member, permission, header] of GRANT_HEADERS) {
    const value = input[member];
    if (value === undefined) continue;
    grants ??= [];
    for (const item of value.split(','))
      grants.push({ Grantee: headerGrantee(item, header, value), Permission: permission });
  }
  return grants;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * §1.5 [AWS-snap]: an AccessControlPolicy must have an Owner and well-formed grants (else MalformedACLError); then the
 * owner's id, then each grantee's id or group, are checked (InvalidArgument).
 */
function policyGrants(policy: unknown): Grant[] {
  const owner = isRecord(policy) ? policy['Owner'] : undefined;
  if (!isRecord(owner) || typeof owner['ID'] !== 'string') throw s3Errors.malformedAcl();
  const given = (policy as Json)['Grants'];
  const list = Array.isArray(given) ? given : [];
  const grants = list.map(wellFormedGrant);
  if (!validId(owner['ID'])) throw s3Errors.aclInvalidId('CanonicalUser/ID', owner['ID']);
  for (const { Grantee } of grants) {
    if (Grantee.Type === 'CanonicalUser' && !validId(Grantee.ID ?? ''))
      throw s3Errors.aclInvalidId('CanonicalUser/ID', Grantee.ID ?? '');
    if (Grantee.Type === 'Group' && !GROUP_URIS.includes(Grantee.URI ?? ''))
      throw s3Errors.aclInvalidGroup('Group/URI', Grantee.URI ?? '');
  }
  return grants;
}

function wellFormedGrant(grant: unknown): Grant {
  const grantee = isRecord(grant) ? grant['Grantee'] : undefined;
  const permission = isRecord(grant) ? grant['Permission'] : undefined;
  if (!isRecord(grantee) || !(PERMISSIONS as readonly unknown[]).includes(permission)) throw s3Errors.malformedAcl();
  const text = (name: string) => (typeof grantee[name] === 'string' ? (grantee[name] as string) : undefined);
  const type = text('Type');
  const value =
    type === 'CanonicalUser'
      ? text('ID')
      : type === 'Group'
        ? text('URI')
        : type === 'AmazonCustomerByEmail'
          ? text('EmailAddress')
          : undefined;
  if (value === undefined) throw s3Errors.malformedAcl();
  const member = type === 'CanonicalUser' ? 'ID' : type === 'Group' ? 'URI' : 'EmailAddress';
  return { Grantee: { Type: type as Grantee['Type'], [member]: value }, Permission: permission as Permission };
}

/**
 * The ACL a request asks for, checked as S3 checks it (§1.5 [AWS-snap]), or undefined when it names none. A canned
 * ACL with grant headers is InvalidRequest; either with a body is UnexpectedContent.
 */
export function requestedAcl(input: AclInput, ownerId: string): RequestedAcl | undefined {
  const canned = input.ACL;
  if (canned !== undefined && !(CANNED_ACLS as readonly string[]).includes(canned))
    throw s3Errors.invalidCannedAcl(canned);
  const grants = headerGrants(input);
  if (canned !== undefined && grants !== undefined) throw s3Errors.cannedAndGrants();
  const policy = input.AccessControlPolicy;
  if (policy !== undefined && (canned !== undefined || grants !== undefined)) throw s3Errors.unexpectedContent();
  if (canned !== undefined)
    return { kind: 'canned', name: canned as CannedAcl, grants: cannedGrants(canned as CannedAcl, ownerId) };
  if (grants !== undefined) return { kind: 'grants', grants };
  if (policy !== undefined) return { kind: 'policy', grants: policyGrants(policy) };
  return undefined;
}
