/**
 * Archives (docs/aws-behaviour/eventbridge.md §16): CreateArchive, DescribeArchive, ListArchives, UpdateArchive,
 * DeleteArchive as LocalStack's AWS-validated test_archive_and_replay.py recorded them; the managed rule that feeds an
 * archive (moto's aws_verified test_archive_actual_events); every matching event archived as it is put; retention.
 */
import {
  CreateArchiveCommand,
  CreateEventBusCommand,
  DeleteArchiveCommand,
  DeleteRuleCommand,
  DescribeArchiveCommand,
  DescribeRuleCommand,
  DisableRuleCommand,
  ListArchivesCommand,
  ListRulesCommand,
  ListTargetsByRuleCommand,
  PutEventsCommand,
  PutTargetsCommand,
  RemoveTargetsCommand,
  UpdateArchiveCommand,
} from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

type Setup = ReturnType<typeof eventsSetup>;

/** The AWS-validated tests' event and pattern (test_events.py TEST_EVENT_DETAIL, TEST_EVENT_PATTERN). */
const SOURCE = 'core.update-account-command';
const DETAIL = '{"command": "update-account", "payload": {"acc_id": "0a787ecb-4015", "sf_id": "baz"}}';
const PATTERN = { source: [SOURCE], 'detail-type': [SOURCE], detail: { command: ['update-account'] } };
const DEFAULT_BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/default';

const putTest = (setup: Setup, count: number, EventBusName?: string) =>
  setup.events.send(
    new PutEventsCommand({
      Entries: Array.from({ length: count }, () => ({
        Source: SOURCE,
        DetailType: SOURCE,
        Detail: DETAIL,
        EventBusName,
      })),
    }),
  );

const failure = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  return {
    name: error.name,
    message: error.message,
    status: (error.$metadata as { httpStatusCode: number }).httpStatusCode,
  };
};

