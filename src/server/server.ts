import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AwsMock } from '../account/aws-mock.js';
import type { ServiceEmulation } from '../core/emulation.js';
import { runAction } from '../core/run-action.js';
import type { RequestContext } from '../core/request-context.js';
import { servedAccount, type ServedAccount, type ServedAccountOptions, type ServerClock } from './clock-control.js';
import { CONTROL_PREFIX, controlAnswer } from './control.js';
import { corsAllows, corsHeaders, pageOrigin, preflightHeaders, type CorsOption } from './cors.js';
import type { WireAnswer, WireCall, WireProtocol, WireRequest } from './protocol.js';
import { wireProtocols } from './protocols.js';
import { hostHandlers } from './hosted-handlers.js';
import { StartupStack, type StartupStackOptions } from './startup-stack.js';
import { unclaimedAnswer } from './unclaimed.js';
import { answeredError, wireError } from './wire-errors.js';

/**
 * `accountId`, `region` and `seed` are createAwsMock's, for the server's own account (with `aws`, that account's are
 * used); `stackName`, `parameters` and `functions` are `aws.provision`'s, for `template`.
 */
export interface ServerOptions extends ServedAccountOptions, StartupStackOptions {
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
  /**
   * A CloudFormation template (an object, JSON or YAML text; CDK and SAM too), provisioned before the server listens
   * (with `stackName`, `parameters`, `functions`, as `aws.provision` takes them) and again after each
   * `POST /_mock/reset`, under the same names (docs/aws-behaviour/wire.md §13.4, §14.5).
   */
  template?: unknown;
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
  const { aws, clock, accountId, region, seed, template, stackName, parameters, functions } = options;
  if (aws && (accountId !== undefined || region !== undefined || seed !== undefined))
    throw new TypeError(
      "sqs-sns-mock: startServer's accountId, region and seed make its own account; with aws, give them to createAwsMock",
    );
  if (template === undefined && (stackName !== undefined || parameters !== undefined || functions !== undefined))
    throw new TypeError(
      "sqs-sns-mock: startServer's stackName, parameters and functions are the template's: give a template",
    );
  const served = servedAccount(aws, clock, { accountId, region, seed });
  const startup = template === undefined ? undefined : new StartupStack(template, { stackName, parameters, functions });
  startup?.provision(served.aws);
  const unhost = hostHandlers(served);
  const host = options.host ?? '127.0.0.1';
  const inFlight = new Set<RequestAbort>();
  let closing = false;
  const requestTimeout = options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(options.headersTimeout ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  const context: ServeContext = {
    served,
    defaultHost: () => endpointHost,
    inFlight,
    closing: () => closing,
    cors: options.cors,
    reset: (empty) => {
      served.aws.reset();
      if (!empty) startup?.provision(served.aws);
    },
  };
  const http = createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node looks for late requests on this period (default 30 s), so a timeout fires within a quarter of itself.
      connectionsCheckingInterval: Math.max(1, Math.ceil(headersTimeout / 4)),
    },
    (req, res) => serve(req, res, context),
  );
  // A client that half-closes after its request still gets the answer, then the connection ends (wire.md §14.4).
  // Node's own switch for it (default off: a half-close drops the request unanswered), not in its typings.
  (http as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      unhost();
      reject(error);
    };
    http.once('error', failed);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', failed);
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
      unhost();
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
 * latency): most requests never do, and making a controller, its signal and the listeners that end it is a measurable
 * share of a request.
 */
class RequestAbort {
  #controller: AbortController | undefined;
  #aborted = false;
  #halfClosed = false;
  #onHalfClose: (() => void) | undefined;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.#req = req;
    this.#res = res;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  /** The client sent FIN while the action waited: it may be gone, or only done sending (wire.md §14.4). */
  get halfClosed(): boolean {
    return this.#halfClosed;
  }

  /** Only an action that waits asks for it, and only then do a client's half-close or leaving end the wait. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      const res = this.#res;
      // A client that goes away ends its wait: a long poll drops its waiter (wire.md §11.3).
      if (res.destroyed && !res.writableFinished) this.abort();
      else
        res.once('close', () => {
          if (!res.writableFinished) this.abort();
        });
      const socket = this.#req.socket;
      this.#onHalfClose = () => {
        this.#halfClosed = true;
        this.abort();
      };
      if (socket.readableEnded) this.#onHalfClose();
      else socket.once('end', this.#onHalfClose);
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
    if (this.#onHalfClose) this.#req.socket.off('end', this.#onHalfClose);
  }
}

interface ServeContext {
  readonly served: ServedAccount;
  readonly defaultHost: () => string;
  readonly inFlight: Set<RequestAbort>;
  readonly closing: () => boolean;
  readonly cors: CorsOption | undefined;
  /** `POST /_mock/reset`: the account as just after start-up, its start-up stack provisioned again, or `empty`. */
  readonly reset: (empty: boolean) => void;
}

