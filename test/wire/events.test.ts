import * as EventBridge from '@aws-sdk/client-eventbridge';
import {
  CreateEndpointCommand,
  DescribeEndpointCommand,
  DescribeEventBusCommand,
  DescribeRuleCommand,
  EventBridgeClient,
  EventBridgeServiceException,
  ListEndpointsCommand,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';

/** UpdateEventBus came in 2024: the oldest client lacks it. */
const UpdateEventBusCommand = (EventBridge as Record<string, unknown>)['UpdateEventBusCommand'] as
  (new (input: Record<string, unknown>) => EventBridge.DescribeEventBusCommand) | undefined;

let server: MockServer;
let events: EventBridgeClient;
let sqs: SQSClient;
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };

beforeEach(async () => {
  server = await startServer({ port: 0 });
  events = new EventBridgeClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
  sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
});
afterEach(async () => {
  events.destroy();
  sqs.destroy();
  await server.close();
});

describe('EventBridge over AWS JSON 1.1 with the SDK v3', () => {
  it('routes an event put over the wire through a rule to a queue, received over the wire', async () => {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'placed' }));
    const { RuleArn } = await events.send(
      new PutRuleCommand({ Name: 'orders', EventPattern: JSON.stringify({ source: ['shop'] }) }),
    );
    expect(RuleArn).toBe('arn:aws:events:us-east-1:000000000000:rule/orders');
    const targets = await events.send(
      new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'q', Arn: server.aws.sqs.queue('placed').arn }] }),
    );
    expect(targets).toMatchObject({ FailedEntryCount: 0, FailedEntries: [] });
    // A timestamp member travels as epoch seconds (wire.md §4.6): the event's `time` is the entry's Time.
    const time = new Date('2025-03-04T05:06:07Z');
    const put = await events.send(
      new PutEventsCommand({
        Entries: [
          { Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7}', Time: time },
          { Source: 'other', DetailType: 'Ignored', Detail: '{}' },
        ],
      }),
    );
    expect(put.FailedEntryCount).toBe(0);
    expect(put.Entries!.map((entry) => typeof entry.EventId)).toEqual(['string', 'string']);
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages!.map((message) => JSON.parse(message.Body!))).toEqual([
      expect.objectContaining({
        id: put.Entries![0]!.EventId,
        source: 'shop',
        'detail-type': 'OrderPlaced',
        time: '2025-03-04T05:06:07Z',
        detail: { orderId: 7 },
        resources: [],
      }),
    ]);
    expect(server.aws.events.rule('orders').matched()).toHaveLength(1);
  });

  it('answers timestamps as epoch seconds, which the SDK reads back as Dates', async () => {
    const bus = await events.send(new DescribeEventBusCommand({}));
    expect(bus).toMatchObject({ Name: 'default', Arn: 'arn:aws:events:us-east-1:000000000000:event-bus/default' });
    // The manual clock stands still: the bus was made now, to the millisecond (fractional seconds on the wire).
    // client-eventbridge 3.348 (the oldest tested) has no CreationTime in this output's model and passes the raw
    // epoch seconds through; later clients read them as a Date.
    const created = bus.CreationTime as Date | number | undefined;
    if (typeof created === 'number') expect(created * 1000).toBe(server.aws.clock.now());
    else expect(created?.getTime()).toBe(server.aws.clock.now());
  });

  it("answers each error with its class, AWS's status and text; ValidationException as the service exception", async () => {
    const missing = await events.send(new DescribeRuleCommand({ Name: 'nope' })).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    expect(missing).toMatchObject({
      message: 'Rule nope does not exist on EventBus default.',
      $metadata: { httpStatusCode: 400 },
    });
    const tooMany = await events
      .send(new PutEventsCommand({ Entries: Array.from({ length: 11 }, () => ({ Source: 's' })) }))
      .catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(EventBridgeServiceException);
    expect(tooMany).toMatchObject({
      name: 'ValidationException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    expect((tooMany as Error).message).toMatch(/^1 validation error detected: .* at 'entries' failed to satisfy/);
  });

  it("keeps global endpoints and a bus's settings over the wire; PutEvents through an endpoint is not sent", async () => {
    const created = await events.send(
      new CreateEndpointCommand({
        Name: 'failover',
        RoutingConfig: {
          FailoverConfig: {
            Primary: { HealthCheck: 'arn:aws:route53:::healthcheck/abc' },
            Secondary: { Route: 'us-west-2' },
          },
        },
        ReplicationConfig: { State: 'DISABLED' },
        EventBuses: [
          { EventBusArn: 'arn:aws:events:us-east-1:000000000000:event-bus/default' },
          { EventBusArn: 'arn:aws:events:us-west-2:000000000000:event-bus/default' },
        ],
      }),
    );
    expect(created.State).toBe('CREATING');
    const listed = await events.send(new ListEndpointsCommand({}));
    expect(listed.Endpoints![0]).toMatchObject({ Name: 'failover', State: 'CREATING' });
    // A timestamp answered as epoch seconds comes back a Date.
    expect(listed.Endpoints![0]!.CreationTime).toBeInstanceOf(Date);
    const described = await events.send(new DescribeEndpointCommand({ Name: 'failover' }));
    expect(described.EndpointUrl).toBe(`https://${described.EndpointId}.endpoint.events.amazonaws.com`);
    if (UpdateEventBusCommand) {
      const updated = await events.send(
        new UpdateEventBusCommand({ Description: 'main', KmsKeyIdentifier: 'alias/k' }),
      );
      expect(updated).toMatchObject({ Name: 'default', Description: 'main', KmsKeyIdentifier: 'alias/k' });
    }
    // The SDK signs a PutEvents with an EndpointId with SigV4a, which it cannot without the CRT: nothing is sent.
    const entries = [{ Source: 's', DetailType: 'd', Detail: '{}' }];
    const error = await events
      .send(new PutEventsCommand({ EndpointId: 'abcde.veo', Entries: entries }))
      .catch((e) => e);
    // The SDK's own refusal: newer clients name SigV4a, older ones the missing CRT package.
    expect((error as Error).message).toMatch(/sigv4a|signature-v4-crt|crt/i);
    expect(server.aws.events.bus().events()).toHaveLength(0);
  });

  it('answers a body that is not JSON 400 SerializationException in the JSON 1.1 shape', async () => {
    const response = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSEvents.PutEvents', 'content-type': 'application/x-amz-json-1.1' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(await response.json()).toMatchObject({ __type: 'SerializationException' });
  });
});
