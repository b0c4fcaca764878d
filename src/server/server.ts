import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AwsMock } from '../aws-mock.js';
import { runAction, type ServiceEmulation } from '../plugin.js';
import type { RequestContext } from '../request-context.js';
import { servedAccount, type ServedAccount, type ServerClock } from './clock-control.js';
import { CONTROL_PREFIX, controlAnswer } from './control.js';
import { corsAllows, corsHeaders, preflightHeaders, type CorsOption } from './cors.js';
import type { WireAnswer, WireCall, WireProtocol, WireRequest } from './protocol.js';
import { WIRE_PROTOCOLS } from './protocols.js';
import { answeredError, wireError } from './wire-errors.js';

export interface ServerOptions {
  /** The port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /**
   * The address to bind. Default `127.0.0.1`: nothing else on the network reaches it. Another host exposes an
   * unauthenticated endpoint that controls the emulation (docs/aws-behaviour/wire.md §14.1).
   */
  host?: string;
  /** The account to serve; default a new one on the server's own clock. */
  aws?: AwsMock;
  /**
   * `manual` (default): a clock of the server's own that only the control routes move; `real`: wall time. With `aws`
   * given, the server moves only a clock that account was made with (`createAwsMock({ clock })`).
   */
  clock?: ServerClock;
  /**
   * CORS for SDKs in a browser (docs/aws-behaviour/wire.md §12.3); default off. `true` allows pages served from
   * this machine (localhost, 127.0.0.1, [::1]); a list allows exactly those origins (`'*'`: any page, which lets any
   * web site a browser visits drive the emulation).
   */
  cors?: CorsOption;
  /**
   * Milliseconds a client has to send a request's headers, and its whole request, before its connection is answered
   * 408 and closed (docs/aws-behaviour/wire.md §14.4). Defaults 20,000 and 60,000; a held long poll is past its
   * request and never cut. Short values are for tests of slow clients.
   */
  headersTimeout?: number;
  requestTimeout?: number;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: give it to any AWS client as its endpoint. */
  readonly endpoint: string;
  /** The account behind the endpoint: views, matchers, provision. */
  readonly aws: AwsMock;
  /** Answers open long polls empty, closes every connection, and resolves once the port is free. */
  close(): Promise<void>;
}

/** Bodies beyond any AWS request these services take (a 6 MB Lambda payload, a 1 MiB SQS batch) are refused. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Generous for any client on one machine; a request slower than this is a stuck one (wire.md §14.4). */
const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * One HTTP port in front of an account (docs/aws-behaviour/wire.md): SQS (JSON and query), SNS (query), Lambda
 * (REST-JSON) and the control routes. Every request runs the same action handlers the SDK plugin runs.
 */
export async function startServer(options: ServerOptions = {}): Promise<MockServer> {
  const served = servedAccount(options.aws, options.clock);
  const host = options.host ?? '127.0.0.1';
  const inFlight = new Set<RequestAbort>();
  let closing = false;
  const requestTimeout = options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(options.headersTimeout ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  const http = createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node looks for late requests on this period (default 30 s), so a timeout fires within a quarter of itself.
      connectionsCheckingInterval: Math.max(1, Math.ceil(headersTimeout / 4)),
    },
    (req, res) => {
      void serve(req, res, {
        served,
        defaultHost: () => endpointHost,
        inFlight,
        closing: () => closing,
        cors: options.cors,
      });
    },
  );
  // A client that half-closes after its request still gets the answer, then the connection ends (wire.md §14.4).
  // Node's own switch for it (default off: a half-close drops the request unanswered), not in its typings.
  (http as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const endpointHost = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    endpoint: `http://${endpointHost}`,
    aws: served.aws,
    close: async () => {
      closing = true;
      for (const controller of inFlight) controller.abort();
      await closeHttp(http);
    },
  };
}

function closeHttp(http: Server): Promise<void> {
  return new Promise((resolve) => {
    http.close(() => resolve());
    http.closeIdleConnections();
    // Answers written by the aborts above flush first; a socket still busy after that is cut.
    setImmediate(() => http.closeAllConnections());
  });
}

/**
 * A request's abort, its AbortController made only when an action asks for the signal (a long poll, a fault's
 * latency): most requests never do, and making a controller and its signal is a measurable share of a request.
 */
