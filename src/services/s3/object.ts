/**
 * One version of an object as a bucket keeps it (docs/aws-behaviour/s3.md §2): its bytes, kept once and handed out
 * without a copy, and what S3 stores beside them. A delete marker is a version with no body (§1.4).
 */
import type { Grant } from './acl.js';
import { checksumOf, type ChecksumAlgorithm } from './checksums.js';

/** The version id of an object written while the bucket's versioning was never enabled, or suspended (§1.4). */
export const NULL_VERSION = 'null';

/** The headers S3 stores with an object and answers on Get and Head (§2.2). */
export interface StoredHeaders {
  readonly ContentType: string;
  readonly ContentEncoding?: string | undefined;
  readonly ContentDisposition?: string | undefined;
  readonly ContentLanguage?: string | undefined;
  readonly CacheControl?: string | undefined;
  readonly Expires?: Date | undefined;
  readonly WebsiteRedirectLocation?: string | undefined;
}

export interface Tag {
  readonly Key: string;
  readonly Value: string;
}

/**
 * The checksum an object keeps (§2.11): the one its upload carried, or, for an upload without one, a CRC64NVME S3
 * works out itself (here when first read). A multipart object's may be COMPOSITE: `<base64>-<parts>`.
 */
export class StoredChecksum {
  #value: string | undefined;

  constructor(
    readonly algorithm: ChecksumAlgorithm,
    readonly type: 'FULL_OBJECT' | 'COMPOSITE',
    value: string | undefined,
    private readonly bytes: () => Uint8Array,
  ) {
    this.#value = value;
  }

  get value(): string {
    return (this.#value ??= checksumOf(this.algorithm, this.bytes()));
  }
}

export interface CompositePart {
  readonly partNumber: number;
  readonly checksum: string;
}

export interface ObjectVersion {
  readonly key: string;
  /** `null` (NULL_VERSION) unless written while versioning was enabled. */
  readonly versionId: string;
  readonly deleteMarker: boolean;
  /** The object's bytes; empty for a delete marker. */
  readonly body: Buffer;
  /** Quoted, as S3 answers it: `"<md5 hex>"`, or `"<hex>-<parts>"` for a multipart upload (§2.9). */
  readonly etag: string;
  /** Epoch ms, to the second, as S3 keeps it (§2.3). */
  readonly lastModified: number;
  readonly headers: StoredHeaders;
  /** User metadata, names lower-cased (§2.1). */
  readonly metadata: Readonly<Record<string, string>>;
  readonly storageClass: string;
  tags: readonly Tag[];
  readonly checksum: StoredChecksum | undefined;
  /** The sizes of a multipart object's parts, for a GET by part number (§2.3). */
  readonly partSizes?: readonly number[] | undefined;
  /**
   * The number and checksum of each part of a multipart object whose checksum is COMPOSITE: GetObjectAttributes
   * lists them (§2.14). Kept for those alone, the only ones S3 lists parts of.
   */
  readonly compositeParts?: readonly CompositePart[] | undefined;
  /** The grants its ACL holds, when set while the bucket took ACLs; undefined: private (§1.5). */
  acl?: readonly Grant[] | undefined;
  /** The id of the event notification this version's write emitted: the journey a read of it joins. */
  eventId?: string | undefined;
}

/** Epoch ms to the second: what S3's Last-Modified keeps (§2.3). */
export function toSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}
