/**
 * A request no protocol of the port claims (docs/aws-behaviour/wire.md §12.2): mostly a client of a service the
 * server does not emulate (IAM, STS, DynamoDB, KMS). It is answered in the form that client reads errors in, so that
 * it shows the text rather than failing to parse it (botocore answers a JSON body to a query client with "invalid XML
 * received. Further retries may succeed" and retries), naming what was asked for and what the endpoint serves.
 */
import { SERVICE_MODULES } from '../account/services.js';
import { escapeXml } from './query/xml.js';
import type { WireAnswer, WireRequest } from './protocol.js';
import { wireError } from './wire-errors.js';

const FORM = 'application/x-www-form-urlencoded';

export function unclaimedAnswer(request: WireRequest, requestId: string): WireAnswer {
  const queryAction = actionOf(request);
  const operation = queryAction ?? request.headers['x-amz-target']?.split('.').pop();
  const asked = [request.scope?.service, operation].filter((part) => part !== undefined && part !== '').join(' ');
  const error = wireError('UnknownOperationException', unclaimedText(asked));
  if (queryAction !== undefined) {
    return {
      status: error.status,
      headers: { 'content-type': 'text/xml' },
      body:
        `<?xml version="1.0"?><ErrorResponse><Error><Type>${error.type}</Type><Code>${error.code}</Code>` +
        `<Message>${escapeXml(error.message)}</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`,
    };
  }
  return {
    status: error.status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': error.code },
    body: JSON.stringify({ __type: error.code, message: error.message }),
  };
}

/** The text: what was asked for, as far as the request says, and the services the endpoint answers. */
export function unclaimedText(asked: string): string {
  const names = SERVICE_MODULES.map(({ sdk }) => sdk.service);
  const served = `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  const what = asked === '' ? 'The request' : `The request (${asked})`;
  return `${what} matches no operation of this endpoint, which emulates ${served}.`;
}

/** A query-protocol request's Action, from its form body or, for a GET, its query string. */
function actionOf(request: WireRequest): string | undefined {
  const fromQuery = request.query.get('Action');
  if (fromQuery !== null) return fromQuery;
  if (!(request.headers['content-type'] ?? '').startsWith(FORM)) return undefined;
  return new URLSearchParams(request.body.toString('utf8')).get('Action') ?? undefined;
}
