/**
 * Data protection policies (docs/aws-behaviour/sns.md §15): PutDataProtectionPolicy and GetDataProtectionPolicy as
 * LocalStack's AWS-validated test_data_protection_policy_crud recorded them (the policy answered back, not among the
 * topic's attributes); an Audit-only policy is kept, one that would deny or mask messages is refused as not emulated.
 */
import {
  CreateTopicCommand,
  GetDataProtectionPolicyCommand,
  GetTopicAttributesCommand,
  InvalidParameterException,
  NotFoundException,
  PutDataProtectionPolicyCommand,
} from '@aws-sdk/client-sns';
import { describe, expect, it } from 'vitest';
import { NotEmulatedError } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { snsSetup } from './sns-support.js';

const policyWith = (operation: string) =>
  JSON.stringify({
    Name: 'data_protection_policy',
    Description: 'Test Policy',
    Version: '2021-06-01',
    Statement: [
      {
        Sid: 'test-statement',
        DataDirection: 'Inbound',
        Principal: ['*'],
        DataIdentifier: ['arn:aws:dataprotection:us-east-1::data-identifier/EmailAddress'],
        Operation: { [operation]: operation === 'Audit' ? { FindingsDestination: {} } : {} },
      },
    ],
  });

describe('data protection policies', () => {
  it('keeps an Audit policy and answers it back; the topic attributes do not show it', async () => {
    const { sns } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'guarded' }));
    expect(await sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: TopicArn }))).not.toHaveProperty(
      'DataProtectionPolicy',
    );
    const put = await sns.send(
      new PutDataProtectionPolicyCommand({ ResourceArn: TopicArn, DataProtectionPolicy: policyWith('Audit') }),
    );
    expect(put.$metadata.httpStatusCode).toBe(200);
    const got = await sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: TopicArn }));
    expect(got.DataProtectionPolicy).toBe(policyWith('Audit'));
    const { Attributes } = await sns.send(new GetTopicAttributesCommand({ TopicArn }));
    expect(Attributes).not.toHaveProperty('DataProtectionPolicy');
  });

  it('keeps an Audit policy given to CreateTopic', async () => {
    const { sns } = snsSetup();
    const { TopicArn } = await sns.send(
      new CreateTopicCommand({ Name: 'audited', DataProtectionPolicy: policyWith('Audit') }),
    );
    const got = await sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: TopicArn }));
    expect(got.DataProtectionPolicy).toBe(policyWith('Audit'));
  });

  it.each(['Deny', 'Deidentify'])('refuses a %s statement as not emulated, keeping what the topic had', async (op) => {
    const { sns } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'guarded' }));
    const error = await rejectionOf(
      sns.send(new PutDataProtectionPolicyCommand({ ResourceArn: TopicArn, DataProtectionPolicy: policyWith(op) })),
    );
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect(error.message).toContain('PutDataProtectionPolicyCommand');
    expect(error.message).toContain(op);
    expect(await sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: TopicArn }))).not.toHaveProperty(
      'DataProtectionPolicy',
    );
  });

  it('answers an unknown topic NotFound, and a malformed policy InvalidParameter', async () => {
    const { sns } = snsSetup();
    const missing = await rejectionOf(
      sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: 'arn:aws:sns:us-east-1:000000000000:missing' })),
    );
    expect(missing).toBeInstanceOf(NotFoundException);
    expect(missing.message).toBe('Topic does not exist');
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 't' }));
    for (const [policy, reason] of [
      ['{', 'Policy is not valid JSON'],
      ['[]', 'Policy must be a JSON object'],
      ['{"Statement":[]}', 'Statement must be a non-empty list'],
      [`{"Statement":[],"x":"${'x'.repeat(30_720)}"}`, 'Policy must not exceed 30720 characters'],
    ]) {
      const error = await rejectionOf(
        sns.send(new PutDataProtectionPolicyCommand({ ResourceArn: TopicArn, DataProtectionPolicy: policy })),
      );
      expect(error).toBeInstanceOf(InvalidParameterException);
      expect(error.message).toBe(`Invalid parameter: DataProtectionPolicy Reason: ${reason}`);
    }
  });
});
