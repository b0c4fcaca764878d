import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import FakeTimers from '@sinonjs/fake-timers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../src/index.js';
import { networkTrap, sqsSetup } from './helpers.js';

describe('time', () => {
  afterEach(() => vi.useRealTimers());

  it('follows vi.useFakeTimers() installed after the mock was created', async () => {
    const { sqs } = sqsSetup();
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    const first = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: ['SentTimestamp'] }),
    );
    expect(first.Messages?.[0]?.Attributes?.SentTimestamp).toBe(String(Date.parse('2030-01-01T00:00:00Z')));
    await vi.advanceTimersByTimeAsync(30_000);
    const again = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    expect(again.Messages?.map((m) => m.Body)).toEqual(['m']);
  });

  it('long-polls on the fake clock when fake timers came after the mock', async () => {
    const { sqs } = sqsSetup();
    vi.useFakeTimers();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await receive).not.toHaveProperty('Messages');
  });

  it('runs on an injected @sinonjs/fake-timers clock while the globals stay real', async () => {
    const clock = FakeTimers.createClock(1_700_000_000_000);
    const aws = createAwsMock({ clock });
    const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sqs.middlewareStack.use(aws.sqs);
    const realBefore = Date.now();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const receive = sqs.send(
      new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20, MessageSystemAttributeNames: ['SentTimestamp'] }),
    );
    await clock.tickAsync(5_000);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'tick' }));
    const { Messages } = await receive;
    expect(Messages?.[0]?.Attributes?.SentTimestamp).toBe('1700000005000');
    await clock.tickAsync(30_000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages?.map((m) => m.Body)).toEqual(['tick']);
    // Real time barely moved: the globals were never faked.
    expect(Date.now() - realBefore).toBeLessThan(30_000);
    expect(Date.now()).toBeGreaterThan(1_700_000_005_000 + 365 * 24 * 3600 * 1000);
  });

  it('follows FakeTimers.install() through tickAsync', async () => {
    const { sqs } = sqsSetup();
    const clock = FakeTimers.install({ now: 0 });
    try {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm', DelaySeconds: 10 }));
      const receive = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
      await clock.tickAsync(10_000);
      expect((await receive).Messages?.map((m) => m.Body)).toEqual(['m']);
    } finally {
      clock.uninstall();
    }
  });
});
