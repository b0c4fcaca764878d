/** An execution as a journey: `aws.journey(executionArn)` (docs/guide/stepfunctions.md). */
import { CreateStateMachineCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { definition, ROLE, sfnSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

it('shows the states, what a task sent (and the message from there on), and how the execution ended', async () => {
  const { aws, sfn, sqs } = sfnSetup();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'out' }));
  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({
      name: 'sender',
      roleArn: ROLE,
      definition: definition({
        StartAt: 'Send',
        States: {
          Send: {
            Type: 'Task',
            Resource: 'arn:aws:states:::sqs:sendMessage',
            Parameters: { QueueUrl, MessageBody: 'hi' },
            Next: 'Boom',
          },
          Boom: { Type: 'Fail', Error: 'Broken', Cause: 'on purpose' },
        },
      }),
    }),
  );
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: '{"a":1}' }));
  await aws.idle();
  const journey = aws.journey(executionArn!);
  const kinds = journey.steps.map((step) => `${step.service} ${step.kind}`);
  expect(kinds).toEqual(['sfn started', 'sfn entered', 'sqs sent', 'sfn delivered', 'sfn entered', 'sfn failed']);
  const message = aws.sqs.queue('out').messages()[0]!;
  expect(journey.steps[3]!.nextMessageId).toBe(message.messageId);
  expect(String(journey)).toContain('Broken: on purpose');
  expect(aws.journey(message.messageId).steps.map((step) => step.kind)).toContain('entered');
});

it('aws.reset() stops running executions and leaves no timer, sending nothing', async () => {
  const { aws, sfn } = sfnSetup();
  const { stateMachineArn } = await sfn.send(
    new CreateStateMachineCommand({
      name: 'waits',
      roleArn: ROLE,
      definition: definition({ StartAt: 'W', States: { W: { Type: 'Wait', Seconds: 3600, End: true } } }),
    }),
  );
  await sfn.send(new StartExecutionCommand({ stateMachineArn }));
  await aws.idle();
  const before = aws.timeline().steps.length;
  aws.reset();
  expect(vi.getTimerCount()).toBe(0);
  expect(aws.timeline().steps.length).toBeLessThanOrEqual(before);
  expect(aws.sfn.stateMachines()).toEqual([]);
});
