/**
 * The S3 matcher: `expect(aws.s3.bucket(name)).toHaveObject(key, { body, contentType, metadata })`. `body` matches
 * the object's text as `toContainMessage` matches a message body (a string exactly; an object or array as JSON it
 * contains; asymmetric matchers), or its bytes when given a Uint8Array; `metadata` as `toMatchObject` reads it. A
 * failure says what the bucket holds, or which of the object's attributes differ.
 */
import type { BucketView, ObjectView } from '../services/s3/views.js';
import { describeExpected, listBodies } from './format.js';
import { bodyMatches, containsDeep, type Equals, type MessageMatch } from './match.js';
import type { MatcherOutcome } from './outcome.js';
import { asBucketView } from './received.js';

export interface ObjectExpectation {
  /** The object's text (or, as bytes, its exact bytes). */
  readonly body?: MessageMatch | Uint8Array;
  readonly contentType?: unknown;
  /** User metadata the object has (names lower-case, as S3 keeps them); others may be there too. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** Keys a failure lists. */
const MAX_KEYS = 10;

export function toHaveObject(received: unknown, key: unknown, expected: unknown, equals: Equals): MatcherOutcome {
  const bucket = asBucketView(received, 'toHaveObject');
  if (typeof key !== 'string') throw new TypeError(`toHaveObject: the key must be a string, got ${typeof key}`);
  const expectation = (expected ?? {}) as ObjectExpectation;
  const object = bucket.find(key);
  const subject = `bucket "${bucket.name}"`;
  const wanted = describeExpectation(expectation);
  if (!object) {
    return {
      pass: false,
      missing: true,
      message: () => `expected ${subject} to have an object ${JSON.stringify(key)}${wanted}, but ${holds(bucket)}`,
    };
  }
  const differences = differencesOf(object, expectation, equals);
  const pass = differences.length === 0;
  return {
    pass,
    message: () =>
      pass
        ? `expected ${subject} not to have an object ${JSON.stringify(key)}${wanted}, but it does`
        : `expected ${subject} to have an object ${JSON.stringify(key)}${wanted}, but its ${differences.join('; its ')}`,
  };
}

function describeExpectation({ body, contentType, metadata }: ObjectExpectation): string {
  const parts: string[] = [];
  if (body !== undefined)
    parts.push(`body ${body instanceof Uint8Array ? `of ${body.length} bytes` : describeExpected(body)}`);
  if (contentType !== undefined) parts.push(`content type ${describeExpected(contentType)}`);
  if (metadata !== undefined) parts.push(`metadata ${describeExpected(metadata)}`);
  return parts.length === 0 ? '' : ` with ${parts.join(', ')}`;
}

function differencesOf(object: ObjectView, { body, contentType, metadata }: ObjectExpectation, equals: Equals) {
  const differences: string[] = [];
  if (body instanceof Uint8Array) {
    const bytes = object.bytes();
    if (bytes.length !== body.length || bytes.some((byte, index) => byte !== body[index]))
      differences.push(`body is ${object.size} bytes that differ`);
  } else if (body !== undefined && !bodyMatches(object.text(), body, equals)) {
    differences.push(`body is ${listBodies([object.text()])}`);
  }
  if (contentType !== undefined && !equals(object.contentType, contentType))
    differences.push(`content type is ${JSON.stringify(object.contentType)}`);
  if (metadata !== undefined && !containsDeep(object.metadata, metadata, equals))
    differences.push(`metadata is ${describeExpected(object.metadata)}`);
  return differences;
}

function holds(bucket: BucketView): string {
  const keys = bucket.objects().map((object) => object.key);
  if (keys.length === 0) return 'it is empty';
  const shown = keys.slice(0, MAX_KEYS).map((key) => JSON.stringify(key));
  return `it has ${keys.length === 1 ? 'one object' : `${keys.length} objects`}: ${shown.join(', ')}${keys.length > MAX_KEYS ? ', …' : ''}`;
}
