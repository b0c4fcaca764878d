import {
  CreateEventBusCommand,
  DeleteEventBusCommand,
  DeleteRuleCommand,
  DescribeEventBusCommand,
  DescribeRuleCommand,
  DisableRuleCommand,
  ListEventBusesCommand,
  ListRuleNamesByTargetCommand,
  ListRulesCommand,
  ListTagsForResourceCommand,
  ListTargetsByRuleCommand,
  PutRuleCommand,
  PutTargetsCommand,
  RemoveTargetsCommand,
  TagResourceCommand,
  TestEventPatternCommand,
} from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';
import { attemptsFor } from '../sdk-features.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const ARN = 'arn:aws:events:us-east-1:000000000000';

describe('event buses', () => {
  it('creates, describes, lists and deletes a custom bus; the default bus stays', async () => {
    const { events } = eventsSetup();
    expect(await events.send(new CreateEventBusCommand({ Name: 'orders', Description: 'd' }))).toMatchObject({
      EventBusArn: `${ARN}:event-bus/orders`,
      Description: 'd',
    });
    const again = await rejectionOf(events.send(new CreateEventBusCommand({ Name: 'orders' })));
    expect([again.name, again.message]).toEqual(['ResourceAlreadyExistsException', 'Event bus orders already exists.']);
    expect(await events.send(new DescribeEventBusCommand({ Name: 'orders' }))).toMatchObject({
      Name: 'orders',
      Arn: `${ARN}:event-bus/orders`,
      Description: 'd',
      CreationTime: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)),
    });
    const { EventBuses } = await events.send(new ListEventBusesCommand({}));
    expect(EventBuses!.map((bus) => bus.Name)).toEqual(['default', 'orders']);
    const noDefault = await rejectionOf(events.send(new DeleteEventBusCommand({ Name: 'default' })));
    expect([noDefault.name, noDefault.message]).toEqual(['ValidationException', 'Cannot delete event bus default.']);
    await events.send(new DeleteEventBusCommand({ Name: 'orders' }));
    await events.send(new DeleteEventBusCommand({ Name: 'orders' }));
    const missing = await rejectionOf(events.send(new DescribeEventBusCommand({ Name: 'orders' })));
    expect([missing.name, missing.message, (missing.$metadata as { httpStatusCode: number }).httpStatusCode]).toEqual([
      'ResourceNotFoundException',
      'Event bus orders does not exist.',
      400,
    ]);
  });
});