/**
 * One request, from its body to its answer. Written with callbacks rather than `await`s: every request passes here,
 * and each promise and microtask of an async chain is a share of its cost (docs/speed.md, "Over the wire").
 */
function serve(req: IncomingMessage, res: ServerResponse, context: ServeContext): void {
  const requestId = context.served.aws.ids.uuid();
  const page = pageOrigin(req.headers);
  if (page !== undefined && !corsAllows(context.cors, page)) {
    // A page's request whose origin `cors` does not allow changes nothing, not even on the control routes (§12.4).
    req.resume();
    writeAnswer(req, res, requestId, undefined, jsonError(wireError('OriginNotAllowed', originRefusal(page))));
    return;
  }
  const origin = req.headers.origin;
  const cors = origin !== undefined && corsAllows(context.cors, origin) ? origin : undefined;
  if (cors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    req.resume();
    res.writeHead(204, preflightHeaders(cors, req.headers['access-control-request-headers']));
    res.end();
    return;
  }
  const internalFailure = () => writeAnswer(req, res, requestId, cors, jsonError(wireError('InternalFailure')));
  // A body past the usual limit is read on only for a protocol that takes more, asked before its body (§12.1).
  const largerLimit = () => {
    const head = wireRequest(req, EMPTY_BODY, context.defaultHost());
    return wireProtocols().find((protocol) => protocol.maxBodyBytes !== undefined && protocol.matches(head))
      ?.maxBodyBytes;
  };
  readBody(req, largerLimit, internalFailure, (body) => {
    if (body === undefined) {
      res.setHeader('connection', 'close');
      writeAnswer(req, res, requestId, cors, jsonError(wireError('RequestEntityTooLarge')));
      return;
    }
    const controller = new RequestAbort(req, res);
    let answer: Promise<WireAnswer> | WireAnswer;
    try {
      answer = route(wireRequest(req, body, context.defaultHost()), context, requestId, controller);
    } catch {
      answer = jsonError(wireError('InternalFailure'));
    }
    if (!(answer instanceof Promise)) {
      controller.release();
      writeAnswer(req, res, requestId, cors, answer);
      return;
    }
    // Only an answer still to come can be ended by the server closing; one already made has nothing left to end.
    context.inFlight.add(controller);
    const settle = (settled: WireAnswer) => {
      context.inFlight.delete(controller);
      controller.release();
      writeAnswer(req, res, requestId, cors, settled);
    };
    answer.then(settle, () => settle(jsonError(wireError('InternalFailure'))));
  });
}

function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  cors: string | undefined,
  answer: WireAnswer,
): void {
  if (res.destroyed || res.writableEnded) return;
  const headers: Record<string, string> = { 'x-amzn-requestid': requestId };
  for (const name in answer.headers) headers[name] = answer.headers[name]!;
  if (cors) Object.assign(headers, corsHeaders(cors));
  // A length, as AWS answers, rather than Node's chunked default: the head and body then leave in one write.
  if (answer.status !== 204 && answer.status !== 304 && req.method !== 'HEAD')
    headers['content-length'] = String(
      typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.byteLength,
    );
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

function route(
  request: WireRequest,
  context: ServeContext,
  requestId: string,
  controller: RequestAbort,
): Promise<WireAnswer> | WireAnswer {
  if (request.path.startsWith(CONTROL_PREFIX)) return controlAnswer(request, context.served, context.reset);
  let protocol: WireProtocol | undefined;
  for (const candidate of wireProtocols()) {
    if (candidate.matches(request)) {
      protocol = candidate;
      break;
    }
  }
  if (!protocol) return unclaimedAnswer(request, requestId);
  const { aws } = context.served;
  const region = request.scope?.region ?? aws.region;
  const requestContext = new ServedRequestContext(
    requestId,
    controller,
    region,
    request.headers['x-amzn-trace-id'],
    aws.accountId,
  );
  return protocol.answer(request, new ServedCall(aws, requestId, region, requestContext, controller, context));
}

/** What the actions see of a request over the wire; a class, as an object literal with a getter is costly to make. */
class ServedRequestContext implements RequestContext {
  constructor(
    readonly requestId: string,
    private readonly controller: RequestAbort,
    readonly region: string,
    readonly traceHeader: string | undefined,
    readonly callerAccount: string,
  ) {}

  get abortSignal(): AbortSignal {
    return this.controller.signal;
  }
}

class ServedCall implements WireCall {
  constructor(
    readonly aws: AwsMock,
    readonly requestId: string,
    readonly region: string,
    private readonly request: RequestContext,
    private readonly controller: RequestAbort,
    private readonly context: ServeContext,
  ) {}

  run(emulation: ServiceEmulation, action: string, input: unknown): Promise<object> | object {
    if (action !== 'ReceiveMessage') return runAction(emulation, this.aws.journeys, action, input, this.request);
    try {
      const ran = runAction(emulation, this.aws.journeys, action, input, this.request);
      return ran instanceof Promise ? ran.catch((error: unknown) => this.#endedReceive(error)) : ran;
    } catch (error) {
      return this.#endedReceive(error);
    }
  }

  /**
   * Closing the server, or a client's half-close, answers a waiting receive empty, as its wait running out would
   * (wire.md §14.2, §14.4): a client that went away leaves no waiter to take a message it never reads.
   */
  #endedReceive(error: unknown): object {
    const ended = this.context.closing() || this.controller.halfClosed;
    if (ended && this.controller.aborted) return {};
    throw error;
  }
}

const EMPTY_BODY = Buffer.alloc(0);

/**
 * Hands on the body, or undefined once it passes the limit (the rest is not read): MAX_BODY_BYTES, or what the
 * protocol that claims the request takes (`largerLimit`, asked once the body passes the first). A body that came in
 * one chunk, as most do, is handed on as it is, without a copy.
 */
function readBody(
  req: IncomingMessage,
  largerLimit: () => number | undefined,
  failed: () => void,
  done: (body: Buffer | undefined) => void,
): void {
  let first: Buffer | undefined;
  let more: Buffer[] | undefined;
  let size = 0;
  let limit = MAX_BODY_BYTES;
  let extended = false;
  let settled = false;
  const settle = (body: Buffer | undefined) => {
    if (settled) return;
    settled = true;
    done(body);
  };
  const fail = () => {
    if (settled) return;
    settled = true;
    failed();
  };
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit && !extended) {
      extended = true;
      limit = Math.max(limit, largerLimit() ?? limit);
    }
    if (size > limit) {
      req.removeAllListeners('data');
      req.resume();
      settle(undefined);
      return;
    }
    if (first === undefined) first = chunk;
    else (more ??= [first]).push(chunk);
  });
  req.on('end', () => settle(more ? Buffer.concat(more) : (first ?? EMPTY_BODY)));
  req.on('error', fail);
}

