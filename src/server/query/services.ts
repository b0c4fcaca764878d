import { incomingQueueUrl, outgoingQueueUrls, queueUrlFromPath } from '../sqs-addresses.js';
import { queryProtocol } from './protocol.js';
import { SNS_QUERY } from './sns-query.js';
import { SQS_QUERY } from './sqs-query.js';

/** SQS on the query protocol: what Debian's boto3 and CLI, old SDKs and curl scripts speak (wire.md §1). */
export const sqsQuery = queryProtocol({
  spec: SQS_QUERY,
  signingName: 'sqs',
  emulation: (aws) => aws.sqs.emulation,
  // A request to `/<account>/<queue>` is SQS's (docs/aws-behaviour/wire.md §2.2).
  claimsUnmarked: (request) => queueUrlFromPath(request) !== undefined,
  incoming: (input, request, call) => {
    const fromPath = input['QueueUrl'] === undefined ? queueUrlFromPath(request) : undefined;
    return incomingQueueUrl(fromPath ? { ...input, QueueUrl: fromPath } : input, call.region);
  },
  outgoing: (output, request, call) => outgoingQueueUrls(output, request.host, call.aws.region),
});

/** SNS speaks only the query protocol, from every client (wire.md §1). */
export const snsQuery = queryProtocol({
  spec: SNS_QUERY,
  signingName: 'sns',
  emulation: (aws) => aws.sns.emulation,
});
