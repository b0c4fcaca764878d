/**
 * The shapes every layer shares about one request: what the plugin hands an action (src/plugin/plugin.ts), what an
 * action may say about its response, and the requests the emulation makes itself. A leaf: it imports nothing of the
 * project.
 */

/**
 * What an action sees of the request beyond its input, made once per request by the plugin and handed on to the
 * models the action calls (a send, a publish and its deliveries).
 */
export interface RequestContext {
  readonly requestId: string;
  readonly abortSignal: AbortSignalLike | undefined;
  /**
   * The region the command acts in: its client's, when the client has one the mock can learn without I/O, else the
   * account's (docs/aws-behaviour/sdk-reach.md §3).
   */
  readonly region: string;
  /**
   * The `X-Amzn-Trace-Id` header the SDK would have sent (src/plugin/plugin.ts `sdkTraceHeader`), read once per
   * request.
   */
  readonly traceHeader: string | undefined;
  /** The account of the caller: for now always the emulated account. */
  readonly callerAccount: string;
  /**
   * The resolved config of the SDK client the command came from, when the plugin knows it: for what that client does
   * after the plugin's step, which differs by SDK version and setting (S3's checksums, docs/aws-behaviour/s3.md §5.4).
   * Undefined over the wire, whose requests carry what their client did, and for the emulation's own requests.
   */
  readonly clientConfig?: object | undefined;
}

/**
 * A request the emulation makes on its own account's behalf, with no SDK client: SNS publishing on another service's
 * behalf (`publishFromService`), a template creating its resources. No abort signal and no trace header; the caller
 * is the account itself.
 */
export function internalRequest(
  account: { readonly accountId: string; readonly ids: { uuid(): string } },
  region: string,
): RequestContext {
  return {
    requestId: account.ids.uuid(),
    abortSignal: undefined,
    region,
    traceHeader: undefined,
    callerAccount: account.accountId,
  };
}

export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The error the SDK's own HTTP handler raises for an aborted request, for waits the mock ends early. */
export function abortError(signal: AbortSignalLike | undefined): Error {
  const reason = signal?.reason;
  const error = new Error(reason && !(reason instanceof Error) ? String(reason) : 'Request aborted');
  error.name = 'AbortError';
  if (reason instanceof Error) error.cause = reason;
  return error;
}

/**
 * Stands between the plugin and the action: may answer an error or wait before the action runs, or run it
 * with another input (`proceed`), and may reshape its answer.
 */
export interface CommandInterceptor {
  /** Whether `run` may do anything but proceed: when it may not, the plugin calls the action itself. */
  readonly intercepting: boolean;
  run(
    action: string,
    input: unknown,
    request: RequestContext,
    proceed: (input: unknown) => Promise<object> | object,
  ): Promise<object> | object;
}

/**
 * What an action may say about its HTTP response beyond the output: a status other than 200 (Lambda answers 202 and
 * 204, docs/aws-behaviour/lambda.md §2.2, §6), or the request id AWS answers when it is the id of the work the
 * action started (an asynchronous invocation's). The plugin takes it off the output and writes it into `$metadata`.
 */
export const RESPONSE_METADATA = Symbol('sqs-sns-mock:response-metadata');

export interface ResponseMetadata {
  readonly httpStatusCode?: number;
  readonly requestId?: string;
}

export type WithResponseMetadata<Output extends object> = Output & { readonly [RESPONSE_METADATA]?: ResponseMetadata };

/** `output` answered with `metadata` (see RESPONSE_METADATA). */
export function withResponseMetadata<Output extends object>(
  output: Output,
  metadata: ResponseMetadata,
): WithResponseMetadata<Output> {
  return { ...output, [RESPONSE_METADATA]: metadata };
}
