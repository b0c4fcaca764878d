/**
 * The cookbook recipe "Catch a missing queue policy" (docs/guide/cookbook.md), read from the page and run as written
 * (test/support/doc-blocks.ts): the application's wiring code, run against an account that enforces queue policies,
 * is asserted to let SNS deliver; and the same recipe fails, saying what is missing, on wiring that forgot the policy.
 */
import { CreateTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { docBlock, runBlock } from '../support/doc-blocks.js';
import { docAccount } from '../support/doc-context.js';

const RECIPE = docBlock('docs/guide/cookbook.md', 'missing-policy');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The wiring code the recipe tests: a topic, a queue, its Policy (unless forgotten) and the subscription. */
async function wireOrders(sns: SNSClient, sqs: SQSClient, { forgetPolicy = false } = {}): Promise<string> {
  const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  const queueArn = Attributes!['QueueArn']!;
  if (!forgetPolicy) {
    const statement = {
      Effect: 'Allow',
      Principal: { Service: 'sns.amazonaws.com' },
      Action: 'sqs:SendMessage',
      Resource: queueArn,
      Condition: { ArnEquals: { 'aws:SourceArn': TopicArn } },
    };
    const Policy = JSON.stringify({ Version: '2012-10-17', Statement: [statement] });
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
  }
  await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queueArn }));
  return TopicArn!;
}

it('passes once the wiring sets the policy', async () => {
  const account = docAccount({ own: true });
  await runBlock(RECIPE, { modules: account.modules, scope: { ...account.scope, wireOrders } });

  expect(account.aws.sqs.queue('orders')).toHaveMessageCount(1);
});

it('catches a missing queue policy', async () => {
  const account = docAccount({ own: true });
  const forgetful = (sns: SNSClient, sqs: SQSClient) => wireOrders(sns, sqs, { forgetPolicy: true });
  const run = runBlock(RECIPE, { modules: account.modules, scope: { ...account.scope, wireOrders: forgetful } });
  // The recipe stops at its first assertion, saying which statement the queue's policy lacks.
  await expect(run).rejects.toThrow(
    /: the queue has no Policy\. The queue's Policy needs a statement such as \{"Effect":"Allow"/,
  );

  // The wiring, asserted directly:
  const { aws, sns } = account;
  expect(aws.sns.deliveryProblems()).toHaveLength(1);
  expect(aws.sns.deliveryProblems()).toMatchObject([{ endpoint: aws.sqs.queue('orders').arn, queue: 'endpoint' }]);
  expect(aws.sns.topic('events')).not.toBeAllowedToDeliverTo(aws.sqs.queue('orders'));

  // Or as AWS shows it: Publish succeeds, the subscription is confirmed, and nothing arrives.
  await sns.send(new PublishCommand({ TopicArn: aws.sns.topic('events').arn, Message: '{"orderId":7}' }));
  expect(aws.sqs.queue('orders')).toHaveMessageCount(0);
  const [delivery] = aws.sns.topic('events').published()[0]!.deliveries;
  expect(delivery).toMatchObject({ failed: true, refusedBy: 'queuePolicy' });
  expect(delivery!.failure).toMatch(
    /does not allow sns\.amazonaws\.com to sqs:SendMessage from .*: the queue has no Policy$/,
  );
});
