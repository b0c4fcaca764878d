/**
 * A failure message's journeys, through the real SQSClient and a mapping: a `failed` step shows the record errors a
 * batch library's wrapper holds (as `inv.thrown` does in the Lambda matchers), and a message's journey is printed
 * once per failure, however many invocations it went through.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { mappingSetup, runUntilIdle } from '../lambda/esm-support.js';
import { wholeFailureOf } from '../matchers/support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function declinedByPowertools(bodies: readonly string[]) {
  const { BatchProcessor, EventType, processPartialResponse } = await import('@aws-lambda-powertools/batch');
  const { aws, sqs, queue } = mappingSetup();
  const dlq = await queue('orders-dlq');
  const orders = await queue('orders', {
    VisibilityTimeout: '30',
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 3 }),
  });
  const processor = new BatchProcessor(EventType.SQS);
  const fn = aws.lambda.createFunction('pay', async (event: SQSEvent, context: Context) =>
    processPartialResponse(
      event,
      async (record: SQSRecord) => {
        throw new Error(`card declined for ${record.body}`);
      },
      processor,
      { context },
    ),
  );
  const ids: string[] = [];
  for (const body of bodies) {
    ids.push((await sqs.send(new SendMessageCommand({ QueueUrl: orders.url, MessageBody: body }))).MessageId!);
  }
  aws.lambda.createEventSourceMapping({
    FunctionName: 'pay',
    EventSourceArn: orders.arn,
    BatchSize: 10,
    FunctionResponseTypes: ['ReportBatchItemFailures'],
  });
  return { aws, fn, ids };
}

describe("a failed step shows the record errors a batch library's wrapper holds", () => {
  it("Powertools' FullBatchFailureError: its record errors after its own text, in the step's error and detail", async () => {
    const { aws, ids } = await declinedByPowertools(['order 1', 'order 2', 'order 3', 'order 4']);
    await aws.idle();
    const failed = aws.journey(ids[0]!).steps.find((step) => step.kind === 'failed')!;
    expect(failed.error).toMatchObject({
      name: 'FullBatchFailureError',
      wrapped: {
        via: 'recordErrors',
        count: 4,
        errors: [
          { name: 'Error', message: 'card declined for order 1' },
          { name: 'Error', message: 'card declined for order 2' },
          { name: 'Error', message: 'card declined for order 3' },
          { name: 'Error', message: 'card declined for order 4' },
        ],
      },
    });
    expect(failed.detail).toContain(
      'FullBatchFailureError: All records failed processing. See individual errors below.; record errors: ' +
        'Error: card declined for order 1; Error: card declined for order 2; Error: card declined for order 3 (+1 more)',
    );
    // The same words at the end of a matcher's failure, in the journey it shows.
    const message = wholeFailureOf(() => expect(aws.sqs.queue('orders')).toHaveDeadLetter());
    expect(message).toMatch(
      /lambda +pay +failed +FullBatchFailureError: All records failed processing\. See individual errors below\.; record errors: Error: card declined for order 1;/,
    );
  });

  it('an Error with a cause: the cause after its text; an Error that wraps nothing: its text alone', async () => {
    const { aws, sqs, queue } = mappingSetup();
    const orders = await queue('orders');
    aws.lambda.createFunction('pay', async (event: SQSEvent) => {
      const body = event.Records[0]!.body;
      if (body === 'plain') throw new Error('payment failed');
      throw new Error('payment failed', { cause: new TypeError('card is undefined') });
    });
    const caused = (await sqs.send(new SendMessageCommand({ QueueUrl: orders.url, MessageBody: 'caused' }))).MessageId!;
    aws.lambda.createEventSourceMapping({ FunctionName: 'pay', EventSourceArn: orders.arn, BatchSize: 1 });
    await aws.idle();
    const plain = (await sqs.send(new SendMessageCommand({ QueueUrl: orders.url, MessageBody: 'plain' }))).MessageId!;
    await aws.idle();
    const failedOf = (id: string) => aws.journey(id).steps.find((step) => step.kind === 'failed')!;
    expect(failedOf(caused).detail).toMatch(/^Error: payment failed; cause: TypeError: card is undefined, request /);
    expect(failedOf(plain).detail).toMatch(/^Error: payment failed, request /);
    expect(failedOf(plain).error).toEqual({ name: 'Error', message: 'payment failed' });
  });
});

describe("a message's journey is printed once per failure", () => {
  it('a message that failed through three invocations: one journey, under the first request id', async () => {
    const { aws, fn } = await declinedByPowertools(['order 1']);
    await runUntilIdle(aws);
    expect(fn.invocations()).toHaveLength(3);
    const message = wholeFailureOf(() => expect(fn).toHaveSucceededEveryTime());
    const journeys = message.split('Journeys (the last steps of each; aws.journey(id) gives all):\n')[1]!;
    const headings = journeys.split('\n').filter((line) => /^\S+:$/.test(line));
    expect(headings).toHaveLength(1);
    // The newest invocations are what the failure talks about; their journey is one, shown once.
    expect(fn.invocations().map((invocation) => invocation.requestId)).toContain(headings[0]!.slice(0, -1));
  });
});
