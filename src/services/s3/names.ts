/**
 * S3's rules for names and sizes (docs/aws-behaviour/s3.md §1.1, §2.1), written once: the actions and the
 * CloudFormation types check through these.
 */
import { partitionOf } from '../../core/arn.js';

/** The ARN of a bucket: no region, no account (§1.1). */
export function bucketArn(name: string, region: string): string {
  return `arn:${partitionOf(region)}:s3:::${name}`;
}

/** The bucket an ARN of S3 names (`arn:aws:s3:::name`, or `arn:aws:s3:::name/key` of an object), or undefined. */
export function bucketOfArn(arn: string): string | undefined {
  const match = /^arn:[a-z-]+:s3:::([^/]+)/.exec(arn);
  return match?.[1];
}

/** The prefixes and suffixes a general purpose bucket's name may not have (§1.1 [D]). */
const RESERVED_PREFIXES = ['xn--', 'sthree-', 'amzn-s3-demo-'];
const RESERVED_SUFFIXES = ['-s3alias', '--ol-s3', '.mrap', '--x-s3'];

/** Whether S3 takes `name` for a new bucket (§1.1). */
export function validBucketName(name: string): boolean {
  if (name.length < 3 || name.length > 63) return false;
  if (!/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(name)) return false;
  if (name.includes('..')) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return false;
  if (RESERVED_PREFIXES.some((prefix) => name.startsWith(prefix))) return false;
  return !RESERVED_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** A key's most UTF-8 bytes (§2.1). */
export const MAX_KEY_BYTES = 1024;
/** The most bytes of user metadata, names and values together (§2.1). */
export const MAX_METADATA_BYTES = 2048;
/** The most bytes of one PutObject or UploadPart (§2.1): 5 GiB. */
export const MAX_SINGLE_UPLOAD_BYTES = 5 * 1024 ** 3;
/** The least bytes of a part that is not the last (§2.9): 5 MiB. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** Part numbers run from 1 to this (§2.9). */
export const MAX_PART_NUMBER = 10_000;
/** A listing's most keys per page, and its default (§2.7). */
export const MAX_KEYS = 1000;

/** The region a bucket's LocationConstraint names: `EU` is eu-west-1's old name (§1.2 [D]). */
export function constraintRegion(constraint: string): string {
  return constraint === 'EU' ? 'eu-west-1' : constraint;
}
