import {
  CreateEventBusCommand,
  EventBridgeClient,
  EventBridgeServiceException,
  ListRulesCommand,
  PutRuleCommand,
  TestEventPatternCommand,
} from '@aws-sdk/client-eventbridge';
import {
  CreateScheduleCommand,
  CreateScheduleGroupCommand,
  ListSchedulesCommand,
  ListTagsForResourceCommand as SchedulerTags,
  SchedulerClient,
  SchedulerServiceException,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it, vi } from 'vitest';
import { schedulerSetup } from '../scheduler/support.js';
import { expectAsTheSdk } from '../support/as-the-sdk.js';

/**
 * A member of the wrong JSON type, which the SDK sends as written, is refused by the request layer before the action
 * runs: 400 SerializationException as the service's base exception (docs/aws-behaviour/eventbridge.md §9.1).
 */
/** The JSON body a client without the mock writes for `command`, stopped before it is sent. */
async function bodyWritten(
  Client: typeof SchedulerClient | typeof EventBridgeClient,
  command: object,
): Promise<string> {
  let body = '';
  const client = new Client({ region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }) as {
    middlewareStack: { add(middleware: unknown, options: object): void };
    send(command: never): Promise<unknown>;
  };
  const probe = () => async (args: { request: unknown }) => {
    const request = args.request as { body: string | Uint8Array };
    body = typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('utf8');
    throw new Error('stopped');
  };
  client.middlewareStack.add(probe, { step: 'finalizeRequest', priority: 'low', name: 'bodyProbe' });
  await client.send(command as never).catch(() => undefined);
  return body;
}

const loose = <T>(input: Record<string, unknown>) => input as T;

describe('EventBridge and Scheduler inputs of the wrong type', () => {
  it('answers SerializationException, never a TypeError', async () => {
    const { events } = schedulerSetup();
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    const cases: [() => object, string][] = [
      [() => new CreateEventBusCommand(loose({ Name: 5 })), "Unexpected value type at 'Name': expected a string."],
      [() => new CreateEventBusCommand(loose({ Name: 5n })), "Unexpected value type at 'Name': expected a string."],
      [() => new CreateEventBusCommand(loose({ Name: bare })), 'Start of structure or map found where not expected.'],
      [
        () => new TestEventPatternCommand(loose({ EventPattern: 5, Event: '{}' })),
        "Unexpected value type at 'EventPattern': expected a string.",
      ],
      [
        () => new PutRuleCommand(loose({ Name: 'r', EventPattern: '{}', Tags: [{ Key: 'k', Value: ['v'] }] })),
        'Start of list found where not expected.',
      ],
    ];
    // Where the SDK's own serializer refuses the value (a BigInt, in the old SDKs), the mocked client throws its error
    // instead (docs/aws-behaviour/sdk.md §3.5).
    for (const [make, message] of cases) {
      await expectAsTheSdk(events, make, async (sending) => {
        const error = await sending.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(EventBridgeServiceException);
        expect(error).toMatchObject({ name: 'SerializationException', message, $fault: 'client' });
        expect((error as EventBridgeServiceException).$metadata.httpStatusCode).toBe(400);
      });
    }
  });

  it('takes a BigInt where a number belongs and a null member as absent, as the SDK sends them', async () => {
    const { events, scheduler } = schedulerSetup();
    await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["a"]}' }));
    // The old SDKs' serializers refuse these themselves, and the mocked client with them (sdk.md §3.5).
    await expectAsTheSdk(
      events,
      () => new ListRulesCommand(loose({ Limit: 1n, NextToken: null })),
      async (sending) => {
        const { Rules } = (await sending) as { Rules?: { Name?: string }[] };
        expect(Rules!.map((rule) => rule.Name)).toEqual(['r']);
      },
    );
    await expectAsTheSdk(
      scheduler,
      () => new ListSchedulesCommand(loose({ NamePrefix: 5, MaxResults: 5n })),
      async (sending) => expect(((await sending) as { Schedules?: unknown[] }).Schedules).toEqual([]),
    );
  });

  it('leaves a null list item out, as the SDK leaves it out of the request (the fuzzing found this one)', async () => {
    const { events, scheduler } = schedulerSetup();
    await scheduler.send(new CreateScheduleGroupCommand(loose({ Name: 'g', Tags: [null, { Key: 'k', Value: 'v' }] })));
    const arn = `arn:aws:scheduler:us-east-1:000000000000:schedule-group/g`;
    expect((await scheduler.send(new SchedulerTags({ ResourceArn: arn }))).Tags).toEqual([{ Key: 'k', Value: 'v' }]);
    await events.send(new PutRuleCommand(loose({ Name: 'r', EventPattern: '{"source":["a"]}', Tags: [undefined] })));
    expect((await events.send(new ListRulesCommand({}))).Rules!.map((rule) => rule.Name)).toEqual(['r']);
  });

  it('refuses a NaN or an Infinity where a number belongs as the SDK writes it: a string now, null before schemas', async () => {
    vi.useFakeTimers();
    try {
      const { events, scheduler } = schedulerSetup();
      const window = { Mode: 'FLEXIBLE', MaximumWindowInMinutes: Number.NaN };
      const schedule = () =>
        new CreateScheduleCommand({
          Name: 's',
          ScheduleExpression: 'rate(1 minute)',
          FlexibleTimeWindow: window as never,
          Target: { Arn: 'arn:aws:sqs:us-east-1:000000000000:q', RoleArn: 'arn:aws:iam::000000000000:role/r' },
        });
      const written = await bodyWritten(SchedulerClient, schedule());
      const error = await scheduler.send(schedule()).catch((e: unknown) => e);
      if (written.includes('"MaximumWindowInMinutes":"NaN"')) {
        // The request layer meets a string where a number belongs (docs/aws-behaviour/sdk.md §3.8).
        expect(error).toBeInstanceOf(SchedulerServiceException);
        expect(error).toMatchObject({
          name: 'SerializationException',
          message: "Unexpected value type at 'FlexibleTimeWindow.MaximumWindowInMinutes': expected a number.",
        });
      } else {
        // The generated serializers write null: AWS reads no window, which a FLEXIBLE mode needs.
        expect(written).toContain('"MaximumWindowInMinutes":null');
        expect(error).toMatchObject({
          name: 'ValidationException',
          message: 'MaximumWindowInMinutes must be provided when the Mode is FLEXIBLE.',
        });
      }
      // Nothing was scheduled: no timer fires at a NaN instant, over and over (the fuzzing found this one).
      expect(vi.getTimerCount()).toBe(0);
      const limit = await bodyWritten(EventBridgeClient, new ListRulesCommand({ Limit: Number.POSITIVE_INFINITY }));
      const listed = await events.send(new ListRulesCommand({ Limit: Number.POSITIVE_INFINITY })).catch((e) => e);
      if (limit.includes('"Limit":"Infinity"')) {
        expect(listed).toMatchObject({
          name: 'SerializationException',
          message: "Unexpected value type at 'Limit': expected a number.",
        });
      } else expect(listed).toMatchObject({ Rules: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers Scheduler its SerializationException', async () => {
    const { scheduler } = schedulerSetup();
    const input = { Name: 's', ScheduleExpression: 'rate(1 minute)', FlexibleTimeWindow: 'OFF', Target: {} };
    const error = await scheduler.send(new CreateScheduleCommand(loose(input))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchedulerServiceException);
    expect(error).toMatchObject({
      name: 'SerializationException',
      message: "Unexpected value type at 'FlexibleTimeWindow': expected a structure.",
      $metadata: { httpStatusCode: 400 },
    });
  });
});