function wireRequest(req: IncomingMessage, body: Buffer, defaultHost: string): WireRequest {
  // Node joins a repeated header with `, ` already, all but Set-Cookie, which no request to AWS carries.
  return new IncomingWireRequest(
    req.method ?? 'GET',
    req.url ?? '/',
    req.headers as Record<string, string>,
    body,
    defaultHost,
  );
}

/**
 * A request as the protocols read it. The target's query is parsed when first read: the JSON protocols never read it.
 */
class IncomingWireRequest implements WireRequest {
  readonly path: string;
  readonly host: string;
  readonly scope: WireRequest['scope'];
  #query: URLSearchParams | undefined;
  #queryText: string;

  constructor(
    readonly method: string,
    target: string,
    readonly headers: Readonly<Record<string, string>>,
    readonly body: Buffer,
    defaultHost: string,
  ) {
    // The usual `/path?query` is split as it is; anything else (an absolute URL, dot segments) goes through the URL
    // parser, which normalises it.
    if (target.startsWith('/') && !target.includes('/.')) {
      const mark = target.indexOf('?');
      this.path = mark < 0 ? target : target.slice(0, mark);
      this.#queryText = mark < 0 ? '' : target.slice(mark + 1);
    } else {
      const url = new URL(target, 'http://localhost');
      this.path = url.pathname;
      this.#query = url.searchParams;
      this.#queryText = '';
    }
    this.host = headers['host'] || defaultHost;
    this.scope = signingScope(headers['authorization'] ?? this.query.get('X-Amz-Credential') ?? undefined);
  }

  get query(): URLSearchParams {
    return (this.#query ??= new URLSearchParams(this.#queryText));
  }
}

/**
 * The region and service of a SigV4 credential scope (`<key>/<date>/<region>/<service>/aws4_request`), from the
 * Authorization header or a presigned URL. The signature is never checked (wire.md §3).
 */
function signingScope(authorization: string | undefined): WireRequest['scope'] {
  const match = /(?:Credential=)?[^/\s,]+\/\d{8}\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request/.exec(authorization ?? '');
  return match ? { region: match[1]!, service: match[2]! } : undefined;
}

/** wire.md §12.4: what a refused page's request is told (a browser hides it from the page; curl shows it). */
const originRefusal = (origin: string) =>
  `${origin ? `The origin ${origin}` : 'A web page'} may not drive this endpoint: start it with --cors to allow ` +
  'pages on this machine, or --cors-origin <origin> (startServer({ cors })) for others.';

/** An error of the HTTP layer before any service claimed the request (wire.md §12.2). */
function jsonError(error: ReturnType<typeof answeredError>): WireAnswer {
  return {
    status: error.status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': error.code },
    body: JSON.stringify({ __type: error.code, message: error.message }),
  };
}
