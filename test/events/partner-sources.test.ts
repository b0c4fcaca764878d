/**
 * Partner event sources (docs/aws-behaviour/eventbridge.md §18), both sides: a SaaS partner's account creates a
 * source for a customer account, the customer makes the partner bus, and what the partner puts reaches the
 * customer's rules, as a test of a SaaS integration would drive it.
 */
import {
  ActivateEventSourceCommand,
  CreateEventBusCommand,
  CreatePartnerEventSourceCommand,
  DeactivateEventSourceCommand,
  DeleteEventBusCommand,
  DeletePartnerEventSourceCommand,
  DescribeEventBusCommand,
  DescribeEventSourceCommand,
  DescribePartnerEventSourceCommand,
  ListEventSourcesCommand,
  ListPartnerEventSourceAccountsCommand,
  ListPartnerEventSourcesCommand,
  PutPartnerEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

type Setup = ReturnType<typeof eventsSetup>;
const SOURCE = 'aws.partner/example.com/orders/123';
const PARTNER = '111122223333';
const CUSTOMER = '444455556666';

const failure = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise);
  return { name: error.name, message: error.message };
};

/** The customer's partner bus with a rule on the customer's account into a queue. */
async function customerBus(customer: Setup) {
  await customer.events.send(new CreateEventBusCommand({ Name: SOURCE, EventSourceName: SOURCE }));
  const { QueueUrl } = await customer.sqs.send(new CreateQueueCommand({ QueueName: 'from-partner' }));
  await customer.events.send(
    new PutRuleCommand({
      Name: 'from-partner',
      EventBusName: SOURCE,
      EventPattern: JSON.stringify({ account: [customer.aws.accountId] }),
    }),
  );
  await customer.events.send(
    new PutTargetsCommand({
      Rule: 'from-partner',
      EventBusName: SOURCE,
      Targets: [{ Id: 'q', Arn: customer.aws.sqs.queue('from-partner').arn }],
    }),
  );
  return QueueUrl!;
}

const putPartner = (partner: Setup, detail: object, Source = SOURCE) =>
  partner.events.send(
    new PutPartnerEventsCommand({
      Entries: [{ Source, DetailType: 'Order Created', Detail: JSON.stringify(detail), Time: new Date() }],
    }),
  );

async function received(setup: Setup, url: string) {
  const { Messages = [] } = await setup.sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
  return Messages.map((message) => JSON.parse(message.Body!));
}

describe('a partner account and a customer account', () => {
  it('offer, PENDING, the partner bus, ACTIVE, partner events on the customer’s rules', async () => {
    const partner = eventsSetup({ accountId: PARTNER });
    const customer = eventsSetup({ accountId: CUSTOMER });
    const created = await partner.events.send(new CreatePartnerEventSourceCommand({ Name: SOURCE, Account: CUSTOMER }));
    const arn = `arn:aws:events:us-east-1::event-source/${SOURCE}`;
    expect(created.EventSourceArn).toBe(arn);
    expect(await partner.events.send(new DescribePartnerEventSourceCommand({ Name: SOURCE }))).toMatchObject({
      Arn: arn,
      Name: SOURCE,
    });
    const listed = await partner.events.send(
      new ListPartnerEventSourcesCommand({ NamePrefix: 'aws.partner/example.com/' }),
    );
    expect(listed.PartnerEventSources).toEqual([{ Arn: arn, Name: SOURCE }]);
    const offered = await customer.events.send(new DescribeEventSourceCommand({ Name: SOURCE }));
    expect(offered).toMatchObject({
      Arn: arn,
      CreatedBy: 'example.com',
      CreationTime: new Date(),
      Name: SOURCE,
      State: 'PENDING',
    });

    const url = await customerBus(customer);
    expect((await customer.events.send(new DescribeEventBusCommand({ Name: SOURCE }))).Arn).toBe(
      `arn:aws:events:us-east-1:${CUSTOMER}:event-bus/${SOURCE}`,
    );
    expect((await customer.events.send(new ListEventSourcesCommand({}))).EventSources).toEqual([
      expect.objectContaining({ Name: SOURCE, State: 'ACTIVE' }),
    ]);
    const accounts = await partner.events.send(new ListPartnerEventSourceAccountsCommand({ EventSourceName: SOURCE }));
    expect(accounts.PartnerEventSourceAccounts).toEqual([
      { Account: CUSTOMER, CreationTime: new Date(), State: 'ACTIVE' },
    ]);

    const { Entries, FailedEntryCount } = await putPartner(partner, { orderId: 'o-1' });
    expect(FailedEntryCount).toBe(0);
    const [event] = await received(customer, url);
    expect(event).toMatchObject({
      id: Entries![0]!.EventId,
      source: SOURCE,
      'detail-type': 'Order Created',
      account: CUSTOMER,
      region: 'us-east-1',
      detail: { orderId: 'o-1' },
    });
    expect(customer.aws.events.bus(SOURCE).events()).toHaveLength(1);
  });

  it('DeletePartnerEventSource: DELETED for the customer that made its bus; events no longer reach it', async () => {
    const partner = eventsSetup({ accountId: PARTNER });
    const customer = eventsSetup({ accountId: CUSTOMER });
    await partner.events.send(new CreatePartnerEventSourceCommand({ Name: SOURCE, Account: CUSTOMER }));
    await customerBus(customer);
    await partner.events.send(new DeletePartnerEventSourceCommand({ Name: SOURCE, Account: CUSTOMER }));
    expect((await customer.events.send(new DescribeEventSourceCommand({ Name: SOURCE }))).State).toBe('DELETED');
    expect(await failure(partner.events.send(new DescribePartnerEventSourceCommand({ Name: SOURCE })))).toEqual({
      name: 'ResourceNotFoundException',
      message: `Event source ${SOURCE} does not exist.`,
    });
    const { Entries } = await putPartner(partner, { n: 1 });
    expect(Entries![0]).toMatchObject({ ErrorCode: 'InvalidArgument' });
  });
});

