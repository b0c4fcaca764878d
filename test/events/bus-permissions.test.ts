/**
 * Bus permissions (docs/aws-behaviour/eventbridge.md §15): PutPermission's statement and Policy forms,
 * RemovePermission, the Policy DescribeEventBus shows, as LocalStack's AWS-validated test_put_permission and
 * test_remove_permission recorded them; and buses of another region or account as rule targets and PutEvents
 * destinations, the target bus's policy deciding under `policies: 'enforce'`.
 */
import {
  CreateEventBusCommand,
  DescribeEventBusCommand,
  EventBridgeClient,
  ListEventBusesCommand,
  PutEventsCommand,
  PutPermissionCommand,
  PutRuleCommand,
  PutTargetsCommand,
  RemovePermissionCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkTrap, rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

type Setup = ReturnType<typeof eventsSetup>;
const OTHER = '222222222222';

const policyOf = async ({ events }: Setup, Name?: string) =>
  JSON.parse((await events.send(new DescribeEventBusCommand({ Name }))).Policy ?? 'null');

const grant = (setup: Setup, StatementId: string, Principal: string, EventBusName?: string) =>
  setup.events.send(new PutPermissionCommand({ EventBusName, Action: 'events:PutEvents', Principal, StatementId }));

describe('PutPermission and RemovePermission', () => {
  it.each([['default'], ['custom']])(
    'on the %s bus: one statement per grant, an account as its root, * as is, the same Sid replaced',
    async (kind) => {
      const setup = eventsSetup();
      const name = kind === 'custom' ? 'orders' : undefined;
      if (name) await setup.events.send(new CreateEventBusCommand({ Name: name }));
      const arn = setup.aws.events.bus(name).arn;
      const answer = await grant(setup, 'statement-1', '000000000000', name);
      expect(answer.$metadata.httpStatusCode).toBe(200);
      await grant(setup, 'statement-2', '000000000000', name);
      await grant(setup, 'statement-3', OTHER, name);
      await grant(setup, 'statement-4', '*', name);
      await grant(setup, 'statement-4', '*', name);
      const root = (account: string) => ({ AWS: `arn:aws:iam::${account}:root` });
      const statement = (Sid: string, Principal: unknown) => ({
        Sid,
        Effect: 'Allow',
        Principal,
        Action: 'events:PutEvents',
        Resource: arn,
      });
      expect(await policyOf(setup, name)).toEqual({
        Version: '2012-10-17',
        Statement: [
          statement('statement-1', root('000000000000')),
          statement('statement-2', root('000000000000')),
          statement('statement-3', root(OTHER)),
          statement('statement-4', '*'),
        ],
      });
      const listed = await setup.events.send(new ListEventBusesCommand({ NamePrefix: name ?? 'default' }));
      expect(JSON.parse(listed.EventBuses![0]!.Policy!).Statement).toHaveLength(4);
    },
  );

  it('the Policy form replaces the whole policy, and is shown as given', async () => {
    const setup = eventsSetup();
    await grant(setup, 'a', OTHER);
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'statement-5',
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Action: 'events:ListRules',
          Resource: '*',
        },
      ],
    };
    await setup.events.send(new PutPermissionCommand({ Policy: JSON.stringify(policy) }));
    expect(await policyOf(setup)).toEqual(policy);
  });

  it('a Condition becomes the statement’s Condition in IAM’s form', async () => {
    const setup = eventsSetup();
    await setup.events.send(
      new PutPermissionCommand({
        Action: 'events:PutEvents',
        Principal: '*',
        StatementId: 'org',
        Condition: { Type: 'StringEquals', Key: 'aws:PrincipalOrgID', Value: 'o-1234567890' },
      }),
    );
    expect((await policyOf(setup)).Statement[0].Condition).toEqual({
      StringEquals: { 'aws:PrincipalOrgID': 'o-1234567890' },
    });
  });

  it('RemovePermission takes one statement by Sid, or all; the Policy goes with the last', async () => {
    const setup = eventsSetup();
    await grant(setup, 'one', '000000000000');
    await grant(setup, 'two', OTHER);
    await setup.events.send(new RemovePermissionCommand({ StatementId: 'one', RemoveAllPermissions: false }));
    expect((await policyOf(setup)).Statement.map((s: { Sid: string }) => s.Sid)).toEqual(['two']);
    await setup.events.send(new RemovePermissionCommand({ RemoveAllPermissions: true }));
    const described = await setup.events.send(new DescribeEventBusCommand({}));
    expect(described).not.toHaveProperty('Policy');
  });

  it.each([[true], [false]])(
    'an unknown statement id (a policy on the bus: %s) is ResourceNotFoundException',
    async (withPolicy) => {
      const setup = eventsSetup();
      if (withPolicy) await grant(setup, 'one', '000000000000');
      const error = await rejectionOf(
        setup.events.send(new RemovePermissionCommand({ StatementId: 'non-existing-sid' })),
      );
      expect(error.name).toBe('ResourceNotFoundException');
      expect(error.message).toBe('Statement with the provided id does not exist.');
      expect((error.$metadata as { httpStatusCode: number }).httpStatusCode).toBe(400);
    },
  );

  it('a bus that does not exist is ResourceNotFoundException; an action other than PutEvents is refused', async () => {
    const setup = eventsSetup();
    const missing = await rejectionOf(grant(setup, 'statement-id', '*', 'non-existing-bus'));
    expect(missing.name).toBe('ResourceNotFoundException');
    expect(missing.message).toBe('Event bus non-existing-bus does not exist.');
    const action = await rejectionOf(
      setup.events.send(
        new PutPermissionCommand({ Action: 'events:PutPermission', Principal: OTHER, StatementId: 'test' }),
      ),
    );
    expect([action.name, action.message]).toEqual([
      'ValidationException',
      "Provided value in parameter 'action' is not supported.",
    ]);
    const principal = await rejectionOf(grant(setup, 'p', '1234'));
    expect(principal.message).toBe(
      "1 validation error detected: Value '1234' at 'principal' failed to satisfy constraint: Member must satisfy " +
        'regular expression pattern: (\\d{12}|\\*)',
    );
    const notJson = await rejectionOf(setup.events.send(new PutPermissionCommand({ Policy: '{' })));
    expect([notJson.name, notJson.message]).toEqual(['ValidationException', 'This policy contains invalid Json']);
    const noPolicy = await rejectionOf(setup.events.send(new RemovePermissionCommand({ RemoveAllPermissions: true })));
    expect(noPolicy.name).toBe('ResourceNotFoundException');
  });
});

