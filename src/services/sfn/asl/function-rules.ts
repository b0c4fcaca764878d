/**
 * What JSONPath's intrinsic functions and the functions Step Functions adds to JSONata share
 * (docs/aws-behaviour/stepfunctions.md §2.3, §2.5): the hash algorithms by their names, a seeded random number, and
 * the account's randomness both draw from. A leaf: the JSONata part (asl/jsonata/) and the intrinsics both import it.
 */
import { createHash } from 'node:crypto';

/** The account's seedable randomness, for MathRandom, UUID, `$random()` and `$uuid()`. */
export interface Randomness {
  random(): number;
  uuid(): string;
}

/** The algorithms `States.Hash` and `$hash` take, by AWS's names, as node:crypto names them. */
const HASH_ALGORITHMS: Readonly<Record<string, string>> = {
  MD5: 'md5',
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};

/** The lowercase hex digest of `text` by `algorithm` (AWS's name), or undefined for an algorithm AWS does not take. */
export function hashOf(text: string, algorithm: string): string | undefined {
  const node = Object.hasOwn(HASH_ALGORITHMS, algorithm) ? HASH_ALGORITHMS[algorithm] : undefined;
  return node === undefined ? undefined : createHash(node).update(text, 'utf8').digest('hex');
}

/** A number in [0, 1) that depends on the seed only (§7.2: AWS's sequence is not reproducible here). */
export function seededRandom(seed: number): number {
  let x = (seed ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 4_294_967_296;
}
