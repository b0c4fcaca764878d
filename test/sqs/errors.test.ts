import { ListTopicsCommand, SNSClient } from '@aws-sdk/client-sns';
import {
  AddPermissionCommand,
  CreateQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  InvalidAttributeName,
  PurgeQueueCommand,
  PurgeQueueInProgress,
  QueueDoesNotExist,
  QueueNameExists,
  SetQueueAttributesCommand,
  SQSClient,
  SQSServiceException,
  type QueueAttributeName,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, NotEmulatedError } from '../../src/index.js';
import { networkTrap, rejectionOf, sendUnknownCommand, sqsSetup } from '../helpers.js';
import { expectSameError, wireHandler, type Failure } from '../wire-errors.js';
import { wireErrorsComparable } from '../sdk-features.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

interface WireError {
  status: number;
  /** First part of `x-amzn-query-error`. */
  queryCode: string;
  /** The shape name after `com.amazonaws.sqs#` in the body's `__type`. */
  type: string;
  message: string;
}

/** A full URL: the real SDK's queueUrlMiddleware logs an error for a bare name on its way to the network. */
const Q = 'https://sqs.us-east-1.amazonaws.com/000000000000/q';

const WIRE_REQUEST_ID = '4f6ab8a1-6d84-5a0c-9b53-0c7e3b2a1d11';

/**
 * A second client, without the plugin, whose handler answers the error as SQS's JSON protocol sends it
 * (sdk.md §3.2). The SDK's own deserializer then builds the exception a real AWS call would throw.
 */
function wireClient(wire: WireError): SQSClient {
  return new SQSClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestHandler: wireHandler(
      wire.status,
      {
        'x-amzn-query-error': `${wire.queryCode};Sender`,
        'x-amzn-requestid': WIRE_REQUEST_ID,
        'content-type': 'application/x-amz-json-1.0',
      },
      JSON.stringify({ __type: `com.amazonaws.sqs#${wire.type}`, message: wire.message }),
    ),
  });
}

/** Only SDKs whose deserializer builds what the library builds can be compared with (sdk-features.ts). */
const itOnWire = it.runIf(wireErrorsComparable.sqs);

