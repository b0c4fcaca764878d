import type { AwsError } from '../aws-error.js';
import { RESPONSE_METADATA, type WithResponseMetadata } from '../request-context.js';
import type { WireAnswer, WireCall, WireProtocol, WireRequest } from './protocol.js';
import { answeredError, wireError } from './wire-errors.js';
import { parseJsonObject, wireJson } from './wire-json.js';
import { decodedSegment } from './url-segment.js';

/** Lambda's REST paths start with its API version date (2015-03-31, and later dates for newer resources). */
const LAMBDA_PATH = /^\/20\d\d-\d\d-\d\d\//;
const INVOKE = /^\/2015-03-31\/functions\/([^/]+)\/invocations\/?$/;
const MAPPINGS = /^\/2015-03-31\/event-source-mappings\/?$/;
const MAPPING = /^\/2015-03-31\/event-source-mappings\/([^/]+)\/?$/;

/** What a route of Lambda's REST API turns into: an action and its input. */
interface Routed {
  readonly action: string;
  readonly input: Record<string, unknown>;
}

/**
 * Lambda over REST-JSON (docs/aws-behaviour/wire.md §8): Invoke with its headers, and the event source mapping
 * actions; any other Lambda route answers 501 NotEmulatedException naming it.
 */
export const lambdaRest: WireProtocol = {
  name: 'Lambda REST-JSON',
  matches: (request) => LAMBDA_PATH.test(request.path) && !request.headers['x-amz-target'],
  async answer(request, call) {
    const routed = routeOf(request);
    if (routed === undefined)
      return lambdaError(wireError('NotEmulated', `Lambda's ${request.method} ${request.path} is not emulated.`));
    if (routed === 'malformed') return lambdaError(wireError('SerializationException'));
    try {
      const output = (await call.run(call.aws.lambda.emulation, routed.action, routed.input)) as WithResponseMetadata<
        Record<string, unknown>
      >;
      return routed.action === 'Invoke' ? invokeAnswer(output) : jsonAnswer(output);
    } catch (error) {
      return lambdaError(answeredError(error));
    }
  },
};

function routeOf(request: WireRequest): Routed | 'malformed' | undefined {
  const { method, path, query } = request;
  const invoke = INVOKE.exec(path);
  if (invoke && method === 'POST') {
    const header = (name: string) => request.headers[name];
    return {
      action: 'Invoke',
      input: defined({
        FunctionName: decodedSegment(invoke[1]!),
        Qualifier: query.get('Qualifier') ?? undefined,
        InvocationType: header('x-amz-invocation-type'),
        LogType: header('x-amz-log-type'),
        ClientContext: header('x-amz-client-context'),
        Payload: request.body.length > 0 ? new Uint8Array(request.body) : undefined,
      }),
    };
  }
  if (MAPPINGS.test(path)) {
    if (method === 'GET') {
      const names = ['FunctionName', 'EventSourceArn', 'Marker', 'MaxItems'];
      return {
        action: 'ListEventSourceMappings',
        input: defined(Object.fromEntries(names.map((n) => [n, query.get(n) ?? undefined]))),
      };
    }
    if (method === 'POST') return withBody('CreateEventSourceMapping', request, {});
  }
  const mapping = MAPPING.exec(path);
  if (mapping) {
    const UUID = decodedSegment(mapping[1]!);
    if (method === 'GET') return { action: 'GetEventSourceMapping', input: { UUID } };
    if (method === 'PUT') return withBody('UpdateEventSourceMapping', request, { UUID });
    if (method === 'DELETE') return { action: 'DeleteEventSourceMapping', input: { UUID } };
  }
  return undefined;
}

function withBody(action: string, request: WireRequest, labels: Record<string, unknown>): Routed | 'malformed' {
  const body = parseJsonObject(request.body);
  return body ? { action, input: { ...body, ...labels } } : 'malformed';
}

/** wire.md §8.1: the status, the function's error and log in headers, the payload as the body. */
function invokeAnswer(output: WithResponseMetadata<Record<string, unknown>>): WireAnswer {
  const metadata = output[RESPONSE_METADATA];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const header = (name: string, member: string) => {
    if (typeof output[member] === 'string') headers[name] = output[member];
  };
  header('x-amz-executed-version', 'ExecutedVersion');
  header('x-amz-function-error', 'FunctionError');
  header('x-amz-log-result', 'LogResult');
  if (metadata?.requestId) headers['x-amzn-requestid'] = metadata.requestId;
  const payload = output['Payload'];
  return {
    status: metadata?.httpStatusCode ?? 200,
    headers,
    body: payload instanceof Uint8Array ? payload : '',
  };
}

function jsonAnswer(output: WithResponseMetadata<object>): WireAnswer {
  return {
    status: output[RESPONSE_METADATA]?.httpStatusCode ?? 200,
    headers: { 'content-type': 'application/json' },
    body: wireJson(output),
  };
}

/**
 * wire.md §8.3: the error's name in `x-amzn-ErrorType`, the body the model's members: `Type` (User or Service),
 * `Message`, and the error's own fields (`Reason`).
 */
function lambdaError(error: AwsError): WireAnswer {
  const name = error.shape ?? error.code;
  return {
    status: error.status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': name },
    body: JSON.stringify({
      Type: error.type === 'Sender' ? 'User' : 'Service',
      ...error.fields,
      Message: error.message,
    }),
  };
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
