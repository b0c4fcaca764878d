/**
 * What `@aws-sdk/client-s3` does with a command on its way to the wire, after the step where the plugin answers it
 * (docs/aws-behaviour/s3.md §5.1, §5.4, measured against a canned server), as the client the command came from does
 * it: its endpoint and serializer refuse what they cannot write; with `WHEN_SUPPORTED` checksums (the default since
 * 3.729.0) it adds a CRC32 to PutObject and UploadPart (the algorithm named, the value left for S3 to work out, which
 * is the same value) and `x-amz-checksum-mode: ENABLED` to GetObject (not to HeadObject); PutObject gets
 * `Content-Type: application/octet-stream`; Node's HTTP layer refuses what it cannot send. Its deserializer reads only
 * the members its model has: an SDK before S3's CRC64NVME and `ChecksumType` never shows them. Requests over the wire
 * carry what their client did, so only the plugin's emulation adds these.
 */
import { Readable } from 'node:stream';
import type { ServiceEmulation } from '../../core/emulation.js';
import type { RequestContext } from '../../core/request-context.js';
import { requireSdk } from '../../core/sdk-errors.js';
import { CHECKSUM_ALGORITHMS } from './checksums.js';
import { clientChecksums, type ClientChecksums } from './client-checksums.js';
import { S3_SDK } from './sdk.js';

type Input = Record<string, unknown>;

/** Whether a checksum value was given: the SDK then sends it instead of computing one (§5.4). */
function hasChecksumValue(input: Input): boolean {
  return CHECKSUM_ALGORITHMS.some((algorithm) => input[`Checksum${algorithm}`] !== undefined);
}

/** §5.1 [M]: the bodies the SDK can hash for a checksum in Node: text, bytes, and a Node stream (as a trailer). */
function hashable(body: unknown): boolean {
  return (
    typeof body === 'string' || body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof Readable
  );
}

/**
 * §5.1 [M]: what a PutObject or UploadPart body becomes. Where the SDK computes a checksum (its setting, or an
 * algorithm named without a value), a body it cannot hash (a Blob, a web stream, a number, a plain object) fails
 * before anything is sent. Otherwise Node's HTTP handler sends text, bytes and Node streams as they are, nothing for a
 * falsy value, and `Buffer.from(body)` of anything else, which throws its TypeError for what is no array.
 */
function sentBody(input: Input, checksums: ClientChecksums): Input {
  const body = input['Body'];
  if (body === undefined || body === null || hashable(body)) return input;
  const computed = (checksums.whenSupported || input['ChecksumAlgorithm'] !== undefined) && !hasChecksumValue(input);
  if (computed) throw new Error('Unable to calculate hash for flowing readable stream');
  return { ...input, Body: body ? Buffer.from(body as never) : '' };
}

/** The CRC32 the SDK adds under `WHEN_SUPPORTED` when the command gave no checksum (§5.4). */
function withDefaultChecksum(input: Input, checksums: ClientChecksums): Input {
  if (!checksums.whenSupported || hasChecksumValue(input)) return input;
  return { ...input, ChecksumAlgorithm: input['ChecksumAlgorithm'] ?? 'CRC32' };
}

const DEFAULTS: Readonly<Record<string, (input: Input, checksums: ClientChecksums) => Input>> = {
  PutObject: (input, checksums) => ({
    ...withDefaultChecksum(input, checksums),
    ContentType: input['ContentType'] ?? 'application/octet-stream',
  }),
  UploadPart: withDefaultChecksum,
  GetObject: (input, checksums) =>
    checksums.validateWhenSupported ? { ...input, ChecksumMode: input['ChecksumMode'] ?? 'ENABLED' } : input,
};

