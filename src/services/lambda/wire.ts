import type { RestRoute, WireBinding } from '../../core/wire/binding.js';

/** Lambda's REST paths start with its API version date (2015-03-31, and later dates for newer resources). */
const LAMBDA_PATH = /^\/20\d\d-\d\d-\d\d\//;
const INVOKE = /^\/2015-03-31\/functions\/([^/]+)\/invocations\/?$/;
const MAPPINGS = /^\/2015-03-31\/event-source-mappings\/?$/;
const MAPPING = /^\/2015-03-31\/event-source-mappings\/([^/]+)\/?$/;

/**
 * Lambda on the wire: REST-JSON (docs/aws-behaviour/wire.md §8): Invoke with its headers and its payload as the raw
 * body each way (§8.1), and the event source mapping actions; any other Lambda route answers 501 naming it.
 */
const ROUTES: readonly RestRoute[] = [
  {
    action: 'Invoke',
    method: 'POST',
    path: INVOKE,
    label: 'FunctionName',
    query: { Qualifier: 'Qualifier' },
    headers: {
      'x-amz-invocation-type': 'InvocationType',
      'x-amz-log-type': 'LogType',
      'x-amz-client-context': 'ClientContext',
    },
    body: { payload: 'Payload' },
    output: {
      headers: {
        'x-amz-executed-version': 'ExecutedVersion',
        'x-amz-function-error': 'FunctionError',
        'x-amz-log-result': 'LogResult',
      },
      payload: 'Payload',
    },
  },
  {
    action: 'ListEventSourceMappings',
    method: 'GET',
    path: MAPPINGS,
    query: { FunctionName: 'FunctionName', EventSourceArn: 'EventSourceArn', Marker: 'Marker', MaxItems: 'MaxItems' },
  },
  { action: 'CreateEventSourceMapping', method: 'POST', path: MAPPINGS, body: true },
  { action: 'GetEventSourceMapping', method: 'GET', path: MAPPING, label: 'UUID' },
  { action: 'UpdateEventSourceMapping', method: 'PUT', path: MAPPING, label: 'UUID', body: true },
  { action: 'DeleteEventSourceMapping', method: 'DELETE', path: MAPPING, label: 'UUID' },
];

export const LAMBDA_WIRE: WireBinding = {
  rest: { claims: LAMBDA_PATH, routes: ROUTES, errorFields: true },
};
