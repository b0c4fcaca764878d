/**
 * Which bucket and key a request names (docs/aws-behaviour/s3.md §6.1): virtual-hosted (`Host: <bucket>.localhost`,
 * `<bucket>.s3.<…>.amazonaws.com`) or path style (`/<bucket>/<key>`), the key percent-decoded once.
 */
import { decodedSegment } from '../../core/wire/url-segment.js';

export interface Addressed {
  readonly bucket: string | undefined;
  /** The key, decoded; `''` for a request on the bucket itself. */
  readonly key: string;
}

/** The bucket a Host names, when it is virtual-hosted. */
function hostedBucket(host: string): string | undefined {
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const local = /^(.+?)(?:\.s3)?\.localhost$/.exec(hostname);
  if (local) return local[1];
  const aws = /^(.+)\.s3(?:[.-][a-z0-9-]+)*\.amazonaws\.com(?:\.cn)?$/.exec(hostname);
  return aws?.[1];
}

export function addressOf(path: string, host: string): Addressed {
  const hosted = hostedBucket(host);
  if (hosted !== undefined) return { bucket: hosted, key: decodedSegment(path.replace(/^\//, '')) };
  const rest = path.replace(/^\//, '');
  if (rest === '') return { bucket: undefined, key: '' };
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: decodedSegment(rest), key: '' };
  return { bucket: decodedSegment(rest.slice(0, slash)), key: decodedSegment(rest.slice(slash + 1)) };
}
