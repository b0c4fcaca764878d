/**
 * The HTTP request EventBridge makes to an API destination (docs/aws-behaviour/eventbridge.md §14.5): its URL (path
 * values in the endpoint's `*`s, the query of the target and of the connection), the headers EventBridge adds, the
 * connection's authorization and parameters, and the body. Also the OAuth token call. Pure: it sends nothing.
 */
import type { ConnectionHttpParameters, HttpParameters } from '@aws-sdk/client-eventbridge';
import { Buffer } from 'node:buffer';
import type { ApiDestinationSettings } from './api-destinations.js';
import { parameterPairs, type Connection } from './connections.js';

/** A request to make, or why it cannot be made. */
export type CallPlan =
  | {
      readonly url: string;
      readonly method: string;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: string;
    }
  | { readonly unusable: string };

/** §14.5 [Docs]: what EventBridge sends with every call, before Content-Length and Host. */
const FIXED_HEADERS: readonly (readonly [string, string])[] = [
  ['User-Agent', 'Amazon/EventBridge/ApiDestinations'],
  ['Content-Type', 'application/json; charset=utf-8'],
  ['Range', 'bytes=0-1048575'],
  ['Accept-Encoding', 'gzip,deflate'],
  ['Connection', 'close'],
];

/** The call that delivers `body` (the event, or the target's transformed input) to a destination. */
export function eventCall(
  settings: ApiDestinationSettings,
  connection: Connection,
  http: HttpParameters | undefined,
  body: string,
): CallPlan {
  const invocation = connection.auth.InvocationHttpParameters;
  const url = urlOf(withPathValues(settings.endpoint, http?.PathParameterValues), [
    ...Object.entries(http?.QueryStringParameters ?? {}),
    ...parameterPairs(invocation?.QueryStringParameters),
  ]);
  if (typeof url === 'string') return { unusable: url };
  const headers = new Headers();
  for (const [name, value] of authorizationHeaders(connection)) headers.set(name, value);
  for (const [name, value] of Object.entries(http?.HeaderParameters ?? {})) headers.set(name, value);
  for (const [name, value] of parameterPairs(invocation?.HeaderParameters)) headers.set(name, value);
  return {
    url: url.href,
    method: settings.method,
    ...headers.finish(url, withBodyParameters(body, invocation)),
  };
}

/** §14.5 (Emulation, after LocalStack): the OAuth token call of a connection, or undefined for another type. */
export function tokenCall(connection: Connection): CallPlan | undefined {
  const oauth = connection.auth.OAuthParameters;
  if (connection.authorizationType !== 'OAUTH_CLIENT_CREDENTIALS' || !oauth) return undefined;
  const extra = oauth.OAuthHttpParameters;
  const url = urlOf(oauth.AuthorizationEndpoint ?? '', parameterPairs(extra?.QueryStringParameters));
  if (typeof url === 'string') return { unusable: url };
  const headers = new Headers();
  for (const [name, value] of parameterPairs(extra?.HeaderParameters)) headers.set(name, value);
  const credentials = {
    client_id: oauth.ClientParameters?.ClientID,
    client_secret: oauth.ClientParameters?.ClientSecret,
    ...Object.fromEntries(parameterPairs(extra?.BodyParameters)),
  };
  return {
    url: url.href,
    method: (oauth.HttpMethod ?? 'POST').toUpperCase(),
    ...headers.finish(url, JSON.stringify(credentials)),
  };
}

/** §14.5: the connection's authorization headers (Emulation: their forms, after LocalStack). */
function authorizationHeaders(connection: Connection): [string, string][] {
  const { BasicAuthParameters: basic, ApiKeyAuthParameters: apiKey } = connection.auth;
  switch (connection.authorizationType) {
    case 'BASIC':
      if (!basic) return [];
      return [['Authorization', `Basic ${Buffer.from(`${basic.Username}:${basic.Password}`).toString('base64')}`]];
    case 'API_KEY':
      return apiKey?.ApiKeyName === undefined ? [] : [[apiKey.ApiKeyName, apiKey.ApiKeyValue ?? '']];
    case 'OAUTH_CLIENT_CREDENTIALS': {
      const token = connection.token;
      return token === undefined ? [] : [['Authorization', `${token.type} ${token.value}`]];
    }
  }
}

/** §14.4: each path value replaces one `*` of the endpoint, in order; a `*` without one stays. */
function withPathValues(endpoint: string, values: readonly string[] | undefined): string {
  if (!values || values.length === 0) return endpoint;
  let next = 0;
  return endpoint.replace(/\*/g, (star) => (next < values.length ? values[next++]! : star));
}

/** The endpoint as a URL with the query parameters set (a later one wins), or why it is not one (§14.2). */
function urlOf(endpoint: string, query: readonly (readonly [string, string])[]): URL | string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return `the endpoint ${JSON.stringify(endpoint)} is not an absolute URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `the endpoint ${JSON.stringify(endpoint)} is not an http(s) URL`;
  for (const [name, value] of query) url.searchParams.set(name, value);
  return url;
}

/** §14.5 [3P]: the connection's body parameters join a body that is a JSON object, the connection's winning. */
function withBodyParameters(body: string, invocation: ConnectionHttpParameters | undefined): string {
  const pairs = parameterPairs(invocation?.BodyParameters);
  if (pairs.length === 0) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  return JSON.stringify({ ...parsed, ...Object.fromEntries(pairs) });
}

/**
 * Headers by name, matched without case, in the order first set, after EventBridge's own (§14.5); a later value
 * replaces an earlier one, the name first written kept.
 */
class Headers {
  private readonly values = new Map<string, [string, string]>();

  constructor() {
    for (const [name, value] of FIXED_HEADERS) this.set(name, value);
  }

  set(name: string, value: string): void {
    const key = name.toLowerCase();
    const present = this.values.get(key);
    this.values.set(key, [present?.[0] ?? name, value]);
  }

  /** The headers with Content-Length and Host, and the body they describe. */
  finish(url: URL, body: string): { headers: Record<string, string>; body: string } {
    this.set('Content-Length', String(Buffer.byteLength(body)));
    this.set('Host', url.host);
    return { headers: Object.fromEntries(this.values.values()), body };
  }
}
