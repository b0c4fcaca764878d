import type { AwsError } from '../core/aws-error.js';
import type { RestJsonBinding, RestRoute } from '../core/wire/binding.js';
import { decodedSegment } from '../core/wire/url-segment.js';
import { RESPONSE_METADATA, type WithResponseMetadata } from '../core/request-context.js';
import { decodeTimestamps } from './json-timestamps.js';
import { exchangeOf, type EmulationOf, type WireAnswer, type WireProtocol, type WireRequest } from './protocol.js';
import { answeredError, wireError } from './wire-errors.js';
import { parseJsonObject, wireJson } from './wire-json.js';

/** What a route turns a request into: the action and its input. */
interface Routed {
  readonly route: RestRoute;
  readonly input: Record<string, unknown>;
}

/**
 * REST-JSON (docs/aws-behaviour/wire.md §8), one codec for every service that speaks it (Lambda, Scheduler), each by
 * its binding's routes; a path the service claims that no route takes answers 501 NotEmulatedException naming it.
 */
export function restJsonProtocol(service: string, binding: RestJsonBinding, emulation: EmulationOf): WireProtocol {
  const errorAnswer = (error: AwsError): WireAnswer => restError(error, binding);
  return {
    name: `${service} REST-JSON`,
    matches: (request) => binding.claims.test(request.path) && !request.headers['x-amz-target'],
    async answer(request, call) {
      const routed = routeOf(request, binding);
      if (routed === undefined)
        return errorAnswer(wireError('NotEmulated', `${service}'s ${request.method} ${request.path} is not emulated.`));
      if (routed === 'malformed') return errorAnswer(wireError('SerializationException'));
      try {
        const input = binding.incoming ? binding.incoming(routed.input, exchangeOf(request, call)) : routed.input;
        let output = await call.run(emulation(call), routed.route.action, input);
        if (binding.outgoing) output = binding.outgoing(output, exchangeOf(request, call));
        return answerOf(output as WithResponseMetadata<Record<string, unknown>>, routed.route);
      } catch (error) {
        return errorAnswer(answeredError(error));
      }
    },
  };
}

/** The first route of the request's method and path, with the input it reads: its body, label, query, headers. */
function routeOf(request: WireRequest, binding: RestJsonBinding): Routed | 'malformed' | undefined {
  for (const route of binding.routes) {
    const match = request.method === route.method ? route.path.exec(request.path) : null;
    if (!match) continue;
    let input: Record<string, unknown> = {};
    if (route.body === true) {
      const body = parseJsonObject(request.body);
      if (!body) return 'malformed';
      input = { ...(binding.timestamps ? (decodeTimestamps(body, binding.timestamps) as object) : body) };
    }
    if (route.label) input[route.label] = decodedSegment(match[1]!);
    const shape = binding.inputShapes?.[route.action];
    for (const [name, member] of Object.entries(route.query ?? {})) {
      const values = request.query.getAll(name);
      if (values.length === 0) continue;
      const declared = shape?.members[member];
      if (typeof declared === 'object' && 'list' in declared) input[member] = values;
      else if (declared !== 'number') input[member] = values[0];
      else if (/^-?\d+$/.test(values[0]!)) input[member] = Number(values[0]);
      else return 'malformed';
    }
    for (const [header, member] of Object.entries(route.headers ?? {})) {
      const value = request.headers[header];
      if (value !== undefined) input[member] = value;
    }
    if (typeof route.body === 'object' && request.body.length > 0)
      input[route.body.payload] = new Uint8Array(request.body);
    return { route, input };
  }
  return undefined;
}

/**
 * The action's answer: its status, and its output as JSON; or, for a route whose output is a raw payload (Invoke,
 * wire.md §8.1), the members its headers carry, the request id, and the payload as the body.
 */
function answerOf(output: WithResponseMetadata<Record<string, unknown>>, route: RestRoute): WireAnswer {
  const metadata = output[RESPONSE_METADATA];
  const status = metadata?.httpStatusCode ?? 200;
  if (!route.output) return { status, headers: { 'content-type': 'application/json' }, body: wireJson(output) };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [header, member] of Object.entries(route.output.headers)) {
    const value = output[member];
    if (typeof value === 'string') headers[header] = value;
  }
  if (metadata?.requestId) headers['x-amzn-requestid'] = metadata.requestId;
  const payload = output[route.output.payload];
  return { status, headers, body: payload instanceof Uint8Array ? payload : '' };
}

/**
 * wire.md §8.3, §8.4: the error's name in `x-amzn-ErrorType`, its status, and the model's members: `Message`, and for
 * Lambda `Type` (User or Service) and the error's own fields (`Reason`).
 */
function restError(error: AwsError, binding: RestJsonBinding): WireAnswer {
  const body = binding.errorFields
    ? { Type: error.type === 'Sender' ? 'User' : 'Service', ...error.fields, Message: error.message }
    : { Message: error.message };
  return {
    status: error.status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': error.shape ?? error.code },
    body: JSON.stringify(body),
  };
}
