import {
  CreateTopicCommand,
  GetTopicAttributesCommand,
  InvalidParameterException,
  ListSubscriptionsCommand,
  NotFoundException,
  PublishCommand,
  SNSClient,
  SNSServiceException,
  SubscribeCommand,
  type MessageAttributeValue,
} from '@aws-sdk/client-sns';
import { SQSClient, ListQueuesCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { networkTrap, rejectionOf } from '../helpers.js';
import { expectSameError, wireHandler, type Failure } from '../wire-errors.js';
import { wireErrorsComparable } from '../sdk-features.js';
import { snsSetup } from './sns-support.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const WIRE_REQUEST_ID = '9f3c2a1b-5d6e-5f70-8a9b-0c1d2e3f4a5b';
const TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:t';

interface WireError {
  status: number;
  code: string;
  message: string;
}

/** The body SNS answers an error with: the Query protocol's XML (sdk.md §3.3). */
function errorXml(wire: WireError): string {
  const escaped = wire.message
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&apos;');
  return (
    '<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/">' +
    `<Error><Type>Sender</Type><Code>${wire.code}</Code><Message>${escaped}</Message></Error>` +
    `<RequestId>${WIRE_REQUEST_ID}</RequestId></ErrorResponse>`
  );
}

/**
 * A second client, without the plugin, whose handler answers as SNS does on the wire. The SDK's own
 * deserializer then builds the exception a real AWS call would throw.
 */
function wireClient(wire: WireError): SNSClient {
  return new SNSClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
    requestHandler: wireHandler(
      wire.status,
      { 'content-type': 'text/xml', 'x-amzn-requestid': WIRE_REQUEST_ID },
      errorXml(wire),
    ),
  });
}

/** Only SDKs whose deserializer builds what the library builds can be compared with (sdk-features.ts). */
const itOnWire = it.runIf(wireErrorsComparable.sns);

describe('errors are the ones the SDK builds from a real response', () => {
  itOnWire('NotFound (HTTP 404) matches the deserialized wire error', async () => {
    const command = () => new GetTopicAttributesCommand({ TopicArn: TOPIC_ARN });
    const real = await rejectionOf(
      wireClient({ status: 404, code: 'NotFound', message: 'Topic does not exist' }).send(command()),
    );
    const { sns } = snsSetup();
    const ours = await rejectionOf(sns.send(command()));

    expect(real).toBeInstanceOf(NotFoundException);
    expect(ours).toBeInstanceOf(NotFoundException);
    expect(String(ours)).toBe('NotFoundException: Topic does not exist');
    expect(ours['Code']).toBe('NotFound');
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  itOnWire('InvalidParameter matches the deserialized wire error', async () => {
    const message = 'Invalid parameter: Amazon SNS does not support this protocol string: carrier-pigeon';
    const input = { TopicArn: TOPIC_ARN, Protocol: 'carrier-pigeon', Endpoint: 'coop' };
    const real = await rejectionOf(
      wireClient({ status: 400, code: 'InvalidParameter', message }).send(new SubscribeCommand(input)),
    );
    const { sns } = snsSetup();
    await sns.send(new CreateTopicCommand({ Name: 't' }));
    const ours = await rejectionOf(sns.send(new SubscribeCommand(input)));

    expect(ours).toBeInstanceOf(InvalidParameterException);
    expect(ours.name).toBe('InvalidParameterException');
    expect(ours['Code']).toBe('InvalidParameter');
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  itOnWire('an InvalidParameter message with XML special characters survives the round trip', async () => {
    const message =
      'Invalid parameter: Attributes Reason: FilterPolicy: "key_a" must be an object or an array\n' +
      ' at [Source: (String)"{"key_a":"value_one"}"; line: 1, column: 11]';
    const input = {
      TopicArn: TOPIC_ARN,
      Protocol: 'sqs',
      Endpoint: 'arn:aws:sqs:us-east-1:000000000000:q',
      Attributes: { FilterPolicy: '{"key_a":"value_one"}' },
    };
    const real = await rejectionOf(
      wireClient({ status: 400, code: 'InvalidParameter', message }).send(new SubscribeCommand(input)),
    );
    const { sns } = snsSetup();
    await sns.send(new CreateTopicCommand({ Name: 't' }));
    const ours = await rejectionOf(sns.send(new SubscribeCommand(input)));
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  itOnWire('an unmodelled ValidationError matches the deserialized wire error', async () => {
    const message =
      "1 validation error detected: Value null at 'messageAttributes.attr1.member.dataType' failed to satisfy constraint: Member must not be null";
    const input = {
      TopicArn: TOPIC_ARN,
      Message: 'm',
      MessageAttributes: { attr1: { StringValue: 'v' } as MessageAttributeValue },
    };
    const real = await rejectionOf(
      wireClient({ status: 400, code: 'ValidationError', message }).send(new PublishCommand(input)),
    );
    const { sns } = snsSetup();
    await sns.send(new CreateTopicCommand({ Name: 't' }));
    const ours = await rejectionOf(sns.send(new PublishCommand(input)));

    expect(real.constructor).toBe(SNSServiceException);
    expect(ours.constructor).toBe(SNSServiceException);
    expect(ours.name).toBe('ValidationError');
    expect(String(ours)).toBe(`ValidationError: ${message}`);
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  it('gives each error its own request id, the same as in $metadata and RequestId', async () => {
    const { sns } = snsSetup();
    const first = await rejectionOf(sns.send(new GetTopicAttributesCommand({ TopicArn: TOPIC_ARN })));
    const second = await rejectionOf(sns.send(new GetTopicAttributesCommand({ TopicArn: TOPIC_ARN })));
    expect(first['RequestId']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((first['$metadata'] as { requestId: string }).requestId).toBe(first['RequestId']);
    expect(second['RequestId']).not.toBe(first['RequestId']);
  });
});

describe('the SNS plugin on another client', () => {
  it('gives a clear error on an SQSClient and never reaches the network', async () => {
    const aws = createAwsMock();
    const calls: unknown[] = [];
    const sqs = new SQSClient({
      region: 'us-east-1',
      requestHandler: { ...networkTrap, handle: (request: unknown) => (calls.push(request), networkTrap.handle()) },
    });
    sqs.middlewareStack.use(aws.sns);
    const error = await rejectionOf(sqs.send(new ListQueuesCommand({})));
    expect(error.message).toBe('sqs-sns-mock: the SNS mock was added to an SQSClient; add it to an SNSClient.');
    expect(calls).toEqual([]);
  });

  it('answers on an SNSClient without reaching the network', async () => {
    const { sns } = snsSetup();
    expect((await sns.send(new ListSubscriptionsCommand({}))).Subscriptions).toEqual([]);
  });
});
