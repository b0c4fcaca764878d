import {
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  CreateEventBusCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, ReceiveMessageCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

type Setup = ReturnType<typeof eventsSetup>;

async function queue({ sqs, aws }: Setup, name: string, attributes?: Record<string, string>) {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  return { url: QueueUrl!, arn: aws.sqs.queue(name).arn };
}

async function bodies({ sqs }: Setup, url: string): Promise<string[]> {
  const { Messages = [] } = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageAttributeNames: ['All'] }),
  );
  return Messages.map((message) => message.Body!);
}

async function rule(setup: Setup, name: string, targets: object[], pattern = '{"source":["shop"]}', bus?: string) {
  await setup.events.send(new PutRuleCommand({ Name: name, EventPattern: pattern, EventBusName: bus }));
  return setup.events.send(new PutTargetsCommand({ Rule: name, EventBusName: bus, Targets: targets as never }));
}

const put = (setup: Setup, detail: object, bus?: string) =>
  setup.events.send(
    new PutEventsCommand({
      Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: JSON.stringify(detail), EventBusName: bus }],
    }),
  );

describe('targets', () => {
  it('SNS: publishes the event as the Message, which a subscribed queue receives in the SNS envelope', async () => {
    const setup = eventsSetup();
    const { TopicArn } = await setup.sns.send(new CreateTopicCommand({ Name: 'orders' }));
    const q = await queue(setup, 'orders-copy');
    await setup.sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: q.arn }));
    await rule(setup, 'to-topic', [{ Id: 't', Arn: TopicArn }]);
    await put(setup, { orderId: 7 });
    const [body] = await bodies(setup, q.url);
    const envelope = JSON.parse(body!);
    expect(envelope).toMatchObject({ Type: 'Notification', TopicArn });
    expect(envelope).not.toHaveProperty('Subject');
    expect(JSON.parse(envelope.Message)).toMatchObject({ source: 'shop', detail: { orderId: 7 } });
  });

  it('Lambda: invokes asynchronously with the event; a throwing handler is still delivered (Lambda retries it)', async () => {
    const setup = eventsSetup();
    const seen: unknown[] = [];
    const fn = setup.aws.lambda.createFunction('on-order', async (event: unknown) => {
      seen.push(event);
      throw new Error('boom');
    });
    await rule(setup, 'to-fn', [{ Id: 'f', Arn: fn.arn }]);
    await put(setup, { orderId: 7 });
    await setup.aws.idle();
    expect(seen).toEqual([expect.objectContaining({ 'detail-type': 'OrderPlaced', detail: { orderId: 7 } })]);
    expect(setup.aws.events.bus().events()[0]!.routes).toEqual([expect.objectContaining({ delivered: true })]);
    // Lambda's own asynchronous retries: after about 1 and 2 more minutes.
    await setup.aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    expect(seen).toHaveLength(3);
  });

  it('FIFO queue: the message group from SqsParameters; without it PutTargets fails the entry', async () => {
    const setup = eventsSetup();
    const q = await queue(setup, 'orders.fifo', { FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    const refused = await rule(setup, 'to-fifo', [{ Id: 'q', Arn: q.arn }]);
    expect(refused).toMatchObject({
      FailedEntryCount: 1,
      FailedEntries: [
        {
          TargetId: 'q',
          ErrorCode: 'ValidationException',
          ErrorMessage: 'Parameter(s) SqsParameters must be specified for target: q.',
        },
      ],
    });
    await rule(setup, 'to-fifo', [{ Id: 'q', Arn: q.arn, SqsParameters: { MessageGroupId: 'orders' } }]);
    await put(setup, { orderId: 7 });
    const { Messages = [] } = await setup.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: q.url, MessageSystemAttributeNames: ['MessageGroupId'] }),
    );
    expect(Messages[0]!.Attributes).toEqual({ MessageGroupId: 'orders' });
  });

  it('another bus: the event is put on it and matched against its rules', async () => {
    const setup = eventsSetup();
    const { EventBusArn } = await setup.events.send(new CreateEventBusCommand({ Name: 'orders' }));
    const q = await queue(setup, 'from-orders-bus');
    await rule(setup, 'forward', [{ Id: 'b', Arn: EventBusArn }]);
    await rule(
      setup,
      'on-orders-bus',
      [{ Id: 'q', Arn: q.arn }],
      '{"detail":{"orderId":[{"numeric":[">",5]}]}}',
      'orders',
    );
    const { Entries } = await put(setup, { orderId: 7 });
    const [body] = await bodies(setup, q.url);
    expect(JSON.parse(body!)).toMatchObject({ id: Entries![0]!.EventId, detail: { orderId: 7 } });
    // Forwarded, it is an event of that bus too.
    expect(setup.aws.events.bus('orders').events()).toHaveLength(1);
    expect(setup.aws.events.rule('on-orders-bus', { bus: 'orders' }).matched()).toHaveLength(1);
  });

  it('a missing queue: not delivered, and the event goes to the dead-letter queue with its attributes', async () => {
    const setup = eventsSetup();
    const dlq = await queue(setup, 'dlq');
    const missing = 'arn:aws:sqs:us-east-1:000000000000:gone';
    await rule(setup, 'to-gone', [{ Id: 'g', Arn: missing, DeadLetterConfig: { Arn: dlq.arn } }]);
    await put(setup, { orderId: 7 });
    const { Messages = [] } = await setup.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: dlq.url, MessageAttributeNames: ['All'] }),
    );
    expect(JSON.parse(Messages[0]!.Body!)).toMatchObject({ detail: { orderId: 7 } });
    expect(Messages[0]!.MessageAttributes).toMatchObject({
      RULE_ARN: { DataType: 'String', StringValue: 'arn:aws:events:us-east-1:000000000000:rule/to-gone' },
      TARGET_ARN: { StringValue: missing },
      ERROR_CODE: { StringValue: 'NO_RESOURCE' },
    });
    const [route] = setup.aws.events.bus().events()[0]!.routes;
    expect(route).toMatchObject({ delivered: false, reason: expect.stringContaining('dead-letter queue') });
  });

  it("policies 'enforce': a queue takes events only where its Policy allows events.amazonaws.com from the rule", async () => {
    const setup = eventsSetup({ policies: 'enforce' });
    const q = await queue(setup, 'guarded');
    await rule(setup, 'guarded-rule', [{ Id: 'q', Arn: q.arn }]);
    await put(setup, { n: 1 });
    expect(setup.aws.events.bus().events()[0]!.routes[0]).toMatchObject({
      delivered: false,
      reason: expect.stringContaining('does not allow events.amazonaws.com'),
    });
    const Policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Action: 'sqs:SendMessage',
          Resource: q.arn,
          Condition: { ArnEquals: { 'aws:SourceArn': 'arn:aws:events:us-east-1:000000000000:rule/guarded-rule' } },
        },
      ],
    });
    await setup.sqs.send(new SetQueueAttributesCommand({ QueueUrl: q.url, Attributes: { Policy } }));
    await put(setup, { n: 2 });
    expect((await bodies(setup, q.url)).map((body) => JSON.parse(body).detail)).toEqual([{ n: 2 }]);
  });
});

