import {
  BatchProcessor,
  EventType,
  processPartialResponse,
  SqsFifoPartialProcessor,
  processPartialResponseSync,
} from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import sqsPartialBatchFailure from '@middy/sqs-partial-batch-failure';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mappingSetup, runUntilIdle } from './esm-support.js';

/** Real handler libraries read the mapping's events and answers as they read Lambda's (lambda.md §1, §2.7). */
describe('SQS event source mapping with the handler libraries users run', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function setup(fifo = false) {
    const context = mappingSetup();
    const dlq = await context.queue(fifo ? 'dlq.fifo' : 'dlq', fifo ? { FifoQueue: 'true' } : {});
    const q = await context.queue(fifo ? 'work.fifo' : 'work', {
      VisibilityTimeout: '5',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }),
      ...(fifo ? { FifoQueue: 'true', ContentBasedDeduplication: 'true' } : {}),
    });
    return { ...context, q, dlq };
  }

  it('Powertools BatchProcessor: the failed record goes to the DLQ, the others are deleted', async () => {
    const { aws, q, send } = await setup();
    const processor = new BatchProcessor(EventType.SQS);
    const processed: string[] = [];
    const recordHandler = async (record: SQSRecord) => {
      const order = JSON.parse(record.body) as { id: number };
      if (order.id === 2) throw new Error('bad order');
      processed.push(`${order.id}:${record.attributes.ApproximateReceiveCount}`);
    };
    aws.lambda.createFunction(
      'powertools',
      async (event: SQSEvent, context: Context) => processPartialResponse(event, recordHandler, processor, { context }),
      { timeout: 5 },
    );
    for (const id of [1, 2, 3]) await send(q.url, JSON.stringify({ id }));
    aws.lambda.createEventSourceMapping({
      FunctionName: 'powertools',
      EventSourceArn: q.arn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    await runUntilIdle(aws);
    expect(processed.sort()).toEqual(['1:1', '3:1']);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => m.json()),
    ).toEqual([{ id: 2 }]);
    expect(aws.sqs.queue('work').messages()).toEqual([]);
  });

  it('Powertools SqsFifoPartialProcessor: stops at the first failure of the group and keeps order', async () => {
    const { aws, q, send } = await setup(true);
    const processor = new SqsFifoPartialProcessor();
    const seen: string[] = [];
    let failOnce = true;
    const recordHandler = (record: SQSRecord) => {
      if (record.body === 'b' && failOnce) {
        failOnce = false;
        throw new Error('not yet');
      }
      seen.push(record.body);
    };
    aws.lambda.createFunction(
      'fifo',
      async (event: SQSEvent, context: Context) =>
        processPartialResponseSync(event, recordHandler, processor, { context }),
      { timeout: 5 },
    );
    for (const body of ['a', 'b', 'c']) await send(q.url, body, { MessageGroupId: 'g' });
    aws.lambda.createEventSourceMapping({
      FunctionName: 'fifo',
      EventSourceArn: q.arn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    await runUntilIdle(aws);
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(aws.sqs.queue('dlq.fifo').messages()).toEqual([]);
  });

  it('middy with sqs-partial-batch-failure', async () => {
    const { aws, q, send } = await setup();
    const handler = middy(async (event: SQSEvent) =>
      Promise.allSettled(
        event.Records.map(async (record) => {
          if (record.body === 'poison') throw new Error('poison');
        }),
      ),
    ).use(sqsPartialBatchFailure({ logger: () => undefined }));
    aws.lambda.createFunction('middy', handler, { timeout: 5 });
    for (const body of ['fine', 'poison']) await send(q.url, body);
    aws.lambda.createEventSourceMapping({
      FunctionName: 'middy',
      EventSourceArn: q.arn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    await runUntilIdle(aws);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => m.body),
    ).toEqual(['poison']);
    expect(aws.lambda.function('middy').invocations()).toHaveLength(2);
  });
});
