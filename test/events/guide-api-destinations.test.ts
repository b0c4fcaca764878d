// The example of docs/guide/eventbridge.md "API destinations", as written there.
import {
  CreateApiDestinationCommand,
  CreateConnectionCommand,
  EventBridgeClient,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import '../../src/matchers/vitest.js';
import { networkTrap } from '../helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('a rule calling an API destination, answered by the test, retried on a 503', async () => {
  const aws = createAwsMock();
  const events = new EventBridgeClient({ region: 'us-east-1', requestHandler: networkTrap });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
  sqs.middlewareStack.use(aws.sqs);
  await sqs.send(new CreateQueueCommand({ QueueName: 'undelivered' }));

  const { ConnectionArn } = await events.send(
    new CreateConnectionCommand({
      Name: 'slack-auth',
      AuthorizationType: 'API_KEY',
      AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'x-api-key', ApiKeyValue: 'secret' } },
    }),
  );
  const { ApiDestinationArn } = await events.send(
    new CreateApiDestinationCommand({
      Name: 'slack',
      ConnectionArn,
      InvocationEndpoint: 'https://hooks.slack.example/services/*',
      HttpMethod: 'POST',
    }),
  );
  await events.send(
    new PutRuleCommand({ Name: 'orders-to-slack', EventPattern: JSON.stringify({ source: ['shop'] }) }),
  );
  await events.send(
    new PutTargetsCommand({
      Rule: 'orders-to-slack',
      Targets: [
        {
          Id: 'slack',
          Arn: ApiDestinationArn,
          HttpParameters: { PathParameterValues: ['T000/B000'] },
          InputTransformer: { InputPathsMap: { id: '$.detail.orderId' }, InputTemplate: '{"text": "order <id>"}' },
          DeadLetterConfig: { Arn: aws.sqs.queue('undelivered').arn },
        },
      ],
    }),
  );

  const slack = aws.events.apiDestination('slack');
  const answers = [{ status: 503 }, { status: 200, body: 'ok' }];
  slack.respond((call) => answers.shift()!); // call: { url, method, headers, body, kind, eventId, at }
  await events.send(
    new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7}' }] }),
  );
  await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) }); // the 503's retry, a second later

  expect(slack).toHaveReceivedCall({ text: 'order 7' }, { headers: { 'x-api-key': 'secret' }, times: 2 });
  expect(slack.calls().map((call) => [call.url, call.status])).toEqual([
    ['https://hooks.slack.example/services/T000/B000', 503],
    ['https://hooks.slack.example/services/T000/B000', 200],
  ]);
  expect(aws.sqs.queue('undelivered').messages()).toEqual([]);
});
