/**
 * Tasks that reach the account's other services, callbacks, activities, nested executions, and what starts
 * executions (docs/aws-behaviour/stepfunctions.md §3, §6).
 */
import { PutRuleCommand, PutTargetsCommand } from '@aws-sdk/client-eventbridge';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import {
  CreateActivityCommand,
  CreateStateMachineCommand,
  GetActivityTaskCommand,
  GetExecutionHistoryCommand,
  InvalidToken,
  SendTaskFailureCommand,
  SendTaskHeartbeatCommand,
  SendTaskSuccessCommand,
  StartExecutionCommand,
  StopExecutionCommand,
  TaskDoesNotExist,
  TaskTimedOut,
} from '@aws-sdk/client-sfn';
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkTrap } from '../helpers.js';
import { definition, ROLE, sfnSetup } from './support.js';

const START = Date.UTC(2025, 0, 2);
beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
type Setup = ReturnType<typeof sfnSetup>;

async function machine(setup: Setup, name: string, body: object, type?: 'EXPRESS') {
  const { stateMachineArn } = await setup.sfn.send(
    new CreateStateMachineCommand({ name, definition: definition(body), roleArn: ROLE, type }),
  );
  return stateMachineArn!;
}

async function start(setup: Setup, stateMachineArn: string, input: unknown = {}) {
  const { executionArn } = await setup.sfn.send(
    new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(input) }),
  );
  return executionArn!;
}

async function queue(setup: Setup, name: string) {
  const { QueueUrl } = await setup.sqs.send(new CreateQueueCommand({ QueueName: name }));
  return { url: QueueUrl!, arn: setup.aws.sqs.queue(name).arn };
}

async function receive(setup: Setup, url: string) {
  const { Messages = [] } = await setup.sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
  return Messages;
}

async function types(setup: Setup, executionArn: string) {
  const { events } = await setup.sfn.send(new GetExecutionHistoryCommand({ executionArn }));
  return events!.map((event) => event.type);
}