describe('CreateArchive, DescribeArchive, ListArchives, UpdateArchive, DeleteArchive', () => {
  it.each([['default'], ['custom']])('on the %s bus, as recorded', async (kind) => {
    const setup = eventsSetup();
    const bus =
      kind === 'custom'
        ? (await setup.events.send(new CreateEventBusCommand({ Name: 'orders' }))).EventBusArn!
        : DEFAULT_BUS;
    const created = await setup.events.send(
      new CreateArchiveCommand({
        ArchiveName: 'test-archive',
        EventSourceArn: bus,
        Description: 'description of the archive',
        EventPattern: JSON.stringify(PATTERN),
        RetentionDays: 1,
      }),
    );
    const arn = 'arn:aws:events:us-east-1:000000000000:archive/test-archive';
    expect(created).toMatchObject({ ArchiveArn: arn, State: 'ENABLED', CreationTime: new Date() });
    const listed = await setup.events.send(new ListArchivesCommand({ NamePrefix: 'test-archive' }));
    expect(listed.Archives).toEqual([
      {
        ArchiveName: 'test-archive',
        CreationTime: new Date(),
        EventCount: 0,
        EventSourceArn: bus,
        RetentionDays: 1,
        SizeBytes: 0,
        State: 'ENABLED',
      },
    ]);
    const described = await setup.events.send(new DescribeArchiveCommand({ ArchiveName: 'test-archive' }));
    expect(described).toMatchObject({
      ArchiveArn: arn,
      ArchiveName: 'test-archive',
      CreationTime: new Date(),
      Description: 'description of the archive',
      EventCount: 0,
      EventSourceArn: bus,
      RetentionDays: 1,
      SizeBytes: 0,
      State: 'ENABLED',
    });
    expect(JSON.parse(described.EventPattern!)).toEqual(PATTERN);
    const updated = await setup.events.send(
      new UpdateArchiveCommand({
        ArchiveName: 'test-archive',
        Description: 'updated description of the archive',
        EventPattern: JSON.stringify({ source: [SOURCE] }),
        RetentionDays: 2,
      }),
    );
    expect(updated).toMatchObject({ ArchiveArn: arn, State: 'ENABLED', CreationTime: new Date() });
    expect(await setup.events.send(new DescribeArchiveCommand({ ArchiveName: 'test-archive' }))).toMatchObject({
      Description: 'updated description of the archive',
      RetentionDays: 2,
      EventPattern: JSON.stringify({ source: [SOURCE] }),
    });
    const deleted = await setup.events.send(new DeleteArchiveCommand({ ArchiveName: 'test-archive' }));
    expect(deleted.$metadata.httpStatusCode).toBe(200);
    expect((await setup.events.send(new ListArchivesCommand({}))).Archives).toEqual([]);
  });

  it('without RetentionDays an archive keeps its events for ever: RetentionDays 0', async () => {
    const setup = eventsSetup();
    await setup.events.send(new CreateArchiveCommand({ ArchiveName: 'all', EventSourceArn: DEFAULT_BUS }));
    expect(await setup.events.send(new DescribeArchiveCommand({ ArchiveName: 'all' }))).toMatchObject({
      RetentionDays: 0,
    });
  });

  it('ListArchives filters by name prefix, source ARN or state, one at a time', async () => {
    const setup = eventsSetup();
    const custom = (await setup.events.send(new CreateEventBusCommand({ Name: 'orders' }))).EventBusArn!;
    await setup.events.send(new CreateArchiveCommand({ ArchiveName: 'test', EventSourceArn: DEFAULT_BUS }));
    await setup.events.send(new CreateArchiveCommand({ ArchiveName: 'test-archive', EventSourceArn: custom }));
    const names = async (input: object) =>
      (await setup.events.send(new ListArchivesCommand(input))).Archives!.map((archive) => archive.ArchiveName);
    expect(await names({ NamePrefix: 'test-' })).toEqual(['test-archive']);
    expect(await names({ EventSourceArn: DEFAULT_BUS })).toEqual(['test']);
    expect(await names({ State: 'ENABLED' })).toEqual(['test', 'test-archive']);
    expect(await names({ State: 'DISABLED' })).toEqual([]);
    expect(await names({ NamePrefix: 'doesnotexist' })).toEqual([]);
    const page = await setup.events.send(new ListArchivesCommand({ Limit: 1 }));
    expect(page.Archives!.map((archive) => archive.ArchiveName)).toEqual(['test']);
    const next = await setup.events.send(new ListArchivesCommand({ Limit: 1, NextToken: page.NextToken }));
    expect(next.Archives!.map((archive) => archive.ArchiveName)).toEqual(['test-archive']);
    expect(next.NextToken).toBeUndefined();
  });
});

