/**
 * What the HTTP server (src/server/server.ts) hands each wire protocol: the request as read off the socket, and a way
 * to run an action of the account. A protocol is a codec: it turns bytes into an action's input and the action's
 * output or error back into bytes, and writes no rule of the service (docs/aws-behaviour/wire.md §2).
 */
import type { AwsMock } from '../account/aws-mock.js';
import type { ServiceEmulation } from '../core/emulation.js';
import type { WireExchange } from '../core/wire/binding.js';

export interface WireRequest {
  readonly method: string;
  /** The path, percent-encoded as sent, without the query string. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Header names in lower case; a repeated header joined by `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** `host:port` the client reached the server by (its Host header), for the queue URLs answered (wire.md §9.2). */
  readonly host: string;
  /** The signing scope's region and service, when the request was signed (wire.md §3). */
  readonly scope: { readonly region: string; readonly service: string } | undefined;
}

export interface WireAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array;
}

/** One action run for a request: its request id, region and abort signal are the request's. */
export interface WireCall {
  readonly aws: AwsMock;
  /** The id answered in `x-amzn-RequestId` and the XML's `RequestId`. */
  readonly requestId: string;
  /** The region the request acts in: its signing scope's, else the account's (wire.md §3.2). */
  readonly region: string;
  /** The action's answer: synchronous when the action is; a protocol answers at once then, in its `try`. */
  run(emulation: ServiceEmulation, action: string, input: unknown): Promise<object> | object;
}

/** The emulation of the service a protocol speaks for, in the account the call acts on. */
export type EmulationOf = (call: WireCall) => ServiceEmulation;

/** What a service's wire binding may read of a request (core/wire/binding.ts). */
export function exchangeOf(request: WireRequest, call: WireCall): WireExchange {
  return { path: request.path, host: request.host, region: call.region, accountRegion: call.aws.region };
}

/**
 * One protocol of one service on the shared port. `matches` looks only at the method, path, headers and (for the
 * query protocol) the parameters, in the order the router tries them (wire.md §2.2). Each is one codec (json-rpc.ts,
 * rest-json.ts, query/protocol.ts) over one service's wire binding (protocols.ts).
 */
export interface WireProtocol {
  readonly name: string;
  matches(request: WireRequest): boolean;
  /**
   * A body this protocol takes beyond the server's usual limit (S3's objects); its `matches` must then read no body,
   * as the server asks it before the body is read (docs/aws-behaviour/wire.md §12.1).
   */
  readonly maxBodyBytes?: number;
  /** Synchronous where it can be (the server takes either): a promise and its hop are a share of a request. */
  answer(request: WireRequest, call: WireCall): Promise<WireAnswer> | WireAnswer;
}