describe('Input, InputPath, InputTransformer', () => {
  const cases: [string, object, string | undefined][] = [
    ['Input verbatim', { Input: '{"custom-value": "x"}' }, '{"custom-value": "x"}'],
    [
      'InputPath to an object',
      { InputPath: '$.detail' },
      '{"command":"update-account","payload":{"acc_id":"0a78","sf_id":"baz"},"list":["HIGH"],"valid":true}',
    ],
    ['InputPath to a string leaf is quoted', { InputPath: '$.detail.payload.sf_id' }, '"baz"'],
    [
      'string template: quotes kept, values raw, objects unquoted, missing empty',
      {
        InputTransformer: {
          InputPathsMap: {
            dt: '$.detail-type',
            payload: '$.detail.payload',
            list: '$.detail.list',
            valid: '$.detail.valid',
            none: '$.detail.none',
          },
          InputTemplate: '"Event <dt>: <payload> <list> is <valid>! [<none>]"',
        },
      },
      '"Event OrderPlaced: {acc_id:0a78,sf_id:baz} [HIGH] is true! []"',
    ],
    [
      'JSON template: unquoted values as JSON, quoted as raw text, missing as ""',
      {
        InputTransformer: {
          InputPathsMap: { command: '$.detail.command', payload: '$.detail.payload', none: '$.detail.none' },
          InputTemplate: '{"command": <command>, "bod": <payload>, "path": "users/<command>/x", "none": <none>}',
        },
      },
      '{"command": "update-account", "bod": {"acc_id":"0a78","sf_id":"baz"}, "path": "users/update-account/x", "none": ""}',
    ],
    [
      'JSON template with an object inside quotes is not delivered',
      {
        InputTransformer: { InputPathsMap: { payload: '$.detail.payload' }, InputTemplate: '{"payload": "<payload>"}' },
      },
      undefined,
    ],
    [
      'reserved variables',
      { InputTransformer: { InputTemplate: '{"rule": <aws.events.rule-name>, "arn": "<aws.events.rule-arn>"}' } },
      '{"rule": "shaped", "arn": "arn:aws:events:us-east-1:000000000000:rule/shaped"}',
    ],
  ];
  it.each(cases)('%s', async (_name, input, expected) => {
    const setup = eventsSetup();
    const q = await queue(setup, 'shaped');
    await rule(setup, 'shaped', [{ Id: 'q', Arn: q.arn, ...input }]);
    await put(setup, {
      command: 'update-account',
      payload: { acc_id: '0a78', sf_id: 'baz' },
      list: ['HIGH'],
      valid: true,
    });
    expect(await bodies(setup, q.url)).toEqual(expected === undefined ? [] : [expected]);
  });
});

it('refuses an InputTemplate over 8192 characters (docs/aws-behaviour/eventbridge.md §6.3)', async () => {
  const { aws, events, sqs } = eventsSetup();
  await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["s"]}' }));
  const target = (InputTemplate: string) =>
    events.send(
      new PutTargetsCommand({
        Rule: 'r',
        Targets: [{ Id: 't', Arn: aws.sqs.queue('q').arn, InputTransformer: { InputTemplate } }],
      }),
    );
  await expect(target(`"${'x'.repeat(8190)}"`)).resolves.toMatchObject({ FailedEntryCount: 0 });
  await expect(target(`"${'x'.repeat(8191)}"`)).rejects.toMatchObject({
    name: 'ValidationException',
    message: expect.stringMatching(
      /at 'targets\.1\.member\.inputTransformer\.inputTemplate' failed to satisfy constraint: Member must have length less than or equal to 8192$/,
    ),
  });
});
