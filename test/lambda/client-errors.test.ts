/**
 * The mock's Lambda errors against the ones the SDK's own REST-JSON deserializer builds from the wire response AWS
 * sends (docs/aws-behaviour/sdk.md §3.6): a second client without the plugin answers through a recorded response.
 */
import {
  InvalidParameterValueException,
  InvalidRequestContentException,
  InvokeCommand,
  LambdaClient,
  LambdaServiceException,
  ResourceNotFoundException,
  TooManyRequestsException,
} from '@aws-sdk/client-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { networkTrap, rejectionOf } from '../helpers.js';
import { atLeast } from '../sdk-features.js';
import { expectSameError, wireHandler, type Failure } from '../wire-errors.js';

const lambdaPackage = await import('@aws-sdk/client-lambda/package.json', { with: { type: 'json' } });
/**
 * Only SDKs whose deserializer builds what the library builds can be compared with: run with 3.1164.0 (same) and
 * 3.347.1 (its errors have no `$retryable`, `name` comes first, a body's `message` stays non-enumerable, and its
 * retry middleware retries a 429 even with maxAttempts 1). 3.946.0 is where the SQS and SNS clients' errors became
 * comparable (test/sdk-features.ts), the same @smithy/core release for every client; not bisected for Lambda.
 */
const comparable = atLeast(lambdaPackage.default.version, '3.946.0');

const WIRE_REQUEST_ID = '0d2b3c4e-5f60-4a71-8b92-a3b4c5d6e7f8';
const ACCOUNT = '123456789012';

interface WireError {
  status: number;
  /** `x-amzn-errortype`, as Lambda sends it (the code, then the service's namespace). */
  errorType: string;
  /** The body as AWS sends it: `Message` for ResourceNotFound, `message` for the others (lambda.md §2.3). */
  body: Record<string, string>;
}

function wireClient(wire: WireError): LambdaClient {
  return new LambdaClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
    requestHandler: wireHandler(
      wire.status,
      {
        'x-amzn-errortype': `${wire.errorType}:http://internal.amazon.com/coral/com.amazonaws.awsgirlambda/`,
        'x-amzn-requestid': WIRE_REQUEST_ID,
        'content-type': 'application/json',
      },
      JSON.stringify(wire.body),
    ),
  });
}

let aws: AwsMock;
let lambda: LambdaClient;
beforeEach(() => {
  vi.useFakeTimers();
  aws = createAwsMock({ region: 'eu-west-1', accountId: ACCOUNT });
  // One attempt, as the wire client makes: the SDK's retries of these errors are in test/sdk-retries.test.ts.
  lambda = new LambdaClient({ region: 'eu-west-1', requestHandler: networkTrap, maxAttempts: 1 });
  lambda.middlewareStack.use(aws.lambda);
  aws.lambda.createFunction('strict', async () => null);
  aws.lambda.createFunction('reserved', async () => null, { reservedConcurrency: 0 });
});
afterEach(() => {
  aws.reset();
  vi.useRealTimers();
});

async function expectAsOnTheWire(input: ConstructorParameters<typeof InvokeCommand>[0], wire: WireError) {
  const ours = (await rejectionOf(lambda.send(new InvokeCommand(input)))) as Failure;
  const real = (await rejectionOf(wireClient(wire).send(new InvokeCommand(input)))) as Failure;
  expectSameError(ours, real, WIRE_REQUEST_ID);
  // The deserializer's key order too, which a snapshot of the error would show.
  expect(Object.keys(ours)).toEqual(Object.keys(real));
  expect(Object.getOwnPropertyNames(ours).sort()).toEqual(Object.getOwnPropertyNames(real).sort());
  return ours;
}

describe.runIf(comparable)('Lambda errors, as the SDK deserializes them', () => {
  it('ResourceNotFoundException: the body says Message, the error has message only', async () => {
    const message = `Function not found: arn:aws:lambda:eu-west-1:${ACCOUNT}:function:absent:$LATEST`;
    const error = await expectAsOnTheWire(
      { FunctionName: 'absent' },
      { status: 404, errorType: 'ResourceNotFoundException', body: { Type: 'User', Message: message } },
    );
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(Object.keys(error)).toEqual(['$fault', '$retryable', '$metadata', 'name', 'Type', 'message']);
  });

  it('InvalidRequestContentException', async () => {
    const message =
      "Could not parse request body into json: Could not parse payload into json: Unrecognized token 'nope': was " +
      "expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at [Source: REDACTED " +
      '(`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 5]';
    const error = await expectAsOnTheWire(
      { FunctionName: 'strict', Payload: 'nope' },
      { status: 400, errorType: 'InvalidRequestContentException', body: { Type: 'User', message } },
    );
    expect(error).toBeInstanceOf(InvalidRequestContentException);
  });

  it('InvalidParameterValueException', async () => {
    const message = 'The derived qualifier from the function name does not match the specified qualifier.';
    const error = await expectAsOnTheWire(
      { FunctionName: 'strict:1', Qualifier: '$LATEST' },
      { status: 400, errorType: 'InvalidParameterValueException', body: { Type: 'User', message } },
    );
    expect(error).toBeInstanceOf(InvalidParameterValueException);
  });

  it('TooManyRequestsException, with its Reason', async () => {
    const error = await expectAsOnTheWire(
      { FunctionName: 'reserved' },
      {
        status: 429,
        errorType: 'TooManyRequestsException',
        body: { Reason: 'ReservedFunctionConcurrentInvocationLimitExceeded', Type: 'User', message: 'Rate Exceeded.' },
      },
    );
    expect(error).toBeInstanceOf(TooManyRequestsException);
    expect(Object.keys(error)).toEqual([
      '$fault',
      '$retryable',
      '$metadata',
      'name',
      'retryAfterSeconds',
      'Type',
      'Reason',
      'message',
    ]);
  });

  it('RequestEntityTooLargeException, which the SDK does not model: its base class, named by the code', async () => {
    const payload = `"${'a'.repeat(6_291_455)}"`;
    const error = await expectAsOnTheWire(
      { FunctionName: 'strict', Payload: payload },
      {
        status: 413,
        errorType: 'RequestEntityTooLargeException',
        body: { Type: 'User', message: 'Request must be smaller than 6291456 bytes for the InvokeFunction operation' },
      },
    );
    expect(Object.getPrototypeOf(error)).toBe(LambdaServiceException.prototype);
  });
});
