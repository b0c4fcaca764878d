/**
 * `AWS::Events::Endpoint`, an `AWS::Events::EventBus`'s settings (docs/aws-behaviour/eventbridge.md §19.4, §3.1) and
 * an `AWS::SNS::Topic`'s `DataProtectionPolicy` (sns.md §15) through `aws.provision`.
 */
import * as EventBridge from '@aws-sdk/client-eventbridge';
import { DescribeEndpointCommand, DescribeEventBusCommand } from '@aws-sdk/client-eventbridge';
import { GetDataProtectionPolicyCommand, SNSClient } from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotEmulatedError } from '../../src/index.js';
import { networkTrap } from '../helpers.js';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

/** The bus's settings came to the API in 2024 and 2025: an older client's deserializer leaves them out. */
const hasBusSettings = (EventBridge as Record<string, unknown>)['IncludeDetail'] !== undefined;

const busArn = (region: string) => `arn:aws:events:${region}:000000000000:event-bus/orders`;
const template = {
  Resources: {
    Bus: {
      Type: 'AWS::Events::EventBus',
      Properties: {
        Name: 'orders',
        KmsKeyIdentifier: 'alias/orders',
        DeadLetterConfig: { Arn: 'arn:aws:sqs:us-east-1:000000000000:orders-dlq' },
        LogConfig: { Level: 'ERROR' },
      },
    },
    Failover: {
      Type: 'AWS::Events::Endpoint',
      Properties: {
        RoutingConfig: {
          FailoverConfig: {
            Primary: { HealthCheck: 'arn:aws:route53:::healthcheck/abc' },
            Secondary: { Route: 'us-west-2' },
          },
        },
        ReplicationConfig: { State: 'DISABLED' },
        EventBuses: [{ EventBusArn: busArn('us-east-1') }, { EventBusArn: busArn('us-west-2') }],
      },
    },
  },
  Outputs: {
    EndpointName: { Value: { Ref: 'Failover' } },
    EndpointUrl: { Value: { 'Fn::GetAtt': ['Failover', 'EndpointUrl'] } },
  },
};

describe('templates', () => {
  it('makes a global endpoint and a bus with its settings', async () => {
    const { aws, events } = eventsSetup();
    const stack = aws.provision(template);
    const name = stack.outputs['EndpointName']!;
    const endpoint = await events.send(new DescribeEndpointCommand({ Name: name }));
    expect(endpoint.State).toBe('CREATING');
    expect(stack.outputs['EndpointUrl']).toBe(endpoint.EndpointUrl);
    const bus = await events.send(new DescribeEventBusCommand({ Name: 'orders' }));
    if (hasBusSettings) expect(bus).toMatchObject({ KmsKeyIdentifier: 'alias/orders', LogConfig: { Level: 'ERROR' } });
  });

  it("keeps a topic's Audit DataProtectionPolicy, and refuses a Deny one as not emulated", async () => {
    const { aws } = eventsSetup();
    const sns = new SNSClient({ region: aws.region, requestHandler: networkTrap });
    sns.middlewareStack.use(aws.sns);
    const policy = (operation: string) => ({
      Name: 'p',
      Version: '2021-06-01',
      Statement: [
        { DataDirection: 'Inbound', Principal: ['*'], DataIdentifier: ['x'], Operation: { [operation]: {} } },
      ],
    });
    const topic = (operation: string) => ({
      Resources: { Topic: { Type: 'AWS::SNS::Topic', Properties: { DataProtectionPolicy: policy(operation) } } },
      Outputs: { Arn: { Value: { Ref: 'Topic' } } },
    });
    const stack = aws.provision(topic('Audit'));
    const got = await sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: stack.outputs['Arn'] }));
    expect(JSON.parse(got.DataProtectionPolicy!)).toEqual(policy('Audit'));
    let failure: unknown;
    try {
      aws.provision(topic('Deny'), { stackName: 'denied' });
    } catch (error) {
      failure = error;
    }
    // The resource fails, naming the NotEmulatedError that refused it.
    expect((failure as Error).message).toContain('resource Topic (AWS::SNS::Topic) failed');
    expect((failure as Error).cause).toBeInstanceOf(NotEmulatedError);
  });
});
