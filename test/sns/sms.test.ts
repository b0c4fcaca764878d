import {
  CheckIfPhoneNumberIsOptedOutCommand,
  CreateSMSSandboxPhoneNumberCommand,
  CreateTopicCommand,
  DeleteSMSSandboxPhoneNumberCommand,
  GetSMSAttributesCommand,
  GetSMSSandboxAccountStatusCommand,
  GetSubscriptionAttributesCommand,
  InvalidParameterException,
  ListOriginationNumbersCommand,
  ListPhoneNumbersOptedOutCommand,
  ListSMSSandboxPhoneNumbersCommand,
  OptedOutException,
  OptInPhoneNumberCommand,
  PublishCommand,
  ResourceNotFoundException,
  SetSMSAttributesCommand,
  SubscribeCommand,
  UserErrorException,
  VerificationException,
  VerifySMSSandboxPhoneNumberCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { T0 } from '../sqs/message-support.js';
import { expectInvalidParameter, snsSetup, validationMessage } from './sns-support.js';

/**
 * SMS (docs/aws-behaviour/sns.md §13): Publish to a PhoneNumber and to `sms` subscriptions, recorded in
 * `aws.sns.sms()` and never sent; the account's SMS attributes, opt-out list and sandbox, with AWS's answers.
 */

let aws: AwsMock;
let sns: SNSClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  ({ aws, sns } = snsSetup());
});
afterEach(() => {
  vi.useRealTimers();
});

/** Adds and verifies a sandbox number with the password SNS texted it, as a tester does with their phone. */
async function verify(number: string): Promise<void> {
  await sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: number }));
  const sent = aws.sns.sms().filter((sms) => sms.kind === 'verification' && sms.phoneNumber === number);
  const password = /(\d{6})$/.exec(sent.at(-1)!.message)![1]!;
  await sns.send(new VerifySMSSandboxPhoneNumberCommand({ PhoneNumber: number, OneTimePassword: password }));
}

describe('Publish to a PhoneNumber', () => {
  it('answers a MessageId and records the SMS; a new account is in the sandbox, so an unverified number gets none', async () => {
    const { MessageId } = await sns.send(
      new PublishCommand({ PhoneNumber: '+15555550100', Message: 'Your code: 1234' }),
    );
    expect(aws.sns.sms()).toEqual([
      {
        messageId: MessageId,
        phoneNumber: '+15555550100',
        message: 'Your code: 1234',
        attributes: {},
        at: new Date(T0),
        delivered: false,
        reason: expect.stringContaining('SMS sandbox'),
        kind: 'message',
      },
    ]);
  });

  it('delivers to a number verified in the sandbox, with the password the sandbox texted it', async () => {
    await verify('+15555550100');
    await sns.send(
      new PublishCommand({
        PhoneNumber: '+15555550100',
        Message: 'hello',
        MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
      }),
    );
    const [verification, message] = aws.sns.sms();
    expect(verification).toMatchObject({ kind: 'verification', delivered: true, phoneNumber: '+15555550100' });
    expect(message).toMatchObject({
      kind: 'message',
      delivered: true,
      message: 'hello',
      attributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    });
    expect(message!.reason).toBeUndefined();
  });

  it('delivers to any number once the account left the sandbox, but never to one that opted out', async () => {
    aws.sns.leaveSmsSandbox();
    expect(await sns.send(new GetSMSSandboxAccountStatusCommand({}))).toMatchObject({ IsInSandbox: false });
    aws.sns.optOut('+15555550199');
    await sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'a' }));
    await sns.send(new PublishCommand({ PhoneNumber: '+15555550199', Message: 'b' }));
    expect(aws.sns.sms().map(({ phoneNumber, delivered, reason }) => ({ phoneNumber, delivered, reason }))).toEqual([
      { phoneNumber: '+15555550100', delivered: true, reason: undefined },
      { phoneNumber: '+15555550199', delivered: false, reason: '+15555550199 has opted out of SMS' },
    ]);
  });

  it.each(['+1a234', 'NAA+15551234567', 'InvalidPhoneNumber', '+', '+0123', '+1234567890123456'])(
    'refuses the phone number %s as AWS does',
    async (number) => {
      await expectInvalidParameter(
        sns.send(new PublishCommand({ PhoneNumber: number, Message: 'x' })),
        `Invalid parameter: PhoneNumber Reason: ${number} is not valid to publish to`,
      );
      expect(aws.sns.sms()).toEqual([]);
    },
  );

  it('texts the `sms` entry of a MessageStructure=json message, else `default`', async () => {
    aws.sns.leaveSmsSandbox();
    await sns.send(
      new PublishCommand({
        PhoneNumber: '+15555550100',
        MessageStructure: 'json',
        Message: JSON.stringify({ default: 'long text', sms: 'short' }),
      }),
    );
    await sns.send(
      new PublishCommand({ PhoneNumber: '+15555550100', MessageStructure: 'json', Message: '{"default":"only"}' }),
    );
    expect(aws.sns.sms().map((sms) => sms.message)).toEqual(['short', 'only']);
    await expectInvalidParameter(
      sns.send(new PublishCommand({ PhoneNumber: '+15555550100', MessageStructure: 'json', Message: '{"sms":"x"}' })),
      'Invalid parameter: Message Structure - No default entry in JSON message body',
    );
  });

  it('takes up to 1,600 characters, and refuses more before recording anything', async () => {
    await sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: '€'.repeat(1600) }));
    await expectInvalidParameter(
      sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'a'.repeat(1601) })),
      'Invalid parameter: Message too long',
    );
    expect(aws.sns.sms()).toHaveLength(1);
  });

  it('checks the message as for a standard topic: empty, MessageDeduplicationId', async () => {
    await expectInvalidParameter(
      sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: '' })),
      'Invalid parameter: Empty message',
    );
    await expectInvalidParameter(
      sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'x', MessageDeduplicationId: 'd' })),
      'Invalid parameter: MessageDeduplicationId Reason: The request includes MessageDeduplicationId parameter that is not valid for this topic type',
    );
  });

  it("reads in the journey: published to the number, then refused with the sandbox's reason", async () => {
    const { MessageId } = await sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'hi' }));
    const steps = aws.journey(MessageId!).steps;
    expect(steps.map((step) => [step.kind, step.where])).toEqual([
      ['published', '+15555550100'],
      ['refused', '+15555550100'],
    ]);
    expect(steps[1]!.detail).toContain('SMS sandbox');
    expect(aws.timeline().steps.some((step) => step.messageId === MessageId)).toBe(true);
  });
});

