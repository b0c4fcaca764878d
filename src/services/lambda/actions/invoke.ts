import type { InvokeCommandInput } from '@aws-sdk/client-lambda';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import { textOf } from '../../../core/util/text.js';
import { invokeErrors, MAX_ASYNC_PAYLOAD_BYTES, MAX_SYNC_PAYLOAD_BYTES, validationErrors } from '../errors.js';
import { INVOKE_NAME_PATTERN, isInvokeName, MAX_INVOKE_NAME_LENGTH } from '../function-arn.js';
import type { InvocationTrigger, LambdaFunction } from '../lambda-function.js';
import type { LambdaModels } from '../lambda-models.js';
import { httpLabel } from './http-label.js';
import { parsePayload, payloadBytes, responsePayload } from './payload.js';
import { tailLog } from './tail-log.js';

/**
 * Invoke (docs/aws-behaviour/lambda.md §6): RequestResponse runs the handler and answers its result or its error
 * payload (a function error is no API error: `FunctionError: 'Unhandled'`, status 200); Event queues the event for
 * asynchronous invocation (202); DryRun only checks the request (204). Only `$LATEST` is modelled: another qualifier
 * (a version or an alias) names nothing, as for a function that has none.
 */
const INVOCATION_TYPES = ['Event', 'RequestResponse', 'DryRun'] as const;
const LOG_TYPES = ['None', 'Tail'] as const;
const LATEST = '$LATEST';

type InvokeInput = Omit<Partial<InvokeCommandInput>, 'Payload'> & { Payload?: unknown };

export async function invoke(lambda: LambdaModels, input: InvokeInput, request: RequestContext): Promise<object> {
  const functionName = invokeName(input.FunctionName);
  const invocationType = oneOf('invocationType', input.InvocationType ?? 'RequestResponse', INVOCATION_TYPES);
  const logType = oneOf('logType', input.LogType ?? 'None', LOG_TYPES);
  const bytes = await payloadBytes(input.Payload);
  // The request's size is checked first, at the front door.
  if (invocationType === 'Event' && bytes.length > MAX_ASYNC_PAYLOAD_BYTES) {
    throw invokeErrors.asyncPayloadTooLarge(bytes.length);
  }
  if (bytes.length > MAX_SYNC_PAYLOAD_BYTES) throw invokeErrors.syncPayloadTooLarge();
  const { fn, invokedArn } = target(lambda, functionName, input.Qualifier, request.region);
  if (invocationType === 'DryRun') {
    return withResponseMetadata({ StatusCode: 204, Payload: null }, { httpStatusCode: 204 });
  }
  const event = parsePayload(bytes);
  if (invocationType === 'Event') {
    // The invocation's request id is the one Invoke answers, and stays the same across retries (lambda.md §4).
    const requestId = enqueue(lambda)(fn, event, { kind: 'invoke', invocationType: 'Event' }, { invokedArn });
    return withResponseMetadata({ StatusCode: 202, Payload: null }, { httpStatusCode: 202, requestId });
  }
  const clientContext = decodeClientContext(input.ClientContext);
  return invokeNow(lambda, fn, event, { invokedArn, clientContext, tail: logType === 'Tail' }, request);
}

/**
 * FunctionName: required by the SDK (http-label.ts), then checked by AWS's request layer against the model's length
 * and pattern before any function is looked up (docs/aws-behaviour/lambda.md §6.3).
 */
function invokeName(value: unknown): string {
  const name = httpLabel(value, 'FunctionName');
  if (name.length > MAX_INVOKE_NAME_LENGTH)
    throw validationErrors.tooLong('functionName', name, MAX_INVOKE_NAME_LENGTH);
  if (!isInvokeName(name)) throw validationErrors.notMatching('functionName', name, INVOKE_NAME_PATTERN);
  return name;
}

type Enqueue = (
  fn: LambdaFunction,
  event: unknown,
  trigger: InvocationTrigger,
  options: { readonly invokedArn?: string },
) => string;

/** The asynchronous queue's `enqueue`, which also takes the ARN invoked by (`context.invokedFunctionArn`). */
const enqueue = (lambda: LambdaModels): Enqueue => lambda.asyncInvocations.enqueue.bind(lambda.asyncInvocations);

/** The function and the ARN it was invoked by (its qualifier kept, as `context.invokedFunctionArn` shows it). */
function target(
  lambda: LambdaModels,
  functionName: string,
  qualifierInput: unknown,
  region: string,
): { fn: LambdaFunction; invokedArn: string } {
  const given = qualifierInput === undefined || qualifierInput === null ? undefined : textOf(qualifierInput);
  const found = lambda.backend.find(functionName, region);
  const derived = found?.ref.qualifier;
  if (given !== undefined && derived !== undefined && given !== derived) throw invokeErrors.qualifierMismatch();
  const qualifier = given ?? derived;
  if (!found || (qualifier !== undefined && qualifier !== LATEST)) {
    throw lambda.backend.notFound(functionName, region, qualifier);
  }
  return { fn: found.fn, invokedArn: qualifier === undefined ? found.fn.arn : `${found.fn.arn}:${qualifier}` };
}

interface SyncOptions {
  readonly invokedArn: string;
  readonly clientContext: unknown;
  readonly tail: boolean;
}

async function invokeNow(
  lambda: LambdaModels,
  fn: LambdaFunction,
  event: unknown,
  options: SyncOptions,
  request: RequestContext,
): Promise<object> {
  if (fn.throttles) throw invokeErrors.throttled();
  const clock = lambda.backend.runtime.clock;
  const startedAt = clock.now();
  // The invocation's request id is the Invoke's own: AWS answers it as the response's request id.
  const result = await fn.invoke(event, {
    trigger: { kind: 'invoke', invocationType: 'RequestResponse' },
    requestId: request.requestId,
    invokedArn: options.invokedArn,
    ...(options.clientContext !== undefined ? { clientContext: options.clientContext } : {}),
  });
  if (result.outcome === 'throttled') throw invokeErrors.throttled();
  const error = result.outcome === 'success' ? undefined : result.error;
  const logResult = options.tail
    ? tailLog({
        requestId: result.requestId,
        startedAt,
        endedAt: clock.now(),
        memorySize: fn.settings.memorySize,
        ...(error ? { error, timedOut: result.outcome === 'timeout' } : {}),
      })
    : undefined;
  // In the order the SDK's deserializer gives them.
  return {
    Payload: responsePayload(result.outcome === 'success' ? result.payload : JSON.stringify(error)),
    ExecutedVersion: LATEST,
    ...(error ? { FunctionError: 'Unhandled' } : {}),
    ...(logResult !== undefined ? { LogResult: logResult } : {}),
    StatusCode: 200,
  };
}

/** ClientContext is base64 of a JSON object; the function gets the object (lambda.md §5.2). */
function decodeClientContext(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const text = textOf(value);
  const decoded = /^[A-Za-z0-9+/]*={0,2}$/.test(text) ? Buffer.from(text, 'base64').toString('utf8') : undefined;
  try {
    const parsed = decoded === undefined ? undefined : (JSON.parse(decoded) as unknown);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
  } catch {
    // Refused below, as AWS refuses it.
  }
  throw invokeErrors.clientContextNotJson();
}

function oneOf<const Allowed extends readonly string[]>(
  member: string,
  value: unknown,
  allowed: Allowed,
): Allowed[number] {
  const text = textOf(value);
  if ((allowed as readonly string[]).includes(text)) return text as Allowed[number];
  throw validationErrors.notInEnum(member, text, allowed);
}