describe('SQS, SNS and EventBridge tasks', () => {
  it('sqs:sendMessage sends a message the test receives, its body an object as JSON (§3.5)', async () => {
    const setup = sfnSetup();
    const q = await queue(setup, 'orders');
    const arn = await machine(setup, 'send', {
      StartAt: 'Send',
      States: {
        Send: {
          Type: 'Task',
          Resource: 'arn:aws:states:::sqs:sendMessage',
          Parameters: { QueueUrl: q.url, MessageBody: { 'order.$': '$.order' } },
          End: true,
        },
      },
    });
    const executionArn = await start(setup, arn, { order: 42 });
    await setup.aws.idle();
    const [message] = await receive(setup, q.url);
    expect(JSON.parse(message!.Body!)).toEqual({ order: 42 });
    const output = setup.aws.sfn.execution(executionArn).output as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(['MD5OfMessageBody', 'MessageId', 'SdkHttpMetadata', 'SdkResponseMetadata']);
    expect(output['MessageId']).toBe(message!.MessageId);
  });

  it('an SQS error is SQS.<Exception> with the Java SDK cause; a queue that does not exist fails the task', async () => {
    const setup = sfnSetup();
    const arn = await machine(setup, 'nosuch', {
      StartAt: 'Send',
      States: {
        Send: {
          Type: 'Task',
          Resource: 'arn:aws:states:::sqs:sendMessage',
          Parameters: { QueueUrl: 'https://sqs.us-east-1.amazonaws.com/000000000000/nope', MessageBody: 'x' },
          End: true,
        },
      },
    });
    const executionArn = await start(setup, arn);
    await setup.aws.idle();
    const execution = setup.aws.sfn.execution(executionArn);
    expect(execution.error).toMatch(/^SQS\./);
    expect(execution.cause).toMatch(
      /\(Service: AmazonSQS; Status Code: 400; Error Code: AWS\.SimpleQueueService\.NonExistentQueue; Request ID: .+; Proxy: null\)$/,
    );
  });

  it('sns:publish reaches the topic subscribers; events:putEvents adds the machine and execution to Resources (§3.6, §3.7)', async () => {
    const setup = sfnSetup();
    const q = await queue(setup, 'fanout');
    const { TopicArn } = await setup.sns.send(new CreateTopicCommand({ Name: 'news' }));
    await setup.sns.send(
      new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: q.arn, Attributes: { RawMessageDelivery: 'true' } }),
    );
    const events = await queue(setup, 'events');
    await setup.events.send(
      new PutRuleCommand({ Name: 'all', EventPattern: JSON.stringify({ source: ['app.orders'] }) }),
    );
    await setup.events.send(new PutTargetsCommand({ Rule: 'all', Targets: [{ Id: 'q', Arn: events.arn }] }));
    const arn = await machine(setup, 'notify', {
      StartAt: 'Publish',
      States: {
        Publish: {
          Type: 'Task',
          Resource: 'arn:aws:states:::sns:publish',
          Parameters: { TopicArn, Message: { hello: 'world' } },
          ResultPath: null,
          Next: 'Put',
        },
        Put: {
          Type: 'Task',
          Resource: 'arn:aws:states:::events:putEvents',
          Parameters: { Entries: [{ Source: 'app.orders', DetailType: 'placed', Detail: { id: 1 } }] },
          End: true,
        },
      },
    });
    const executionArn = await start(setup, arn);
    await setup.aws.idle();
    expect((await receive(setup, q.url)).map((m) => m.Body)).toEqual(['{"hello":"world"}']);
    const [event] = await receive(setup, events.url);
    expect(JSON.parse(event!.Body!)).toMatchObject({
      source: 'app.orders',
      'detail-type': 'placed',
      detail: { id: 1 },
      resources: [arn, executionArn],
    });
    const output = setup.aws.sfn.execution(executionArn).output as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(['Entries', 'FailedEntryCount']);
  });

  it('what the SDK refuses before sending (no FunctionName) fails the task as an SdkClientException (found by fuzzing)', async () => {
    const setup = sfnSetup();
    const arn = await machine(setup, 'nofunction', {
      StartAt: 'T',
      States: { T: { Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke', Parameters: {}, End: true } },
    });
    const executionArn = await start(setup, arn);
    await setup.aws.idle();
    expect(setup.aws.sfn.execution(executionArn).error).toBe('Lambda.SdkClientException');
  });

  it('a resource the mock does not emulate fails the execution, naming it (§3.1)', async () => {
    const setup = sfnSetup();
    const arn = await machine(setup, 'dynamo', {
      StartAt: 'Get',
      States: {
        Get: {
          Type: 'Task',
          Resource: 'arn:aws:states:::dynamodb:getItem',
          Parameters: { TableName: 't' },
          Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Caught' }],
          End: true,
        },
        Caught: { Type: 'Succeed' },
      },
    });
    const executionArn = await start(setup, arn);
    await setup.aws.idle();
    const execution = setup.aws.sfn.execution(executionArn);
    expect(execution.status).toBe('FAILED');
    expect(execution.error).toBe('States.Runtime');
    expect(execution.cause).toContain('arn:aws:states:::dynamodb:getItem');
  });
});

