/**
 * A multipart upload in progress (docs/aws-behaviour/s3.md §2.9): what CreateMultipartUpload said about the object
 * to be, and the parts uploaded so far by number. Completing it joins the listed parts into one object; its ETag is
 * the MD5 of the parts' MD5s with the number of parts after a dash.
 */
import { md5Of } from './checksums.js';
import type { ChecksumAlgorithm } from './checksums.js';
import type { Grant } from './acl.js';
import type { StoredHeaders, Tag } from './object.js';

export interface UploadedPart {
  readonly partNumber: number;
  readonly body: Buffer;
  /** Quoted MD5 of the part. */
  readonly etag: string;
  readonly lastModified: number;
  /** The part's checksum by the upload's algorithm, when it has one. */
  readonly checksum: string | undefined;
}

export interface MultipartUpload {
  readonly uploadId: string;
  readonly key: string;
  readonly initiated: number;
  readonly headers: StoredHeaders;
  readonly metadata: Readonly<Record<string, string>>;
  readonly storageClass: string;
  readonly tags: readonly Tag[];
  /** The algorithm CreateMultipartUpload named, and whether the whole object's checksum is COMPOSITE (§2.9). */
  readonly checksumAlgorithm: ChecksumAlgorithm | undefined;
  readonly checksumType: 'FULL_OBJECT' | 'COMPOSITE' | undefined;
  readonly parts: Map<number, UploadedPart>;
  /** The ACL CreateMultipartUpload asked for, which the completed object takes (§1.5). */
  readonly acl: readonly Grant[] | undefined;
}

/** The ETag S3 gives a completed multipart upload: `"<md5 of the parts' binary MD5s>-<count>"` (§2.9). */
export function multipartEtag(parts: readonly UploadedPart[]): string {
  const digests = parts.map((part) => Buffer.from(part.etag.slice(1, -1), 'hex'));
  return `"${md5Of(Buffer.concat(digests)).toString('hex')}-${parts.length}"`;
}

/** An ETag as a client gives it back, with or without its quotes, compared as S3 compares them (§2.3). */
export function sameEtag(given: string, stored: string): boolean {
  const bare = (etag: string) => (etag.startsWith('"') && etag.endsWith('"') ? etag.slice(1, -1) : etag);
  return bare(given) === bare(stored);
}