/** A second account with its own clients, as a test of two accounts writes it. */
function accountSetup(accountId: string, policies: 'enforce' | 'ignore' = 'ignore') {
  return eventsSetup({ accountId, policies });
}

/** A queue whose policy lets EventBridge send, as the AWS-validated test's queues have. */
async function queueIn({ sqs, aws }: Setup, name: string) {
  const arn = `arn:aws:sqs:us-east-1:${aws.accountId}:${name}`;
  const Policy = JSON.stringify({
    Statement: [
      { Effect: 'Allow', Principal: { Service: 'events.amazonaws.com' }, Action: 'sqs:SendMessage', Resource: arn },
    ],
  });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: { Policy } }));
  return { url: QueueUrl!, arn };
}

async function ruleTo(setup: Setup, target: Record<string, unknown>, bus?: string) {
  await setup.events.send(
    new PutRuleCommand({ Name: 'forward', EventBusName: bus, EventPattern: '{"source":["source-primary"]}' }),
  );
  return setup.events.send(
    new PutTargetsCommand({ Rule: 'forward', EventBusName: bus, Targets: [{ Id: 't', ...target }] as never }),
  );
}

const putPrimary = (events: EventBridgeClient, EventBusName?: string) =>
  events.send(
    new PutEventsCommand({
      Entries: [{ Source: 'source-primary', DetailType: 'Order', Detail: '{"n":1}', EventBusName }],
    }),
  );

