import type { AwsError } from '../aws-error.js';
import { RESPONSE_METADATA, type WithResponseMetadata } from '../request-context.js';
import type { WireAnswer, WireCall, WireProtocol, WireRequest } from './protocol.js';
import { incomingQueueUrl, outgoingQueueUrls } from './sqs-addresses.js';
import { answeredError, wireError } from './wire-errors.js';
import { decodeBlobs, parseJsonObject, wireJson } from './wire-json.js';

const TARGET_PREFIX = 'AmazonSQS.';
const CONTENT_TYPE = 'application/x-amz-json-1.0';

/** SQS over AWS JSON 1.0, what current SDKs, boto3 and the CLI speak (docs/aws-behaviour/wire.md §1, §4). */
export const sqsJson: WireProtocol = {
  name: 'SQS JSON',
  matches: (request) => (request.headers['x-amz-target'] ?? '').startsWith(TARGET_PREFIX),
  async answer(request: WireRequest, call: WireCall): Promise<WireAnswer> {
    const action = request.headers['x-amz-target']!.slice(TARGET_PREFIX.length);
    const body = parseJsonObject(request.body);
    if (!body) return sqsJsonError(wireError('SerializationException'));
    try {
      const input = incomingQueueUrl(decodeBlobs(body) as Record<string, unknown>, call.region);
      const output = await call.run(call.aws.sqs.emulation, action, input);
      const answered = outgoingQueueUrls(output, request.host, call.aws.region) as WithResponseMetadata<object>;
      return {
        status: answered[RESPONSE_METADATA]?.httpStatusCode ?? 200,
        headers: { 'content-type': CONTENT_TYPE },
        body: wireJson(answered),
      };
    } catch (error) {
      return sqsJsonError(answeredError(error));
    }
  },
};

/**
 * An SQS error in JSON (wire.md §4.3): the shape id in `__type`, the text in `message`, and always the query code and
 * fault side in `x-amzn-query-error`, which the SDK v3 and v2 read for the error's code.
 */
export function sqsJsonError(error: AwsError): WireAnswer {
  const typeName = error.shape ?? error.wireType ?? error.code;
  return {
    status: error.status,
    headers: { 'content-type': CONTENT_TYPE, 'x-amzn-query-error': `${error.code};${error.type}` },
    body: JSON.stringify({ __type: `com.amazonaws.sqs#${typeName}`, message: error.message }),
  };
}
