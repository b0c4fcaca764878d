import {
  CheckIfPhoneNumberIsOptedOutCommand,
  CreatePlatformApplicationCommand,
  CreatePlatformEndpointCommand,
  CreateSMSSandboxPhoneNumberCommand,
  CreateTopicCommand,
  DeleteEndpointCommand,
  DeletePlatformApplicationCommand,
  DeleteSMSSandboxPhoneNumberCommand,
  GetDataProtectionPolicyCommand,
  EndpointDisabledException,
  GetEndpointAttributesCommand,
  GetPlatformApplicationAttributesCommand,
  GetSMSAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  InvalidParameterException,
  ListEndpointsByPlatformApplicationCommand,
  ListOriginationNumbersCommand,
  ListPhoneNumbersOptedOutCommand,
  ListPlatformApplicationsCommand,
  ListSMSSandboxPhoneNumbersCommand,
  NotFoundException,
  OptInPhoneNumberCommand,
  PutDataProtectionPolicyCommand,
  PublishCommand,
  SetEndpointAttributesCommand,
  SetPlatformApplicationAttributesCommand,
  SetSMSAttributesCommand,
  SNSClient,
  SNSServiceException,
  SubscribeCommand,
  VerificationException,
  VerifySMSSandboxPhoneNumberCommand,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';
import { rejectionOf } from '../helpers.js';

/**
 * SMS, mobile push and data protection policies over the query protocol (SNS's only one, docs/aws-behaviour/wire.md
 * §1) with the SDK v3: every new command answers over the wire as in process, its lower-case members (`attributes`,
 * `phoneNumber`) and maps included, and what it records is on the server's account.
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

describe('SMS over the wire', () => {
  it('sets and reads SMS attributes, the opt-out list, and refuses a bad name as AWS does', async () => {
    await sns.send(
      new SetSMSAttributesCommand({ attributes: { DefaultSMSType: 'Transactional', DefaultSenderID: 'Acme' } }),
    );
    expect((await sns.send(new GetSMSAttributesCommand({}))).attributes).toEqual({
      DefaultSMSType: 'Transactional',
      DefaultSenderID: 'Acme',
      MonthlySpendLimit: '1',
    });
    expect((await sns.send(new GetSMSAttributesCommand({ attributes: ['DefaultSMSType'] }))).attributes).toEqual({
      DefaultSMSType: 'Transactional',
    });
    const bad = await rejectionOf(sns.send(new SetSMSAttributesCommand({ attributes: { Nope: 'x' } })));
    expect(bad).toBeInstanceOf(InvalidParameterException);
    expect(bad.message).toBe('Nope is not a valid attribute');
    const empty = await rejectionOf(sns.send(new SetSMSAttributesCommand({ attributes: {} })));
    expect(empty).toBeInstanceOf(SNSServiceException);
    expect(empty.name).toBe('ValidationError');

    server.aws.sns.optOut('+15555550199');
    expect((await sns.send(new ListPhoneNumbersOptedOutCommand({}))).phoneNumbers).toEqual(['+15555550199']);
    expect((await sns.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: '+15555550199' }))).isOptedOut).toBe(
      true,
    );
    await sns.send(new OptInPhoneNumberCommand({ phoneNumber: '+15555550199' }));
    expect((await sns.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: '+15555550199' }))).isOptedOut).toBe(
      false,
    );
  });

  it('verifies a sandbox number with its password and texts it, recorded on the server', async () => {
    expect((await sns.send(new GetSMSSandboxAccountStatusCommand({}))).IsInSandbox).toBe(true);
    await sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', LanguageCode: 'en-GB' }));
    const password = /(\d{6})$/.exec(server.aws.sns.sms()[0]!.message)![1]!;
    expect(
      await rejectionOf(
        sns.send(new VerifySMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', OneTimePassword: '11111' })),
      ),
    ).toBeInstanceOf(VerificationException);
    await sns.send(new VerifySMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', OneTimePassword: password }));
    expect((await sns.send(new ListSMSSandboxPhoneNumbersCommand({ MaxResults: 5 }))).PhoneNumbers).toEqual([
      { PhoneNumber: '+15555550100', Status: 'Verified' },
    ]);
    const { MessageId } = await sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'over the wire' }));
    expect(server.aws.sns.sms()[1]).toMatchObject({ messageId: MessageId, message: 'over the wire', delivered: true });
    await sns.send(new DeleteSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100' }));
    expect((await sns.send(new ListOriginationNumbersCommand({}))).PhoneNumbers).toEqual([]);
    const invalid = await rejectionOf(sns.send(new PublishCommand({ PhoneNumber: '+1a234', Message: 'x' })));
    expect(invalid.message).toBe('Invalid parameter: PhoneNumber Reason: +1a234 is not valid to publish to');
  });
});

describe('mobile push over the wire', () => {
  it('makes an application and an endpoint, reads and sets their attributes, pushes and deletes', async () => {
    const { PlatformApplicationArn } = await sns.send(
      new CreatePlatformApplicationCommand({
        Name: 'ios',
        Platform: 'APNS',
        Attributes: { PlatformPrincipal: 'key-id', PlatformCredential: 'key' },
      }),
    );
    expect(PlatformApplicationArn).toBe('arn:aws:sns:us-east-1:000000000000:app/APNS/ios');
    await sns.send(
      new SetPlatformApplicationAttributesCommand({
        PlatformApplicationArn,
        Attributes: { SuccessFeedbackSampleRate: '50' },
      }),
    );
    expect(
      (await sns.send(new GetPlatformApplicationAttributesCommand({ PlatformApplicationArn }))).Attributes,
    ).toEqual({ Enabled: 'true', SuccessFeedbackSampleRate: '50' });
    expect((await sns.send(new ListPlatformApplicationsCommand({}))).PlatformApplications).toEqual([
      { PlatformApplicationArn, Attributes: { Enabled: 'true', SuccessFeedbackSampleRate: '50' } },
    ]);

    const { EndpointArn } = await sns.send(
      new CreatePlatformEndpointCommand({ PlatformApplicationArn, Token: 'device', CustomUserData: 'user-7' }),
    );
    expect((await sns.send(new GetEndpointAttributesCommand({ EndpointArn }))).Attributes).toEqual({
      CustomUserData: 'user-7',
      Enabled: 'true',
      Token: 'device',
    });
    expect(
      (await sns.send(new ListEndpointsByPlatformApplicationCommand({ PlatformApplicationArn }))).Endpoints,
    ).toHaveLength(1);

    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'news' }));
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'application', Endpoint: EndpointArn }));
    await sns.send(
      new PublishCommand({ TopicArn, MessageStructure: 'json', Message: '{"default":"d","APNS":"{\\"aps\\":{}}"}' }),
    );
    await sns.send(new PublishCommand({ TargetArn: EndpointArn, Message: 'direct' }));
    expect(
      server.aws.sns
        .platformEndpoint(EndpointArn!)
        .published()
        .map((push) => push.message),
    ).toEqual(['{"aps":{}}', 'direct']);

    await sns.send(new SetEndpointAttributesCommand({ EndpointArn, Attributes: { Enabled: 'false' } }));
    const disabled = await rejectionOf(sns.send(new PublishCommand({ TargetArn: EndpointArn, Message: 'x' })));
    expect(disabled).toBeInstanceOf(EndpointDisabledException);
    expect(disabled.message).toBe('Endpoint is disabled');

    await sns.send(new DeleteEndpointCommand({ EndpointArn }));
    expect(await rejectionOf(sns.send(new GetEndpointAttributesCommand({ EndpointArn })))).toBeInstanceOf(
      NotFoundException,
    );
    await sns.send(new DeletePlatformApplicationCommand({ PlatformApplicationArn }));
    expect((await sns.send(new ListPlatformApplicationsCommand({}))).PlatformApplications).toEqual([]);
  });
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
