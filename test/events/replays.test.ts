/**
 * Replays (docs/aws-behaviour/eventbridge.md §17): StartReplay over a time window to the rules named or all,
 * DescribeReplay moving STARTING → RUNNING → COMPLETED on the mock's clock, CancelReplay, ListReplays, and AWS's
 * errors as LocalStack's AWS-validated test_archive_and_replay.py recorded them.
 */
import {
  CancelReplayCommand,
  CreateArchiveCommand,
  CreateEventBusCommand,
  DescribeArchiveCommand,
  DescribeReplayCommand,
  EventBridgeClient,
  ListReplaysCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  StartReplayCommand,
  type StartReplayCommandInput,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkTrap, ONE_ATTEMPT, rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

const T0 = Date.UTC(2025, 0, 2, 3, 4, 5);
beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

type Setup = ReturnType<typeof eventsSetup>;
const BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/default';
const ARCHIVE = 'arn:aws:events:us-east-1:000000000000:archive/orders-archive';

/** An archive of the default bus, a rule `orders` into queue `orders`, and `count` events put a minute apart. */
async function archived(setup: Setup, count: number) {
  const { QueueUrl } = await setup.sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await setup.events.send(new PutRuleCommand({ Name: 'orders', EventPattern: '{"source":["shop"]}' }));
  await setup.events.send(
    new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'q', Arn: setup.aws.sqs.queue('orders').arn }] }),
  );
  await setup.events.send(new CreateArchiveCommand({ ArchiveName: 'orders-archive', EventSourceArn: BUS }));
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const { Entries } = await setup.events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: JSON.stringify({ n }) }] }),
    );
    ids.push(Entries![0]!.EventId!);
    await vi.advanceTimersByTimeAsync(60_000);
  }
  await drain(setup, QueueUrl!);
  return { url: QueueUrl!, ids };
}

/** The queue's messages, received and deleted. */
async function drain({ sqs }: Setup, url: string) {
  const bodies: Record<string, unknown>[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
    if (Messages.length === 0) return bodies;
    for (const { Body, ReceiptHandle } of Messages) {
      bodies.push(JSON.parse(Body!));
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle }));
    }
  }
}

const idle = (setup: Setup) => setup.aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });

const start = (setup: Setup, input: Partial<StartReplayCommandInput> = {}) =>
  setup.events.send(
    new StartReplayCommand({
      ReplayName: 'fix-1',
      Description: 'description of the replay',
      EventSourceArn: ARCHIVE,
      EventStartTime: new Date(T0 - 60_000),
      EventEndTime: new Date(T0 + 3_600_000),
      Destination: { Arn: BUS },
      ...input,
    }),
  );

const describeReplay = (setup: Setup, ReplayName = 'fix-1') =>
  setup.events.send(new DescribeReplayCommand({ ReplayName }));

const failure = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  return { name: error.name, message: error.message };
};

