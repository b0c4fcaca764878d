// toBeAllowedToDeliverTo under jest, on the built package: a queue without a policy, then with CDK's statement.
require('sqs-sns-mock/jest');
const { CreateTopicCommand, SubscribeCommand } = require('@aws-sdk/client-sns');
const { GetQueueAttributesCommand, SetQueueAttributesCommand } = require('@aws-sdk/client-sqs');
const { setup, createQueue, failureOf } = require('./support.cjs');

test('toBeAllowedToDeliverTo follows the queue policy', async () => {
  const { aws, sqs, sns } = setup();
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  const QueueUrl = await createQueue(sqs, 'orders');
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  const queueArn = Attributes.QueueArn;
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArn }));
  const topic = aws.sns.topic('events');

  expect(topic).not.toBeAllowedToDeliverTo(aws.sqs.queue('orders'));
  expect(failureOf(() => expect(topic).toBeAllowedToDeliverTo(queueArn))).toMatch(
    /^expected topic "events" to be allowed to deliver to queue "orders", but the queue policy of .* the queue has no Policy\. The queue's Policy needs a statement such as \{"Effect":"Allow"/,
  );

  const statement = {
    Effect: 'Allow',
    Principal: { Service: 'sns.amazonaws.com' },
    Action: 'sqs:SendMessage',
    Resource: queueArn,
    Condition: { ArnEquals: { 'aws:SourceArn': TopicArn } },
  };
  const Policy = JSON.stringify({ Version: '2012-10-17', Statement: [statement] });
  await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
  expect(topic).toBeAllowedToDeliverTo(aws.sqs.queue('orders'));
  expect(aws.sns.deliveryProblems()).toEqual([]);
});
