import type { AwsError } from '../../aws-error.js';
import type { AwsMock } from '../../aws-mock.js';
import type { ServiceEmulation } from '../../plugin.js';
import type { WireAnswer, WireCall, WireProtocol, WireRequest } from '../protocol.js';
import { answeredError, wireError } from '../wire-errors.js';
import { decodeParameters } from './params.js';
import { struct, type QueryService } from './shapes.js';
import { escapeXml, structXml } from './xml.js';

/** How one query service reaches its actions, and what its codec adds (SQS's queue URLs). */
export interface QueryBinding {
  readonly spec: QueryService;
  /** The scope's service name that claims an unversioned request (wire.md §2.2). */
  readonly signingName: string;
  emulation(aws: AwsMock): ServiceEmulation;
  /** Whether a request with `Action` but neither a version nor a scope is this service's. */
  claimsUnmarked?(request: WireRequest): boolean;
  incoming?(input: Record<string, unknown>, request: WireRequest, call: WireCall): Record<string, unknown>;
  outgoing?(output: object, request: WireRequest, call: WireCall): object;
}

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

/** A query service on the port: `Action=…&Version=…` in, XML out (wire.md §5–§7). */
export function queryProtocol(binding: QueryBinding): WireProtocol {
  const { spec } = binding;
  return {
    name: `${spec.service} query`,
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
      const shapes = spec.actions[action];
      try {
        let input = decodeParameters(params, shapes?.input ?? struct());
        input = binding.incoming?.(input, request, call) ?? input;
        let output = await call.run(binding.emulation(call.aws), action, input);
        output = binding.outgoing?.(output, request, call) ?? output;
        const members = structXml(output as Record<string, unknown>, shapes?.output);
        const result = members || shapes?.output ? `<${action}Result>${members}</${action}Result>` : '';
        const metadata = `<ResponseMetadata><RequestId>${call.requestId}</RequestId></ResponseMetadata>`;
        return xml(200, `<${action}Response xmlns="${spec.namespace}">${result}${metadata}</${action}Response>`);
      } catch (error) {
        return queryError(spec, answeredError(error), call.requestId);
      }
    },
  };
}

/** wire.md §7.1: the query code, the fault side and the text, in the service's namespace. */
function queryError(spec: QueryService, error: AwsError, requestId: string): WireAnswer {
  const detail = spec.errorDetail ? '<Detail/>' : '';
  return xml(
    error.status,
    `<ErrorResponse xmlns="${spec.namespace}"><Error><Type>${error.type}</Type>` +
      `<Code>${escapeXml(error.code)}</Code><Message>${escapeXml(error.message)}</Message>${detail}</Error>` +
      `<RequestId>${requestId}</RequestId></ErrorResponse>`,
  );
}

function xml(status: number, body: string): WireAnswer {
  return { status, headers: { 'content-type': 'text/xml' }, body: `<?xml version="1.0"?>${body}` };
}
