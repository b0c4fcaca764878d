// The clients the figures compare: the SDK floor (a client whose only middleware, at the mock's place in the
// stack, answers a constant) and clients with the mock plugged in.
import { createHash } from 'node:crypto';
import { SNSClient, type SNSClientConfig } from '@aws-sdk/client-sns';
import { SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { createAwsMock, type AwsMock, type AwsMockOptions } from './library.mjs';

export const BODY = 'hello';
const MD5_OF_BODY = createHash('md5').update(BODY).digest('hex');
const METADATA = {
  httpStatusCode: 200,
  requestId: '00000000-0000-4000-8000-000000000000',
  attempts: 1,
  totalRetryDelay: 0,
};

/** Constant answers, by command: each passes the SDK's own checks (the MD5 of BODY), as the mock's answers do. */
const FLOOR_ANSWERS: Record<string, object> = {
  GetQueueUrlCommand: { QueueUrl: 'https://sqs.us-east-1.amazonaws.com/000000000000/q' },
  SendMessageCommand: { MessageId: '6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11', MD5OfMessageBody: MD5_OF_BODY },
  ReceiveMessageCommand: {
    Messages: [
      { MessageId: '6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11', ReceiptHandle: 'AQEBx', MD5OfBody: MD5_OF_BODY, Body: BODY },
    ],
  },
  DeleteMessageCommand: {},
  PublishCommand: { MessageId: '6f0c6c8e-1b55-4c4e-9d7e-0d1f0c7a1c11' },
};

/** Where the mock sits (src/plugin/plugin.ts): step initialize, priority low. */
const PLACE = { step: 'initialize', priority: 'low', name: 'benchFloor' } as const;

function floorMiddleware() {
  return (_next: unknown, context: { commandName?: string }) => async () => ({
    output: { $metadata: METADATA, ...FLOOR_ANSWERS[context.commandName ?? ''] },
    response: {},
  });
}

export function floorSqsClient(config: SQSClientConfig = {}): SQSClient {
  const client = new SQSClient({ region: 'us-east-1', ...config });
  client.middlewareStack.add(floorMiddleware() as never, PLACE);
  return client;
}

export function floorSnsClient(config: SNSClientConfig = {}): SNSClient {
  const client = new SNSClient({ region: 'us-east-1', ...config });
  client.middlewareStack.add(floorMiddleware() as never, PLACE);
  return client;
}

export interface Mocked {
  readonly aws: AwsMock;
  readonly sqs: SQSClient;
  readonly sns: SNSClient;
  /** Same account, with `cacheMiddleware: true`: for setting up state fast, where the setup is not measured. */
  readonly fastSqs: SQSClient;
  readonly fastSns: SNSClient;
}

export function mocked(options: AwsMockOptions = {}, config: SQSClientConfig = {}): Mocked {
  const aws = createAwsMock(options);
  const sqs = new SQSClient({ region: 'us-east-1', ...config });
  const sns = new SNSClient({ region: 'us-east-1' });
  const fastSqs = new SQSClient({ region: 'us-east-1', cacheMiddleware: true });
  const fastSns = new SNSClient({ region: 'us-east-1', cacheMiddleware: true });
  for (const client of [sqs, fastSqs]) client.middlewareStack.use(aws.sqs);
  for (const client of [sns, fastSns]) client.middlewareStack.use(aws.sns);
  return { aws, sqs, sns, fastSqs, fastSns };
}
