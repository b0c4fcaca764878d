/**
 * REST-XML (S3, docs/aws-behaviour/s3.md §6), one codec over a service's binding (src/core/wire/binding.ts): the
 * route is picked by the method, what the path names and the sub-resource keys; the input is read from the query, the
 * headers (an aws-chunked body decoded, its trailers as headers) and the body; the output goes out as headers and an
 * XML document or the raw payload. Errors are S3's XML document, with no body for a HEAD request or a bodiless code.
 */
import type { AwsError } from '../../core/aws-error.js';
import { RESPONSE_METADATA, type WithResponseMetadata } from '../../core/request-context.js';
import type { RestXmlBinding, RestXmlRoute } from '../../core/wire/binding.js';
import { type EmulationOf, type WireAnswer, type WireCall, type WireProtocol, type WireRequest } from '../protocol.js';
import { answeredError, wireError } from '../wire-errors.js';
import { escapeXml } from '../query/xml.js';
import { addressOf } from './addressing.js';
import { decodeAwsChunked, isAwsChunked } from './chunked.js';
import { parseXml, readScalar, readStruct, textElement, writeStruct } from './xml.js';

/** The codes S3 answers with no body whatever the method (docs/aws-behaviour/s3.md §5.2). */
const BODILESS = new Set(['NotFound', 'Unknown']);

export function restXmlProtocol(service: string, binding: RestXmlBinding, emulation: EmulationOf): WireProtocol {
  return {
    name: `${service} REST-XML`,
    matches: (request) =>
      (request.scope?.service === binding.signingName || signedV2(request)) && !request.headers['x-amz-target'],
    ...(binding.maxBodyBytes !== undefined ? { maxBodyBytes: binding.maxBodyBytes } : {}),
    async answer(request, call) {
      const head = request.method === 'HEAD';
      const headers = requestHeaders(request);
      const route = routeOf(request, binding);
      const error = (failure: AwsError) => errorAnswer(failure, head, call.requestId, binding);
      if (!route) {
        return error(
          wireError('NotEmulated', `${service}'s ${request.method} ${request.path}?${request.query} is not emulated.`),
        );
      }
      try {
        const expired = presignExpired(request, call, binding);
        if (expired) return error(expired);
        const input = readInput(request, headers, route, binding);
        const output = (await call.run(emulation(call), route.action, input)) as WithResponseMetadata<
          Record<string, unknown>
        >;
        return await answerOf(output, route, binding, call.requestId, head);
      } catch (thrown) {
        return error(answeredError(thrown));
      }
    },
  };
}

/**
 * The headers the request carries, and, for a presigned URL, the `x-amz-*` members the signer put in its query
 * (docs/aws-behaviour/s3.md §5.6: a checksum among them).
 */
function requestHeaders(request: WireRequest): Record<string, string> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.query.has('X-Amz-Signature')) {
    for (const [name, value] of request.query) {
      const lower = name.toLowerCase();
      if (lower.startsWith('x-amz-') && !lower.startsWith('x-amz-signature') && headers[lower] === undefined)
        headers[lower] = value;
    }
  }
  return headers;
}

/**
 * A URL presigned with the legacy signature (`AWSAccessKeyId`, `Signature`, `Expires`), which older boto3 and CLI
 * releases make for S3 (docs/aws-behaviour/s3.md §5.6): it carries no scope, and REST-XML is the one protocol that has
 * it.
 */
function signedV2(request: WireRequest): boolean {
  return request.query.has('AWSAccessKeyId') && request.query.has('Signature');
}

const isoSeconds = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** §5.6: a presigned URL used after its `X-Amz-Expires` (or, signed the legacy way, its `Expires`), by the clock. */
function presignExpired(request: WireRequest, call: WireCall, binding: RestXmlBinding): AwsError | undefined {
  const now = call.aws.clock.now();
  const legacy = signedV2(request) ? request.query.get('Expires') : null;
  if (legacy !== null) {
    const expiresAt = Number(legacy) * 1000;
    return now <= expiresAt ? undefined : binding.errors.expired(isoSeconds(expiresAt), isoSeconds(now), undefined);
  }
  const date = request.query.get('X-Amz-Date');
  const seconds = request.query.get('X-Amz-Expires');
  if (!date || !seconds) return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const signedAt = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const expiresAt = signedAt + Number(seconds) * 1000;
  if (now <= expiresAt) return undefined;
  return binding.errors.expired(isoSeconds(expiresAt), isoSeconds(now), seconds);
}

/** What the path names: the service, a bucket, or an object. */
function targetOf(request: WireRequest) {
  const { bucket, key } = addressOf(request.path, request.host);
  return { bucket, key, on: bucket === undefined ? 'service' : key === '' ? 'bucket' : 'object' } as const;
}

/** The first route of the method, target and sub-resources; none when a sub-resource is one no route takes. */
function routeOf(request: WireRequest, binding: RestXmlBinding): RestXmlRoute | undefined {
  const { on } = targetOf(request);
  const present = binding.subresources.filter((key) => request.query.has(key));
  for (const route of binding.routes) {
    if (route.method !== request.method || route.on !== on) continue;
    const selected = (route.select ?? []).every((condition) => {
      const [key, value] = condition.split('=') as [string, string | undefined];
      return request.query.has(key) && (value === undefined || request.query.get(key) === value);
    });
    if (!selected) continue;
    if (route.header !== undefined && request.headers[route.header] === undefined) continue;
    const named = new Set([
      ...(route.select ?? []).map((condition) => condition.split('=')[0]!),
      ...Object.keys(route.query ?? {}),
    ]);
    if (present.some((key) => !named.has(key))) continue;
    return route;
  }
  return undefined;
}

