import {
  CreateEventBusCommand,
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
  SchedulerServiceException,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import { schedulerSetup } from '../scheduler/support.js';

/**
 * A member of the wrong JSON type, which the SDK sends as written, is refused by the request layer before the action
 * runs: 400 SerializationException as the service's base exception (docs/aws-behaviour/eventbridge.md §9.1).
 */
const loose = <T>(input: Record<string, unknown>) => input as T;

describe('EventBridge and Scheduler inputs of the wrong type', () => {
  it('answers SerializationException, never a TypeError', async () => {
    const { events } = schedulerSetup();
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    const cases: [object, string][] = [
      [new CreateEventBusCommand(loose({ Name: 5 })), "Unexpected value type at 'Name': expected a string."],
      [new CreateEventBusCommand(loose({ Name: 5n })), "Unexpected value type at 'Name': expected a string."],
      [new CreateEventBusCommand(loose({ Name: bare })), 'Start of structure or map found where not expected.'],
      [
        new TestEventPatternCommand(loose({ EventPattern: 5, Event: '{}' })),
        "Unexpected value type at 'EventPattern': expected a string.",
      ],
      [
        new PutRuleCommand(loose({ Name: 'r', EventPattern: '{}', Tags: [{ Key: 'k', Value: ['v'] }] })),
        'Start of list found where not expected.',
      ],
    ];
    for (const [command, message] of cases) {
      const error = await events.send(command as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventBridgeServiceException);
      expect(error).toMatchObject({ name: 'SerializationException', message, $fault: 'client' });
      expect((error as EventBridgeServiceException).$metadata.httpStatusCode).toBe(400);
    }
  });

  it('takes a BigInt where a number belongs and a null member as absent, as the SDK sends them', async () => {
    const { events, scheduler } = schedulerSetup();
    await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["a"]}' }));
    const { Rules } = await events.send(new ListRulesCommand(loose({ Limit: 1n, NextToken: null })));
    expect(Rules!.map((rule) => rule.Name)).toEqual(['r']);
    const listed = await scheduler.send(new ListSchedulesCommand(loose({ NamePrefix: 5, MaxResults: 5n })));
    expect(listed.Schedules).toEqual([]);
  });

  it('leaves a null list item out, as the SDK leaves it out of the request (the fuzzing found this one)', async () => {
    const { events, scheduler } = schedulerSetup();
    await scheduler.send(new CreateScheduleGroupCommand(loose({ Name: 'g', Tags: [null, { Key: 'k', Value: 'v' }] })));
    const arn = `arn:aws:scheduler:us-east-1:000000000000:schedule-group/g`;
    expect((await scheduler.send(new SchedulerTags({ ResourceArn: arn }))).Tags).toEqual([{ Key: 'k', Value: 'v' }]);
    await events.send(new PutRuleCommand(loose({ Name: 'r', EventPattern: '{"source":["a"]}', Tags: [undefined] })));
    expect((await events.send(new ListRulesCommand({}))).Rules!.map((rule) => rule.Name)).toEqual(['r']);
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
