/**
 * The vitest examples of docs/guide/assertions.md, read from the page's own code blocks and run as written
 * (test/support/doc-blocks.ts), and the failure texts the page quotes, so the documentation cannot drift. The jest
 * example runs in test/jest/matchers.test.cjs.
 */
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { defineBlock, docBlock } from '../support/doc-blocks.js';
import { docAccount, DOC_MODULES } from '../support/doc-context.js';
import { failureOf, wholeFailureOf } from './support.js';

const PAGE = 'docs/guide/assertions.md';
/** The lines of a `text` block the page quotes. */
const quoted = (name: string) => docBlock(PAGE, name).code.split('\n');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('assertions: the vitest example', () => {
  const { aws, scope } = docAccount();
  afterEach(() => aws.reset());
  defineBlock(docBlock(PAGE, 'assertions-vitest'), { modules: DOC_MODULES, scope });
});

it('assertions: the failure text the page quotes', async () => {
  const { aws, sqs } = docAccount();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"orderId":7,"total":250}' }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'ping', DelaySeconds: 60 }));
  expect(failureOf(() => expect(aws.sqs.queue('orders')).toContainMessage({ orderId: 8 }))).toBe(
    quoted('failure-contains')[0],
  );
});

describe('assertions: attributes, counts, deliveries and order', () => {
  const { aws, scope } = docAccount();
  afterEach(() => aws.reset());
  // After the page's test, the failures the page quotes for the state it left.
  const withFailureTexts = (name: string, test: () => Promise<void>) =>
    it(name, async () => {
      await test();
      const [delivered, inOrder] = quoted('failure-delivered');
      const [t, q, steps] = [aws.sns.topic('events'), aws.sqs.queue('orders'), aws.sqs.queue('steps.fifo')];
      expect(failureOf(() => expect(t).toHaveDeliveredTo(q, { orderId: 8 }))).toBe(delivered);
      expect(failureOf(() => expect(steps).toHaveMessagesInOrder(['pack', 'pick'], { group: 'g' }))).toBe(inOrder);
      // The page quotes the start of the whole message, journeys left out.
      const feeds = quoted('failure-feeds');
      const whole = wholeFailureOf(() => expect(q).toContainMessage({ orderId: 8 }));
      expect(whole.split('\n').slice(0, feeds.length)).toEqual(feeds);
      expect(whole).toContain(`${feeds.join('\n')}\n\nJourneys (`);
    });
  defineBlock(docBlock(PAGE, 'matchers-options'), { modules: DOC_MODULES, scope: { ...scope, it: withFailureTexts } });
});
