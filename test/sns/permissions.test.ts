import {
  AddPermissionCommand,
  CreateTopicCommand,
  GetTopicAttributesCommand,
  RemovePermissionCommand,
  SetTopicAttributesCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { defaultTopicPolicyText, expectInvalidParameter, expectNotFound, snsSetup } from './sns-support.js';

// Topic AddPermission / RemovePermission, as AWS answered them (LocalStack's AWS-validated snapshots,
// tests/aws/services/sns/test_sns.py: test_topic_add_permission, ..._add_multiple_permissions,
// ..._remove_permission, test_add_permission_errors, test_remove_permission_errors).

let aws: AwsMock;
let sns: SNSClient;
let TopicArn: string;

beforeEach(async () => {
  ({ aws, sns } = snsSetup());
  TopicArn = (await sns.send(new CreateTopicCommand({ Name: 'orders' }))).TopicArn!;
});

async function policy(): Promise<{ Statement: Record<string, unknown>[] } & Record<string, unknown>> {
  const { Attributes } = await sns.send(new GetTopicAttributesCommand({ TopicArn }));
  return JSON.parse(Attributes!['Policy']!) as { Statement: Record<string, unknown>[] };
}

/** The statement every new topic's policy has. */
const DEFAULT_STATEMENT = (
  JSON.parse(defaultTopicPolicyText('arn:aws:sns:us-east-1:000000000000:orders')) as { Statement: object[] }
).Statement[0];

describe('AddPermission', () => {
  it('adds a statement for one account and one action after the default one', async () => {
    const out = await sns.send(
      new AddPermissionCommand({ TopicArn, Label: 'test', AWSAccountId: ['111111111111'], ActionName: ['Publish'] }),
    );
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(await policy()).toEqual({
      Version: '2008-10-17',
      Id: '__default_policy_ID',
      Statement: [
        DEFAULT_STATEMENT,
        {
          Sid: 'test',
          Effect: 'Allow',
          Principal: { AWS: 'arn:aws:iam::111111111111:root' },
          Action: 'SNS:Publish',
          Resource: TopicArn,
        },
      ],
    });
  });

  it('lists several actions, and several accounts, in the order given', async () => {
    await sns.send(
      new AddPermissionCommand({
        TopicArn,
        Label: 'test',
        AWSAccountId: ['111111111111', '222222222222'],
        ActionName: ['Publish', 'Subscribe'],
      }),
    );
    expect((await policy()).Statement[1]).toEqual({
      Sid: 'test',
      Effect: 'Allow',
      Principal: { AWS: ['arn:aws:iam::111111111111:root', 'arn:aws:iam::222222222222:root'] },
      Action: ['SNS:Publish', 'SNS:Subscribe'],
      Resource: TopicArn,
    });
  });

  it('refuses a label already used, an action outside SNS, and a topic that does not exist', async () => {
    await sns.send(
      new AddPermissionCommand({ TopicArn, Label: 'test', AWSAccountId: ['111111111111'], ActionName: ['Publish'] }),
    );
    await expectInvalidParameter(
      sns.send(
        new AddPermissionCommand({
          TopicArn,
          Label: 'test',
          AWSAccountId: ['111111111111'],
          ActionName: ['AddPermission'],
        }),
      ),
      'Invalid parameter: Statement already exists',
    );
    await expectNotFound(
      sns.send(
        new AddPermissionCommand({
          TopicArn: `${TopicArn}-not-existing`,
          Label: 'test-2',
          AWSAccountId: ['1'],
          ActionName: ['AddPermission'],
        }),
      ),
      'Topic does not exist',
    );
    await expectInvalidParameter(
      sns.send(
        new AddPermissionCommand({
          TopicArn,
          Label: 'test-2',
          AWSAccountId: ['111111111111'],
          ActionName: ['InvalidAction'],
        }),
      ),
      'Invalid parameter: Policy statement action out of service scope!',
    );
    expect((await policy()).Statement.map((s) => s['Sid'])).toEqual(['__default_statement_ID', 'test']);
  });

  it('refuses the default statement’s own label', async () => {
    await expectInvalidParameter(
      sns.send(
        new AddPermissionCommand({
          TopicArn,
          Label: '__default_statement_ID',
          AWSAccountId: ['1'],
          ActionName: ['Publish'],
        }),
      ),
      'Invalid parameter: Statement already exists',
    );
  });

  it('adds to a Policy set by SetTopicAttributes', async () => {
    const own = {
      Version: '2012-10-17',
      Statement: [{ Sid: 'mine', Effect: 'Deny', Principal: '*', Action: 'SNS:Publish', Resource: TopicArn }],
    };
    await sns.send(
      new SetTopicAttributesCommand({ TopicArn, AttributeName: 'Policy', AttributeValue: JSON.stringify(own) }),
    );
    await sns.send(
      new AddPermissionCommand({ TopicArn, Label: 'extra', AWSAccountId: ['111111111111'], ActionName: ['Subscribe'] }),
    );
    const changed = await policy();
    expect(changed['Version']).toBe('2012-10-17');
    expect(changed.Statement.map((s) => s['Sid'])).toEqual(['mine', 'extra']);
  });

  it('says which required member is missing', async () => {
    await expectInvalidParameter(
      sns.send(new AddPermissionCommand({ TopicArn, AWSAccountId: ['1'], ActionName: ['Publish'] } as never)),
      'Invalid parameter: Label Reason: no value for required parameter',
    );
    await expectInvalidParameter(
      sns.send(new AddPermissionCommand({ TopicArn, Label: 'x', AWSAccountId: [], ActionName: ['Publish'] })),
      'Invalid parameter: AWSAccountId Reason: no value for required parameter',
    );
  });
});

describe('RemovePermission', () => {
  it('takes the labelled statement out, leaving the default policy', async () => {
    await sns.send(
      new AddPermissionCommand({ TopicArn, Label: 'test', AWSAccountId: ['111111111111'], ActionName: ['Publish'] }),
    );
    await sns.send(new RemovePermissionCommand({ TopicArn, Label: 'test' }));
    expect(await policy()).toEqual({
      Version: '2008-10-17',
      Id: '__default_policy_ID',
      Statement: [DEFAULT_STATEMENT],
    });
    // The label is free again.
    await sns.send(
      new AddPermissionCommand({ TopicArn, Label: 'test', AWSAccountId: ['111111111111'], ActionName: ['Publish'] }),
    );
    expect((await policy()).Statement).toHaveLength(2);
  });

  it('changes nothing for a label no statement has, and needs the topic', async () => {
    const before = await policy();
    await sns.send(new RemovePermissionCommand({ TopicArn, Label: 'nope' }));
    expect(await policy()).toEqual(before);
    await expectNotFound(
      sns.send(new RemovePermissionCommand({ TopicArn: `${TopicArn}-not-existing`, Label: 'test' })),
      'Topic does not exist',
    );
    expect(aws.sns.topic('orders')).toBeDefined();
  });
});
