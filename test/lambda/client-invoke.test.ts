/**
 * Invoke through the real LambdaClient with the plugin (docs/aws-behaviour/lambda.md §5, §6): the handler's result
 * or error payload, the payload helpers of the SDK's output, Tail logs, ClientContext, Event and DryRun, AWS's errors.
 */
import {
  GetFunctionCommand,
  InvalidRequestContentException,
  InvokeCommand,
  LambdaClient,
  LambdaServiceException,
  ResourceNotFoundException,
  TooManyRequestsException,
  InvalidParameterValueException,
} from '@aws-sdk/client-lambda';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, NotEmulatedError, type AwsMock } from '../../src/index.js';
import { networkTrap, rejectionOf } from '../helpers.js';
import { expectAsTheSdk } from '../support/as-the-sdk.js';
import { attemptsFor } from '../sdk-features.js';

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const ACCOUNT = '123456789012';

let aws: AwsMock;
let lambda: LambdaClient;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  aws = createAwsMock({ region: 'eu-west-1', accountId: ACCOUNT });
  lambda = new LambdaClient({ region: 'eu-west-1', requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
});
afterEach(() => {
  aws.reset();
  vi.useRealTimers();
});

const text = (payload: Uint8Array | undefined) => Buffer.from(payload ?? new Uint8Array()).toString('utf8');
const json = (value: unknown) => JSON.stringify(value);