/** The operations whose path has the object's key (`/{Bucket}/{Key+}`); every other but ListBuckets has the bucket. */
const KEYED = new Set([
  'PutObject',
  'GetObject',
  'HeadObject',
  'DeleteObject',
  'CopyObject',
  'CreateMultipartUpload',
  'UploadPart',
  'CompleteMultipartUpload',
  'AbortMultipartUpload',
  'ListParts',
  'PutObjectTagging',
  'GetObjectTagging',
  'DeleteObjectTagging',
]);

/**
 * §5.1 [M]: the serializer refuses a path label with no value (`No value provided for input HTTP label: Key.`), and
 * writes any other scalar as its text.
 */
function labelled(action: string, input: Input): Input {
  const labels = action === 'ListBuckets' ? [] : KEYED.has(action) ? ['Bucket', 'Key'] : ['Bucket'];
  let out = input;
  for (const label of labels) {
    const value = input[label];
    if (value === undefined || value === null || (label === 'Bucket' && value === ''))
      throw new Error(`No value provided for input HTTP label: ${label}.`);
    if (typeof value !== 'string') out = { ...out, [label]: String(value) };
  }
  return out;
}

/** Members the SDK writes into the URL (a path label or the query), percent-encoded: text must be well formed. */
const URL_MEMBERS = [
  'Key',
  'Prefix',
  'Delimiter',
  'StartAfter',
  'Marker',
  'ContinuationToken',
  'VersionId',
  'UploadId',
  'KeyMarker',
  'UploadIdMarker',
];

/** Members the SDK sends as headers, by header name (the ones that take a user's text). */
const HEADER_MEMBERS: Readonly<Record<string, string>> = {
  ContentType: 'content-type',
  ContentDisposition: 'content-disposition',
  ContentEncoding: 'content-encoding',
  ContentLanguage: 'content-language',
  CacheControl: 'cache-control',
  Tagging: 'x-amz-tagging',
  WebsiteRedirectLocation: 'x-amz-website-redirect-location',
  CopySource: 'x-amz-copy-source',
  IfMatch: 'if-match',
  IfNoneMatch: 'if-none-match',
  Range: 'range',
};

/** Half of a surrogate pair without its other half: text that is not well formed, which UTF-8 cannot write. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What Node's HTTP layer takes in a header value: tab, and the characters from space to ÿ but DEL. */
const HEADER_TEXT = /^[	 -~-ÿ]*$/;

function invalidHeader(header: string): TypeError {
  return Object.assign(new TypeError(`Invalid character in header content ["${header}"]`), {
    code: 'ERR_INVALID_CHAR',
  });
}

/** §5.1 [M]: text with a lone surrogate in the URL, which the serializer's percent-encoding refuses. */
function writable(input: Input): void {
  for (const member of URL_MEMBERS) {
    const value = input[member];
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) throw new URIError('URI malformed');
  }
}

/** §5.1 [M]: a character Node's HTTP layer refuses in a header (`ERR_INVALID_CHAR`). */
function sendable(input: Input): void {
  for (const [member, header] of Object.entries(HEADER_MEMBERS)) {
    const value = input[member];
    if (typeof value === 'string' && !HEADER_TEXT.test(value)) throw invalidHeader(header);
  }
  const metadata = input['Metadata'];
  if (typeof metadata === 'object' && metadata !== null) {
    for (const [name, value] of Object.entries(metadata as Record<string, unknown>)) {
      if (!HEADER_TEXT.test(String(value))) throw invalidHeader(`x-amz-meta-${name}`);
    }
  }
}

/**
 * §5.1 [M]: the endpoint the SDK makes for the bucket, before its serializer runs (so the plugin runs this first:
 * ServiceEmulation's `beforeSerializer`). A name with a lone surrogate fails its URI encoding (URIError). For one it
 * addresses by host name (one label of lower-case letters, digits and hyphens, unless `forcePathStyle` or a custom
 * endpoint) Node's URL parser refuses a label `xn--` starts that is no punycode: the SDK's TypeError, `Invalid URL`.
 */
