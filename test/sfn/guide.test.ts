// The example of docs/guide/stepfunctions.md, as written there.
import {
  CreateStateMachineCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2030, 0, 1) }));
afterEach(() => vi.useRealTimers());

it('checks, takes payment, waits a day and ships', async () => {
  const aws = createAwsMock();
  const sfn = new SFNClient({ region: 'us-east-1' });
  sfn.middlewareStack.use(aws.sfn);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);

  let checks = 0;
  const check = aws.lambda.createFunction('check-order', async (order: { id: string }) => {
    if (++checks === 1) throw new Error('inventory service timed out');
    return { ...order, valid: true };
  });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'payments' }));

  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({
      name: 'order-flow',
      roleArn: 'arn:aws:iam::000000000000:role/order-flow',
      definition: JSON.stringify({
        StartAt: 'CheckOrder',
        States: {
          CheckOrder: {
            Type: 'Task',
            Resource: 'arn:aws:states:::lambda:invoke',
            Parameters: { FunctionName: check.arn, 'Payload.$': '$' },
            OutputPath: '$.Payload',
            Retry: [{ ErrorEquals: ['Error'], IntervalSeconds: 2, MaxAttempts: 3 }],
            Next: 'TakePayment',
          },
          TakePayment: {
            Type: 'Task',
            Resource: 'arn:aws:states:::sqs:sendMessage.waitForTaskToken',
            Parameters: { QueueUrl, MessageBody: { 'order.$': '$.id', 'token.$': '$$.Task.Token' } },
            ResultPath: '$.payment',
            TimeoutSeconds: 3600,
            Next: 'WaitForWarehouse',
          },
          WaitForWarehouse: { Type: 'Wait', Seconds: 86400, Next: 'Ship' },
          Ship: { Type: 'Pass', Parameters: { 'id.$': '$.id', shipped: true }, End: true },
        },
      }),
    }),
  );
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: '{"id":"o-1"}' }));

  // The check fails once and is retried 2 s later; then the payment request waits in the queue.
  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms), maxTime: 10_000 });
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
  const { token } = JSON.parse(Messages[0]!.Body!);
  await sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: '{"paid":true}' }));

  // A day passes in one step.
  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms), maxTime: 2 * 86_400_000 });
  const execution = aws.sfn.execution(executionArn!);
  expect(execution).toHaveSucceeded();
  expect(execution).toHaveEnteredState('WaitForWarehouse');
  expect(execution.output).toEqual({ id: 'o-1', shipped: true });
  expect(check.invocations()).toHaveLength(2);
});