describe('sms subscriptions', () => {
  it('confirms at once and shows the attributes AWS shows (test_subscribe_sms_endpoint)', async () => {
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'alerts' }));
    const { SubscriptionArn } = await sns.send(
      new SubscribeCommand({ TopicArn, Protocol: 'sms', Endpoint: '+123123123' }),
    );
    const { Attributes } = await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn }));
    expect(Attributes).toEqual({
      ConfirmationWasAuthenticated: 'true',
      Endpoint: '+123123123',
      Owner: '000000000000',
      PendingConfirmation: 'false',
      Protocol: 'sms',
      RawMessageDelivery: 'false',
      SubscriptionArn,
      SubscriptionPrincipal: expect.stringMatching(/^arn:aws:iam::000000000000:user\//),
      TopicArn,
    });
  });

  it("texts each number the topic's DisplayName and `> ` before the message; opted-out ones get nothing", async () => {
    aws.sns.leaveSmsSandbox();
    const { TopicArn } = await sns.send(
      new CreateTopicCommand({ Name: 'alerts', Attributes: { DisplayName: 'ACME' } }),
    );
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sms', Endpoint: '+1 555-555-0100'.replace(/ /g, '') }));
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sms', Endpoint: '+15555550199' }));
    aws.sns.optOut('+15555550199');
    const { MessageId } = await sns.send(new PublishCommand({ TopicArn, Message: 'Server down', Subject: 's' }));

    const sms = aws.sns.sms();
    expect(
      sms.map(({ phoneNumber, message, delivered, topicArn }) => ({ phoneNumber, message, delivered, topicArn })),
    ).toEqual([
      { phoneNumber: '+15555550100', message: 'ACME> Server down', delivered: true, topicArn: TopicArn },
      { phoneNumber: '+15555550199', message: 'ACME> Server down', delivered: false, topicArn: TopicArn },
    ]);
    expect(sms.every((one) => one.messageId === MessageId)).toBe(true);
    const deliveries = aws.sns.topic('alerts').published()[0]!.deliveries;
    expect(deliveries.map((d) => [d.delivered, d.failure])).toEqual([
      [true, undefined],
      [false, '+15555550199 has opted out of SMS'],
    ]);
    expect(aws.journey(MessageId!).steps.map((step) => step.kind)).toEqual(['published', 'delivered', 'refused']);
  });

  it('texts the bare message from a topic without a DisplayName, and the `sms` entry of json', async () => {
    aws.sns.leaveSmsSandbox();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'alerts' }));
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sms', Endpoint: '+15555550100' }));
    await sns.send(new PublishCommand({ TopicArn, Message: 'plain' }));
    await sns.send(
      new PublishCommand({ TopicArn, MessageStructure: 'json', Message: '{"default":"d","sms":"s","sqs":"q"}' }),
    );
    expect(aws.sns.sms().map((sms) => sms.message)).toEqual(['plain', 's']);
  });
});

