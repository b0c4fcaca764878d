/**
 * A region the SDK itself refuses (not a valid host name label): without the mock every command of the client fails
 * with the SDK's own error before anything is sent, and with the mock too, whether the client's first command or a
 * later one, with `use()` or installed (docs/aws-behaviour/sdk-reach.md §3.9). A missing region still acts in the
 * mock's region (§3.3).
 */
import { CreateTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { CreateQueueCommand, ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { networkTrap, rejectionOf } from '../helpers.js';

const REFUSED = 'us-east-1"x';

/** What the SDK alone does with the region: its own refusal, or undefined where its version has none (old SDKs). */
async function sdkRefusal(region: string): Promise<Error | undefined> {
  const client = new SQSClient({ region, requestHandler: networkTrap });
  return client.config.region().then(
    () => undefined,
    (error: unknown) => error as Error,
  );
}

const refusal = await sdkRefusal(REFUSED);

describe.runIf(refusal !== undefined)('a region the SDK refuses', () => {
  const aws = createAwsMock();
  afterEach(() => aws.reset());

  it('fails each command with the SDK’s own error, the first and the later ones, and creates nothing', async () => {
    const sqs = new SQSClient({ region: REFUSED, requestHandler: networkTrap });
    sqs.middlewareStack.use(aws.sqs);
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await rejectionOf(sqs.send(new CreateQueueCommand({ QueueName: 'orders' })));
      expect(error.constructor).toBe(Error);
      expect(error.message).toBe(refusal!.message);
      expect(error.message).toBe(`Region not accepted: region="${REFUSED}" is not a valid hostname component.`);
    }
    expect(aws.sqs.queues()).toEqual([]);
  });

  it('does so for an installed client class too', async () => {
    const install = aws.install(SNSClient);
    try {
      const sns = new SNSClient({ region: 'eu west 1', requestHandler: networkTrap });
      const error = await rejectionOf(sns.send(new CreateTopicCommand({ Name: 'orders' })));
      expect(error.message).toBe('Region not accepted: region="eu west 1" is not a valid hostname component.');
    } finally {
      install.restore();
    }
  });

  it('still acts in the mock’s region for a client without one', async () => {
    const sqs = new SQSClient({ requestHandler: networkTrap });
    sqs.middlewareStack.use(aws.sqs);
    await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    const { QueueUrls } = await sqs.send(new ListQueuesCommand({}));
    expect(QueueUrls).toEqual(['https://sqs.us-east-1.amazonaws.com/000000000000/orders']);
  });
});
