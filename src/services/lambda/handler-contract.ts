/** What a Node.js Lambda handler is given and how its outcome is reported (docs/aws-behaviour/lambda.md §5). */

export type LambdaCallback = (error?: unknown, result?: unknown) => void;

/**
 * An ordinary Node.js handler: async, or callback style `(event, context, callback)`. Typed loosely on purpose, so
 * that `Handler<SQSEvent>`, `SQSHandler`, middy- and Powertools-wrapped handlers all fit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LambdaHandler = (event: any, context: any, callback: any) => unknown;

/** The `context` a handler receives (lambda.md §5.2): the shape of `Context` in @types/aws-lambda. */
export interface LambdaContext {
  awsRequestId: string;
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  logGroupName: string;
  logStreamName: string;
  callbackWaitsForEmptyEventLoop: boolean;
  getRemainingTimeInMillis(): number;
  /** What an Invoke's ClientContext carried, decoded; absent otherwise (lambda.md §5.2). */
  clientContext?: unknown;
  /** Deprecated aliases the runtime still provides; only the first of these or the callback counts. */
  done(error?: unknown, result?: unknown): void;
  fail(error?: unknown): void;
  succeed(result?: unknown): void;
}

/** Lambda's error payload for Node.js (lambda.md §5.3); a timeout's has no `trace` (§5.4). */
export interface LambdaErrorPayload {
  errorType: string;
  errorMessage: string;
  trace?: string[];
}

/**
 * The payload of a thrown value, a rejection or `callback(error)`, as the Node.js runtime posts it (lambda.md §5.3,
 * §5.6): an error, or any object with non-empty string `name`, `message` and `stack`, by those; another value by its
 * `typeof` and text; a value that cannot become text (a symbol, a prototype-less object) by the TypeError the runtime
 * hits logging it. A missing error (`context.fail()`, a rejection with null) is the string "handled".
 */
export function errorPayload(thrown: unknown): LambdaErrorPayload {
  if (thrown === undefined || thrown === null) return { errorType: 'string', errorMessage: 'handled', trace: [] };
  if (looksLikeError(thrown)) {
    return { errorType: thrown.name, errorMessage: thrown.message, trace: thrown.stack.split('\n') };
  }
  let text: string;
  try {
    // Implicit conversion, as the runtime's `new Error(value)` does: it throws for a symbol, unlike String().
    text = `${thrown as string}`;
  } catch (conversion) {
    return errorPayload(conversion);
  }
  return { errorType: typeof thrown, errorMessage: text, trace: [] };
}

function looksLikeError(value: unknown): value is { name: string; message: string; stack: string } {
  if (value instanceof Error) return typeof value.stack === 'string';
  if (typeof value !== 'object' || value === null) return false;
  const { name, message, stack } = value as Record<string, unknown>;
  return [name, message, stack].every((field) => typeof field === 'string' && field !== '');
}

/** lambda.md §5.4: the configured seconds with two decimals, after the request id. */
export function timeoutPayload(requestId: string, timeoutSeconds: number): LambdaErrorPayload {
  return {
    errorType: 'Sandbox.Timedout',
    errorMessage: `RequestId: ${requestId} Error: Task timed out after ${timeoutSeconds.toFixed(2)} seconds`,
  };
}

/** The most a synchronous invocation may answer: 6 MB (lambda.md §6). */
export const MAX_RESPONSE_BYTES = 6_291_556;

export type SerialisedResult = { ok: true; value: unknown; text: string } | { ok: false; error: LambdaErrorPayload };

/**
 * The result as the caller gets it: `JSON.stringify`, `undefined` as `null` (lambda.md §5.1). A value that cannot be
 * serialised (a cycle, a BigInt) is a function error (§5.6), and so is one over 6 MB (§6).
 */
export function serialiseResult(result: unknown): SerialisedResult {
  let text: string | undefined;
  try {
    text = JSON.stringify(result === undefined ? null : result);
  } catch {
    // The runtime reports its own error, not the TypeError (lambda.md §5.6).
    return { ok: false, error: errorPayload(new Error('Unable to stringify response body')) };
  }
  // JSON.stringify answers undefined for a function or a symbol: the runtime sends that as no body, read as null.
  if (text === undefined) text = 'null';
  if (Buffer.byteLength(text) > MAX_RESPONSE_BYTES) {
    return {
      ok: false,
      error: {
        errorType: 'Function.ResponseSizeTooLarge',
        errorMessage: `Response payload size exceeded maximum allowed payload size (${MAX_RESPONSE_BYTES} bytes).`,
      },
    };
  }
  return { ok: true, value: JSON.parse(text) as unknown, text };
}
