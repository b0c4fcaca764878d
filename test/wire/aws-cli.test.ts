import { expect, it } from 'vitest';
import { describeClient, run, type Ran, type WireClient } from './clients/run.js';
import { advanceUntil, serveChildForFile } from './clients/serve-child.js';

/**
 * The AWS CLI over the wire: the CLI v1 on PATH (botocore 1.43: JSON to SQS) and Debian's `awscli` 2.9.19 (apt:
 * query to SQS), docs/aws-behaviour/wire.md §1. Each call is a child process, against `serve` in
 * another; time moves only on the control routes.
 */
const CLIS: (WireClient & { readonly sqsProtocol: 'query' | 'json' })[] = [
  {
    label: "Debian's awscli (query)",
    file: '/usr/bin/aws',
    versionArgs: ['--version'],
    requiredInCi: true,
    sqsProtocol: 'query',
  },
  { label: 'the AWS CLI on PATH', file: 'aws', versionArgs: ['--version'], sqsProtocol: 'json' },
];

/** The exit status of a call AWS answered with an error: 255 for the CLI v1, 254 for v2. */
const errorExitOf = (version: string) => (version.startsWith('aws-cli/1.') ? 255 : 254);

const server = serveChildForFile();

for (const client of CLIS) {
  const { file } = client;
  describeClient(client, (version) => {
    const cli = (...args: string[]): Promise<Ran> => run(file, ['--endpoint-url', server.endpoint, ...args]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the CLI's JSON, checked by the assertions
    const json = async (...args: string[]): Promise<Record<string, any>> => {
      const ran = await cli(...args, '--output', 'json');
      if (ran.code !== 0) throw new Error(`${file} ${args.join(' ')}: ${ran.stderr}`);
      return ran.stdout.trim() ? JSON.parse(ran.stdout) : {};
    };

    it('sends, receives with MD5s, deletes, batches, FIFO, long-polls and fails', async () => {
      const { QueueUrl: url } = await json('sqs', 'create-queue', '--queue-name', 'cli-orders');
      expect(url).toBe(`${server.endpoint}/000000000000/cli-orders`);
      const attributes = '{"s":{"DataType":"String","StringValue":"v"}}';
      const sent = await json(
        'sqs',
        'send-message',
        '--queue-url',
        url,
        '--message-body',
        'hi',
        '--message-attributes',
        attributes,
      );
      const received = await json('sqs', 'receive-message', '--queue-url', url, '--message-attribute-names', 'All');
      const [message] = received['Messages'] as {
        Body: string;
        ReceiptHandle: string;
        MD5OfMessageAttributes: string;
      }[];
      expect(message!.Body).toBe('hi');
      expect(message!.MD5OfMessageAttributes).toBe(sent['MD5OfMessageAttributes']);
      await json('sqs', 'delete-message', '--queue-url', url, '--receipt-handle', message!.ReceiptHandle);
      const batch = await json(
        'sqs',
        'send-message-batch',
        '--queue-url',
        url,
        '--entries',
        '[{"Id":"a","MessageBody":"one"},{"Id":"b","MessageBody":"two"}]',
      );
      expect(batch['Successful']).toHaveLength(2);

      const { QueueUrl: fifo } = await json(
        'sqs',
        'create-queue',
        '--queue-name',
        'cli.fifo',
        '--attributes',
        'FifoQueue=true',
      );
      const fifoSent = await json(
        'sqs',
        'send-message',
        '--queue-url',
        fifo,
        '--message-body',
        'f',
        '--message-group-id',
        'g',
        '--message-deduplication-id',
        'd',
      );
      expect(fifoSent['SequenceNumber']).toBeTruthy();

      const { QueueUrl: empty } = await json('sqs', 'create-queue', '--queue-name', 'cli-empty');
      const poll = json('sqs', 'receive-message', '--queue-url', empty, '--wait-time-seconds', '20');
      await advanceUntil(poll, server.control, 20_000);
      expect((await poll)['Messages']).toBeUndefined();

      const failed = await cli('sqs', 'get-queue-url', '--queue-name', 'missing');
      expect(failed.code).toBe(errorExitOf(version));
      expect(failed.stderr).toContain('An error occurred (AWS.SimpleQueueService.NonExistentQueue)');
      // Query-protocol SQS still words it as the query era did, recorded in 2024 (docs/aws-behaviour/wire.md §7.2).
      expect(failed.stderr).toContain(
        client.sqsProtocol === 'query'
          ? 'The specified queue does not exist for this wsdl version.'
          : 'The specified queue does not exist.',
      );
    }, 180_000);

    it('times out visibility on the control route, and fans SNS out to SQS', async () => {
      const { QueueUrl: url } = await json(
        'sqs',
        'create-queue',
        '--queue-name',
        'cli-visible',
        '--attributes',
        'VisibilityTimeout=30',
      );
      await json('sqs', 'send-message', '--queue-url', url, '--message-body', 'again');
      expect((await json('sqs', 'receive-message', '--queue-url', url))['Messages']).toHaveLength(1);
      await server.control.advance(30_000);
      const again = await json('sqs', 'receive-message', '--queue-url', url, '--attribute-names', 'All');
      expect(again['Messages']).toMatchObject([{ Body: 'again', Attributes: { ApproximateReceiveCount: '2' } }]);

      const { TopicArn: topic } = await json('sns', 'create-topic', '--name', 'cli-events');
      await json(
        'sns',
        'subscribe',
        '--topic-arn',
        topic,
        '--protocol',
        'sqs',
        '--notification-endpoint',
        (await server.control.state()).queues.find((queue) => queue.name === 'cli-visible')!.arn,
        '--attributes',
        'RawMessageDelivery=true',
      );
      await json('sns', 'publish', '--topic-arn', topic, '--message', 'fanned');
      const fanned = await json('sqs', 'receive-message', '--queue-url', url, '--max-number-of-messages', '10');
      expect(fanned['Messages']).toMatchObject([{ Body: 'fanned' }]);
    }, 180_000);
  });
}
