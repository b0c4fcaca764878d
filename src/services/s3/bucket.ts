/**
 * A bucket (docs/aws-behaviour/s3.md §1): its objects by key, each with its versions as far as notifications and
 * reads need them (§1.4), their keys in listing order, its multipart uploads and the configurations S3 keeps on it.
 */
import type { Grant, ObjectOwnership } from './acl.js';
import { KeyIndex } from './key-index.js';
import { NULL_VERSION, type ObjectVersion, type Tag } from './object.js';
import type { MultipartUpload } from './multipart.js';
import type { BucketNotifications } from './notifications/configuration.js';

/** `Unversioned` until PutBucketVersioning first enables it; then `Enabled` or `Suspended`, never back (§1.4). */
export type VersioningState = 'Unversioned' | 'Enabled' | 'Suspended';

/** A bucket's Block Public Access settings (§1.5). */
export interface PublicAccessBlock {
  readonly BlockPublicAcls: boolean;
  readonly IgnorePublicAcls: boolean;
  readonly BlockPublicPolicy: boolean;
  readonly RestrictPublicBuckets: boolean;
}

const BLOCK_ALL: PublicAccessBlock = {
  BlockPublicAcls: true,
  IgnorePublicAcls: true,
  BlockPublicPolicy: true,
  RestrictPublicBuckets: true,
};

export class Bucket {
  versioning: VersioningState = 'Unversioned';
  /** Each key's versions, oldest first; the last is the current one (a delete marker, on a versioned bucket). */
  private readonly versions = new Map<string, ObjectVersion[]>();
  /** The keys whose current version is an object, not a delete marker: what a listing shows (§2.7). */
  readonly keys = new KeyIndex();
  /** Every key with a version or a delete marker: what ListObjectVersions walks (§2.12). */
  readonly versionedKeys = new KeyIndex();
  readonly uploads = new Map<string, MultipartUpload>();
  notifications: BucketNotifications = { targets: [], eventBridge: false };
  policy: string | undefined;
  tags: readonly Tag[] | undefined;
  /** §1.5 [AWS-snap]: `BucketOwnerEnforced` unless created or put otherwise; undefined once deleted (ACLs then on). */
  ownership: ObjectOwnership | undefined = 'BucketOwnerEnforced';
  /** The bucket's own ACL grants, where ACLs were on when set; undefined: private (§1.5). */
  acl: readonly Grant[] | undefined;
  /** §1.5 [AWS-snap]: every setting on for a new bucket; undefined once deleted. */
  publicAccessBlock: PublicAccessBlock | undefined = { ...BLOCK_ALL };
  /**
   * Every version id S3 gave in this bucket, with the order it gave them in: a read of one no longer kept is
   * NoSuchVersion (§1.4), and a listing's version-id marker no longer kept still says where its listing goes on
   * (§2.12).
   */
  readonly issued = new Map<string, number>();
  /** The last event sequencer the bucket gave (§3.5): increasing, so later events of a key compare greater. */
  sequencer = 0;

  constructor(
    readonly name: string,
    readonly region: string,
    readonly arn: string,
    readonly createdAt: number,
  ) {}

  /** The current version of `key` (maybe a delete marker), or undefined. */
  current(key: string): ObjectVersion | undefined {
    const versions = this.versions.get(key);
    return versions?.[versions.length - 1];
  }

  /** The current version of `key` if it is an object. */
  object(key: string): ObjectVersion | undefined {
    const current = this.current(key);
    return current && !current.deleteMarker ? current : undefined;
  }

  /** The version `versionId` of `key` (`null` for the null version), or undefined. */
  version(key: string, versionId: string): ObjectVersion | undefined {
    return this.versions.get(key)?.find((version) => version.versionId === versionId);
  }

  /**
   * Makes `version` the current one of its key: on a bucket that never had versioning, or with the null version of a
   * suspended one, it replaces the version of the same id (§1.4).
   */
  put(version: ObjectVersion): void {
    const { key } = version;
    const wasListed = this.object(key) !== undefined;
    let versions = this.versions.get(key);
    if (!versions) {
      this.versions.set(key, (versions = []));
      this.versionedKeys.add(key);
    }
    if (version.versionId === NULL_VERSION) {
      const nullAt = versions.findIndex((existing) => existing.versionId === NULL_VERSION);
      if (nullAt >= 0) versions.splice(nullAt, 1);
    }
    versions.push(version);
    this.relist(key, wasListed);
  }

  /** Removes one version of `key` for good; the one before it becomes current. */
  removeVersion(key: string, versionId: string): ObjectVersion | undefined {
    const versions = this.versions.get(key);
    const at = versions?.findIndex((existing) => existing.versionId === versionId) ?? -1;
    if (!versions || at < 0) return undefined;
    const wasListed = this.object(key) !== undefined;
    const [removed] = versions.splice(at, 1);
    if (versions.length === 0) {
      this.versions.delete(key);
      this.versionedKeys.remove(key);
    }
    this.relist(key, wasListed);
    return removed;
  }

  /** Records a version id S3 gives (§1.4). */
  issue(versionId: string): void {
    this.issued.set(versionId, this.issued.size);
  }

  /**
   * The versions of `key`, newest first, as ListObjectVersions answers them (§2.12): all, or those after the version
   * `marker` in that order. A marker no longer kept goes on from the versions S3 gave before it.
   */
  versionsAfter(key: string, marker: string | undefined): ObjectVersion[] {
    const versions = this.versions.get(key) ?? [];
    let end = versions.length;
    if (marker !== undefined) {
      const at = versions.findIndex((version) => version.versionId === marker);
      const order = this.issued.get(marker);
      if (at >= 0) end = at;
      else if (order === undefined) end = 0;
      else {
        while (end > 0 && (this.issued.get(versions[end - 1]!.versionId) ?? -1) >= order) end--;
      }
    }
    return versions.slice(0, end).reverse();
  }

  /** Every version of `key`, oldest first. */
  versionsOf(key: string): readonly ObjectVersion[] {
    return this.versions.get(key) ?? [];
  }

  /** Whether the bucket holds no object and no version (in-progress uploads do not count, §1.3). */
  get empty(): boolean {
    return this.versions.size === 0;
  }

  /** Whether it holds versions or delete markers, but no current object. */
  get onlyVersions(): boolean {
    return this.keys.size === 0 && this.versions.size > 0;
  }

  /** Drops every object: a stack's delete of a bucket CDK empties first (`Custom::S3AutoDeleteObjects`). */
  clear(): void {
    this.versions.clear();
    this.keys.clear();
    this.versionedKeys.clear();
    this.uploads.clear();
  }

  private relist(key: string, wasListed: boolean): void {
    const listed = this.object(key) !== undefined;
    if (listed && !wasListed) this.keys.add(key);
    else if (!listed && wasListed) this.keys.remove(key);
  }
}
