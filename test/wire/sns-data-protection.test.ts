import {
  CreateTopicCommand,
  GetDataProtectionPolicyCommand,
  PutDataProtectionPolicyCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';
import { rejectionOf } from '../helpers.js';

/**
 * Data protection policies over the query protocol with the SDK v3 (docs/aws-behaviour/sns.md §15): Put has no result,
 * Get's policy comes back as text; a Deny statement is 501 NotEmulated.
 */
let server: MockServer;
let sns: SNSClient;

beforeEach(async () => {
  server = await startServer({ port: 0 });
  sns = new SNSClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
});
afterEach(async () => {
  sns.destroy();
  await server.close();
});

const policy = (operation: string) =>
  JSON.stringify({
    Name: 'p',
    Version: '2021-06-01',
    Statement: [
      { Sid: 's', DataDirection: 'Inbound', Principal: ['*'], DataIdentifier: ['x'], Operation: { [operation]: {} } },
    ],
  });

describe('SNS data protection policies over the wire', () => {
  it('puts and gets an Audit policy; refuses a Deny one as not emulated', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'guarded' }));
    expect(await sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: TopicArn }))).not.toHaveProperty(
      'DataProtectionPolicy',
    );
    await sns.send(
      new PutDataProtectionPolicyCommand({ ResourceArn: TopicArn, DataProtectionPolicy: policy('Audit') }),
    );
    const got = await sns.send(new GetDataProtectionPolicyCommand({ ResourceArn: TopicArn }));
    expect(got.DataProtectionPolicy).toBe(policy('Audit'));
    const denied = await rejectionOf(
      sns.send(new PutDataProtectionPolicyCommand({ ResourceArn: TopicArn, DataProtectionPolicy: policy('Deny') })),
    );
    expect(denied).toMatchObject({ name: 'NotEmulatedException', $metadata: { httpStatusCode: 501 } });
  });
});
