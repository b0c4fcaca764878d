/**
 * What the copy of the AWS SDK the tests run against can do. `npm test` runs the devDependencies; `npm run
 * test:sdk-range` runs the same suite against the oldest and the newest SDK we support (sdk-range/). A test
 * that depends on something only some SDK versions have asks here instead of assuming the newest.
 */
import * as SNS from '@aws-sdk/client-sns';
import * as SQS from '@aws-sdk/client-sqs';

const sqsPackage = await import('@aws-sdk/client-sqs/package.json', { with: { type: 'json' } });
const snsPackage = await import('@aws-sdk/client-sns/package.json', { with: { type: 'json' } });

/** The installed versions of the two clients, e.g. `3.1175.0`. */
export const sqsVersion: string = sqsPackage.default.version;
export const snsVersion: string = snsPackage.default.version;

/** `version >= minimum` for plain `major.minor.patch` versions. */
export function atLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/**
 * Whether the SDK's own deserializers build exactly the exceptions the library builds (src/core/sdk-errors.ts), so that
 * a wire response and the mock can be compared property by property: from 3.946.0 on, for both clients (found by
 * running the wire tests against each version). Before, the SDK set other fields: SQS spoke the Query protocol (XML)
 * up to 3.445.0, where a modelled error even has the message `UnknownError`, and 3.943.0 still threw
 * QueueDoesNotExist as a plain SQSServiceException; SNS errors of 3.445.0 have no enumerable `Code`, `Type` or
 * `message`.
 */
export const wireErrorsComparable = { sqs: atLeast(sqsVersion, '3.946.0'), sns: atLeast(snsVersion, '3.946.0') };

/**
 * Whether `client.send(command, { abortSignal })` hands the signal to middleware (`context.__smithy_context`),
 * which is how the mock ends a long poll on abort. It does from @smithy/core 3.39.0 on; with older SDKs the signal
 * only reaches the HTTP handler, which the mock never calls. Probed, because it depends on the installed
 * @smithy/core, not on the client's version.
 */
export const abortSignalReachesMiddleware: boolean = await (async () => {
  const client = new SQS.SQSClient({ region: 'us-east-1' });
  let seen: unknown;
  client.middlewareStack.add(
    (_next, context) => async () => {
      seen = (context as Record<string, { abortSignal?: unknown } | undefined>)['__smithy_context']?.abortSignal;
      return { output: { $metadata: {} }, response: {} };
    },
    { step: 'initialize', priority: 'low', name: 'abortSignalProbe' },
  );
  await client.send(new SQS.ListQueuesCommand({}), { abortSignal: new AbortController().signal });
  return seen !== undefined;
})();

/**
 * What the installed client-sqs puts on the wire for a ReceiveMessage that asks for every system attribute: its
 * protocol (AWS JSON 1.0 from 3.447.0 on, the Query protocol before: docs/aws-behaviour/wire.md §1), and whether it
 * knows `MessageSystemAttributeNames` (3.347.1 does not, and leaves it out of the request, so AWS answers no
 * attributes; `AttributeNames` is the member every version has). Probed by serializing the request, which a
 * middleware stops before it leaves the client.
 */
export const sqsWire: { readonly protocol: 'AWS JSON 1.0' | 'query'; readonly systemAttributeNames: boolean } =
  await (async () => {
    const client = new SQS.SQSClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'probe', secretAccessKey: 'probe' },
    });
    let sent: { headers: Record<string, string>; body: unknown } | undefined;
    client.middlewareStack.add(
      (_next) => async (args) => {
        sent = args.request as typeof sent;
        return { output: { $metadata: {} }, response: {} } as never;
      },
      { step: 'finalizeRequest', priority: 'low', name: 'sqsWireProbe' },
    );
    const QueueUrl = 'https://sqs.us-east-1.amazonaws.com/000000000000/probe';
    await client.send(new SQS.ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: ['All'] })).catch(() => {
      // The stopped request has no real answer to deserialize; only what was sent matters.
    });
    const contentType = Object.entries(sent?.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
    return {
      protocol: contentType?.[1].includes('x-amz-json-1.0') ? 'AWS JSON 1.0' : 'query',
      systemAttributeNames: bodyText(sent?.body).includes('MessageSystemAttributeName'),
    };
  })();

function bodyText(body: unknown): string {
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  return typeof body === 'string' ? body : '';
}

type SqsExports = Record<string, unknown> & typeof SQS;
type SnsExports = Record<string, unknown> & typeof SNS;

/**
 * Exception classes that older clients do not export: before 3.447.0, client-sqs had no InvalidAttributeValue,
 * RequestThrottled, InvalidAddress, InvalidSecurity or Kms* classes, and the SDK threw those errors as the base
 * SQSServiceException named by their code, as the mock does then. Before client-sns 3.437.0 the same holds for
 * InvalidStateException, except that the SDK named it by its code (InvalidState) and the mock by its shape.
 */
export const InvalidAttributeValue = ((SQS as SqsExports)['InvalidAttributeValue'] ??
  SQS.SQSServiceException) as typeof SQS.InvalidAttributeValue;
export const RequestThrottled = ((SQS as SqsExports)['RequestThrottled'] ??
  SQS.SQSServiceException) as typeof SQS.RequestThrottled;
export const InvalidStateException = ((SNS as SnsExports)['InvalidStateException'] ??
  SNS.SNSServiceException) as typeof SNS.InvalidStateException;

/**
 * How many attempts more than `maxAttempts` the SDK's standard retry strategy makes before an error that keeps being
 * retryable surfaces: 0 today; 1 with the old `@aws-sdk/util-retry` (3.347.1 has it), which counted retries from 0
 * against `maxAttempts` (docs/aws-behaviour/sdk.md §3.4.1). Probed with `maxAttempts: 1` and a 5xx answered below
 * the retry middleware (real time: one backoff of at most 100 ms).
 */
export const extraAttempts: number = await (async () => {
  let calls = 0;
  const client = new SQS.SQSClient({
    region: 'us-east-1',
    maxAttempts: 1,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
  client.middlewareStack.add(
    () => async () => {
      calls++;
      throw Object.assign(new Error('probe'), {
        name: 'InternalError',
        $fault: 'server',
        $metadata: { httpStatusCode: 500 },
      });
    },
    { step: 'finalizeRequest', priority: 'low', name: 'attemptsProbe' },
  );
  await client.send(new SQS.ListQueuesCommand({})).catch(() => undefined);
  return calls - 1;
})();

/** The attempts the SDK makes at most with `maxAttempts` (see extraAttempts). */
export const attemptsFor = (maxAttempts: number): number => maxAttempts + extraAttempts;
