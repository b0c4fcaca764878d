import {
  CreateEventBusCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5, 678) }));
afterEach(() => vi.useRealTimers());

describe('PutEvents', () => {
  it('answers one result per entry: EventId for good ones, InvalidArgument / MalformedDetail for bad ones', async () => {
    const { events } = eventsSetup();
    const result = await events.send(
      new PutEventsCommand({
        Entries: [
          { Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7}' },
          { DetailType: 'x', Detail: '{}' },
          { Source: 'shop', DetailType: '', Detail: '{}' },
          { Source: 'shop', DetailType: 'x' },
          { Source: 'shop', DetailType: 'x', Detail: '' },
          { Source: 'shop', DetailType: 'x', Detail: '[]' },
          { Source: 'shop', DetailType: 'x', Detail: '"NotJSON"' },
        ],
      }),
    );
    expect(result.FailedEntryCount).toBe(6);
    expect(result.Entries![0]).toEqual({ EventId: expect.any(String) });
    expect(result.Entries!.slice(1)).toEqual([
      {
        ErrorCode: 'InvalidArgument',
        ErrorMessage: 'Parameter Source is not valid. Reason: Source is a required argument.',
      },
      {
        ErrorCode: 'InvalidArgument',
        ErrorMessage: 'Parameter DetailType is not valid. Reason: DetailType is a required argument.',
      },
      {
        ErrorCode: 'InvalidArgument',
        ErrorMessage: 'Parameter Detail is not valid. Reason: Detail is a required argument.',
      },
      // An empty Detail is a missing one, as an empty DetailType is.
      {
        ErrorCode: 'InvalidArgument',
        ErrorMessage: 'Parameter Detail is not valid. Reason: Detail is a required argument.',
      },
      { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' },
      { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' },
    ]);
  });

  it('refuses 11 entries and an oversized request as a whole, with ValidationException', async () => {
    const { events } = eventsSetup();
    const entry = { Source: 's', DetailType: 'd', Detail: '{}' };
    const tooMany = await rejectionOf(events.send(new PutEventsCommand({ Entries: Array(11).fill(entry) })));
    expect(tooMany.name).toBe('ValidationException');
    expect(tooMany.constructor.name).toBe('EventBridgeServiceException');
    expect(tooMany.message).toMatch(
      /^1 validation error detected: Value '.*' at 'entries' failed to satisfy constraint: Member must have length less than or equal to 10$/,
    );
    const big = { Source: 's', DetailType: 'd', Detail: JSON.stringify({ p: 'p'.repeat(262_144) }) };
    const tooLarge = await rejectionOf(events.send(new PutEventsCommand({ Entries: [big] })));
    expect(tooLarge.name).toBe('ValidationException');
    expect(tooLarge.message).toBe('Total size of the entries in the request is over the limit.');
  });

  it('lists every entry of a request over 10 as Java prints it, as recorded (§2.1)', async () => {
    const { events } = eventsSetup();
    // The entries of LocalStack's test_put_events_exceed_limit_ten_entries, recorded against AWS (2025-01).
    // Its Detail is Python's json.dumps, with a space after each colon and comma.
    const detail = '{"command": "update-account", "payload": {"acc_id": "0a787ecb-4015", "sf_id": "baz"}}';
    const entry = { Source: 'core.update-account-command', DetailType: 'core.update-account-command', Detail: detail };
    const entries = Array.from({ length: 11 }, () => ({ ...entry, EventBusName: 'test-bus-1' }));
    const error = await rejectionOf(events.send(new PutEventsCommand({ Entries: entries })));
    const printed =
      'PutEventsRequestEntry(time=null, source=core.update-account-command, resources=null, ' +
      'detailType=core.update-account-command, detail={"command": "update-account", "payload": ' +
      '{"acc_id": "0a787ecb-4015", "sf_id": "baz"}}, eventBusName=test-bus-1, traceHeader=null, ' +
      'kmsKeyIdentifier=null, internalMetadata=null)';
    expect(error.message).toBe(
      `1 validation error detected: Value '[${Array(11).fill(printed).join(', ')}]' at 'entries' failed to ` +
        'satisfy constraint: Member must have length less than or equal to 10',
    );
  });

  it('prints the members the recording left null as Java would: a list, a Time (estimated), a trace header', async () => {
    const { events } = eventsSetup();
    const full = {
      Time: new Date(Date.UTC(2022, 0, 1, 0, 0, 0, 250)),
      Source: 's',
      Resources: ['arn:a', 'arn:b'],
      DetailType: 'd',
      Detail: '{}',
      TraceHeader: 'Root=1',
    };
    const error = await rejectionOf(events.send(new PutEventsCommand({ Entries: Array(11).fill(full) })));
    expect(error.message).toContain(
      "Value '[PutEventsRequestEntry(time=Sat Jan 01 00:00:00 UTC 2022, source=s, resources=[arn:a, arn:b], " +
        'detailType=d, detail={}, eventBusName=null, traceHeader=Root=1, kmsKeyIdentifier=null, internalMetadata=null), ',
    );
  });

  it('accepts an entry for a bus that does not exist, and drops it', async () => {
    const { aws, events } = eventsSetup();
    const result = await events.send(
      new PutEventsCommand({ Entries: [{ Source: 's', DetailType: 'd', Detail: '{}', EventBusName: 'nope' }] }),
    );
    expect(result).toMatchObject({ FailedEntryCount: 0, Entries: [{ EventId: expect.any(String) }] });
    expect(aws.events.bus().events()).toEqual([]);
  });

  it('routes a matching event to an SQS target with the envelope of §1.1, time without fraction', async () => {
    const { aws, events, sqs } = eventsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    await events.send(new PutRuleCommand({ Name: 'orders-to-queue', EventPattern: '{"source":["shop"]}' }));
    await events.send(
      new PutTargetsCommand({ Rule: 'orders-to-queue', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
    );
    const put = await events.send(
      new PutEventsCommand({
        Entries: [
          { Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7}' },
          { Source: 'other', DetailType: 'OrderPlaced', Detail: '{"orderId":8}' },
        ],
      }),
    );
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages).toHaveLength(1);
    expect(Messages![0]!.Body).toBe(
      JSON.stringify({
        version: '0',
        id: put.Entries![0]!.EventId,
        'detail-type': 'OrderPlaced',
        source: 'shop',
        account: aws.accountId,
        time: '2025-01-02T03:04:05Z',
        region: aws.region,
        resources: [],
        detail: { orderId: 7 },
      }),
    );
    const [first, second] = aws.events.bus().events();
    expect(first!.routes).toEqual([
      expect.objectContaining({ rule: 'orders-to-queue', targetId: 'q', delivered: true }),
    ]);
    expect(second!.routes).toEqual([]);
    expect(
      aws.events
        .rule('orders-to-queue')
        .matched()
        .map((event) => event.detail),
    ).toEqual([{ orderId: 7 }]);
  });

  it('puts an entry on a custom bus by name or ARN, and only that bus sees it', async () => {
    const { aws, events } = eventsSetup();
    const { EventBusArn } = await events.send(new CreateEventBusCommand({ Name: 'orders' }));
    await events.send(
      new PutEventsCommand({ Entries: [{ Source: 's', DetailType: 'd', Detail: '{"a":1}', EventBusName: 'orders' }] }),
    );
    await events.send(
      new PutEventsCommand({
        Entries: [{ Source: 's', DetailType: 'd', Detail: '{"a":2}', EventBusName: EventBusArn }],
      }),
    );
    expect(
      aws.events
        .bus('orders')
        .events()
        .map((event) => event.detail),
    ).toEqual([{ a: 1 }, { a: 2 }]);
    expect(aws.events.bus().events()).toEqual([]);
  });

  it('answers what it does not emulate (PutEvents through a global endpoint) with NotEmulatedError', async () => {
    const { events } = eventsSetup();
    const entries = [{ Source: 's', DetailType: 'd', Detail: '{}' }];
    const error = await rejectionOf(events.send(new PutEventsCommand({ EndpointId: 'global.abc', Entries: entries })));
    expect(error.name).toBe('NotEmulatedError');
  });
});

describe('PutEvents with deep Detail (docs/aws-behaviour/eventbridge.md §1.2)', () => {
  it('takes a Detail nested 1000 levels, and refuses one nested deeper as MalformedDetail, even 10,000 deep', async () => {
    const { events } = eventsSetup();
    const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    const result = await events.send(
      new PutEventsCommand({
        Entries: [1000, 1001, 10_000].map((levels) => ({ Source: 's', DetailType: 'd', Detail: nested(levels) })),
      }),
    );
    expect(result.FailedEntryCount).toBe(2);
    expect(result.Entries![0]).toEqual({ EventId: expect.any(String) });
    for (const entry of result.Entries!.slice(1))
      expect(entry).toEqual({ ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' });
  });
});

it('reads an invalid Date as Time as no Time, as the SDK sends it (null)', async () => {
  const { aws, events } = eventsSetup();
  const result = await events.send(
    new PutEventsCommand({ Entries: [{ Source: 's', DetailType: 'd', Detail: '{}', Time: new Date(Number.NaN) }] }),
  );
  expect(result.FailedEntryCount).toBe(0);
  expect(aws.events.bus().events()[0]!.time).toEqual(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)));
});
