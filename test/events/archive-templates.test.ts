/**
 * `AWS::Events::Archive`, `AWS::Events::EventBusPolicy` and an `AWS::Events::EventBus`'s `Policy`
 * (docs/aws-behaviour/eventbridge.md §15.6, §16.5) through `aws.provision`.
 */
import { DescribeArchiveCommand, DescribeEventBusCommand, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsSetup } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2, 3, 4, 5) }));
afterEach(() => vi.useRealTimers());

const template = {
  Resources: {
    Bus: {
      Type: 'AWS::Events::EventBus',
      Properties: {
        Name: 'shop',
        Policy: {
          Version: '2012-10-17',
          Statement: [
            {
              Sid: 'partner',
              Effect: 'Allow',
              Principal: { AWS: 'arn:aws:iam::111122223333:root' },
              Action: 'events:PutEvents',
              Resource: 'arn:aws:events:us-east-1:000000000000:event-bus/shop',
            },
          ],
        },
      },
    },
    Anyone: {
      Type: 'AWS::Events::EventBusPolicy',
      Properties: { EventBusName: { Ref: 'Bus' }, StatementId: 'anyone', Action: 'events:PutEvents', Principal: '*' },
    },
    Cdk: {
      Type: 'AWS::Events::EventBusPolicy',
      Properties: {
        EventBusName: { Ref: 'Bus' },
        StatementId: 'cdk',
        Statement: {
          Effect: 'Allow',
          Principal: { AWS: 'arn:aws:iam::444455556666:root' },
          Action: 'events:PutEvents',
          Resource: { 'Fn::GetAtt': ['Bus', 'Arn'] },
        },
      },
    },
    OrdersArchive: {
      Type: 'AWS::Events::Archive',
      Properties: {
        SourceArn: { 'Fn::GetAtt': ['Bus', 'Arn'] },
        EventPattern: { source: ['shop'] },
        RetentionDays: 7,
        Description: 'orders',
      },
    },
  },
  Outputs: {
    ArchiveName: { Value: { Ref: 'OrdersArchive' } },
    ArchiveArn: { Value: { 'Fn::GetAtt': ['OrdersArchive', 'Arn'] } },
    StatementRef: { Value: { Ref: 'Anyone' } },
  },
};

describe('archives and bus policies from a template', () => {
  it('provision a bus with its policy, two more statements and an archive that archives what is put', async () => {
    const { aws, events } = eventsSetup();
    const stack = aws.provision(template, { stackName: 'shop-stack' });
    const name = stack.outputs['ArchiveName']!;
    expect(name).toMatch(/^shop-stack-OrdersArchive-/);
    expect(name.length).toBeLessThanOrEqual(48);
    expect(stack.outputs['ArchiveArn']).toBe(`arn:aws:events:us-east-1:000000000000:archive/${name}`);
    expect(stack.outputs['StatementRef']).toBe('anyone');
    const { Policy } = await events.send(new DescribeEventBusCommand({ Name: 'shop' }));
    expect(JSON.parse(Policy!).Statement.map((statement: { Sid: string }) => statement.Sid)).toEqual([
      'partner',
      'anyone',
      'cdk',
    ]);
    await events.send(
      new PutEventsCommand({ Entries: [{ Source: 'shop', DetailType: 'Order', Detail: '{}', EventBusName: 'shop' }] }),
    );
    expect(await events.send(new DescribeArchiveCommand({ ArchiveName: name }))).toMatchObject({
      EventCount: 1,
      RetentionDays: 7,
      Description: 'orders',
    });
    expect(aws.events.archive(name).events()).toHaveLength(1);
  });
});