async function received(sqs: SQSClient, url: string) {
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
  return Messages.map((message) => JSON.parse(message.Body!));
}

describe('a bus of another region as a target', () => {
  it('needs a RoleArn; the event keeps its account and region and gets a new id', async () => {
    const setup = eventsSetup();
    const west = new EventBridgeClient({ region: 'us-west-2', requestHandler: networkTrap });
    west.middlewareStack.use(setup.aws.events);
    const westSqs = new SQSClient({ region: 'us-west-2', requestHandler: networkTrap });
    westSqs.middlewareStack.use(setup.aws.sqs);
    const { QueueUrl } = await westSqs.send(new CreateQueueCommand({ QueueName: 'west' }));
    await west.send(new PutRuleCommand({ Name: 'in-west', EventPattern: '{"source":["source-primary"]}' }));
    await west.send(
      new PutTargetsCommand({
        Rule: 'in-west',
        Targets: [{ Id: 'q', Arn: 'arn:aws:sqs:us-west-2:000000000000:west' }],
      }),
    );
    const westBus = 'arn:aws:events:us-west-2:000000000000:event-bus/default';
    const refused = await rejectionOf(ruleTo(setup, { Arn: westBus }));
    expect([refused.name, refused.message]).toEqual([
      'ValidationException',
      `RoleArn is required for target ${westBus}.`,
    ]);
    await ruleTo(setup, { Arn: westBus, RoleArn: 'arn:aws:iam::000000000000:role/forward' });
    const { Entries } = await putPrimary(setup.events);
    const [event] = await received(westSqs, QueueUrl!);
    expect(event).toMatchObject({ account: '000000000000', region: 'us-east-1', source: 'source-primary' });
    expect(event.id).not.toBe(Entries![0]!.EventId);
  });
});