describe('rules', () => {
  it('PutRule creates and updates (same ARN, targets kept); Describe, List, Disable show it', async () => {
    const { events } = eventsSetup();
    const { RuleArn } = await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["a"]}' }));
    expect(RuleArn).toBe(`${ARN}:rule/r`);
    await events.send(new PutTargetsCommand({ Rule: 'r', Targets: [{ Id: 't', Arn: `${ARN}:event-bus/x` }] }));
    await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["b"]}', Description: 'why' }));
    await events.send(new DisableRuleCommand({ Name: 'r' }));
    expect(await events.send(new DescribeRuleCommand({ Name: 'r' }))).toMatchObject({
      Name: 'r',
      Arn: RuleArn,
      EventPattern: '{"source":["b"]}',
      State: 'DISABLED',
      Description: 'why',
      EventBusName: 'default',
      CreatedBy: '000000000000',
    });
    const { Targets } = await events.send(new ListTargetsByRuleCommand({ Rule: 'r' }));
    expect(Targets).toEqual([{ Id: 't', Arn: `${ARN}:event-bus/x` }]);
    const { Rules } = await events.send(new ListRulesCommand({}));
    expect(Rules).toEqual([
      {
        Name: 'r',
        Arn: RuleArn,
        EventPattern: '{"source":["b"]}',
        State: 'DISABLED',
        Description: 'why',
        EventBusName: 'default',
      },
    ]);
    expect(await events.send(new ListRuleNamesByTargetCommand({ TargetArn: `${ARN}:event-bus/x` }))).toMatchObject({
      RuleNames: ['r'],
    });
  });

  it('answers AWS errors for rules', async () => {
    const { events } = eventsSetup();
    await events.send(new CreateEventBusCommand({ Name: 'custom' }));
    const cases: [Promise<unknown>, string, string][] = [
      [
        events.send(new DescribeRuleCommand({ Name: 'nope' })),
        'ResourceNotFoundException',
        'Rule nope does not exist on EventBus default.',
      ],
      [
        events.send(new PutRuleCommand({ Name: 's', ScheduleExpression: 'rate(1 minute)', EventBusName: 'custom' })),
        'ValidationException',
        'ScheduleExpression is supported only on the default event bus.',
      ],
      [
        events.send(new PutRuleCommand({ Name: 's', ScheduleExpression: 'rate(1 minutes)' })),
        'ValidationException',
        'Parameter ScheduleExpression is not valid.',
      ],
      [
        events.send(new PutRuleCommand({ Name: 's', ScheduleExpression: 'cron(0 1 * * * *)' })),
        'ValidationException',
        'Parameter ScheduleExpression is not valid.',
      ],
      [
        events.send(new PutRuleCommand({ Name: 'p', EventPattern: '{"int": 42}' })),
        'InvalidEventPatternException',
        'Event pattern is not valid. Reason: "int" must be an object or an array\n at [Source: (String)"{"int": 42}"; line: 1, column: 11]',
      ],
      [
        events.send(new PutRuleCommand({ Name: 'p', EventPattern: '{"a": [{"EXISTS": true}]}' })),
        'InvalidEventPatternException',
        expect.stringMatching(/^Event pattern is not valid. Reason: Unrecognized match type EXISTS/) as never,
      ],
      [
        events.send(new PutRuleCommand({ Name: 'p', EventPattern: 'this is not json' })),
        'InvalidEventPatternException',
        "Event pattern is not valid. Reason: Unrecognized token 'this': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at [Source: (String)\"this is not json\"; line: 1, column: 5]",
      ],
      [
        events.send(new PutRuleCommand({ Name: 'bad name!', EventPattern: '{"a":["b"]}' })),
        'ValidationException',
        "1 validation error detected: Value 'bad name!' at 'name' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\.\\-_A-Za-z0-9]+",
      ],
    ];
    for (const [promise, name, message] of cases) {
      const error = await rejectionOf(promise);
      expect([error.name, error.message]).toEqual([name, message]);
    }
  });

  it('refuses to delete a rule with targets, a sixth target, two input kinds, an unknown placeholder', async () => {
    const { aws, events } = eventsSetup();
    await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["a"]}' }));
    const target = (Id: string) => ({ Id, Arn: `${ARN}:event-bus/x` });
    await events.send(new PutTargetsCommand({ Rule: 'r', Targets: [1, 2, 3, 4, 5].map((n) => target(`t${n}`)) }));
    // LimitExceededException is a throttling code to the SDK, which retries it with backoff (on the mock's clock).
    const refused = rejectionOf(events.send(new PutTargetsCommand({ Rule: 'r', Targets: [target('t6')] })));
    await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    const sixth = await refused;
    expect((sixth.$metadata as { attempts: number }).attempts).toBe(attemptsFor(3));
    expect([sixth.name, sixth.message]).toEqual([
      'LimitExceededException',
      'The requested resource exceeds the maximum number allowed.',
    ]);
    const withTargets = await rejectionOf(events.send(new DeleteRuleCommand({ Name: 'r' })));
    expect([withTargets.name, withTargets.message]).toEqual([
      'ValidationException',
      "Rule can't be deleted since it has targets.",
    ]);
    const both = await rejectionOf(
      events.send(
        new PutTargetsCommand({ Rule: 'r', Targets: [{ ...target('t1'), Input: '{}', InputPath: '$.detail' }] }),
      ),
    );
    expect(both.message).toBe('Only one of Input, InputPath, or InputTransformer must be provided for target t1.');
    const placeholder = await rejectionOf(
      events.send(
        new PutTargetsCommand({
          Rule: 'r',
          Targets: [{ ...target('t1'), InputTransformer: { InputTemplate: '"<nope>"' } }],
        }),
      ),
    );
    expect(placeholder.message).toBe('InputTemplate for target t1 contains invalid placeholder nope.');
    const badId = await rejectionOf(events.send(new PutTargetsCommand({ Rule: 'r', Targets: [target('a b')] })));
    expect(badId.message).toBe(
      "1 validation error detected: Value 'a b' at 'targets.1.member.id' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\.\\-_A-Za-z0-9]+",
    );
    // §5.1: an Arn that is no ARN is refused at PutTargets (a typo's target never silently drops every event).
    const notArn = await rejectionOf(
      events.send(new PutTargetsCommand({ Rule: 'r', Targets: [{ Id: 'bucket', Arn: 'test-bucket' }] })),
    );
    expect([notArn.name, notArn.message]).toEqual([
      'ValidationException',
      'Parameter test-bucket is not valid. Reason: Provided Arn is not in correct format.',
    ]);
    await events.send(new RemoveTargetsCommand({ Rule: 'r', Ids: ['t1', 't2', 't3', 't4', 't5'] }));
    await events.send(new DeleteRuleCommand({ Name: 'r' }));
    const gone = await rejectionOf(events.send(new DescribeRuleCommand({ Name: 'r' })));
    expect(gone.name).toBe('ResourceNotFoundException');
  });

  it('tags buses and rules', async () => {
    const { events } = eventsSetup();
    const { RuleArn } = await events.send(new PutRuleCommand({ Name: 'r', EventPattern: '{"source":["a"]}' }));
    await events.send(new TagResourceCommand({ ResourceARN: RuleArn, Tags: [{ Key: 'team', Value: 'orders' }] }));
    expect(await events.send(new ListTagsForResourceCommand({ ResourceARN: RuleArn }))).toMatchObject({
      Tags: [{ Key: 'team', Value: 'orders' }],
    });
  });
});

describe('TestEventPattern', () => {
  const event = JSON.stringify({
    id: '1',
    account: '000000000000',
    source: 'shop',
    time: '2025-01-01T00:00:00Z',
    region: 'us-east-1',
    'detail-type': 'OrderPlaced',
    resources: [],
    detail: { orderId: 7, tags: ['a', 'b'] },
  });
  it.each([
    ['{"source":["shop"]}', true],
    ['{"detail":{"orderId":[{"numeric":[">",5]}]}}', true],
    ['{"detail":{"tags":["b"]}}', true],
    ['{"detail":{"orderId":[{"anything-but":7}]}}', false],
    ['{"detail":{"missing":[{"exists":false}]}}', true],
  ])('%s → %s', async (EventPattern, Result) => {
    const { events } = eventsSetup();
    expect(await events.send(new TestEventPatternCommand({ EventPattern, Event: event }))).toMatchObject({ Result });
  });

  it('refuses an Event that is not a whole event', async () => {
    const { events } = eventsSetup();
    const error = await rejectionOf(
      events.send(new TestEventPatternCommand({ EventPattern: '{"source":["a"]}', Event: '{"source":"a"}' })),
    );
    expect([error.name, error.message]).toEqual(['ValidationException', 'Parameter Event is not valid.']);
  });
});