describe('StartReplay', () => {
  it('answers STARTING; a minute of event time per minute after that; COMPLETED after the last', async () => {
    const setup = eventsSetup();
    const { url, ids } = await archived(setup, 3);
    const started = await start(setup);
    expect(started).toMatchObject({
      ReplayArn: 'arn:aws:events:us-east-1:000000000000:replay/fix-1',
      State: 'STARTING',
      ReplayStartTime: new Date(),
    });
    expect(setup.aws.events.replay('fix-1').state).toBe('STARTING');
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await describeReplay(setup)).State).toBe('RUNNING');
    expect(await drain(setup, url)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(120_000);
    const done = await describeReplay(setup);
    expect(done).toMatchObject({
      ReplayName: 'fix-1',
      Description: 'description of the replay',
      Destination: { Arn: BUS },
      EventSourceArn: ARCHIVE,
      EventStartTime: new Date(T0 - 60_000),
      EventEndTime: new Date(T0 + 3_600_000),
      EventLastReplayedTime: new Date(T0 + 120_000),
      ReplayStartTime: new Date(T0 + 180_000),
      ReplayEndTime: new Date(),
      State: 'COMPLETED',
    });
    const bodies = await drain(setup, url);
    expect(bodies).toHaveLength(2);
    // Recorded key order: `replay-name` after `region`; a new id, the original time.
    expect(Object.keys(bodies[0]!)).toEqual([
      'version',
      'id',
      'detail-type',
      'source',
      'account',
      'time',
      'region',
      'replay-name',
      'resources',
      'detail',
    ]);
    expect(bodies[0]).toMatchObject({ 'replay-name': 'fix-1', time: '2025-01-02T03:05:05Z', detail: { n: 1 } });
    const replayed = setup.aws.events.replay('fix-1').replayed();
    expect(replayed.map((event) => event.detail)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(replayed.map((event) => event.id)).not.toContain(ids[0]);
    expect(replayed[0]).toMatchObject({ replayName: 'fix-1', routes: [expect.objectContaining({ delivered: true })] });
  });

  it('runUntilIdle moves time through a replay; replayed events are not archived again', async () => {
    const setup = eventsSetup();
    const { url } = await archived(setup, 2);
    await start(setup);
    await idle(setup);
    expect(setup.aws.events.replay('fix-1').state).toBe('COMPLETED');
    expect(await drain(setup, url)).toHaveLength(2);
    expect(await setup.events.send(new DescribeArchiveCommand({ ArchiveName: 'orders-archive' }))).toMatchObject({
      EventCount: 2,
    });
  });

  it('replays only the window, and only to the rules FilterArns names', async () => {
    const setup = eventsSetup();
    const { url } = await archived(setup, 3);
    await setup.sqs.send(new CreateQueueCommand({ QueueName: 'audit' }));
    await setup.events.send(new PutRuleCommand({ Name: 'audit', EventPattern: '{"source":["shop"]}' }));
    await setup.events.send(
      new PutTargetsCommand({ Rule: 'audit', Targets: [{ Id: 'q', Arn: setup.aws.sqs.queue('audit').arn }] }),
    );
    await start(setup, {
      EventStartTime: new Date(T0 + 60_000),
      EventEndTime: new Date(T0 + 61_000),
      Destination: { Arn: BUS, FilterArns: ['arn:aws:events:us-east-1:000000000000:rule/orders'] },
    });
    await idle(setup);
    expect((await drain(setup, url)).map((body) => body['detail'])).toEqual([{ n: 1 }]);
    expect(
      setup.aws.events
        .rule('audit')
        .matched()
        .filter((event) => event.replayName),
    ).toEqual([]);
    expect((await describeReplay(setup)).Destination).toEqual({
      Arn: BUS,
      FilterArns: ['arn:aws:events:us-east-1:000000000000:rule/orders'],
    });
  });

  it('an empty window completes at the first step, without EventLastReplayedTime', async () => {
    const setup = eventsSetup();
    await archived(setup, 0);
    await start(setup);
    await vi.advanceTimersByTimeAsync(60_000);
    const done = await describeReplay(setup);
    expect(done.State).toBe('COMPLETED');
    expect(done).not.toHaveProperty('EventLastReplayedTime');
  });
});

describe('CancelReplay and ListReplays', () => {
  it('CANCELLING until the next step, then CANCELLED; a second cancel is IllegalStatusException', async () => {
    const setup = eventsSetup();
    await archived(setup, 2);
    await start(setup);
    const cancelled = await setup.events.send(new CancelReplayCommand({ ReplayName: 'fix-1' }));
    expect(cancelled).toMatchObject({
      ReplayArn: 'arn:aws:events:us-east-1:000000000000:replay/fix-1',
      State: 'CANCELLING',
    });
    const described = await describeReplay(setup);
    expect(described.State).toBe('CANCELLING');
    expect(described).not.toHaveProperty('ReplayEndTime');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(setup.aws.events.replay('fix-1')).toMatchObject({ state: 'CANCELLED' });
    expect(setup.aws.events.replay('fix-1').replayed()).toEqual([]);
    expect(await failure(setup.events.send(new CancelReplayCommand({ ReplayName: 'fix-1' })))).toEqual({
      name: 'IllegalStatusException',
      message: 'Replay fix-1 is not in a valid state for this operation.',
    });
  });

  it('lists by name, filtered by prefix, state or archive, paged', async () => {
    const setup = eventsSetup();
    await archived(setup, 1);
    for (let i = 0; i < 6; i++) await start(setup, { ReplayName: `p-test-replay-${i}` });
    await start(setup, { ReplayName: 'other' });
    await idle(setup);
    const first = await setup.events.send(new ListReplaysCommand({ NamePrefix: 'p-', Limit: 3 }));
    expect(first.Replays!.map((replay) => replay.ReplayName)).toEqual([
      'p-test-replay-0',
      'p-test-replay-1',
      'p-test-replay-2',
    ]);
    expect(first.Replays![0]).toEqual({
      ReplayName: 'p-test-replay-0',
      EventSourceArn: ARCHIVE,
      State: 'COMPLETED',
      EventStartTime: new Date(T0 - 60_000),
      EventEndTime: new Date(T0 + 3_600_000),
      EventLastReplayedTime: new Date(T0),
      ReplayStartTime: new Date(T0 + 60_000),
      ReplayEndTime: new Date(T0 + 120_000),
    });
    const rest = await setup.events.send(
      new ListReplaysCommand({ NamePrefix: 'p-', Limit: 5, NextToken: first.NextToken }),
    );
    expect(rest.Replays).toHaveLength(3);
    expect(rest.NextToken).toBeUndefined();
    expect((await setup.events.send(new ListReplaysCommand({ EventSourceArn: ARCHIVE }))).Replays).toHaveLength(7);
    expect((await setup.events.send(new ListReplaysCommand({ State: 'FAILED' }))).Replays).toEqual([]);
    expect(await failure(setup.events.send(new ListReplaysCommand({ NamePrefix: 'p', State: 'COMPLETED' })))).toEqual({
      name: 'ValidationException',
      message: 'At most one filter is allowed for ListReplays. Use either : State, EventSourceArn, or NamePrefix.',
    });
  });
});