describe('one account playing both parts', () => {
  it('Deactivate: PENDING and nothing delivered; Activate: ACTIVE again; a deleted bus: PENDING', async () => {
    const setup = eventsSetup();
    await setup.events.send(new CreatePartnerEventSourceCommand({ Name: SOURCE, Account: setup.aws.accountId }));
    const url = await customerBus(setup);
    await setup.events.send(new DeactivateEventSourceCommand({ Name: SOURCE }));
    expect((await setup.events.send(new DescribeEventSourceCommand({ Name: SOURCE }))).State).toBe('PENDING');
    const dropped = await putPartner(setup, { n: 1 });
    expect(dropped.FailedEntryCount).toBe(0);
    expect(await received(setup, url)).toEqual([]);
    await setup.events.send(new ActivateEventSourceCommand({ Name: SOURCE }));
    await putPartner(setup, { n: 2 });
    expect((await received(setup, url)).map((event) => event.detail)).toEqual([{ n: 2 }]);
    await setup.events.send(new DeleteEventBusCommand({ Name: SOURCE }));
    expect((await setup.events.send(new DescribeEventSourceCommand({ Name: SOURCE }))).State).toBe('PENDING');
  });

  it('errors: the model’s name pattern, an unoffered source, a bus named otherwise, a source already made', async () => {
    const setup = eventsSetup();
    const bare = await failure(
      setup.events.send(new CreatePartnerEventSourceCommand({ Name: 'mypartner/actions/action1', Account: CUSTOMER })),
    );
    expect(bare).toEqual({
      name: 'ValidationException',
      message:
        "1 validation error detected: Value 'mypartner/actions/action1' at 'name' failed to satisfy constraint: " +
        'Member must satisfy regular expression pattern: aws\\.partner(/[\\.\\-_A-Za-z0-9]+){2,}',
    });
    expect(
      await failure(setup.events.send(new CreateEventBusCommand({ Name: SOURCE, EventSourceName: SOURCE }))),
    ).toEqual({ name: 'ResourceNotFoundException', message: `Event source ${SOURCE} does not exist.` });
    expect(await failure(setup.events.send(new CreateEventBusCommand({ Name: 'test/test-bus' })))).toEqual({
      name: 'ValidationException',
      message: "Event bus name must not contain '/'.",
    });
    await setup.events.send(new CreatePartnerEventSourceCommand({ Name: SOURCE, Account: setup.aws.accountId }));
    expect(
      (await failure(setup.events.send(new CreateEventBusCommand({ Name: 'mine', EventSourceName: SOURCE })))).name,
    ).toBe('ValidationException');
    expect(
      await failure(setup.events.send(new CreatePartnerEventSourceCommand({ Name: SOURCE, Account: CUSTOMER }))),
    ).toEqual({ name: 'ResourceAlreadyExistsException', message: `Event source ${SOURCE} already exists.` });
    const tooMany = await failure(
      setup.events.send(
        new PutPartnerEventsCommand({
          Entries: Array.from({ length: 21 }, () => ({ Source: SOURCE, DetailType: 'x', Detail: '{}' })),
        }),
      ),
    );
    expect(tooMany.message).toMatch(
      /at 'entries' failed to satisfy constraint: Member must have length less than or equal to 20$/,
    );
    const unknown = await putPartner(setup, {}, 'aws.partner/example.com/other/1');
    expect(unknown.Entries![0]).toEqual({
      ErrorCode: 'InvalidArgument',
      ErrorMessage:
        'Parameter Source is not valid. Reason: Event source aws.partner/example.com/other/1 does not exist.',
    });
  });
});
