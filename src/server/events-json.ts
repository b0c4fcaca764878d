import type { AwsError } from '../aws-error.js';
import { RESPONSE_METADATA, type WithResponseMetadata } from '../request-context.js';
import type { WireAnswer, WireProtocol } from './protocol.js';
import { decodeTimestamps } from './json-timestamps.js';
import { answeredError, wireError } from './wire-errors.js';
import { parseJsonObject, wireJson } from './wire-json.js';

const TARGET_PREFIX = 'AWSEvents.';
const CONTENT_TYPE = 'application/x-amz-json-1.1';
/** The timestamp members of the emulated actions' inputs: a PutEvents entry's `Time` (wire.md §4.6). */
const TIMESTAMPS: ReadonlySet<string> = new Set(['Time']);

/** EventBridge over AWS JSON 1.1, what every client speaks to it (docs/aws-behaviour/wire.md §4.6). */
export const eventsJson: WireProtocol = {
  name: 'EventBridge JSON 1.1',
  matches: (request) => (request.headers['x-amz-target'] ?? '').startsWith(TARGET_PREFIX),
  async answer(request, call) {
    const action = request.headers['x-amz-target']!.slice(TARGET_PREFIX.length);
    const body = parseJsonObject(request.body);
    if (!body) return eventsJsonError(wireError('SerializationException'));
    try {
      const input = decodeTimestamps(body, TIMESTAMPS);
      const output = (await call.run(call.aws.events.emulation, action, input)) as WithResponseMetadata<object>;
      return {
        status: output[RESPONSE_METADATA]?.httpStatusCode ?? 200,
        headers: { 'content-type': CONTENT_TYPE },
        body: wireJson(output),
      };
    } catch (error) {
      return eventsJsonError(answeredError(error));
    }
  },
};

/**
 * wire.md §4.6: the short error name in `__type` (EventBridge's codes are its class names; `ValidationException` has
 * no class, and its name is still the code), the text in `message`, the error's status; no query header.
 */
function eventsJsonError(error: AwsError): WireAnswer {
  return {
    status: error.status,
    headers: { 'content-type': CONTENT_TYPE },
    body: JSON.stringify({ __type: error.shape ?? error.code, message: error.message }),
  };
}