describe('errors', () => {
  it('as AWS recorded them', async () => {
    const setup = eventsSetup();
    await archived(setup, 0);
    await setup.events.send(new CreateEventBusCommand({ Name: 'other' }));
    const otherBus = setup.aws.events.bus('other').arn;
    await start(setup);
    expect(await failure(start(setup))).toEqual({
      name: 'ResourceAlreadyExistsException',
      message: 'Replay fix-1 already exists.',
    });
    for (const end of [T0, T0 - 10_000]) {
      expect(
        await failure(start(setup, { ReplayName: 'w', EventStartTime: new Date(T0), EventEndTime: new Date(end) })),
      ).toEqual({
        name: 'ValidationException',
        message: 'Parameter EventEndTime is not valid. Reason: EventStartTime must be before EventEndTime.',
      });
    }
    expect(
      await failure(
        start(setup, { ReplayName: 'u', EventSourceArn: 'arn:aws:events:us-east-1:000000000000:archive/nope' }),
      ),
    ).toEqual({
      name: 'ValidationException',
      message: 'Parameter EventSourceArn is not valid. Reason: Archive nope does not exist.',
    });
    expect(
      await failure(
        start(setup, { ReplayName: 'u', Destination: { Arn: 'arn:aws:events:us-east-1:000000000000:event-bus/nope' } }),
      ),
    ).toEqual({ name: 'ResourceNotFoundException', message: 'Event bus nope does not exist.' });
    expect(await failure(start(setup, { ReplayName: 'u', Destination: { Arn: otherBus } }))).toEqual({
      name: 'ValidationException',
      message: 'Parameter Destination.Arn is not valid. Reason: Cross event bus replay is not permitted.',
    });
    expect(await failure(start(setup, { ReplayName: 'u', Destination: { Arn: 'invalid' } }))).toEqual({
      name: 'ValidationException',
      message: 'Parameter Destination.Arn is not valid. Reason: Must contain an event bus ARN.',
    });
    expect(await failure(describeReplay(setup, 'doesnotexist'))).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Replay doesnotexist does not exist.',
    });
  });

  it('the window is checked before the destination against the archive’s bus; the bus before the archive', async () => {
    const setup = eventsSetup();
    await archived(setup, 0);
    await setup.events.send(new CreateEventBusCommand({ Name: 'other' }));
    // As recorded: an archive of the default bus, a new bus as the destination, a window that ends as it starts.
    expect(
      await failure(
        start(setup, {
          Destination: { Arn: setup.aws.events.bus('other').arn },
          EventStartTime: new Date(T0),
          EventEndTime: new Date(T0),
        }),
      ),
    ).toEqual({
      name: 'ValidationException',
      message: 'Parameter EventEndTime is not valid. Reason: EventStartTime must be before EventEndTime.',
    });
    // As moto's test has it: neither the archive nor the bus exists.
    expect(
      await failure(
        start(setup, {
          EventSourceArn: 'arn:aws:events:us-east-1:000000000000:archive/test',
          Destination: { Arn: 'arn:aws:events:us-east-1:000000000000:event-bus/unknown' },
        }),
      ),
    ).toEqual({ name: 'ResourceNotFoundException', message: 'Event bus unknown does not exist.' });
  });

  it('at most 10 replays STARTING or RUNNING: LimitExceededException', async () => {
    const setup = eventsSetup();
    await archived(setup, 0);
    for (let i = 0; i < 10; i++) await start(setup, { ReplayName: `r-${i}` });
    // The SDK retries LimitExceededException as a throttle (eventbridge.md §9): one attempt, to see it at once (an old
    // SDK retries once even with `maxAttempts: 1`, docs/aws-behaviour/sdk.md §3.4.1).
    const once = new EventBridgeClient({ region: 'us-east-1', ...ONE_ATTEMPT, requestHandler: networkTrap });
    once.middlewareStack.use(setup.aws.events);
    expect(await failure(start({ ...setup, events: once }, { ReplayName: 'r-10' }))).toEqual({
      name: 'LimitExceededException',
      message: 'The requested resource exceeds the maximum number allowed.',
    });
  });
});
