// The EventBridge matchers under jest, on the built package, through the real EventBridgeClient and SQSClient.
require('sqs-sns-mock/jest');
const { createAwsMock } = require('sqs-sns-mock');
const {
  EventBridgeClient,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
} = require('@aws-sdk/client-eventbridge');
const { SQSClient, CreateQueueCommand } = require('@aws-sdk/client-sqs');

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('toHaveRouted and toHaveMatched', async () => {
  const aws = createAwsMock();
  const events = new EventBridgeClient({ region: 'us-east-1' });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(new PutRuleCommand({ Name: 'orders-to-queue', EventPattern: '{"source":["shop"]}' }));
  await events.send(
    new PutTargetsCommand({ Rule: 'orders-to-queue', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
  );
  await events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7}' }] }),
  );
  expect(aws.events.bus()).toHaveRouted({ orderId: 7 }, { to: aws.sqs.queue('orders') });
  expect(aws.events.bus()).not.toHaveRouted({ orderId: 8 });
  expect(aws.events.rule('orders-to-queue')).toHaveMatched({ orderId: expect.any(Number) });
});

test('a failure says which rule failed on which field, and ends with the event journey', async () => {
  const aws = createAwsMock();
  const events = new EventBridgeClient({ region: 'us-east-1' });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(
    new PutRuleCommand({ Name: 'big-orders', EventPattern: '{"detail":{"orderId":[{"numeric":[">",5]}]}}' }),
  );
  await events.send(
    new PutTargetsCommand({ Rule: 'big-orders', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
  );
  const { Entries } = await events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":1}' }] }),
  );
  const id = Entries[0].EventId;
  expect(() => expect(aws.events.bus()).toHaveRouted({ orderId: 1 }, { to: aws.sqs.queue('orders') })).toThrow(
    `event ${id} (shop/OrderPlaced {"orderId":1}):\n    rule big-orders: detail.orderId: 1 is not > 5`,
  );
  expect(() => expect(aws.events.rule('big-orders')).toHaveMatched({ orderId: 1 })).toThrow(
    /Journeys \(the last steps of each; aws\.journey\(id\) gives all\):\n.*\n +\+0\.000s +events +default +published/,
  );
  expect(aws.journey(id).steps.map((step) => step.kind)).toEqual(['published']);
});
