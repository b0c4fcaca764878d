import { CreateTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SQSClient,
  SetQueueAttributesCommand,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { createAwsMock } from '../../src/index.js';
import { networkTrap } from '../helpers.js';

/**
 * The README's cookbook recipe "Catch a missing queue policy", as written there: the application's wiring code, run
 * against an account that enforces queue policies, is asserted to let SNS deliver.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The application's set-up code under test: a queue subscribed to a topic, and (when asked) the policy it needs. */
async function wireOrders(sns: SNSClient, sqs: SQSClient, { withPolicy }: { withPolicy: boolean }) {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  const queueArn = Attributes!['QueueArn']!;
  if (withPolicy) {
    const Policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Service: 'sns.amazonaws.com' },
          Action: 'sqs:SendMessage',
          Resource: queueArn,
          Condition: { ArnEquals: { 'aws:SourceArn': TopicArn } },
        },
      ],
    });
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
  }
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArn }));
  return TopicArn!;
}

function clients() {
  const aws = createAwsMock({ policies: 'enforce' });
  const sns = new SNSClient({ region: 'us-east-1', requestHandler: networkTrap });
  const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
  sns.middlewareStack.use(aws.sns);
  sqs.middlewareStack.use(aws.sqs);
  return { aws, sns, sqs };
}

it('catches a missing queue policy', async () => {
  const { aws, sns, sqs } = clients();
  const TopicArn = await wireOrders(sns, sqs, { withPolicy: false });

  // The wiring, asserted directly:
  expect(aws.sns.deliveryProblems()).toMatchObject([{ endpoint: aws.sqs.queue('orders').arn, queue: 'endpoint' }]);
  expect(aws.sns.topic('events')).not.toBeAllowedToDeliverTo(aws.sqs.queue('orders'));

  // Or as AWS shows it: Publish succeeds, the subscription is confirmed, and nothing arrives.
  await sns.send(new PublishCommand({ TopicArn, Message: '{"orderId":7}' }));
  expect(aws.sqs.queue('orders')).toHaveMessageCount(0);
  const [delivery] = aws.sns.topic('events').published()[0]!.deliveries;
  expect(delivery).toMatchObject({ failed: true, refusedBy: 'queuePolicy' });
  expect(delivery!.failure).toMatch(
    /does not allow sns\.amazonaws\.com to sqs:SendMessage from .*: the queue has no Policy$/,
  );
});

it('passes once the wiring sets the policy', async () => {
  const { aws, sns, sqs } = clients();
  const TopicArn = await wireOrders(sns, sqs, { withPolicy: true });

  expect(aws.sns.deliveryProblems()).toEqual([]);
  expect(aws.sns.topic('events')).toBeAllowedToDeliverTo(aws.sqs.queue('orders'));
  await sns.send(new PublishCommand({ TopicArn, Message: '{"orderId":7}' }));
  expect(aws.sqs.queue('orders')).toContainMessage({ Message: '{"orderId":7}' });
});