describe('SMS attributes', () => {
  it('shows MonthlySpendLimit "1" in a region nothing was set in (test_get_sms_attributes_from_unmodified_region)', async () => {
    expect((await sns.send(new GetSMSAttributesCommand({}))).attributes).toEqual({ MonthlySpendLimit: '1' });
  });

  it('sets attributes and shows all, or the ones asked for (test_set_get_sms_attributes)', async () => {
    await sns.send(
      new SetSMSAttributesCommand({
        attributes: {
          DeliveryStatusSuccessSamplingRate: '100',
          DefaultSenderID: 'LSTest',
          DefaultSMSType: 'Promotional',
        },
      }),
    );
    expect((await sns.send(new GetSMSAttributesCommand({}))).attributes).toEqual({
      DefaultSMSType: 'Promotional',
      DefaultSenderID: 'LSTest',
      DeliveryStatusSuccessSamplingRate: '100',
      MonthlySpendLimit: '1',
    });
    expect(
      (await sns.send(new GetSMSAttributesCommand({ attributes: ['DefaultSenderID', 'DefaultSMSType', 'Nope'] })))
        .attributes,
    ).toEqual({ DefaultSMSType: 'Promotional', DefaultSenderID: 'LSTest' });
  });

  it.each([
    [{ InvalidAttribute: 'invalid' }, 'InvalidAttribute is not a valid attribute'],
    [{ DefaultSendID: 'a'.repeat(12) }, 'DefaultSendID is not a valid attribute'],
    [{ DefaultSMSType: 'invalid' }, 'DefaultSMSType is invalid'],
    [{ DefaultSenderID: 'testSenderID' }, 'DefaultSenderID is invalid'],
    [{ DefaultSenderID: '123456789' }, 'DefaultSenderID is invalid'],
  ])('refuses %j (test_set_invalid_sms_attributes)', async (attributes, message) => {
    await expectInvalidParameter(sns.send(new SetSMSAttributesCommand({ attributes })), message);
  });

  it('needs attributes: an empty map is sent as none', async () => {
    expect(await validationMessage(sns.send(new SetSMSAttributesCommand({ attributes: {} })))).toBe(
      "1 validation error detected: Value null at 'attributes' failed to satisfy constraint: Member must not be null",
    );
  });

  it('keeps each region its own attributes', async () => {
    await sns.send(new SetSMSAttributesCommand({ attributes: { DefaultSMSType: 'Transactional' } }));
    const other = snsSetup({ region: 'eu-west-1' });
    expect((await other.sns.send(new GetSMSAttributesCommand({}))).attributes).toEqual({ MonthlySpendLimit: '1' });
  });
});

describe('the opt-out list', () => {
  it('lists, checks and opts in the numbers that opted out (test_is_phone_number_opted_out, test_opt_in_phone_number)', async () => {
    expect(await sns.send(new ListPhoneNumbersOptedOutCommand({}))).toMatchObject({ phoneNumbers: [] });
    aws.sns.optOut('+430000000000');
    expect(await sns.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: '+430000000000' }))).toMatchObject({
      isOptedOut: true,
    });
    expect((await sns.send(new ListPhoneNumbersOptedOutCommand({}))).phoneNumbers).toEqual(['+430000000000']);
    await sns.send(new OptInPhoneNumberCommand({ phoneNumber: '+430000000000' }));
    expect(await sns.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: '+430000000000' }))).toMatchObject({
      isOptedOut: false,
    });
  });

  it('opts in a number that never opted out (test_opt_in_non_existing_phone_number)', async () => {
    await sns.send(new OptInPhoneNumberCommand({ phoneNumber: '+4411111111' }));
  });

  it.each(['invalid', '+4411111111x'])(
    'refuses %s as incorrectly formatted (test_opt_in_invalid_number)',
    async (n) => {
      await expectInvalidParameter(
        sns.send(new OptInPhoneNumberCommand({ phoneNumber: n })),
        'Invalid parameter: PhoneNumber Reason: input incorrectly formatted',
      );
      await expectInvalidParameter(
        sns.send(new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: n })),
        'Invalid parameter: PhoneNumber Reason: input incorrectly formatted',
      );
    },
  );

  it('pages the list by 100', async () => {
    for (let i = 0; i < 150; i++) aws.sns.optOut(`+1555555${String(i).padStart(4, '0')}`);
    const first = await sns.send(new ListPhoneNumbersOptedOutCommand({}));
    expect(first.phoneNumbers).toHaveLength(100);
    const second = await sns.send(new ListPhoneNumbersOptedOutCommand({ nextToken: first.nextToken }));
    expect(second.phoneNumbers).toHaveLength(50);
    expect(second.nextToken).toBeUndefined();
  });
});

