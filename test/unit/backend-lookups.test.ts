import FakeTimers from '@sinonjs/fake-timers';
import { describe, expect, it } from 'vitest';
import { injectedClock } from '../../src/core/clock.js';
import { createIdSource } from '../../src/core/ids.js';
import { defaultQueueSettings } from '../../src/services/sqs/queue-attributes.js';
import { SqsBackend } from '../../src/services/sqs/sqs-backend.js';

/** Queue lookups by URL and ARN are remembered: they must follow queues being created, deleted and made again. */
describe('queue lookups', () => {
  const url = 'https://sqs.us-east-1.amazonaws.com/000000000000/orders';
  const arn = 'arn:aws:sqs:us-east-1:000000000000:orders';

  function backend() {
    return new SqsBackend(
      { region: 'us-east-1', accountId: '000000000000' },
      injectedClock(FakeTimers.createClock(0)),
      createIdSource(1),
    );
  }

  it('find no queue before it exists, the queue once it does, and the new one after it is made again', () => {
    const sqs = backend();
    expect(() => sqs.queueByUrl(url)).toThrow();
    expect(sqs.findByArn(arn)).toBeUndefined();
    const first = sqs.create('orders', defaultQueueSettings(false));
    expect(sqs.queueByUrl(url)).toBe(first);
    expect(sqs.queueByUrl('orders')).toBe(first);
    expect(sqs.findByArn(arn)).toBe(first);
    sqs.delete(first);
    expect(() => sqs.queueByUrl(url)).toThrow();
    expect(sqs.findByArn(arn)).toBeUndefined();
    const second = sqs.create('orders', defaultQueueSettings(false));
    expect(sqs.queueByUrl(url)).toBe(second);
    expect(sqs.findByArn(arn)).toBe(second);
    sqs.reset();
    expect(sqs.findByArn(arn)).toBeUndefined();
  });

  it('still find nothing in another region or account, however often asked', () => {
    const sqs = backend();
    sqs.create('orders', defaultQueueSettings(false));
    for (let i = 0; i < 3; i++) {
      expect(sqs.findByArn('arn:aws:sqs:eu-west-1:000000000000:orders')).toBeUndefined();
      expect(() => sqs.queueByUrl('https://sqs.us-east-1.amazonaws.com/111111111111/orders')).toThrow();
    }
  });

  it('keep working past the number of lookups they remember', () => {
    const sqs = backend();
    const queue = sqs.create('orders', defaultQueueSettings(false));
    for (let i = 0; i < 1000; i++)
      expect(() => sqs.queueByUrl(`https://sqs.us-east-1.amazonaws.com/000000000000/missing-${i}`)).toThrow();
    expect(sqs.queueByUrl(url)).toBe(queue);
  });
});
