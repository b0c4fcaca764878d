import FakeTimers from '@sinonjs/fake-timers';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { controlClient, startServer, type MockServer } from '../../src/server/index.js';

const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };

/** How many receives wait on a queue: read from the model, since the wire shows no such count. */
function waitingOn(server: MockServer, queue: string): number {
  const model = server.aws.internals.sqs.backend.findByName(queue, 'us-east-1') as unknown as {
    waiting: { count: number };
  };
  return model.waiting.count;
}

/** Turns of the real event loop until `test` holds: the request is on its way over loopback. */
async function until(test: () => boolean): Promise<void> {
  for (let turns = 0; !test(); turns++) {
    if (turns > 10_000) throw new Error('never happened');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the server’s lifecycle', () => {
  it('moves the clock of an account made with a sinon clock', async () => {
    const clock = FakeTimers.createClock(1_000_000);
    const server = await startServer({ aws: createAwsMock({ clock }) });
    const control = controlClient(server.endpoint);
    expect(await control.advance(5_000)).toEqual({ now: 1_005_000, advancedMs: 5_000 });
    expect((await control.state()).clock).toBe('manual');
    await server.close();
  });

  it('answers 409 to the clock routes on wall time', async () => {
    const server = await startServer({ clock: 'real' });
    const response = await fetch(`${server.endpoint}/_mock/clock/advance`, { method: 'POST', body: '{"ms":1}' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'ClockNotManual' });
    await server.close();
  });

  it('drops the waiter of a client that went away, and answers open long polls empty on close', async () => {
    const server = await startServer({ port: 0 });
    const sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'polls' }));
    const gone = new AbortController();
    const abandoned = fetch(server.endpoint, {
      method: 'POST',
      signal: gone.signal,
      headers: { 'x-amz-target': 'AmazonSQS.ReceiveMessage', 'content-type': 'application/x-amz-json-1.0' },
      body: JSON.stringify({ QueueUrl, WaitTimeSeconds: 20 }),
    }).catch((error: unknown) => error);
    await until(() => waitingOn(server, 'polls') === 1);
    gone.abort();
    await abandoned;
    await until(() => waitingOn(server, 'polls') === 0);

    const open = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await until(() => waitingOn(server, 'polls') === 1);
    await server.close();
    expect((await open).Messages).toBeUndefined();
    sqs.destroy();
  });
});
