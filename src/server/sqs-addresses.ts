import { queueUrl } from '../sqs/queue-address.js';
import type { WireRequest } from './protocol.js';
import { decodedSegment } from './url-segment.js';

/**
 * Queue URLs over the wire (docs/aws-behaviour/wire.md §9): the emulation names queues by their AWS URLs; a client
 * must be answered URLs that reach this server (the SDK v2 sends each request to its QueueUrl's host), and may send
 * back any host. Only the SQS codecs call these, on the members that hold queue URLs.
 */
const URL_MEMBERS = ['QueueUrl'] as const;
const URL_LIST_MEMBERS = ['QueueUrls', 'queueUrls'] as const;

/** `/<account>/<name>` or LocalStack's `/queue/<region>/<account>/<name>`, on any host. */
const WIRE_PATH = /^\/(?:queue\/([a-z0-9-]+)\/)?(\d{12})\/([^/]+)$/;
/** The URLs the emulation writes: `https://sqs.<region>.<suffix>/<account>/<name>`. */
const AWS_URL = /^https:\/\/sqs\.([a-z0-9-]+)\.[a-z.]+\/(\d{12})\/([^/]+)$/;

/** The input with a wire QueueUrl (any host) turned into the AWS URL of the same queue, in the request's region. */
export function incomingQueueUrl<Input extends Record<string, unknown>>(input: Input, region: string): Input {
  const given = input['QueueUrl'];
  if (typeof given !== 'string' || !/^https?:\/\//.test(given)) return input;
  const url = hostAndPath(given);
  // An AWS host already names its region: the emulation reads those itself.
  if (!url || /(^|\.)amazonaws\.com(\.cn)?$/.test(url.hostname)) return input;
  const match = WIRE_PATH.exec(url.pathname);
  if (!match) return input;
  const [, pinned, accountId, name] = match;
  return {
    ...input,
    QueueUrl: queueUrl({ region: pinned ?? region, accountId: accountId!, name: decodedSegment(name!) }),
  };
}

/**
 * A URL as clients send a queue's: a name or dotted-quad host, a port, a path of plain characters. The URL
 * parser leaves these as written but for the host's case, and parsing one is a measurable share of a request.
 */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const PLAIN_HOST = `(?:[a-z0-9-]+\\.)*[a-z][a-z0-9-]*|(?:${OCTET}\\.){3}${OCTET}`;
const PLAIN_URL = new RegExp(`^https?://(${PLAIN_HOST})(?::(\\d{1,5}))?(?:/[\\w.-]+)+$`, 'i');

/** The host name and path of an absolute URL as the URL parser reads them; undefined when it does not parse. */
export function hostAndPath(url: string): { hostname: string; pathname: string } | undefined {
  const plain = PLAIN_URL.exec(url);
  // Punycode labels are checked by the parser, dot segments resolved: those go through it.
  if (plain && !/xn--/i.test(plain[1]!) && !url.includes('/.') && !(Number(plain[2]) > 65_535)) {
    return { hostname: plain[1]!.toLowerCase(), pathname: url.slice(url.indexOf('/', url.indexOf('//') + 2)) };
  }
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The path of a query request as its QueueUrl, when it has none (wire.md §5.1). */
export function queueUrlFromPath(request: WireRequest): string | undefined {
  return WIRE_PATH.test(request.path) ? `http://${request.host}${request.path}` : undefined;
}

/**
 * The output with every AWS queue URL rewritten to `http://<host>/<account>/<name>`, or, outside the account's default
 * region, `http://<host>/queue/<region>/<account>/<name>`, so the URL pins its region (wire.md §9.2–§9.3).
 */
export function outgoingQueueUrls<Output extends object>(output: Output, host: string, defaultRegion: string): Output {
  const rewrite = (url: unknown) => (typeof url === 'string' ? wireUrl(url, host, defaultRegion) : url);
  let rewritten: Record<string, unknown> | undefined;
  const source = output as Record<string, unknown>;
  for (const member of URL_MEMBERS) {
    if (member in source) (rewritten ??= { ...source })[member] = rewrite(source[member]);
  }
  for (const member of URL_LIST_MEMBERS) {
    const list = source[member];
    if (Array.isArray(list)) (rewritten ??= { ...source })[member] = list.map(rewrite);
  }
  // A spread keeps the symbol-keyed response metadata.
  return (rewritten as Output | undefined) ?? output;
}

function wireUrl(url: string, host: string, defaultRegion: string): string {
  const match = AWS_URL.exec(url);
  if (!match) return url;
  const [, region, accountId, name] = match;
  const regionPath = region === defaultRegion ? '' : `/queue/${region}`;
  return `http://${host}${regionPath}/${accountId}/${name}`;
}