function readInput(
  request: WireRequest,
  headers: Record<string, string>,
  route: RestXmlRoute,
  binding: RestXmlBinding,
): Record<string, unknown> {
  const { bucket, key } = targetOf(request);
  const input: Record<string, unknown> = {};
  if (bucket !== undefined) input['Bucket'] = bucket;
  if (route.on === 'object') input['Key'] = key;
  const scalar = (member: string, text: string) => {
    const kind = binding.scalars[member];
    return kind === undefined ? text : readScalar(kind, text);
  };
  for (const [name, member] of Object.entries(route.query ?? {})) {
    const value = request.query.get(name);
    if (value !== null) input[member] = scalar(member, value);
  }
  let body: Buffer = request.body;
  if (isAwsChunked(headers)) {
    const decoded = decodeAwsChunked(body);
    if (!decoded) throw binding.errors.incompleteBody();
    const declared = headers['x-amz-decoded-content-length'];
    if (declared !== undefined && Number(declared) !== decoded.bytes.length) throw binding.errors.incompleteBody();
    body = decoded.bytes;
    Object.assign(headers, decoded.trailers);
    const encoding = (headers['content-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && part !== 'aws-chunked');
    if (encoding.length > 0) headers['content-encoding'] = encoding.join(',');
    else delete headers['content-encoding'];
  }
  for (const [name, member] of Object.entries(route.headers ?? {})) {
    const value = headers[name];
    if (value !== undefined) input[member] = scalar(member, value);
  }
  for (const [prefix, member] of Object.entries(binding.headerMaps)) {
    const map: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      if (name.startsWith(prefix)) map[name.slice(prefix.length)] = value;
    if (Object.keys(map).length > 0) input[member] = map;
  }
  const bodyRoute = route.body;
  if (bodyRoute && 'payload' in bodyRoute) {
    input[bodyRoute.payload] = bodyRoute.payload === 'Body' ? body : body.toString('utf8');
  } else if (bodyRoute && body.length > 0) {
    const root = parseXml(body.toString('utf8'));
    if (!root || root.name !== bodyRoute.xml) throw binding.errors.malformedXml();
    const value = readStruct(bodyRoute.shape, root);
    if (bodyRoute.member) input[bodyRoute.member] = value;
    else Object.assign(input, value);
  }
  return input;
}

/** A member's value as a header: times in RFC 1123 (§6.3). */
function headerText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toUTCString();
  return String(value);
}

async function answerOf(
  output: WithResponseMetadata<Record<string, unknown>>,
  route: RestXmlRoute,
  binding: RestXmlBinding,
  requestId: string,
  head: boolean,
): Promise<WireAnswer> {
  const status = output[RESPONSE_METADATA]?.httpStatusCode ?? 200;
  const headers: Record<string, string> = {
    'x-amz-request-id': requestId,
    'x-amz-id-2': binding.hostId(requestId),
  };
  const spec = route.output;
  for (const [name, member] of Object.entries(spec?.headers ?? {})) {
    const text = headerText(output[member]);
    if (text !== undefined) headers[name] = text;
  }
  for (const [prefix, member] of Object.entries(binding.headerMaps)) {
    const map = output[member];
    if (typeof map === 'object' && map !== null)
      for (const [name, value] of Object.entries(map as Record<string, unknown>))
        headers[`${prefix}${name}`] = String(value);
  }
  if (spec?.payload !== undefined) {
    const payload = await bytesOf(output[spec.payload]);
    if (headers['content-type'] === undefined && typeof output[spec.payload] === 'string')
      headers['content-type'] = 'application/json';
    // A HEAD answers the headers of the GET it stands for: its length is the object's.
    return { status, headers, body: head ? new Uint8Array(0) : payload };
  }
  if (spec?.xml) {
    const { root, member, shape } = spec.xml;
    const value = member === undefined ? output : output[member];
    const xml =
      Object.keys(shape.members).length === 0 && member !== undefined
        ? textElement(root, binding.namespace, value)
        : `<${root} xmlns="${binding.namespace}">${writeStruct(shape, (value ?? {}) as Record<string, unknown>)}</${root}>`;
    headers['content-type'] = 'application/xml';
    return { status, headers, body: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}` };
  }
  return { status, headers, body: '' };
}

/** A payload as bytes: text, bytes, or a stream read whole (one chunk, the object's own bytes, is not copied). */
async function bytesOf(value: unknown): Promise<Uint8Array | string> {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || value instanceof Uint8Array) return value;
  if (typeof value === 'object' && Symbol.asyncIterator in value) {
    const chunks: Buffer[] = [];
    for await (const chunk of value as AsyncIterable<Buffer>) chunks.push(chunk);
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }
  return String(value);
}

/** §6.3: S3's error document, with no body for a HEAD request or a bodiless error. */
function errorAnswer(error: AwsError, head: boolean, requestId: string, binding: RestXmlBinding): WireAnswer {
  const headers: Record<string, string> = {
    'x-amz-request-id': requestId,
    'x-amz-id-2': binding.hostId(requestId),
  };
  if (head || BODILESS.has(error.code)) return { status: error.status, headers, body: '' };
  const elements = Object.entries(error.fields ?? {})
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  headers['content-type'] = 'application/xml';
  return {
    status: error.status,
    headers,
    body:
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(error.code)}</Code>` +
      `<Message>${escapeXml(error.message)}</Message>${elements}<RequestId>${requestId}</RequestId>` +
      `<HostId>${binding.hostId(requestId)}</HostId></Error>`,
  };
}
