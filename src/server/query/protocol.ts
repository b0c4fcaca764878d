import type { AwsError } from '../../core/aws-error.js';
import type { QueryBinding } from '../../core/wire/binding.js';
import { exchangeOf, type EmulationOf, type WireAnswer, type WireProtocol, type WireRequest } from '../protocol.js';
import { unknownOperation } from '../operations.js';
import { answeredError, invalidAction, wireError } from '../wire-errors.js';
import { decodeParameters } from './params.js';
import { struct, type QueryService } from '../../core/wire/query-shapes.js';
import { escapeXml, structXml } from './xml.js';

const parsed = new WeakMap<WireRequest, ReadonlyMap<string, string>>();

/** The URL's and the form body's parameters together (wire.md §5.1); their order carries no meaning (§2.3). */
export function queryParameters(request: WireRequest): ReadonlyMap<string, string> {
  let params = parsed.get(request);
  if (!params) {
    const merged = new Map<string, string>(request.query);
    const type = request.headers['content-type'] ?? '';
    if (request.body.length > 0 && (type === '' || type.includes('x-www-form-urlencoded'))) {
      for (const [key, value] of new URLSearchParams(request.body.toString('utf8'))) merged.set(key, value);
    }
    params = merged;
    parsed.set(request, params);
  }
  return params;
}

/**
 * The query protocol (wire.md §5–§7), one codec for every service that speaks it (SQS, SNS), each by its binding:
 * `Action=…&Version=…` in, XML out.
 */
export function queryProtocol(service: string, binding: QueryBinding, emulation: EmulationOf): WireProtocol {
  const { spec } = binding;
  return {
    name: `${service} query`,
    matches(request) {
      if (request.headers['x-amz-target']) return false;
      const params = queryParameters(request);
      const version = params.get('Version');
      if (version !== undefined) return version === spec.version;
      if (!params.has('Action')) return false;
      if (request.scope) return request.scope.service === binding.signingName;
      return binding.claimsUnmarked?.(request) ?? false;
    },
    async answer(request, call) {
      const params = queryParameters(request);
      const action = params.get('Action');
      if (!action) return queryError(spec, wireError('MissingAction'), call.requestId);
      const shapes = Object.hasOwn(spec.actions, action) ? spec.actions[action] : undefined;
      const served = emulation(call);
      try {
        let input = decodeParameters(params, shapes?.input ?? struct());
        if (binding.incoming) input = binding.incoming(input, exchangeOf(request, call));
        let output = await call.run(served, action, input);
        if (binding.outgoing) output = binding.outgoing(output, exchangeOf(request, call));
        const members = structXml(output as Record<string, unknown>, shapes?.output);
        const result = members || shapes?.output ? `<${action}Result>${members}</${action}Result>` : '';
        const metadata = `<ResponseMetadata><RequestId>${call.requestId}</RequestId></ResponseMetadata>`;
        return xml(200, `<${action}Response xmlns="${spec.namespace}">${result}${metadata}</${action}Response>`);
      } catch (error) {
        if (unknownOperation(error, served.sdk, action)) return queryError(spec, invalidAction(action), call.requestId);
        const answered = answeredError(error);
        return queryError(spec, answered, call.requestId, queryText(spec, answered));
      }
    },
  };
}

/** wire.md §7.2: the text the query protocol gives an error, where it words it otherwise than JSON. */
function queryText(spec: QueryService, error: AwsError): string {
  const worded = spec.queryTexts?.find((text) => text.code === error.code && text.json === error.message);
  return worded ? worded.query : error.message;
}

/** wire.md §7.1: the query code, the fault side and the text, in the service's namespace. */
function queryError(spec: QueryService, error: AwsError, requestId: string, text = error.message): WireAnswer {
  const detail = spec.errorDetail ? '<Detail/>' : '';
  return xml(
    error.status,
    `<ErrorResponse xmlns="${spec.namespace}"><Error><Type>${error.type}</Type>` +
      `<Code>${escapeXml(error.code)}</Code><Message>${escapeXml(text)}</Message>${detail}</Error>` +
      `<RequestId>${requestId}</RequestId></ErrorResponse>`,
  );
}

function xml(status: number, body: string): WireAnswer {
  return { status, headers: { 'content-type': 'text/xml' }, body: `<?xml version="1.0"?>${body}` };
}