describe('a bus of another account', () => {
  async function twoAccounts(policies: 'enforce' | 'ignore') {
    const primary = accountSetup('111111111111');
    const secondary = accountSetup(OTHER, policies);
    await secondary.events.send(new CreateEventBusCommand({ Name: 'central' }));
    const q = await queueIn(secondary, 'central-copy');
    await ruleTo(secondary, { Arn: q.arn }, 'central');
    return { primary, secondary, q, busArn: secondary.aws.events.bus('central').arn };
  }

  it("as a rule's target: refused by the bus's policy under 'enforce' until PutPermission lets the account in", async () => {
    const { primary, secondary, q, busArn } = await twoAccounts('enforce');
    await ruleTo(primary, { Arn: busArn });
    await putPrimary(primary.events);
    const [refused] = primary.aws.events.bus().events()[0]!.routes;
    expect(refused).toMatchObject({ delivered: false });
    expect(refused!.reason).toContain(`the event bus policy of ${busArn} does not allow`);
    expect(await received(secondary.sqs, q.url)).toEqual([]);

    await grant(secondary, 'from-primary', '111111111111', 'central');
    const { Entries } = await putPrimary(primary.events);
    expect(primary.aws.events.bus().events()[1]!.routes[0]).toMatchObject({ delivered: true });
    const [event] = await received(secondary.sqs, q.url);
    // Same region: the event keeps its id, and the sending account stays its account.
    expect(event).toMatchObject({ id: Entries![0]!.EventId, account: '111111111111', source: 'source-primary' });
  });

  it("under 'ignore' the bus's policy is not asked", async () => {
    const { primary, secondary, q, busArn } = await twoAccounts('ignore');
    await ruleTo(primary, { Arn: busArn });
    await putPrimary(primary.events);
    expect(await received(secondary.sqs, q.url)).toHaveLength(1);
  });

  it('PutEvents naming the bus by ARN: the event is of the sending account; a refusal is the entry’s', async () => {
    const { primary, secondary, q, busArn } = await twoAccounts('enforce');
    const refused = await putPrimary(primary.events, busArn);
    expect(refused.FailedEntryCount).toBe(1);
    expect(refused.Entries![0]).toMatchObject({ ErrorCode: 'AccessDeniedException' });
    await grant(secondary, 'anyone', '*', 'central');
    const { Entries, FailedEntryCount } = await putPrimary(primary.events, busArn);
    expect(FailedEntryCount).toBe(0);
    const [event] = await received(secondary.sqs, q.url);
    expect(event).toMatchObject({ id: Entries![0]!.EventId, account: '111111111111' });
  });

  it('an event received from another account is not sent on to a third', async () => {
    const { primary, secondary, busArn } = await twoAccounts('ignore');
    const third = accountSetup('333333333333');
    const thirdQueue = await queueIn(third, 'end');
    await ruleTo(third, { Arn: thirdQueue.arn });
    await ruleTo(primary, { Arn: busArn });
    await secondary.events.send(
      new PutTargetsCommand({
        Rule: 'forward',
        EventBusName: 'central',
        Targets: [{ Id: 'on', Arn: third.aws.events.bus().arn }],
      }),
    );
    await putPrimary(primary.events);
    const onward = secondary.aws.events
      .bus('central')
      .events()[0]!
      .routes.find((route) => route.targetId === 'on');
    expect(onward).toMatchObject({ delivered: false });
    expect(await received(third.sqs, thirdQueue.url)).toEqual([]);
  });

  it('of another account and region, default buses both (the recorded region_account case)', async () => {
    const primary = accountSetup('111111111111');
    const secondary = accountSetup(OTHER, 'enforce');
    const west = new EventBridgeClient({ region: 'us-west-2', requestHandler: networkTrap });
    west.middlewareStack.use(secondary.aws.events);
    const westSqs = new SQSClient({ region: 'us-west-2', requestHandler: networkTrap });
    westSqs.middlewareStack.use(secondary.aws.sqs);
    const queueArn = `arn:aws:sqs:us-west-2:${OTHER}:secondary`;
    const Policy = JSON.stringify({
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Action: 'sqs:SendMessage',
          Resource: queueArn,
        },
      ],
    });
    const { QueueUrl } = await westSqs.send(new CreateQueueCommand({ QueueName: 'secondary', Attributes: { Policy } }));
    await west.send(
      new PutPermissionCommand({ StatementId: 'SecondaryEventBusAccess', Action: 'events:PutEvents', Principal: '*' }),
    );
    await west.send(
      new PutRuleCommand({ Name: 'in', EventPattern: '{"source":["source-primary","source-secondary"]}' }),
    );
    await west.send(new PutTargetsCommand({ Rule: 'in', Targets: [{ Id: 'q', Arn: queueArn }] }));
    await ruleTo(primary, {
      Arn: `arn:aws:events:us-west-2:${OTHER}:event-bus/default`,
      RoleArn: 'arn:aws:iam::111111111111:role/forward',
    });
    const { Entries } = await putPrimary(primary.events);
    await west.send(
      new PutEventsCommand({ Entries: [{ Source: 'source-secondary', DetailType: 'Order', Detail: '{"n":2}' }] }),
    );
    const [forwarded, own] = await received(westSqs, QueueUrl!);
    expect(forwarded).toMatchObject({ account: '111111111111', region: 'us-east-1', source: 'source-primary' });
    expect(forwarded.id).not.toBe(Entries![0]!.EventId);
    expect(own).toMatchObject({ account: OTHER, region: 'us-west-2', source: 'source-secondary' });
  });

  it('an account no AwsMock of the process has is a refused route, not a made-up delivery', async () => {
    const setup = accountSetup('444444444444');
    await ruleTo(setup, { Arn: 'arn:aws:events:us-east-1:999999999999:event-bus/default' });
    await putPrimary(setup.events);
    const [route] = setup.aws.events.bus().events()[0]!.routes;
    expect(route).toMatchObject({ delivered: false });
    expect(route!.reason).toContain('999999999999 is not an account of this process');
  });
});