describe('callbacks and activities', () => {
  it('.waitForTaskToken: TaskSubmitted, then SendTaskSuccess ends the task with its output (§3.4, §5.3)', async () => {
    const setup = sfnSetup();
    const q = await queue(setup, 'callbacks');
    const arn = await machine(setup, 'callback', {
      StartAt: 'Ask',
      States: {
        Ask: {
          Type: 'Task',
          Resource: 'arn:aws:states:::sqs:sendMessage.waitForTaskToken',
          Parameters: { QueueUrl: q.url, MessageBody: { 'token.$': '$$.Task.Token', 'input.$': '$' } },
          End: true,
        },
      },
    });
    const executionArn = await start(setup, arn, { n: 1 });
    await setup.aws.idle();
    expect(setup.aws.sfn.execution(executionArn).status).toBe('RUNNING');
    const [message] = await receive(setup, q.url);
    const { token } = JSON.parse(message!.Body!) as { token: string };
    await setup.sfn.send(new SendTaskHeartbeatCommand({ taskToken: token }));
    await setup.sfn.send(new SendTaskSuccessCommand({ taskToken: token, output: '"done"' }));
    await setup.aws.idle();
    expect(setup.aws.sfn.execution(executionArn).output).toBe('done');
    expect(await types(setup, executionArn)).toEqual([
      'ExecutionStarted',
      'TaskStateEntered',
      'TaskScheduled',
      'TaskStarted',
      'TaskSubmitted',
      'TaskSucceeded',
      'TaskStateExited',
      'ExecutionSucceeded',
    ]);
    const late = await setup.sfn
      .send(new SendTaskSuccessCommand({ taskToken: token, output: '{}' }))
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(TaskDoesNotExist);
    const malformed = await setup.sfn
      .send(new SendTaskSuccessCommand({ taskToken: 'nope', output: '{}' }))
      .catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(InvalidToken);
  });

  it('SendTaskFailure without error or cause: a catcher sees both null; a missed heartbeat is States.Timeout (§1.12)', async () => {
    const setup = sfnSetup();
    const q = await queue(setup, 'tokens');
    const body = (heartbeat?: number) => ({
      StartAt: 'Ask',
      States: {
        Ask: {
          Type: 'Task',
          Resource: 'arn:aws:states:::sqs:sendMessage.waitForTaskToken',
          Parameters: { QueueUrl: q.url, 'MessageBody.$': '$$.Task.Token' },
          ...(heartbeat ? { HeartbeatSeconds: heartbeat } : {}),
          Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Caught' }],
          End: true,
        },
        Caught: { Type: 'Pass', End: true },
      },
    });
    const failing = await start(setup, await machine(setup, 'fails', body()));
    await setup.aws.idle();
    const [message] = await receive(setup, q.url);
    await setup.sfn.send(new SendTaskFailureCommand({ taskToken: message!.Body! }));
    await setup.aws.idle();
    expect(setup.aws.sfn.execution(failing).output).toEqual({ Error: null, Cause: null });
    const silent = await start(setup, await machine(setup, 'silent', body(10)));
    await setup.aws.runUntilIdle({ advance });
    expect(setup.aws.sfn.execution(silent).output).toEqual({ Error: 'States.Timeout', Cause: '' });
    const [second] = await receive(setup, q.url);
    const late = await setup.sfn
      .send(new SendTaskSuccessCommand({ taskToken: second!.Body!, output: '{}' }))
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(TaskTimedOut);
  });

  it('an activity: a worker takes the task with GetActivityTask and answers with SendTaskSuccess (§1.13)', async () => {
    const setup = sfnSetup();
    const { activityArn } = await setup.sfn.send(new CreateActivityCommand({ name: 'worker' }));
    const arn = await machine(setup, 'act', {
      StartAt: 'Work',
      States: { Work: { Type: 'Task', Resource: activityArn, End: true } },
    });
    const executionArn = await start(setup, arn, { job: 1 });
    await setup.aws.idle();
    const task = await setup.sfn.send(new GetActivityTaskCommand({ activityArn, workerName: 'w1' }));
    expect(JSON.parse(task.input!)).toEqual({ job: 1 });
    await setup.sfn.send(new SendTaskSuccessCommand({ taskToken: task.taskToken, output: '{"ok":true}' }));
    await setup.aws.idle();
    expect(setup.aws.sfn.execution(executionArn).output).toEqual({ ok: true });
    const { events } = await setup.sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    expect(events!.map((e) => e.type).slice(2, 5)).toEqual([
      'ActivityScheduled',
      'ActivityStarted',
      'ActivitySucceeded',
    ]);
    expect(events![3]!.activityStartedEventDetails).toEqual({ workerName: 'w1' });
    const nothing = setup.sfn.send(new GetActivityTaskCommand({ activityArn }));
    await advance(60_000);
    expect((await nothing).taskToken).toBeUndefined();
  });
});

