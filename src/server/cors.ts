/**
 * CORS for the SDKs in a browser (docs/aws-behaviour/wire.md §12.3): off unless the server is started with `cors`.
 * A preflight of an allowed origin is answered here; every other answer to it carries the headers a browser needs to
 * hand the SDK the response, including the ones it reads for errors and Lambda's results. A request a browser sent
 * for a page of another origin is refused before it acts (§12.4).
 */
import type { IncomingHttpHeaders } from 'node:http';

/** `true`: pages served from this machine (localhost, 127.0.0.1, [::1], any port); a list: exactly those origins. */
export type CorsOption = boolean | readonly string[];

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Headers the SDKs send, allowed whatever the preflight asks for. */
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'x-amz-date',
  'x-amz-target',
  'x-amz-user-agent',
  'x-amz-security-token',
  'x-amz-content-sha256',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'x-amz-log-type',
  'x-amz-invocation-type',
  'x-amz-client-context',
];

/** Headers a browser hides from the SDK unless exposed: the request id, the error codes, Lambda's result headers. */
const EXPOSED_HEADERS = [
  'x-amzn-RequestId',
  'x-amzn-query-error',
  'x-amzn-ErrorType',
  'x-amz-function-error',
  'x-amz-log-result',
  'x-amz-executed-version',
].join(', ');

const METHODS = 'HEAD, GET, PUT, POST, DELETE, OPTIONS, PATCH';

export function corsAllows(option: CorsOption | undefined, origin: string | undefined): boolean {
  if (!option || origin === undefined) return false;
  if (option === true) return LOCAL_ORIGIN.test(origin);
  return option.includes('*') || option.includes(origin);
}

/** What `Sec-Fetch-Site` says of a request a page made: from another site, or another origin of this one. */
const FROM_ANOTHER_PAGE: ReadonlySet<string> = new Set(['cross-site', 'same-site']);

/**
 * The origin of the web page a browser sent the request for, when the request says it comes from one (wire.md §12.4):
 * its `Origin`, else its `Referer`'s origin, else `''` (unknown) when `Sec-Fetch-Site` says another page sent it with
 * both hidden. Undefined for a request no page sent: the SDKs, the CLI and curl send none of them.
 */
export function pageOrigin(headers: IncomingHttpHeaders): string | undefined {
  const origin = headers['origin'];
  if (origin !== undefined) return origin;
  const referer = headers['referer'];
  if (referer !== undefined) {
    try {
      return new URL(referer).origin;
    } catch {
      return '';
    }
  }
  const site = headers['sec-fetch-site'];
  return site !== undefined && FROM_ANOTHER_PAGE.has(site) ? '' : undefined;
}

/** The headers every answer to an allowed origin carries. */
export function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
}

/** The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin. */
export function preflightHeaders(origin: string, requested: string | undefined): Record<string, string> {
  const asked = (requested ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  return {
    ...corsHeaders(origin),
    'access-control-allow-methods': METHODS,
    'access-control-allow-headers': [...new Set([...ALLOWED_HEADERS, ...asked])].join(', '),
    'access-control-max-age': '600',
  };
}