describe('Invoke, RequestResponse', () => {
  it('runs the handler with the parsed payload and answers its JSON result, status 200, $LATEST', async () => {
    const fn = aws.lambda.createFunction('echo', async (event: { n: number }) => ({ doubled: event.n * 2 }));
    const out = await lambda.send(new InvokeCommand({ FunctionName: 'echo', Payload: json({ n: 21 }) }));
    expect(out.StatusCode).toBe(200);
    expect(out.ExecutedVersion).toBe('$LATEST');
    expect(out.FunctionError).toBeUndefined();
    expect(out.LogResult).toBeUndefined();
    expect(text(out.Payload)).toBe('{"doubled":42}');
    expect(out.$metadata.httpStatusCode).toBe(200);
    // The invocation's request id is the response's (lambda.md §4).
    const [invocation] = fn.invocations();
    expect(invocation).toMatchObject({ event: { n: 21 }, outcome: 'success', result: { doubled: 42 } });
    expect(invocation!.requestId).toBe(out.$metadata.requestId);
    expect(invocation!.trigger).toEqual({ kind: 'invoke', invocationType: 'RequestResponse' });
  });

  it('answers a Payload that reads as the SDK reads it: Buffer, TextDecoder, transformToString', async () => {
    aws.lambda.createFunction('greet', async () => ({ hello: 'wörld' }));
    const { Payload } = await lambda.send(new InvokeCommand({ FunctionName: 'greet' }));
    expect(Payload).toBeInstanceOf(Uint8Array);
    expect(Payload!.constructor.name).toBe('Uint8ArrayBlobAdapter');
    expect(Buffer.from(Payload!).toString()).toBe('{"hello":"wörld"}');
    expect(new TextDecoder().decode(Payload)).toBe('{"hello":"wörld"}');
    expect(Payload!.transformToString()).toBe('{"hello":"wörld"}');
    expect(Payload!.transformToString('base64')).toBe(Buffer.from('{"hello":"wörld"}').toString('base64'));
    expect(JSON.parse(Payload!.transformToString())).toEqual({ hello: 'wörld' });
  });

  it('takes the payload as a string, bytes, a Buffer, a stream or a Blob; nothing is {}', async () => {
    const fn = aws.lambda.createFunction('seen', async (event: unknown) => event);
    const payloads = [
      '{"a":1}',
      new TextEncoder().encode('{"a":1}'),
      Buffer.from('{"a":1}'),
      Readable.from([Buffer.from('{"a"'), Buffer.from(':1}')]),
      new Blob(['{"a":1}']),
    ];
    for (const Payload of payloads) {
      const out = await lambda.send(new InvokeCommand({ FunctionName: 'seen', Payload: Payload as never }));
      expect(text(out.Payload)).toBe('{"a":1}');
    }
    const empty = await lambda.send(new InvokeCommand({ FunctionName: 'seen' }));
    expect(text(empty.Payload)).toBe('{}');
    expect(fn.invocations().map((i) => i.event)).toEqual([...payloads.map(() => ({ a: 1 })), {}]);
  });

  it('answers a scalar or null result as JSON, undefined as null (lambda.md §5.1)', async () => {
    aws.lambda.createFunction('nothing', async () => undefined);
    aws.lambda.createFunction('word', async () => 'done');
    expect(text((await lambda.send(new InvokeCommand({ FunctionName: 'nothing' }))).Payload)).toBe('null');
    expect(text((await lambda.send(new InvokeCommand({ FunctionName: 'word' }))).Payload)).toBe('"done"');
  });

  it('runs callback handlers and context.succeed', async () => {
    aws.lambda.createFunction(
      'cb',
      (event: { x: number }, _context: unknown, callback: (e: null, r: unknown) => void) =>
        callback(null, { got: event.x }),
    );
    aws.lambda.createFunction('succeed', (_event: unknown, context: { succeed(r: unknown): void }) => {
      context.succeed('ok');
    });
    const cb = await lambda.send(new InvokeCommand({ FunctionName: 'cb', Payload: '{"x":7}' }));
    expect(text(cb.Payload)).toBe('{"got":7}');
    const succeeded = await lambda.send(new InvokeCommand({ FunctionName: 'succeed' }));
    expect(text(succeeded.Payload)).toBe('"ok"');
  });

  it('finds the function by name, partial ARN, ARN and with :$LATEST, as the context shows', async () => {
    const arns: string[] = [];
    const fn = aws.lambda.createFunction('named', async (_e: unknown, context: { invokedFunctionArn: string }) => {
      arns.push(context.invokedFunctionArn);
      return null;
    });
    for (const FunctionName of ['named', `${ACCOUNT}:function:named`, fn.arn, 'named:$LATEST', `${fn.arn}:$LATEST`]) {
      await lambda.send(new InvokeCommand({ FunctionName }));
    }
    await lambda.send(new InvokeCommand({ FunctionName: 'named', Qualifier: '$LATEST' }));
    expect(arns).toEqual([fn.arn, fn.arn, fn.arn, `${fn.arn}:$LATEST`, `${fn.arn}:$LATEST`, `${fn.arn}:$LATEST`]);
  });

  it('hands the ClientContext to the handler, decoded (lambda.md §5.2)', async () => {
    const seen: unknown[] = [];
    aws.lambda.createFunction('ctx', async (_e: unknown, context: { clientContext?: unknown }) => {
      seen.push(context.clientContext);
      return null;
    });
    const clientContext = { custom: { foo: 'bar' }, client: { snap: ['crackle', 'pop'] }, env: { fizz: 'buzz' } };
    const ClientContext = Buffer.from(JSON.stringify(clientContext)).toString('base64');
    await lambda.send(new InvokeCommand({ FunctionName: 'ctx', ClientContext }));
    await lambda.send(new InvokeCommand({ FunctionName: 'ctx' }));
    expect(seen).toEqual([clientContext, undefined]);
  });
});

describe('Invoke, function errors (status 200, FunctionError Unhandled)', () => {
  it('answers an Error as the Node.js runtime reports it (lambda.md §5.3)', async () => {
    aws.lambda.createFunction('fails', async () => {
      throw new TypeError('bad order');
    });
    const out = await lambda.send(new InvokeCommand({ FunctionName: 'fails' }));
    expect(out.StatusCode).toBe(200);
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(out.FunctionError).toBe('Unhandled');
    expect(out.ExecutedVersion).toBe('$LATEST');
    const payload = JSON.parse(text(out.Payload)) as { errorType: string; errorMessage: string; trace: string[] };
    expect(Object.keys(payload)).toEqual(['errorType', 'errorMessage', 'trace']);
    expect(payload.errorType).toBe('TypeError');
    expect(payload.errorMessage).toBe('bad order');
    expect(payload.trace[0]).toBe('TypeError: bad order');
  });

  it('answers a thrown non-Error and callback(error) as Lambda does', async () => {
    aws.lambda.createFunction('string', async () => {
      throw 'just text';
    });
    aws.lambda.createFunction('callback', (_e: unknown, _c: unknown, callback: (e: Error) => void) =>
      callback(new Error('called back')),
    );
    const thrown = await lambda.send(new InvokeCommand({ FunctionName: 'string' }));
    expect(thrown.FunctionError).toBe('Unhandled');
    expect(JSON.parse(text(thrown.Payload))).toEqual({ errorType: 'string', errorMessage: 'just text', trace: [] });
    const called = await lambda.send(new InvokeCommand({ FunctionName: 'callback' }));
    expect(JSON.parse(text(called.Payload))).toMatchObject({ errorType: 'Error', errorMessage: 'called back' });
  });

  it('times out a handler that never settles, on the fake clock (lambda.md §5.4)', async () => {
    const fn = aws.lambda.createFunction('stuck', () => new Promise(() => {}), { timeout: 2 });
    const pending = lambda.send(new InvokeCommand({ FunctionName: 'stuck' }));
    await vi.advanceTimersByTimeAsync(2_000);
    const out = await pending;
    expect(out.StatusCode).toBe(200);
    expect(out.FunctionError).toBe('Unhandled');
    expect(JSON.parse(text(out.Payload))).toEqual({
      errorType: 'Sandbox.Timedout',
      errorMessage: `RequestId: ${out.$metadata.requestId} Error: Task timed out after 2.00 seconds`,
    });
    expect(fn.invocations()[0]!.outcome).toBe('timeout');
  });
});