describe('errors are the ones the SDK builds from a real response', () => {
  itOnWire('QueueDoesNotExist matches the deserialized wire error', async () => {
    const real = await rejectionOf(
      wireClient({
        status: 400,
        queryCode: 'AWS.SimpleQueueService.NonExistentQueue',
        type: 'QueueDoesNotExist',
        message: 'The specified queue does not exist.',
      }).send(new GetQueueUrlCommand({ QueueName: 'nope' })),
    );
    const { sqs } = sqsSetup();
    const ours = await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'nope' })));

    expect(real).toBeInstanceOf(QueueDoesNotExist);
    expect(ours).toBeInstanceOf(QueueDoesNotExist);
    expect(String(ours)).toBe('QueueDoesNotExist: The specified queue does not exist.');
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  itOnWire('an unmodelled InvalidParameterValue matches the deserialized wire error', async () => {
    const message = 'Value crossaccountpermission for parameter Label is invalid. Reason: Already exists.';
    const input = {
      QueueUrl: Q,
      Label: 'crossaccountpermission',
      AWSAccountIds: ['000000000000'],
      Actions: ['ReceiveMessage'],
    };
    const real = await rejectionOf(
      wireClient({
        status: 400,
        queryCode: 'InvalidParameterValue',
        type: 'InvalidParameterValueException',
        message,
      }).send(new AddPermissionCommand(input)),
    );
    const { sqs } = sqsSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await sqs.send(new AddPermissionCommand(input));
    const ours = await rejectionOf(sqs.send(new AddPermissionCommand(input)));

    expect(real.constructor).toBe(SQSServiceException);
    expect(ours.constructor).toBe(SQSServiceException);
    expect(ours.name).toBe('InvalidParameterValue');
    expect(String(ours)).toBe(`InvalidParameterValue: ${message}`);
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  itOnWire('an unmodelled MissingParameter matches the deserialized wire error', async () => {
    const message = 'The request must contain the parameter Attribute.Name.';
    const real = await rejectionOf(
      wireClient({
        status: 400,
        queryCode: 'MissingParameter',
        type: 'MissingRequiredParameterException',
        message,
      }).send(new SetQueueAttributesCommand({ QueueUrl: Q, Attributes: {} })),
    );
    const { sqs } = sqsSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const ours = await rejectionOf(sqs.send(new SetQueueAttributesCommand({ QueueUrl: Q, Attributes: {} })));

    expect(ours.name).toBe('MissingParameter');
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  itOnWire('PurgeQueueInProgress (HTTP 403) matches the deserialized wire error', async () => {
    const message = 'Only one PurgeQueue operation on q is allowed every 60 seconds.';
    const real = await rejectionOf(
      wireClient({
        status: 403,
        queryCode: 'AWS.SimpleQueueService.PurgeQueueInProgress',
        type: 'PurgeQueueInProgress',
        message,
      }).send(new PurgeQueueCommand({ QueueUrl: Q })),
    );
    const { sqs } = sqsSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await sqs.send(new PurgeQueueCommand({ QueueUrl: Q }));
    const ours = await rejectionOf(sqs.send(new PurgeQueueCommand({ QueueUrl: Q })));

    expect(ours).toBeInstanceOf(PurgeQueueInProgress);
    expect((ours['$metadata'] as { httpStatusCode: number }).httpStatusCode).toBe(403);
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  itOnWire(
    'QueueNameExists, whose query code differs from its class, matches the deserialized wire error',
    async () => {
      const message = 'A queue already exists with the same name and a different value for attribute DelaySeconds';
      const input = { QueueName: 'q', Attributes: { DelaySeconds: '2' } };
      const real = await rejectionOf(
        wireClient({ status: 400, queryCode: 'QueueAlreadyExists', type: 'QueueNameExists', message }).send(
          new CreateQueueCommand(input),
        ),
      );
      const { sqs } = sqsSetup();
      await sqs.send(new CreateQueueCommand({ QueueName: 'q', Attributes: { DelaySeconds: '1' } }));
      const ours = await rejectionOf(sqs.send(new CreateQueueCommand(input)));

      expect(ours).toBeInstanceOf(QueueNameExists);
      expect(ours['Code']).toBe('QueueAlreadyExists');
      expectSameError(ours, real, WIRE_REQUEST_ID);
    },
  );

  itOnWire('InvalidAttributeName, which has no separate query code, matches the deserialized wire error', async () => {
    const message = 'Unknown Attribute Bogus.';
    const input = { QueueUrl: Q, AttributeNames: ['Bogus' as QueueAttributeName] };
    const real = await rejectionOf(
      wireClient({ status: 400, queryCode: 'InvalidAttributeName', type: 'InvalidAttributeName', message }).send(
        new GetQueueAttributesCommand(input),
      ),
    );
    const { sqs } = sqsSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const ours = await rejectionOf(sqs.send(new GetQueueAttributesCommand(input)));

    expect(ours).toBeInstanceOf(InvalidAttributeName);
    expectSameError(ours, real, WIRE_REQUEST_ID);
  });

  it('gives each error its own request id, the same as in $metadata', async () => {
    const { sqs } = sqsSetup();
    const first = await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'nope' })));
    const second = await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'nope' })));
    expect(first['RequestId']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((first['$metadata'] as { requestId: string }).requestId).toBe(first['RequestId']);
    expect(second['RequestId']).not.toBe(first['RequestId']);
  });
});

describe('commands that are not emulated', () => {
  function countingClient() {
    const aws = createAwsMock();
    const calls: unknown[] = [];
    const sqs = new SQSClient({
      region: 'us-east-1',
      requestHandler: {
        handle: async (request: unknown) => {
          calls.push(request);
          throw new Error('the network was reached');
        },
        updateHttpClientConfig(): void {},
        httpHandlerConfigs: () => ({}),
      },
    });
    sqs.middlewareStack.use(aws.sqs);
    return { sqs, calls };
  }

  it('answers a command it does not emulate with NotEmulatedError naming it, without reaching the network', async () => {
    const aws = createAwsMock();
    const error = (await sendUnknownCommand(aws.sqs, 'SQSClient').catch((e: Error) => e)) as Error &
      Record<string, unknown>;
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect(error).not.toBeInstanceOf(SQSServiceException);
    expect(error.name).toBe('NotEmulatedError');
    expect(error.message).toBe(
      'sqs-sns-mock: SQS command FutureFeatureCommand is not emulated. The request was not sent to AWS.',
    );
    expect(error['service']).toBe('SQS');
    expect(error['command']).toBe('FutureFeatureCommand');
  });
});

describe('the SQS plugin on another client', () => {
  it('gives a clear error on an SNSClient and never reaches the network', async () => {
    const aws = createAwsMock();
    const calls: unknown[] = [];
    const sns = new SNSClient({
      region: 'us-east-1',
      requestHandler: { ...networkTrap, handle: (request: unknown) => (calls.push(request), networkTrap.handle()) },
    });
    sns.middlewareStack.use(aws.sqs);
    const error = await rejectionOf(sns.send(new ListTopicsCommand({})));
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe('sqs-sns-mock: the SQS mock was added to an SNSClient; add it to an SQSClient.');
    expect(calls).toEqual([]);
  });
});