describe('the SMS sandbox', () => {
  it('holds a new account, and verifies a number with the password it texts', async () => {
    expect(await sns.send(new GetSMSSandboxAccountStatusCommand({}))).toMatchObject({ IsInSandbox: true });
    await sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', LanguageCode: 'de-DE' }));
    expect((await sns.send(new ListSMSSandboxPhoneNumbersCommand({}))).PhoneNumbers).toEqual([
      { PhoneNumber: '+15555550100', Status: 'Pending' },
    ]);
    const [otp] = aws.sns.sms();
    expect(otp).toMatchObject({ kind: 'verification', phoneNumber: '+15555550100', delivered: true });
    expect(otp!.message).toMatch(/\d{6}$/);

    const wrong = await rejectionOf(
      sns.send(new VerifySMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', OneTimePassword: '00000' })),
    );
    expect(wrong).toBeInstanceOf(VerificationException);
    await sns.send(
      new VerifySMSSandboxPhoneNumberCommand({
        PhoneNumber: '+15555550100',
        OneTimePassword: /(\d{6})$/.exec(otp!.message)![1]!,
      }),
    );
    expect((await sns.send(new ListSMSSandboxPhoneNumbersCommand({}))).PhoneNumbers).toEqual([
      { PhoneNumber: '+15555550100', Status: 'Verified' },
    ]);
    await sns.send(new DeleteSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100' }));
    expect((await sns.send(new ListSMSSandboxPhoneNumbersCommand({}))).PhoneNumbers).toEqual([]);
  });

  it('takes the numbers the model allows: `+` and 8 or more digits, or up to 9 digits', async () => {
    for (const number of ['+9411223344667788990', '123456789'])
      await sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: number }));
  });

  it.each([
    [
      'invalid phone number',
      "1 validation error detected: Value 'invalid phone number' at 'phoneNumber' failed to satisfy constraint: Member must satisfy regular expression pattern: ^(\\+[0-9]{8,}|[0-9]{0,9})$",
    ],
    [
      '1234567890',
      "1 validation error detected: Value '1234567890' at 'phoneNumber' failed to satisfy constraint: Member must satisfy regular expression pattern: ^(\\+[0-9]{8,}|[0-9]{0,9})$",
    ],
    [
      '+94489347594376598435346594365943695348562987',
      "1 validation error detected: Value '+94489347594376598435346594365943695348562987' at 'phoneNumber' failed to satisfy constraint: Member must have length less than or equal to 20",
    ],
  ])('refuses %s as AWS words it', async (number, message) => {
    expect(await validationMessage(sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: number })))).toBe(
      message,
    );
  });

  it('refuses a password of the wrong shape, and a language it does not know', async () => {
    expect(
      await validationMessage(
        sns.send(new VerifySMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', OneTimePassword: '12a' })),
      ),
    ).toBe(
      "2 validation errors detected: Value '12a' at 'oneTimePassword' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[0-9]+$; " +
        "Value '12a' at 'oneTimePassword' failed to satisfy constraint: Member must have length greater than or equal to 5",
    );
    expect(
      await validationMessage(
        sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', LanguageCode: 'xx' as never })),
      ),
    ).toContain(
      "Value 'xx' at 'languageCode' failed to satisfy constraint: Member must satisfy enum value set: [en-US,",
    );
  });

  it('answers the errors its model names: unknown numbers, opted-out numbers, an eleventh number', async () => {
    expect(
      await rejectionOf(sns.send(new DeleteSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100' }))),
    ).toBeInstanceOf(ResourceNotFoundException);
    expect(
      await rejectionOf(
        sns.send(new VerifySMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550100', OneTimePassword: '123456' })),
      ),
    ).toBeInstanceOf(ResourceNotFoundException);
    aws.sns.optOut('+15555550199');
    expect(
      await rejectionOf(sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550199' }))),
    ).toBeInstanceOf(OptedOutException);
    for (let i = 0; i < 10; i++)
      await sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: `+1555555010${i}` }));
    expect(
      await rejectionOf(sns.send(new CreateSMSSandboxPhoneNumberCommand({ PhoneNumber: '+15555550110' }))),
    ).toBeInstanceOf(UserErrorException);
  });

  it('lists origination numbers: a new account has none', async () => {
    expect(await sns.send(new ListOriginationNumbersCommand({}))).toMatchObject({ PhoneNumbers: [] });
    expect(await validationMessage(sns.send(new ListOriginationNumbersCommand({ MaxResults: 31 })))).toBe(
      "1 validation error detected: Value '31' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 30",
    );
  });

  it('keeps its InvalidParameter class for a bad number, never a crash', async () => {
    const error = await rejectionOf(sns.send(new PublishCommand({ PhoneNumber: 5 as never, Message: 'x' })));
    expect(error).toBeInstanceOf(InvalidParameterException);
  });
});