describe('Invoke, LogType Tail', () => {
  const decode = (log: string | undefined) =>
    Buffer.from(log ?? '', 'base64')
      .toString('utf8')
      .split('\n');

  it('answers the START, END and REPORT lines of the invocation, base64', async () => {
    aws.lambda.createFunction('logged', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_250));
      return 'ok';
    });
    const pending = lambda.send(new InvokeCommand({ FunctionName: 'logged', LogType: 'Tail' }));
    await vi.advanceTimersByTimeAsync(1_250);
    const out = await pending;
    const id = out.$metadata.requestId;
    expect(decode(out.LogResult)).toEqual([
      `START RequestId: ${id} Version: $LATEST`,
      `END RequestId: ${id}`,
      `REPORT RequestId: ${id}\tDuration: 1250.00 ms\tBilled Duration: 1250 ms\tMemory Size: 128 MB\tMax Memory Used: 64 MB\t`,
      '',
    ]);
    expect(Object.keys(out)).toEqual(['$metadata', 'Payload', 'ExecutedVersion', 'LogResult', 'StatusCode']);
  });

  it('adds the runtime error line for a function error and the timeout line for a timeout', async () => {
    aws.lambda.createFunction('broken', async () => {
      throw new Error('boom');
    });
    aws.lambda.createFunction('slow', () => new Promise(() => {}), { timeout: 1 });
    const broken = await lambda.send(new InvokeCommand({ FunctionName: 'broken', LogType: 'Tail' }));
    const errorLine = decode(broken.LogResult)[1]!;
    expect(errorLine).toMatch(/^2026-01-02T03:04:05\.000Z\t[0-9a-f-]{36}\tERROR\tInvoke Error \t\{"errorType":"Error"/);
    expect(Object.keys(broken)).toContain('FunctionError');
    const pending = lambda.send(new InvokeCommand({ FunctionName: 'slow', LogType: 'Tail' }));
    await vi.advanceTimersByTimeAsync(1_000);
    const slow = await pending;
    expect(decode(slow.LogResult)[1]).toBe(
      `2026-01-02T03:04:06.000Z ${slow.$metadata.requestId} Task timed out after 1.00 seconds`,
    );
  });

  it('keeps only the last 4 KB', async () => {
    aws.lambda.createFunction('long', async () => {
      throw new Error('x'.repeat(10_000));
    });
    const out = await lambda.send(new InvokeCommand({ FunctionName: 'long', LogType: 'Tail' }));
    const log = Buffer.from(out.LogResult!, 'base64');
    expect(log.length).toBe(4096);
    expect(log.toString()).toMatch(/REPORT RequestId: .*\n$/);
  });
});

