import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mappingSetup, runUntilIdle, type Recorded } from './esm-support.js';

/** Receive counts of each invocation's records, in order. */
function receiveCounts(events: Recorded[]): string[][] {
  return events.map((event) =>
    event.Records.map((record) => (record['attributes'] as Record<string, string>)['ApproximateReceiveCount']!),
  );
}

describe('SQS event source mapping: failures, retries and the DLQ (docs/aws-behaviour/lambda.md §2.6, §2.7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function setup(maxReceiveCount = 2, visibility = '5') {
    const context = mappingSetup();
    const dlq = await context.queue('dlq');
    const q = await context.queue('work', {
      VisibilityTimeout: visibility,
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount }),
    });
    return { ...context, q, dlq };
  }

  it('deletes nothing on an error: the message comes back after the visibility timeout, then goes to the DLQ', async () => {
    const { aws, q, send } = await setup();
    const events: Recorded[] = [];
    const times: number[] = [];
    aws.lambda.createFunction(
      'failing',
      async (event: Recorded) => {
        events.push(event);
        times.push(Date.now());
        throw new Error('boom');
      },
      { timeout: 5 },
    );
    aws.lambda.createEventSourceMapping({ FunctionName: 'failing', EventSourceArn: q.arn });
    const sent = await send(q.url, 'poison');
    await aws.idle();
    expect(receiveCounts(events)).toEqual([['1']]);
    expect(aws.sqs.queue('dlq').messages()).toEqual([]);
    await runUntilIdle(aws);
    expect(receiveCounts(events)).toEqual([['1'], ['2']]);
    expect(times[1]! - times[0]!).toBe(5000);
    expect(events[1]!.Records[0]!['messageId']).toBe(sent.MessageId);
    expect(events[1]!.Records[0]!['receiptHandle']).not.toBe(events[0]!.Records[0]!['receiptHandle']);
    const dead = aws.sqs.queue('dlq').messages();
    expect(dead.map((m) => [m.messageId, m.body])).toEqual([[sent.MessageId, 'poison']]);
    expect(aws.sqs.queue('work').messages()).toEqual([]);
    expect(
      aws.lambda
        .function('failing')
        .invocations()
        .map((i) => i.outcome),
    ).toEqual(['error', 'error']);
  });

  it('treats a timed-out handler (one that never settles) as failed', async () => {
    const { aws, q, send } = await setup(2, '3');
    aws.lambda.createFunction('stuck', () => new Promise(() => undefined), { timeout: 3 });
    aws.lambda.createEventSourceMapping({ FunctionName: 'stuck', EventSourceArn: q.arn });
    await send(q.url, 'slow');
    await runUntilIdle(aws);
    expect(
      aws.lambda
        .function('stuck')
        .invocations()
        .map((i) => i.outcome),
    ).toEqual(['timeout', 'timeout']);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => m.body),
    ).toEqual(['slow']);
  });

  it('keeps only the reported messages with ReportBatchItemFailures; a reported message ends in the DLQ', async () => {
    const { aws, q, send } = await setup();
    const events: Recorded[] = [];
    aws.lambda.createFunction(
      'partial',
      async (event: Recorded) => {
        events.push(event);
        return {
          batchItemFailures: event.Records.filter((r) => r['body'] !== 'good').map((r) => ({
            itemIdentifier: r['messageId'],
          })),
        };
      },
      { timeout: 5 },
    );
    await send(q.url, 'good');
    await send(q.url, 'bad');
    // Both sent before polling starts: one batch.
    aws.lambda.createEventSourceMapping({
      FunctionName: 'partial',
      EventSourceArn: q.arn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    await runUntilIdle(aws);
    expect(events.map((e) => e.Records.map((r) => r['body']))).toEqual([['good', 'bad'], ['bad']]);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => m.body),
    ).toEqual(['bad']);
  });

  const answers: [string, unknown, 'deleted' | 'kept'][] = [
    ['an empty list', { batchItemFailures: [] }, 'deleted'],
    ['a null list', { batchItemFailures: null }, 'deleted'],
    ['an empty object', {}, 'deleted'],
    ['nothing', undefined, 'deleted'],
    ['a wrong key', { batchItemFailures: [{ foo: 'notvalid' }] }, 'kept'],
    ['an empty id', { batchItemFailures: [{ itemIdentifier: '' }] }, 'kept'],
    ['a null id', { batchItemFailures: [{ itemIdentifier: null }] }, 'kept'],
    ['an id not in the batch', { batchItemFailures: [{ itemIdentifier: 'not-a-message' }] }, 'kept'],
    ['a list that is not one', { batchItemFailures: 'all' }, 'kept'],
    ['a string', 'done', 'kept'],
  ];
  for (const [what, answer, fate] of answers) {
    it(`with ReportBatchItemFailures, ${what} as the answer: the batch is ${fate}`, async () => {
      const { aws, q, send } = await setup(1);
      aws.lambda.createFunction('answers', async () => answer, { timeout: 5 });
      await send(q.url, 'a');
      await send(q.url, 'b');
      aws.lambda.createEventSourceMapping({
        FunctionName: 'answers',
        EventSourceArn: q.arn,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      await aws.idle();
      const left = aws.sqs
        .queue('work')
        .messages()
        .map((m) => m.body)
        .sort();
      expect(left).toEqual(fate === 'deleted' ? [] : ['a', 'b']);
      await runUntilIdle(aws);
      expect(aws.sqs.queue('dlq').messages().length).toBe(fate === 'deleted' ? 0 : 2);
    });
  }

  it('without ReportBatchItemFailures ignores reported failures: success deletes the batch', async () => {
    const { aws, q, send } = await setup();
    aws.lambda.createFunction(
      'reports',
      async (event: Recorded) => ({ batchItemFailures: [{ itemIdentifier: event.Records[0]!['messageId'] }] }),
      { timeout: 5 },
    );
    aws.lambda.createEventSourceMapping({ FunctionName: 'reports', EventSourceArn: q.arn });
    await send(q.url, 'x');
    await aws.idle();
    expect(aws.sqs.queue('work').messages()).toEqual([]);
  });

  it('fails a whole batch on a thrown error, good messages included', async () => {
    const { aws, q, send } = await setup(1);
    aws.lambda.createFunction(
      'throws',
      async () => {
        throw new Error('no');
      },
      { timeout: 5 },
    );
    await send(q.url, 'good');
    await send(q.url, 'bad');
    aws.lambda.createEventSourceMapping({
      FunctionName: 'throws',
      EventSourceArn: q.arn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    await runUntilIdle(aws);
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => m.body)
        .sort(),
    ).toEqual(['bad', 'good']);
  });

  it('keeps the mapping when its function is deleted: nothing is deleted, messages go to the DLQ', async () => {
    const { aws, q, send } = await setup(2);
    aws.lambda.createFunction('gone', async () => undefined, { timeout: 5 });
    const mapping = aws.lambda.createEventSourceMapping({ FunctionName: 'gone', EventSourceArn: q.arn });
    await aws.idle();
    aws.lambda.deleteFunction('gone');
    await send(q.url, 'orphan');
    await runUntilIdle(aws);
    expect(mapping.state).toBe('Enabled');
    expect(
      aws.sqs
        .queue('dlq')
        .messages()
        .map((m) => [m.body, m.receiveCount]),
    ).toEqual([['orphan', 2]]);
  });
});