describe('nested executions and SDK integrations', () => {
  it('states:startExecution.sync waits for the child; .sync:2 parses its output; a failed child fails the task (§3.8)', async () => {
    const setup = sfnSetup();
    const child = await machine(setup, 'child', {
      StartAt: 'W',
      States: { W: { Type: 'Wait', Seconds: 30, Next: 'Echo' }, Echo: { Type: 'Pass', End: true } },
    });
    const failing = await machine(setup, 'failing', {
      StartAt: 'F',
      States: { F: { Type: 'Fail', Error: 'Oops', Cause: 'why' } },
    });
    const parent = await machine(setup, 'parent', {
      StartAt: 'Sync',
      States: {
        Sync: {
          Type: 'Task',
          Resource: 'arn:aws:states:::states:startExecution.sync',
          Parameters: { StateMachineArn: child, Input: { a: 1 } },
          Next: 'Sync2',
        },
        Sync2: {
          Type: 'Task',
          Resource: 'arn:aws:states:::states:startExecution.sync:2',
          Parameters: { StateMachineArn: child, 'Input.$': '$.Output' },
          Next: 'Bad',
        },
        Bad: {
          Type: 'Task',
          Resource: 'arn:aws:states:::states:startExecution.sync',
          Parameters: { StateMachineArn: failing },
          Catch: [{ ErrorEquals: ['States.TaskFailed'], Next: 'Done' }],
          End: true,
        },
        Done: { Type: 'Pass', End: true },
      },
    });
    const executionArn = await start(setup, parent);
    await setup.aws.runUntilIdle({ advance });
    const output = setup.aws.sfn.execution(executionArn).output as { Error: string; Cause: string };
    expect(output.Error).toBe('States.TaskFailed');
    expect(JSON.parse(output.Cause)).toMatchObject({
      Status: 'FAILED',
      Error: 'Oops',
      Cause: 'why',
      StateMachineArn: failing,
    });
    const history = setup.aws.sfn.execution(executionArn).history();
    const succeeded = history
      .filter((e) => e.type === 'TaskSucceeded')
      .map((e) => JSON.parse((e['taskSucceededEventDetails'] as { output: string }).output) as Record<string, unknown>);
    expect(succeeded[0]).toMatchObject({ Status: 'SUCCEEDED', Input: '{"a":1}', Output: '{"a":1}' });
    expect(succeeded[1]).toMatchObject({ Status: 'SUCCEEDED', Input: { a: 1 }, Output: { a: 1 } });
    expect(history.filter((e) => e.type === 'TaskSubmitted')).toHaveLength(3);
  });

  it('stopping a .sync parent stops its child', async () => {
    const setup = sfnSetup();
    const child = await machine(setup, 'slowchild', {
      StartAt: 'W',
      States: { W: { Type: 'Wait', Seconds: 3600, End: true } },
    });
    const parent = await machine(setup, 'p', {
      StartAt: 'S',
      States: {
        S: {
          Type: 'Task',
          Resource: 'arn:aws:states:::states:startExecution.sync:2',
          Parameters: { StateMachineArn: child },
          End: true,
        },
      },
    });
    const executionArn = await start(setup, parent);
    await setup.aws.idle();
    await setup.sfn.send(new StopExecutionCommand({ executionArn }));
    await setup.aws.idle();
    expect(setup.aws.sfn.stateMachine('slowchild').executions()[0]!.status).toBe('ABORTED');
  });

  it('aws-sdk:sqs:sendMessage and aws-sdk:sfn:startExecution answer the API in PascalCase; errors are <Service>.<Name>Exception (§3.9)', async () => {
    const setup = sfnSetup();
    const q = await queue(setup, 'sdk');
    const target = await machine(setup, 'target', { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } });
    const arn = await machine(setup, 'sdk', {
      StartAt: 'Send',
      States: {
        Send: {
          Type: 'Task',
          Resource: 'arn:aws:states:::aws-sdk:sqs:sendMessage',
          Parameters: { QueueUrl: q.url, MessageBody: 'hi' },
          ResultPath: '$.sent',
          Next: 'Start',
        },
        Start: {
          Type: 'Task',
          Resource: 'arn:aws:states:::aws-sdk:sfn:startExecution',
          Parameters: { StateMachineArn: target },
          ResultPath: '$.started',
          Next: 'Bad',
        },
        Bad: {
          Type: 'Task',
          Resource: 'arn:aws:states:::aws-sdk:sfn:sendTaskSuccess',
          Parameters: { TaskToken: 'nope', Output: '{}' },
          End: true,
        },
      },
    });
    const executionArn = await start(setup, arn);
    await setup.aws.idle();
    const execution = setup.aws.sfn.execution(executionArn);
    expect(execution.error).toBe('Sfn.InvalidTokenException');
    expect(execution.cause).toMatch(
      /^Invalid Token: 'Invalid token' \(Service: Sfn, Status Code: 400, Request ID: .+\)$/,
    );
    const states = execution.states();
    expect(states[1]!.output).toMatchObject({
      sent: { MessageId: expect.any(String), MD5OfMessageBody: expect.any(String) },
      started: { ExecutionArn: expect.stringContaining(':execution:target:'), StartDate: expect.any(Number) },
    });
    expect(execution.history().find((e) => e.type === 'TaskScheduled')!['taskScheduledEventDetails']).toMatchObject({
      resourceType: 'aws-sdk:sqs',
      resource: 'sendMessage',
    });
  });
});