describe('Invoke, Event and DryRun', () => {
  it('queues an Event for asynchronous invocation: 202, no payload, the invocation request id', async () => {
    const enqueue = vi
      .spyOn(aws.lambda.asyncInvocations, 'enqueue')
      .mockImplementation(() => '7f1c4a52-0b51-4a3e-9b9a-3a34c8b8e001');
    const fn = aws.lambda.createFunction('later', async () => null);
    const out = await lambda.send(
      new InvokeCommand({ FunctionName: 'later', InvocationType: 'Event', Payload: '{"k":"v"}' }),
    );
    expect(out.StatusCode).toBe(202);
    expect(out.$metadata.httpStatusCode).toBe(202);
    expect(out.$metadata.requestId).toBe('7f1c4a52-0b51-4a3e-9b9a-3a34c8b8e001');
    // As the SDK's deserializer answers an empty body (sdk.md §3.6).
    expect(out.Payload).toBeNull();
    expect(out.ExecutedVersion).toBeUndefined();
    expect(enqueue).toHaveBeenCalledTimes(1);
    const [target, event, trigger] = enqueue.mock.calls[0]!;
    expect(target.arn).toBe(fn.arn);
    expect(event).toEqual({ k: 'v' });
    expect(trigger).toEqual({ kind: 'invoke', invocationType: 'Event' });
  });

  it('runs an Event later, with the request id Invoke answered', async () => {
    const arns: string[] = [];
    const fn = aws.lambda.createFunction('later', async (_e: unknown, context: { invokedFunctionArn: string }) => {
      arns.push(context.invokedFunctionArn);
      return null;
    });
    const out = await lambda.send(
      new InvokeCommand({ FunctionName: 'later:$LATEST', InvocationType: 'Event', Payload: '{"k":"v"}' }),
    );
    expect(out.StatusCode).toBe(202);
    await aws.idle();
    const [invocation] = fn.invocations();
    expect(invocation).toMatchObject({ event: { k: 'v' }, outcome: 'success' });
    expect(invocation!.requestId).toBe(out.$metadata.requestId);
    expect(arns).toEqual([`${fn.arn}:$LATEST`]);
  });

  it('checks a DryRun without running anything: 204', async () => {
    const fn = aws.lambda.createFunction('dry', async () => null);
    const out = await lambda.send(new InvokeCommand({ FunctionName: 'dry', InvocationType: 'DryRun' }));
    expect(out.StatusCode).toBe(204);
    expect(out.$metadata.httpStatusCode).toBe(204);
    expect(out.Payload).toBeNull();
    expect(fn.invocations()).toEqual([]);
    const missing = await rejectionOf(
      lambda.send(new InvokeCommand({ FunctionName: 'nope', InvocationType: 'DryRun' })),
    );
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
  });
});

