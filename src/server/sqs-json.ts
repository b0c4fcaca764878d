import type { AwsError } from '../aws-error.js';
import { RESPONSE_METADATA, type WithResponseMetadata } from '../request-context.js';
import type { WireAnswer, WireCall, WireProtocol, WireRequest } from './protocol.js';
import { incomingQueueUrl, outgoingQueueUrls } from './sqs-addresses.js';
import { answeredError, wireError } from './wire-errors.js';
import { decodeBlobs, parseJsonObject, wireJson } from './wire-json.js';

const TARGET_PREFIX = 'AmazonSQS.';
const CONTENT_TYPE = 'application/x-amz-json-1.0';

/**
 * SQS over AWS JSON 1.0, what current SDKs, boto3 and the CLI speak (docs/aws-behaviour/wire.md §1, §4). The answer is
 * synchronous when the action is: every SQS JSON request passes here, and an `await` costs a promise and a hop.
 */
export const sqsJson: WireProtocol = {
  name: 'SQS JSON',
  matches: (request) => (request.headers['x-amz-target'] ?? '').startsWith(TARGET_PREFIX),
  answer(request: WireRequest, call: WireCall): Promise<WireAnswer> | WireAnswer {
    const action = request.headers['x-amz-target']!.slice(TARGET_PREFIX.length);
    const body = parseJsonObject(request.body);
    if (!body) return sqsJsonError(wireError('SerializationException'));
    try {
      const input = incomingQueueUrl(decodeBlobs(body) as Record<string, unknown>, call.region);
      const output = call.run(call.aws.sqs.emulation, action, input);
      if (!(output instanceof Promise)) return sqsJsonOutput(output, request, call);
      return output.then((ran) => {
        try {
          return sqsJsonOutput(ran, request, call);
        } catch (error) {
          return sqsJsonFailure(error);
        }
      }, sqsJsonFailure);
    } catch (error) {
      return sqsJsonFailure(error);
    }
  },
};

function sqsJsonOutput(output: object, request: WireRequest, call: WireCall): WireAnswer {
  const answered = outgoingQueueUrls(output, request.host, call.aws.region) as WithResponseMetadata<object>;
  return {
    status: answered[RESPONSE_METADATA]?.httpStatusCode ?? 200,
    headers: JSON_HEADERS,
    body: wireJson(answered),
  };
}

const JSON_HEADERS = { 'content-type': CONTENT_TYPE } as const;
const sqsJsonFailure = (error: unknown): WireAnswer => sqsJsonError(answeredError(error));

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
