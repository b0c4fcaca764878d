import type { WireExchange } from '../../core/wire/binding.js';
import { decodedSegment } from '../../core/wire/url-segment.js';
import { queueUrl } from './queue-address.js';

/**
 * Queue URLs over the wire (docs/aws-behaviour/wire.md §9): the emulation names queues by their AWS URLs; a client
 * must be answered URLs that reach this server (the SDK v2 sends each request to its QueueUrl's host), and may send
 * back any host. SQS's wire binding (wire.ts) calls these, on the members that hold queue URLs.
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
  if (typeof given !== 'string') return input;
  const known = (internalUrls.get(region) ?? newCache(internalUrls, region)).remember(given, internalUrl, region);
  return known === given ? input : { ...input, QueueUrl: known };
}

/** The AWS URL a wire QueueUrl names in `region`; the URL itself when it is no wire URL of a queue. */
function internalUrl(given: string, region: string): string {
  if (!/^https?:\/\//.test(given)) return given;
  const url = hostAndPath(given);
  // An AWS host already names its region: the emulation reads those itself.
  if (!url || /(^|\.)amazonaws\.com(\.cn)?$/.test(url.hostname)) return given;
  const match = WIRE_PATH.exec(url.pathname);
  if (!match) return given;
  const [, pinned, accountId, name] = match;
  return queueUrl({ region: pinned ?? region, accountId: accountId!, name: decodedSegment(name!) });
}

/**
 * The rewrites of queue URLs already made, per region (incoming) or per answered host and default region (outgoing):
 * a client sends the same few URLs on every call, and reading one apart is a measurable share of a request
 * (docs/speed.md, "Over the wire"). Each rewrite is a pure function of its URL and key; a cache that fills up is
 * emptied rather than grown.
 */
class UrlCache {
  static readonly LIMIT = 1000;
  readonly #urls = new Map<string, string>();

  remember(url: string, rewrite: (url: string, key: string) => string, key: string): string {
    let known = this.#urls.get(url);
    if (known === undefined) {
      known = rewrite(url, key);
      if (this.#urls.size >= UrlCache.LIMIT) this.#urls.clear();
      this.#urls.set(url, known);
    }
    return known;
  }
}

const internalUrls = new Map<string, UrlCache>();
/** Keyed by the answered host, then the account's default region. */
const wireUrls = new Map<string, Map<string, UrlCache>>();

function newCache<Key>(caches: Map<Key, UrlCache>, key: Key): UrlCache {
  // Keys are regions and the hosts a server is reached by: few, but a cap keeps a stray client's from piling up.
  if (caches.size >= UrlCache.LIMIT) caches.clear();
  const cache = new UrlCache();
  caches.set(key, cache);
  return cache;
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
export function queueUrlFromPath(request: Pick<WireExchange, 'path' | 'host'>): string | undefined {
  return WIRE_PATH.test(request.path) ? `http://${request.host}${request.path}` : undefined;
}

/**
 * The output with every AWS queue URL rewritten to `http://<host>/<account>/<name>`, or, outside the account's default
 * region, `http://<host>/queue/<region>/<account>/<name>`, so the URL pins its region (wire.md §9.2–§9.3).
 */
export function outgoingQueueUrls<Output extends object>(output: Output, host: string, defaultRegion: string): Output {
  let rewritten: Record<string, unknown> | undefined;
  const source = output as Record<string, unknown>;
  let cache: UrlCache | undefined;
  const rewrite = (url: unknown) => {
    if (typeof url !== 'string') return url;
    if (!cache) {
      const byRegion = wireUrls.get(host) ?? newMap(wireUrls, host);
      cache = byRegion.get(defaultRegion) ?? newCache(byRegion, defaultRegion);
    }
    return cache.remember(url, (aws) => wireUrl(aws, host, defaultRegion), defaultRegion);
  };
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

function newMap(caches: Map<string, Map<string, UrlCache>>, host: string): Map<string, UrlCache> {
  if (caches.size >= UrlCache.LIMIT) caches.clear();
  const byRegion = new Map<string, UrlCache>();
  caches.set(host, byRegion);
  return byRegion;
}

function wireUrl(url: string, host: string, defaultRegion: string): string {
  const match = AWS_URL.exec(url);
  if (!match) return url;
  const [, region, accountId, name] = match;
  const regionPath = region === defaultRegion ? '' : `/queue/${region}`;
  return `http://${host}${regionPath}/${accountId}/${name}`;
}