describe('errors', () => {
  it('recorded by AWS: a duplicate, an unknown bus, an unknown archive, an update naming nothing', async () => {
    const setup = eventsSetup();
    await setup.events.send(new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: DEFAULT_BUS }));
    expect(
      await failure(setup.events.send(new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: DEFAULT_BUS }))),
    ).toEqual({
      name: 'ResourceAlreadyExistsException',
      message: 'Archive a already exists.',
      status: 400,
    });
    const unknownBus = 'arn:aws:events:us-east-1:000000000000:event-bus/doesnotexist-1';
    expect(
      await failure(setup.events.send(new CreateArchiveCommand({ ArchiveName: 'b', EventSourceArn: unknownBus }))),
    ).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Event bus doesnotexist-1 does not exist.',
      status: 400,
    });
    expect(await failure(setup.events.send(new ListArchivesCommand({ EventSourceArn: unknownBus })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Event bus doesnotexist-1 does not exist.',
    });
    for (const command of [
      new DescribeArchiveCommand({ ArchiveName: 'doesnotexist-2' }),
      new DeleteArchiveCommand({ ArchiveName: 'doesnotexist-2' }),
    ]) {
      expect(await failure(setup.events.send(command as never))).toEqual({
        name: 'ResourceNotFoundException',
        message: 'Archive doesnotexist-2 does not exist.',
        status: 400,
      });
    }
    expect(await failure(setup.events.send(new UpdateArchiveCommand({ ArchiveName: 'doesnotexist-3' })))).toEqual({
      name: 'ValidationException',
      message: 'At least one of EventPattern, RetentionDays or Description must be provided.',
      status: 400,
    });
  });

  it('the model’s constraints, an invalid pattern, and more than one ListArchives filter', async () => {
    const setup = eventsSetup();
    const long = 'a'.repeat(49);
    expect(
      (await failure(setup.events.send(new CreateArchiveCommand({ ArchiveName: long, EventSourceArn: DEFAULT_BUS }))))
        .message,
    ).toBe(
      `1 validation error detected: Value '${long}' at 'archiveName' failed to satisfy constraint: Member must have ` +
        'length less than or equal to 48',
    );
    const invalid = await failure(
      setup.events.send(
        new CreateArchiveCommand({ ArchiveName: 'p', EventSourceArn: DEFAULT_BUS, EventPattern: '{"a":"b"}' }),
      ),
    );
    expect(invalid.name).toBe('InvalidEventPatternException');
    expect(
      (await failure(setup.events.send(new ListArchivesCommand({ NamePrefix: 'a', State: 'ENABLED' })))).message,
    ).toBe('At most one filter is allowed for ListArchives. Use either : State, EventSourceArn, or NamePrefix.');
    expect((await failure(setup.events.send(new ListArchivesCommand({ State: 'invalid' as never })))).message).toBe(
      "1 validation error detected: Value 'invalid' at 'state' failed to satisfy constraint: Member must satisfy " +
        'enum value set: [ENABLED, DISABLED, CREATING, UPDATING, CREATE_FAILED, UPDATE_FAILED]',
    );
  });
});

describe('the managed rule that feeds an archive', () => {
  it('is Events-Archive-<name> on the bus, managed by EventBridge, replayed events left out', async () => {
    const setup = eventsSetup();
    await setup.events.send(
      new CreateArchiveCommand({
        ArchiveName: 'orders-archive',
        EventSourceArn: DEFAULT_BUS,
        EventPattern: JSON.stringify({ 'detail-type': ['type'], source: ['source'] }),
      }),
    );
    const { Rules } = await setup.events.send(new ListRulesCommand({}));
    expect(Rules).toEqual([
      expect.objectContaining({
        Name: 'Events-Archive-orders-archive',
        ManagedBy: 'prod.vhs.events.aws.internal',
        State: 'ENABLED',
        EventBusName: 'default',
      }),
    ]);
    expect(JSON.parse(Rules![0]!.EventPattern!)).toEqual({
      'detail-type': ['type'],
      'replay-name': [{ exists: false }],
      source: ['source'],
    });
    const rule = await setup.events.send(new DescribeRuleCommand({ Name: 'Events-Archive-orders-archive' }));
    expect(rule).toMatchObject({ ManagedBy: 'prod.vhs.events.aws.internal', CreatedBy: '000000000000' });
    const { Targets } = await setup.events.send(
      new ListTargetsByRuleCommand({ Rule: 'Events-Archive-orders-archive' }),
    );
    expect(Targets).toHaveLength(1);
    expect(Targets![0]!.Arn).toBe('arn:aws:events:us-east-1:::');
    expect(Targets![0]!.InputTransformer!.InputPathsMap).toEqual({});
    expect(Targets![0]!.InputTransformer!.InputTemplate).toContain('"event": <aws.events.event.json>');
    expect(Targets![0]!.InputTransformer!.InputTemplate).toContain(
      '"ingestion-time": <aws.events.event.ingestion-time>',
    );

    await setup.events.send(new DeleteArchiveCommand({ ArchiveName: 'orders-archive' }));
    expect((await setup.events.send(new ListRulesCommand({}))).Rules).toEqual([]);
  });

  it('is changed only with Force: ManagedRuleException otherwise', async () => {
    const setup = eventsSetup();
    await setup.events.send(new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: DEFAULT_BUS }));
    const name = 'Events-Archive-a';
    const managed = {
      name: 'ManagedRuleException',
      message: `${name} is a managed rule. Set 'force' parameter to true to override.`,
    };
    expect(await failure(setup.events.send(new DeleteRuleCommand({ Name: name })))).toMatchObject(managed);
    expect(await failure(setup.events.send(new DisableRuleCommand({ Name: name })))).toMatchObject(managed);
    expect(
      await failure(setup.events.send(new PutTargetsCommand({ Rule: name, Targets: [{ Id: 'x', Arn: DEFAULT_BUS }] }))),
    ).toMatchObject(managed);
    expect(await failure(setup.events.send(new RemoveTargetsCommand({ Rule: name, Ids: [name] })))).toMatchObject(
      managed,
    );
    await setup.events.send(new RemoveTargetsCommand({ Rule: name, Ids: [name], Force: true }));
    // Without its target the rule sends nothing to the archive.
    await putTest(setup, 1);
    expect(setup.aws.events.archive('a').events()).toEqual([]);
    await setup.events.send(new DeleteRuleCommand({ Name: name, Force: true }));
    expect((await setup.events.send(new ListRulesCommand({}))).Rules).toEqual([]);
  });
});