class RequestAbort {
  #controller: AbortController | undefined;
  #aborted = false;
  #halfClosed = false;
  readonly #socket: Socket;
  readonly #onHalfClose = () => {
    this.#halfClosed = true;
    this.abort();
  };

  constructor(socket: Socket) {
    this.#socket = socket;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  /** The client sent FIN while the action waited: it may be gone, or only done sending (wire.md §14.4). */
  get halfClosed(): boolean {
    return this.#halfClosed;
  }

  /** Only an action that waits asks for it, and only then does a client's half-close end the wait. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#socket.readableEnded) this.#onHalfClose();
      else this.#socket.once('end', this.#onHalfClose);
      if (this.#aborted) this.#controller.abort();
    }
    return this.#controller.signal;
  }

  abort(): void {
    this.#aborted = true;
    this.#controller?.abort();
  }

  /** The request is answered: a keep-alive socket carries later requests, which are not this one's to end. */
  release(): void {
    if (this.#controller) this.#socket.off('end', this.#onHalfClose);
  }
}

interface ServeContext {
  readonly served: ServedAccount;
  readonly defaultHost: () => string;
  readonly inFlight: Set<RequestAbort>;
  readonly closing: () => boolean;
  readonly cors: CorsOption | undefined;
}

async function serve(req: IncomingMessage, res: ServerResponse, context: ServeContext): Promise<void> {
  const { aws } = context.served;
  const requestId = aws.ids.uuid();
  const origin = req.headers.origin;
  const cors = origin !== undefined && corsAllows(context.cors, origin) ? origin : undefined;
  if (cors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    req.resume();
    res.writeHead(204, preflightHeaders(cors, req.headers['access-control-request-headers']));
    res.end();
    return;
  }
  const controller = new RequestAbort(req.socket);
  // A client that goes away ends its wait: a long poll drops its waiter (wire.md §11.3).
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  let answer: WireAnswer;
  try {
    const body = await readBody(req);
    if (body === undefined) {
      answer = jsonError(wireError('RequestEntityTooLarge'));
      res.setHeader('connection', 'close');
    } else {
      context.inFlight.add(controller);
      try {
        answer = await route(wireRequest(req, body, context.defaultHost()), context, requestId, controller);
      } finally {
        context.inFlight.delete(controller);
        controller.release();
      }
    }
  } catch {
    answer = jsonError(wireError('InternalFailure'));
  }
  if (res.destroyed || res.writableEnded) return;
  const headers: Record<string, string> = { 'x-amzn-requestid': requestId, ...answer.headers };
  if (cors) Object.assign(headers, corsHeaders(cors));
  // A length, as AWS answers, rather than Node's chunked default: the head and body then leave in one write.
  if (answer.status !== 204 && answer.status !== 304 && req.method !== 'HEAD')
    headers['content-length'] = String(
      typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.byteLength,
    );
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

async function route(
  request: WireRequest,
  context: ServeContext,
  requestId: string,
  controller: RequestAbort,
): Promise<WireAnswer> {
  if (request.path.startsWith(CONTROL_PREFIX)) return controlAnswer(request, context.served);
  const protocol: WireProtocol | undefined = WIRE_PROTOCOLS.find((candidate) => candidate.matches(request));
  if (!protocol) return jsonError(wireError('UnknownOperationException'));
  const { aws } = context.served;
  const region = request.scope?.region ?? aws.region;
  const requestContext: RequestContext = {
    requestId,
    get abortSignal() {
      return controller.signal;
    },
    region,
    traceHeader: request.headers['x-amzn-trace-id'],
    callerAccount: aws.accountId,
  };
  const call: WireCall = {
    aws,
    requestId,
    region,
    run: async (emulation: ServiceEmulation, action: string, input: unknown) => {
      try {
        return await runAction(emulation, aws.journeys, action, input, requestContext);
      } catch (error) {
        // Closing the server, or a client's half-close, answers a waiting receive empty, as its wait running out
        // would (wire.md §14.2, §14.4): a client that went away leaves no waiter to take a message it never reads.
        const ended = context.closing() || controller.halfClosed;
        if (ended && action === 'ReceiveMessage' && controller.aborted) return {};
        throw error;
      }
    },
  };
  return protocol.answer(request, call);
}

/** The body, or undefined once it passes the limit (the rest is not read). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function wireRequest(req: IncomingMessage, body: Buffer, defaultHost: string): WireRequest {
  const url = requestTarget(req.url ?? '/');
  // Node joins a repeated header with `, ` already, all but Set-Cookie, which no request to AWS carries.
  const headers = req.headers as Record<string, string>;
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers,
    body,
    host: headers['host'] || defaultHost,
    scope: signingScope(headers['authorization'] ?? url.searchParams.get('X-Amz-Credential') ?? undefined),
  };
}

/**
 * The path and query of a request target. The usual `/path?query` is split as it is; anything else (an absolute URL,
 * dot segments) goes through the URL parser, which normalises it.
 */
function requestTarget(target: string): { pathname: string; searchParams: URLSearchParams } {
  if (target.startsWith('/') && !target.includes('/.')) {
    const mark = target.indexOf('?');
    if (mark < 0) return { pathname: target, searchParams: new URLSearchParams() };
    return { pathname: target.slice(0, mark), searchParams: new URLSearchParams(target.slice(mark + 1)) };
  }
  return new URL(target, 'http://localhost');
}

/**
 * The region and service of a SigV4 credential scope (`<key>/<date>/<region>/<service>/aws4_request`), from the
 * Authorization header or a presigned URL. The signature is never checked (wire.md §3).
 */
function signingScope(authorization: string | undefined): WireRequest['scope'] {
  const match = /(?:Credential=)?[^/\s,]+\/\d{8}\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request/.exec(authorization ?? '');
  return match ? { region: match[1]!, service: match[2]! } : undefined;
}

/** An error of the HTTP layer before any service claimed the request (wire.md §12.2). */
function jsonError(error: ReturnType<typeof answeredError>): WireAnswer {
  return {
    status: error.status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': error.code },
    body: JSON.stringify({ __type: error.code, message: error.message }),
  };
}
