// The examples of docs/guide/eventbridge.md's "Archives and replays" and "Bus permissions and other accounts", as
// written there.
import {
  CreateArchiveCommand,
  CreateEventBusCommand,
  EventBridgeClient,
  PutEventsCommand,
  PutPermissionCommand,
  PutRuleCommand,
  PutTargetsCommand,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';
import { networkTrap } from '../helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function clients(aws: AwsMock) {
  const events = new EventBridgeClient({ region: 'us-east-1', requestHandler: networkTrap });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  return { events, sqs };
}

it('archives and replays', async () => {
  const aws = createAwsMock();
  const { events, sqs } = clients(aws);
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(
    new PutRuleCommand({ Name: 'orders-to-queue', EventPattern: JSON.stringify({ source: ['shop'] }) }),
  );
  await events.send(
    new PutTargetsCommand({ Rule: 'orders-to-queue', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
  );

  await events.send(new CreateArchiveCommand({ ArchiveName: 'orders-archive', EventSourceArn: aws.events.bus().arn }));
  await events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7}' }] }),
  );
  expect(aws.events.archive('orders-archive')).toHaveMatched({ orderId: 7 });

  await events.send(
    new StartReplayCommand({
      ReplayName: 'fix-1',
      EventSourceArn: aws.events.archive('orders-archive').arn,
      EventStartTime: new Date(Date.now() - 3_600_000),
      EventEndTime: new Date(),
      Destination: { Arn: aws.events.bus().arn },
    }),
  );
  expect(aws.events.replay('fix-1').state).toBe('STARTING');
  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
  expect(aws.events.replay('fix-1').state).toBe('COMPLETED');
  expect(aws.events.replay('fix-1')).toHaveRouted({ orderId: 7 }, { to: aws.sqs.queue('orders') });
});

it('bus permissions and another account', async () => {
  const shop = createAwsMock({ accountId: '111111111111' });
  const central = createAwsMock({ accountId: '222222222222', policies: 'enforce' });
  const shopEvents = clients(shop).events;
  const { events: centralEvents, sqs: centralSqs } = clients(central);
  await centralEvents.send(new CreateEventBusCommand({ Name: 'central' }));
  await centralSqs.send(new CreateQueueCommand({ QueueName: 'all' }));
  const queueArn = central.sqs.queue('all').arn;
  await centralSqs.send(
    new SetQueueAttributesCommand({
      QueueUrl: central.sqs.queue('all').url,
      Attributes: {
        Policy: JSON.stringify({
          Statement: [
            {
              Effect: 'Allow',
              Principal: { Service: 'events.amazonaws.com' },
              Action: 'sqs:SendMessage',
              Resource: queueArn,
            },
          ],
        }),
      },
    }),
  );
  await centralEvents.send(
    new PutRuleCommand({ Name: 'all', EventBusName: 'central', EventPattern: '{"source":["shop"]}' }),
  );
  await centralEvents.send(
    new PutTargetsCommand({ Rule: 'all', EventBusName: 'central', Targets: [{ Id: 'q', Arn: queueArn }] }),
  );

  await centralEvents.send(
    new PutPermissionCommand({
      EventBusName: 'central',
      Action: 'events:PutEvents',
      Principal: '111111111111',
      StatementId: 'shop',
    }),
  );
  await shopEvents.send(
    new PutEventsCommand({
      Entries: [
        { Source: 'shop', DetailType: 'OrderPlaced', Detail: '{}', EventBusName: central.events.bus('central').arn },
      ],
    }),
  );
  expect(central.sqs.queue('all')).toContainMessage({ account: '111111111111', source: 'shop' });
});