describe('archiving', () => {
  it.each([
    ['a pattern that matches', JSON.stringify(PATTERN)],
    ['no pattern', undefined],
  ])('with %s: every event put is archived, 159 bytes each as AWS counted them', async (_, EventPattern) => {
    const setup = eventsSetup();
    await setup.events.send(new CreateEventBusCommand({ Name: 'custom' }));
    const custom = setup.aws.events.bus('custom').arn;
    await setup.events.send(
      new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: custom, EventPattern, RetentionDays: 1 }),
    );
    const { Entries } = await putTest(setup, 10, 'custom');
    await setup.events.send(new PutEventsCommand({ Entries: [{ Source: 'other', DetailType: 'x', Detail: '{}' }] }));
    expect(await setup.events.send(new DescribeArchiveCommand({ ArchiveName: 'a' }))).toMatchObject({
      EventCount: 10,
      SizeBytes: 1590,
    });
    const archived = setup.aws.events.archive('a').events();
    expect(archived.map((event) => event.id).sort()).toEqual(Entries!.map((entry) => entry.EventId).sort());
    expect(archived[0]).toMatchObject({ source: SOURCE, detailType: SOURCE, detail: JSON.parse(DETAIL), routes: [] });
  });

  it('an archive with a pattern keeps only what matches it', async () => {
    const setup = eventsSetup();
    await setup.events.send(
      new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: DEFAULT_BUS, EventPattern: '{"source":["test"]}' }),
    );
    await putTest(setup, 2);
    expect(await setup.events.send(new DescribeArchiveCommand({ ArchiveName: 'a' }))).toMatchObject({
      EventCount: 0,
      SizeBytes: 0,
    });
  });

  it('events past RetentionDays leave the archive', async () => {
    const setup = eventsSetup();
    await setup.events.send(
      new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: DEFAULT_BUS, RetentionDays: 1 }),
    );
    await putTest(setup, 2);
    await vi.advanceTimersByTimeAsync(12 * 3_600_000);
    await putTest(setup, 1);
    await vi.advanceTimersByTimeAsync(12 * 3_600_000 + 1_000);
    expect(await setup.events.send(new DescribeArchiveCommand({ ArchiveName: 'a' }))).toMatchObject({
      EventCount: 1,
      SizeBytes: 159,
    });
  });

  it("an event's journey shows it handed to the archive", async () => {
    const setup = eventsSetup();
    await setup.events.send(new CreateArchiveCommand({ ArchiveName: 'a', EventSourceArn: DEFAULT_BUS }));
    const { Entries } = await putTest(setup, 1);
    const steps = setup.aws.journey(Entries![0]!.EventId!).steps;
    expect(steps.map((step) => [step.kind, step.where])).toEqual([
      ['published', 'default'],
      ['routed', 'Events-Archive-a'],
      ['delivered', 'a'],
    ]);
  });
});