describe('Invoke, errors as the SDK throws them (lambda.md §6)', () => {
  it('answers an unknown function with its ARN and $LATEST, 404', async () => {
    const error = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'doesnotexist' })));
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(error.message).toBe(`Function not found: arn:aws:lambda:eu-west-1:${ACCOUNT}:function:doesnotexist:$LATEST`);
    expect(error['$metadata']).toMatchObject({ httpStatusCode: 404 });
    expect(error['Type']).toBe('User');
    expect('Message' in error).toBe(false);
  });

  it('refuses a FunctionName that breaks the documented pattern as ValidationException 400 (lambda.md §6.3)', async () => {
    const pattern =
      '(arn:(aws[a-zA-Z-]*)?:lambda:)?((eusc-)?[a-z]{2}((-gov)|(-iso([a-z]?)))?-[a-z]+-\\d{1}:)?(\\d{12}:)?' +
      '(function:)?([a-zA-Z0-9-_\\.]+)(:(\\$LATEST(\\.PUBLISHED)?|[a-zA-Z0-9-_]+))?';
    for (const name of ['arn:aws:lambda:eu-west-1:123400000000@function:myfn', 'a b', 'fn:1:2:3', 'f/g']) {
      const error = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: name })));
      expect(error).toBeInstanceOf(LambdaServiceException);
      expect(error.name).toBe('ValidationException');
      expect(error['$metadata']).toMatchObject({ httpStatusCode: 400 });
      expect(error.message).toBe(
        `1 validation error detected: Value '${name}' at 'functionName' failed to satisfy constraint: ` +
          `Member must satisfy regular expression pattern: ${pattern}`,
      );
    }
    const long = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'f'.repeat(257) })));
    expect(long.name).toBe('ValidationException');
    expect(long.message).toMatch(/Member must have length less than or equal to 256$/);
    // Within the pattern but naming nothing: not found, as before.
    const dotted = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'my.fn' })));
    expect(dotted).toBeInstanceOf(ResourceNotFoundException);
  });

  it('answers a version or alias qualifier as not found, and a mismatched one as AWS does', async () => {
    const fn = aws.lambda.createFunction('versions', async () => null);
    const alias = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'versions', Qualifier: 'live' })));
    expect(alias).toBeInstanceOf(ResourceNotFoundException);
    expect(alias.message).toBe(`Function not found: ${fn.arn}:live`);
    const version = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: `${fn.arn}:1` })));
    expect(version.message).toBe(`Function not found: ${fn.arn}:1`);
    const mismatch = await rejectionOf(
      lambda.send(new InvokeCommand({ FunctionName: `${fn.arn}:1`, Qualifier: '$LATEST' })),
    );
    expect(mismatch).toBeInstanceOf(InvalidParameterValueException);
    expect(mismatch.message).toBe(
      'The derived qualifier from the function name does not match the specified qualifier.',
    );
  });

  it('refuses a payload that is not JSON with the parser message AWS recorded', async () => {
    const fn = aws.lambda.createFunction('strict', async () => null);
    const notJson = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'strict', Payload: "'test'" })));
    expect(notJson).toBeInstanceOf(InvalidRequestContentException);
    expect(notJson['$metadata']).toMatchObject({ httpStatusCode: 400 });
    expect(notJson.message).toBe(
      'Could not parse request body into json: Could not parse payload into json: Unexpected character (' +
        "''' (code 39)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or " +
        "'false')\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1]",
    );
    // The two recorded byte payloads (test_lambda_invoke_payload_encoding_error, 2025-11).
    const body = await rejectionOf(
      lambda.send(
        new InvokeCommand({
          FunctionName: 'strict',
          Payload: Buffer.from('n\x87r\x9e\xe9\xb5\xd7I\xee\x9bmt', 'latin1'),
        }),
      ),
    );
    expect(body.message).toBe(
      'Could not parse request body into json: Could not parse payload into json: Invalid UTF-8 start byte 0x87\n' +
        ' at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 3]',
    );
    const message = await rejectionOf(
      lambda.send(
        new InvokeCommand({ FunctionName: 'strict', Payload: Buffer.from('\x99\xeb,j\x07\xa1zYh', 'latin1') }),
      ),
    );
    expect(message.message).toBe(
      'Could not parse request body into json: Could not parse payload into json: Unexpected character ((CTRL-CHAR, ' +
        "code 153)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n" +
        ' at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1]',
    );
    expect(fn.invocations()).toEqual([]);
  });

  it('refuses a ClientContext that is not base64 of a JSON object', async () => {
    aws.lambda.createFunction('ctx', async () => null);
    for (const ClientContext of ['string', Buffer.from('[1]').toString('base64')]) {
      const error = await rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'ctx', ClientContext })));
      expect(error).toBeInstanceOf(InvalidRequestContentException);
      expect(error.message).toBe('Client context must be a valid Base64-encoded JSON object.');
    }
  });

  it('throttles past the reserved concurrency: 429 Rate Exceeded. with its Reason (lambda.md §2.12)', async () => {
    aws.lambda.createFunction('reserved', () => new Promise(() => {}), { reservedConcurrency: 1, timeout: 10 });
    aws.lambda.createFunction('none', async () => null, { reservedConcurrency: 0 });
    const first = lambda.send(new InvokeCommand({ FunctionName: 'reserved' }));
    // The SDK retries a throttle (docs/aws-behaviour/sdk.md §3.4.1): its three attempts (four on old SDKs,
    // sdk-features.ts), with their backoff (at most 1 + 2 s; 0.5 + 1 + 2 s on old SDKs), all fall within the first
    // handler's 10 s.
    const throttled = rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'reserved' })));
    const none = rejectionOf(lambda.send(new InvokeCommand({ FunctionName: 'none' })));
    await vi.advanceTimersByTimeAsync(5_000);
    const second = await throttled;
    expect(second).toBeInstanceOf(TooManyRequestsException);
    expect(second.message).toBe('Rate Exceeded.');
    expect(second['Reason']).toBe('ReservedFunctionConcurrentInvocationLimitExceeded');
    expect(second['Type']).toBe('User');
    expect(second['$metadata']).toMatchObject({ httpStatusCode: 429, attempts: attemptsFor(3) });
    const zero = await none;
    expect(zero).toBeInstanceOf(TooManyRequestsException);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await first).FunctionError).toBe('Unhandled');
  });

  it('refuses a payload over 6 MB, or over 1 MB for Event, as RequestEntityTooLargeException 413', async () => {
    const fn = aws.lambda.createFunction('big', async () => null);
    const sync = await rejectionOf(
      lambda.send(new InvokeCommand({ FunctionName: 'big', Payload: `"${'a'.repeat(6_291_455)}"` })),
    );
    // The SDK does not model the code: its base class, named by it.
    expect(sync).toBeInstanceOf(LambdaServiceException);
    expect(sync.name).toBe('RequestEntityTooLargeException');
    expect(sync.message).toBe('Request must be smaller than 6291456 bytes for the InvokeFunction operation');
    expect(sync['$metadata']).toMatchObject({ httpStatusCode: 413 });
    const payload = `"${'a'.repeat(1_048_575)}"`;
    const event = await rejectionOf(
      lambda.send(new InvokeCommand({ FunctionName: 'big', InvocationType: 'Event', Payload: payload })),
    );
    expect(event.message).toBe('1048577 byte payload is too large for the Event invocation type (limit 1048576 bytes)');
    // Right at the limits: accepted.
    await lambda.send(new InvokeCommand({ FunctionName: 'big', Payload: `"${'a'.repeat(6_291_454)}"` }));
    expect(fn.invocations()).toHaveLength(1);
  });

  it('refuses what the SDK itself refuses: no FunctionName; and bad enum values as AWS validation', async () => {
    await expect(lambda.send(new InvokeCommand({} as never))).rejects.toThrow(
      'No value provided for input HTTP label: FunctionName.',
    );
    aws.lambda.createFunction('f', async () => null);
    const type = await rejectionOf(
      lambda.send(new InvokeCommand({ FunctionName: 'f', InvocationType: 'Later' as never })),
    );
    expect(type.name).toBe('ValidationException');
    expect(type.message).toBe(
      "1 validation error detected: Value 'Later' at 'invocationType' failed to satisfy constraint: Member must " +
        'satisfy enum value set: [Event, RequestResponse, DryRun]',
    );
  });

  it('answers values of the wrong type with an AWS error, never a crash of the mock', async () => {
    aws.lambda.createFunction('f', async (event: unknown) => event);
    const odd: unknown[] = [5n, Symbol('s'), () => 1, Object.create(null), {}, [], 7, true, { toString: 0 }];
    for (const value of odd) {
      for (const member of ['FunctionName', 'Qualifier', 'InvocationType', 'ClientContext', 'LogType']) {
        // Where the SDK's serializer refuses the value, the mocked client throws its error (sdk.md §3.5).
        await expectAsTheSdk(
          lambda,
          () => new InvokeCommand({ FunctionName: 'f', [member]: value } as never),
          async (sending) => expect(await rejectionOf(sending)).toBeInstanceOf(LambdaServiceException),
        );
      }
      // What the SDK's serializer cannot send either: refused before anything runs.
      await expectAsTheSdk(
        lambda,
        () => new InvokeCommand({ FunctionName: 'f', Payload: value as never }),
        async (sending) =>
          expect((await rejectionOf(sending)).message).toMatch(
            /^sqs-sns-mock: Invoke's Payload is a string, a Uint8Array/,
          ),
      );
    }
  });

  it('answers a command it does not emulate with NotEmulatedError, never the network', async () => {
    const error = await rejectionOf(lambda.send(new GetFunctionCommand({ FunctionName: 'f' })));
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect(error.message).toContain('Lambda command GetFunctionCommand is not emulated');
  });
});

describe('Invoke in a region', () => {
  it("acts in the client's region; an ARN names its own", async () => {
    const here = aws.lambda.createFunction('regional', async () => 'eu-west-1');
    const east = new LambdaClient({ region: 'us-east-2', requestHandler: networkTrap });
    east.middlewareStack.use(aws.lambda);
    const error = await rejectionOf(east.send(new InvokeCommand({ FunctionName: 'regional' })));
    expect(error.message).toBe(`Function not found: arn:aws:lambda:us-east-2:${ACCOUNT}:function:regional:$LATEST`);
    const byArn = await east.send(new InvokeCommand({ FunctionName: here.arn }));
    expect(text(byArn.Payload)).toBe('"eu-west-1"');
  });
});
