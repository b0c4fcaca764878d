/**
 * An event source mapping's steps per message, through the real SQSClient and LambdaClient: with
 * ReportBatchItemFailures only the records the handler named fail (docs/aws-behaviour/lambda.md §2.7); a message
 * the FilterCriteria pass no filter for is filtered out, with the reason, and deleted (§2.10).
 */
import { CreateEventSourceMappingCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkTrap, sqsSetup } from '../helpers.js';
import { runUntilIdle, type Recorded } from '../lambda/esm-support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function setup() {
  const { aws, sqs } = sqsSetup();
  const lambda = new LambdaClient({ region: 'us-east-1', requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: 'orders', Attributes: { VisibilityTimeout: '30' } }),
  );
  const send = async (body: string) =>
    (await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body }))).MessageId!;
  return { aws, sqs, lambda, queueUrl: QueueUrl!, queueArn: aws.sqs.queue('orders').arn, send };
}

describe('a mapping in the journeys', () => {
  it('with ReportBatchItemFailures fails only the records the handler reported; the others succeed and go', async () => {
    const { aws, lambda, queueArn, send } = await setup();
    let calls = 0;
    aws.lambda.createFunction('partial', async (event: Recorded) => {
      calls++;
      return {
        batchItemFailures: event.Records.filter((r) => r['body'] === 'bad' && calls === 1).map((r) => ({
          itemIdentifier: r['messageId'],
        })),
      };
    });
    const good = await send('good');
    const bad = await send('bad');
    await lambda.send(
      new CreateEventSourceMappingCommand({
        FunctionName: 'partial',
        EventSourceArn: queueArn,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      }),
    );
    await runUntilIdle(aws);

    expect(aws.journey(good).steps.map((s) => s.kind)).toEqual(['sent', 'received', 'invoked', 'succeeded', 'deleted']);
    const badSteps = aws.journey(bad).steps;
    expect(badSteps.map((s) => s.kind)).toEqual([
      'sent',
      'received',
      'invoked',
      'failed',
      'visibleAgain',
      'received',
      'invoked',
      'succeeded',
      'deleted',
    ]);
    expect(badSteps[3]!.error).toEqual({
      name: 'BatchItemFailure',
      message: 'the handler reported it in batchItemFailures',
    });
  });

  it('with ReportBatchItemFailures, an answer that fails the whole batch fails every record', async () => {
    const { aws, lambda, queueArn, send } = await setup();
    aws.lambda.createFunction('partial', async () => ({ batchItemFailures: [{ itemIdentifier: 'not-in-batch' }] }));
    const first = await send('a');
    await lambda.send(
      new CreateEventSourceMappingCommand({
        FunctionName: 'partial',
        EventSourceArn: queueArn,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      }),
    );
    await runUntilIdle(aws, 20_000);
    const failed = aws.journey(first).steps.find((s) => s.kind === 'failed')!;
    expect(failed.error?.message).toMatch(/the whole batch failed/);
  });

  it('records a message the filter criteria drop as filteredOut, with why no filter passed, then deleted', async () => {
    const { aws, lambda, queueArn, send } = await setup();
    const got: string[] = [];
    aws.lambda.createFunction('orders-only', async (event: Recorded) => {
      for (const record of event.Records) got.push(record['body'] as string);
    });
    const order = await send('{"type":"order"}');
    const refund = await send('{"type":"refund"}');
    await lambda.send(
      new CreateEventSourceMappingCommand({
        FunctionName: 'orders-only',
        EventSourceArn: queueArn,
        FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ body: { type: ['order'] } }) }] },
      }),
    );
    await runUntilIdle(aws);

    expect(got).toEqual(['{"type":"order"}']);
    expect(aws.journey(order).steps.map((s) => s.kind)).toEqual([
      'sent',
      'received',
      'invoked',
      'succeeded',
      'deleted',
    ]);
    const steps = aws.journey(refund).steps;
    expect(steps.map((s) => `${s.service} ${s.kind} ${s.where}`)).toEqual([
      'sqs sent orders',
      'sqs received orders',
      'lambda filteredOut orders-only',
      'sqs deleted orders',
    ]);
    expect(steps[2]!.filterReason).toBe('body.type: "refund" is not one of ["order"]');
    expect(steps[2]!.detail).toMatch(
      /^by event source mapping [0-9a-f-]+, body\.type: "refund" is not one of \["order"\]/,
    );
  });
});