describe('what starts executions, and what they send', () => {
  it('an EventBridge rule and a schedule start executions with their input; status changes reach the default bus (§6.1, §6.2)', async () => {
    const setup = sfnSetup();
    const scheduler = new SchedulerClient({ region: setup.aws.region, requestHandler: networkTrap });
    scheduler.middlewareStack.use(setup.aws.scheduler);
    const arn = await machine(setup, 'target', { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } });
    const status = await queue(setup, 'status');
    await setup.events.send(
      new PutRuleCommand({ Name: 'status', EventPattern: JSON.stringify({ source: ['aws.states'] }) }),
    );
    await setup.events.send(new PutTargetsCommand({ Rule: 'status', Targets: [{ Id: 'q', Arn: status.arn }] }));
    await setup.events.send(new PutRuleCommand({ Name: 'orders', EventPattern: JSON.stringify({ source: ['shop'] }) }));
    await setup.events.send(
      new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'sm', Arn: arn, RoleArn: ROLE }] }),
    );
    const { PutEventsCommand } = await import('@aws-sdk/client-eventbridge');
    await setup.events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'order', Detail: '{"id":7}' }] }),
    );
    await scheduler.send(
      new CreateScheduleCommand({
        Name: 'once',
        ScheduleExpression: 'at(2025-01-02T01:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: arn, RoleArn: ROLE, Input: '{"from":"schedule"}' },
      }),
    );
    await setup.aws.runUntilIdle({ advance, maxTime: 2 * 3_600_000 });
    const executions = setup.aws.sfn.stateMachine('target').executions();
    expect(executions.map((e) => e.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(executions[1]!.input).toMatchObject({ source: 'shop', detail: { id: 7 } });
    expect(executions[0]!.input).toEqual({ from: 'schedule' });
    const statuses = (await receive(setup, status.url)).map(
      (m) =>
        JSON.parse(m.Body!) as {
          'detail-type': string;
          resources: string[];
          detail: { status: string; input: string; output: string | null };
        },
    );
    expect(statuses.map((s) => [s['detail-type'], s.detail.status])).toContainEqual([
      'Step Functions Execution Status Change',
      'SUCCEEDED',
    ]);
    const running = statuses.find((s) => s.detail.status === 'RUNNING')!;
    expect(running.detail).toMatchObject({
      output: null,
      redriveStatus: 'NOT_REDRIVABLE',
      redriveStatusReason: 'Execution is RUNNING and cannot be redriven',
    });
    expect(typeof running.detail.input).toBe('string');
  });
});
