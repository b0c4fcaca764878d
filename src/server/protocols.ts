import type { ServiceKey } from '../account/services.js';
import { SERVICE_MODULES } from '../account/services.js';
import { jsonRpcProtocol } from './json-rpc.js';
import type { EmulationOf, WireProtocol } from './protocol.js';
import { queryProtocol } from './query/protocol.js';
import { restJsonProtocol } from './rest-json.js';
import { restXmlProtocol } from './rest-xml/protocol.js';

const emulationOf =
  (key: ServiceKey): EmulationOf =>
  (call) =>
    call.aws[key].emulation;

let protocols: readonly WireProtocol[] | undefined;

/**
 * The protocols of the port, in the order the router tries them (docs/aws-behaviour/wire.md §2.2): those a header or
 * a path marks first (AWS JSON's `X-Amz-Target`, REST-JSON's paths), then the query protocol's `Action` parameter. Each
 * is a codec over a service's wire binding, which its module gives (`wire`): a service on the wire is its binding.
 * Built at the first request, not as the module loads: a binding is a lazy part, and importing the server should not
 * load every service's binding.
 */
export function wireProtocols(): readonly WireProtocol[] {
  if (protocols) return protocols;
  const bound = SERVICE_MODULES.map(({ key, sdk, wire }) => ({ key, service: sdk.service, binding: wire() }));
  // REST-XML is claimed by its signing scope alone, before REST-JSON's paths: a bucket may be named like one.
  const signed = bound.flatMap(({ key, service, binding }) =>
    binding.restXml ? [restXmlProtocol(service, binding.restXml, emulationOf(key))] : [],
  );
  const marked = bound.flatMap(({ key, service, binding }) => [
    ...(binding.json ? [jsonRpcProtocol(service, binding.json, emulationOf(key))] : []),
    ...(binding.rest ? [restJsonProtocol(service, binding.rest, emulationOf(key))] : []),
  ]);
  const query = bound.flatMap(({ key, service, binding }) =>
    binding.query ? [queryProtocol(service, binding.query, emulationOf(key))] : [],
  );
  return (protocols = [...signed, ...marked, ...query]);
}