function addressable(input: unknown, clientConfig: object | undefined, region: string): void {
  const bucket = (input as Input | undefined)?.['Bucket'];
  if (typeof bucket !== 'string') return;
  // A name no host can hold goes in the path, URI-encoded by the endpoint rules: a lone surrogate is URIError there.
  if (!(bucket as unknown as WellFormed).isWellFormed()) encodeURIComponent(bucket);
  if (!bucket.startsWith('xn--') || !VIRTUAL_HOSTABLE.test(bucket)) return;
  const config = clientConfig as { forcePathStyle?: unknown; isCustomEndpoint?: unknown } | undefined;
  if (config?.forcePathStyle === true || config?.isCustomEndpoint === true) return;
  new URL(`https://${bucket}.s3.${region}.amazonaws.com`);
}

/** Node 20's `String.prototype.isWellFormed` (ES2024; the project's lib is ES2022). */
interface WellFormed {
  isWellFormed(): boolean;
}

/** A bucket name the SDK's endpoint rules put in the host name over https (their `isVirtualHostableS3Bucket`). */
const VIRTUAL_HOSTABLE = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

/**
 * §5.4 [M]: the output members an SDK without CRC64NVME or `ChecksumType` in its model leaves out, from its exports
 * (the `ChecksumAlgorithm` and `ChecksumType` enums came with the members): none for the current SDKs.
 */
const unmodelled = new WeakMap<object, ReadonlySet<string>>();

function unmodelledMembers(sdk: Readonly<Record<string, unknown>> | undefined): ReadonlySet<string> {
  if (sdk === undefined) return new Set();
  let members = unmodelled.get(sdk);
  if (members === undefined) {
    const algorithms = (sdk['ChecksumAlgorithm'] ?? {}) as Readonly<Record<string, unknown>>;
    const missing = CHECKSUM_ALGORITHMS.filter((algorithm) => !(algorithm in algorithms)).map((a) => `Checksum${a}`);
    members = new Set(sdk['ChecksumType'] === undefined ? [...missing, 'ChecksumType'] : missing);
    unmodelled.set(sdk, members);
  }
  return members;
}

/** `value` without the members `drop` names, at any depth of its plain objects and arrays; itself when it has none. */
function without(value: unknown, drop: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) {
    const kept = value.map((item: unknown) => without(item, drop));
    return kept.some((item, i) => item !== value[i]) ? kept : value;
  }
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    const kept = drop.has(key) ? DROPPED : without(member, drop);
    if (kept === member) continue;
    copy ??= { ...value };
    if (kept === DROPPED) delete copy[key];
    else copy[key] = kept;
  }
  return copy ?? value;
}

const DROPPED = Symbol('dropped');

/** The emulation as the SDK plugin drives it: each command as the client it came from would send it. */
export function withSdkDefaults(emulation: ServiceEmulation): ServiceEmulation {
  const sent = (action: string, given: Input, request: RequestContext, checksums: ClientChecksums) => {
    let input = given;
    if (action === 'PutObject' || action === 'UploadPart') input = sentBody(input, checksums);
    sendable(input);
    const add = DEFAULTS[action];
    const output = emulation.handle(action, add ? add(input, checksums) : input, request);
    const drop = unmodelledMembers(requireSdk(S3_SDK));
    if (drop.size === 0) return output;
    return output instanceof Promise
      ? output.then((out) => without(out, drop) as object)
      : (without(output, drop) as object);
  };
  return {
    sdk: emulation.sdk,
    get interceptor() {
      return emulation.interceptor;
    },
    beforeSerializer: addressable,
    handle(action, input, request) {
      const given = (input ?? {}) as Input;
      const labels = labelled(action, given);
      writable(labels);
      const checksums = clientChecksums(request.clientConfig);
      if (checksums instanceof Promise) return checksums.then((settled) => sent(action, labels, request, settled));
      return sent(action, labels, request, checksums);
    },
  };
}
