/**
 * toHaveSentSms and toHaveReceivedPush on state made through the SDK (docs/aws-behaviour/sns.md §13, §14): each
 * passing, failing with its exact message, and under `.not`.
 */
import {
  CreatePlatformApplicationCommand,
  CreatePlatformEndpointCommand,
  CreateTopicCommand,
  PublishCommand,
  SubscribeCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import type { AwsMock } from '../../src/index.js';
import { snsSetup } from '../sns/sns-support.js';
import { failureOf } from './support.js';

let aws: AwsMock;
let sns: SNSClient;

beforeEach(() => {
  vi.useFakeTimers();
  ({ aws, sns } = snsSetup());
});
afterEach(() => vi.useRealTimers());

describe('toHaveSentSms', () => {
  it('matches a delivered SMS to the number, by its digits, its text as a body is matched', async () => {
    aws.sns.leaveSmsSandbox();
    await sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'Your code is 1234' }));
    expect(aws.sns).toHaveSentSms('+15555550100');
    expect(aws.sns).toHaveSentSms('+1 555-555-0100', 'Your code is 1234');
    expect(aws.sns).toHaveSentSms('+15555550100', expect.stringMatching(/code is \d{4}/));
    expect(aws.sns).not.toHaveSentSms('+15555550100', 'other');
    expect(aws.sns).not.toHaveSentSms('+15555550199');
  });

  it('fails for an SMS the sandbox kept from an unverified number, saying why', async () => {
    await sns.send(new PublishCommand({ PhoneNumber: '+15555550100', Message: 'hi' }));
    expect(failureOf(() => expect(aws.sns).toHaveSentSms('+15555550100', 'hi'))).toBe(
      'expected aws.sns to have sent an SMS to +15555550100 matching "hi", but it delivered none to it; 1 SMS to it ' +
        'not delivered: "hi" (the account is in the SMS sandbox of us-east-1 and +15555550100 is not a verified ' +
        'destination (CreateSMSSandboxPhoneNumber, then VerifySMSSandboxPhoneNumber with the password it sent))',
    );
  });

  it('names the numbers SMS went to, and counts SMS from a topic', async () => {
    aws.sns.leaveSmsSandbox();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'alerts' }));
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sms', Endpoint: '+15555550111' }));
    await sns.send(new PublishCommand({ TopicArn, Message: 'down' }));
    expect(aws.sns).toHaveSentSms('+15555550111', 'down');
    expect(failureOf(() => expect(aws.sns).toHaveSentSms('+15555550100'))).toBe(
      'expected aws.sns to have sent an SMS to +15555550100, but it delivered none to it; SMS went to +15555550111',
    );
    expect(failureOf(() => expect(aws.sns).not.toHaveSentSms('+15555550111'))).toBe(
      'expected aws.sns not to have sent an SMS to +15555550111, but it sent 1 such SMS: "down"',
    );
  });

  it('refuses what is not the SNS mock, and a number that is not a string', () => {
    expect(() => expect(aws.sqs).toHaveSentSms('+1')).toThrow(/expected aws.sns/);
    expect(() => expect(aws.sns).toHaveSentSms(5 as never)).toThrow(/the phone number must be a string/);
  });
});

describe('toHaveReceivedPush', () => {
  it('matches what the endpoint got, and says what it got when not', async () => {
    const { PlatformApplicationArn } = await sns.send(
      new CreatePlatformApplicationCommand({ Name: 'a', Platform: 'GCM', Attributes: { PlatformCredential: 'k' } }),
    );
    const { EndpointArn } = await sns.send(new CreatePlatformEndpointCommand({ PlatformApplicationArn, Token: 't' }));
    const endpoint = aws.sns.platformEndpoint(EndpointArn!);
    expect(failureOf(() => expect(endpoint).toHaveReceivedPush())).toBe(
      `expected platform endpoint ${EndpointArn} to have received a push, but it got none`,
    );
    await sns.send(
      new PublishCommand({
        TargetArn: EndpointArn,
        MessageStructure: 'json',
        Message: '{"GCM":"{\\"data\\":{\\"n\\":1}}"}',
      }),
    );
    expect(endpoint).toHaveReceivedPush({ data: { n: 1 } });
    expect(endpoint).not.toHaveReceivedPush({ data: { n: 2 } });
    expect(failureOf(() => expect(endpoint).toHaveReceivedPush({ data: { n: 2 } }))).toBe(
      `expected platform endpoint ${EndpointArn} to have received a push matching {data: {n: 2}}, but it got 1 push: {"data":{"n":1}}`,
    );
  });
});
