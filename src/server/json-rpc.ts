import type { AwsError } from '../core/aws-error.js';
import type { JsonRpcBinding } from '../core/wire/binding.js';
import { RESPONSE_METADATA, type WithResponseMetadata } from '../core/request-context.js';
import { decodeTimestamps } from './json-timestamps.js';
import { exchangeOf, type EmulationOf, type WireAnswer, type WireCall, type WireProtocol } from './protocol.js';
import type { WireRequest } from './protocol.js';
import { unknownOperation } from './operations.js';
import { answeredError, wireError } from './wire-errors.js';
import { decodeBlobs, parseJsonObject, wireJson } from './wire-json.js';

/**
 * AWS JSON 1.0 and 1.1 (docs/aws-behaviour/wire.md §4), one codec for every service that speaks them (SQS,
 * EventBridge), each by its binding: `X-Amz-Target: <prefix>.<Action>`, a JSON body each way. The answer is synchronous
 * when the action is: every SQS JSON request passes here, and an `await` costs a promise and a hop.
 */
export function jsonRpcProtocol(service: string, binding: JsonRpcBinding, emulation: EmulationOf): WireProtocol {
  const prefix = `${binding.targetPrefix}.`;
  const contentType = `application/x-amz-json-${binding.version}`;
  const headers = { 'content-type': contentType } as const;
  const errorPrefix = binding.errorTypePrefix ?? '';
  const { blobs, timestamps, incoming, outgoing } = binding;

  /**
   * An error (wire.md §4.3, §4.6): the error's name in `__type` (after SQS's shape namespace), the text in `message`;
   * a query-compatible service also says the query code and fault side in `x-amzn-query-error`, which the SDK v3 and
   * v2 read for the error's code.
   */
  const errorAnswer = (error: AwsError): WireAnswer => ({
    status: error.status,
    headers: binding.queryCompatible
      ? { 'content-type': contentType, 'x-amzn-query-error': `${error.code};${error.type}` }
      : headers,
    body: JSON.stringify({
      __type: `${errorPrefix}${error.shape ?? error.wireType ?? error.code}`,
      message: error.message,
    }),
  });
  /** An operation the service's model does not have is unknown (400), one it has but not emulated 501 (§7.4). */
  const failure = (error: unknown, served: ReturnType<EmulationOf>, action: string): WireAnswer =>
    errorAnswer(
      unknownOperation(error, served.sdk, action) ? wireError('UnknownOperationException') : answeredError(error),
    );
  const output = (ran: object, request: WireRequest, call: WireCall): WireAnswer => {
    const answered = (outgoing ? outgoing(ran, exchangeOf(request, call)) : ran) as WithResponseMetadata<object>;
    return { status: answered[RESPONSE_METADATA]?.httpStatusCode ?? 200, headers, body: wireJson(answered) };
  };

  return {
    name: `${service} JSON ${binding.version}`,
    matches: (request) => (request.headers['x-amz-target'] ?? '').startsWith(prefix),
    answer(request, call) {
      const action = request.headers['x-amz-target']!.slice(prefix.length);
      const body = parseJsonObject(request.body);
      if (!body) return errorAnswer(wireError('SerializationException'));
      const served = emulation(call);
      try {
        let input = body;
        if (blobs) input = decodeBlobs(input, blobs) as Record<string, unknown>;
        if (timestamps) input = decodeTimestamps(input, timestamps) as Record<string, unknown>;
        if (incoming) input = incoming(input, exchangeOf(request, call));
        const ran = call.run(served, action, input);
        if (!(ran instanceof Promise)) return output(ran, request, call);
        return ran.then(
          (done) => {
            try {
              return output(done, request, call);
            } catch (error) {
              return failure(error, served, action);
            }
          },
          (error: unknown) => failure(error, served, action),
        );
      } catch (error) {
        return failure(error, served, action);
      }
    },
  };
}
