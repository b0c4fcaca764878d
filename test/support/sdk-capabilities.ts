/**
 * What the copy of `@aws-sdk/client-s3` and `@aws-sdk/client-sfn` the suite runs against does (`npm test`: the
 * devDependencies; `npm run test:sdk-range`: the oldest and newest of sdk-range/), probed from the SDK itself, never
 * from the mock: a test of a behaviour only some SDK versions have asks here instead of assuming the newest
 * (docs/aws-behaviour/s3.md §5.4, sdk.md §3.7).
 */
import * as S3 from '@aws-sdk/client-s3';
import * as SFN from '@aws-sdk/client-sfn';
import { Readable } from 'node:stream';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

/** The request a fresh client writes for `command`, stopped before it leaves the client. */
async function requestOf(command: object): Promise<{ headers: Record<string, string> }> {
  const client = new S3.S3Client({ region: 'us-east-1', credentials });
  let sent: { headers: Record<string, string> } | undefined;
  client.middlewareStack.add(
    () => async (args) => {
      sent = args.request as typeof sent;
      throw new Error('stopped');
    },
    { step: 'finalizeRequest', priority: 'low', name: 'requestProbe' },
  );
  await client.send(command as never).catch(() => undefined);
  return sent!;
}

/** What a fresh client's deserializer makes of a PutObject answered with `headers`. */
async function putObjectOutputFor(headers: Record<string, string>): Promise<Record<string, unknown>> {
  const client = new S3.S3Client({
    region: 'us-east-1',
    credentials,
    requestHandler: {
      handle: async () => ({ response: { statusCode: 200, headers, body: Readable.from([]) } }),
      updateHttpClientConfig(): void {},
      httpHandlerConfigs: () => ({}),
    } as never,
  });
  const output: unknown = await client.send(
    new S3.PutObjectCommand({ Bucket: 'probe', Key: 'k', Body: 'x', ChecksumCRC32: 'jMPe5g==' }),
  );
  return output as Record<string, unknown>;
}

const defaultChecksum = await requestOf(new S3.PutObjectCommand({ Bucket: 'probe', Key: 'k', Body: 'x' }));
const answered = await putObjectOutputFor({
  etag: '"9dd4e461268c8034f5c8564e155c67a6"',
  'x-amz-checksum-crc64nvme': 'TNb5PGbOXWI=',
  'x-amz-checksum-type': 'FULL_OBJECT',
});

export const s3Sdk = {
  /**
   * Whether the client adds a CRC32 to PutObject and UploadPart, and asks GetObject for the checksum, unasked: the
   * `WHEN_SUPPORTED` default from 3.729.0 on; 3.347.1 sends none.
   */
  defaultChecksums: Object.keys(defaultChecksum.headers).some((name) => name.startsWith('x-amz-checksum-')),
  /** Whether its model has `ChecksumType` and CRC64NVME, which an older deserializer leaves out of an answer. */
  checksumType: answered['ChecksumType'] === 'FULL_OBJECT',
  crc64nvme: answered['ChecksumCRC64NVME'] === 'TNb5PGbOXWI=',
  /**
   * Whether it deserializes by schemas (its config has a `protocol`, 3.931.0 on): any modelled error class for any
   * operation, `message` right after `name`; the generated deserializers before build a class only for an error the
   * operation lists, with `name` first and `message` last.
   */
  schemaSerde: typeof (new S3.S3Client({ region: 'us-east-1' }).config as { protocol?: unknown }).protocol === 'object',
} as const;

/** The body a fresh SFN client writes for `command`, stopped before it leaves the client. */
async function sfnBodyOf(command: object): Promise<string> {
  const client = new SFN.SFNClient({ region: 'us-east-1', credentials });
  let body = '';
  client.middlewareStack.add(
    () => async (args) => {
      body = String((args.request as { body?: unknown }).body ?? '');
      throw new Error('stopped');
    },
    { step: 'finalizeRequest', priority: 'low', name: 'requestProbe' },
  );
  await client.send(command as never).catch(() => undefined);
  return body;
}

const TestState = (SFN as Record<string, unknown>)['TestStateCommand'] as (new (input: object) => object) | undefined;
const testStateBody = TestState
  ? await sfnBodyOf(new TestState({ definition: '{}', mock: { result: '{}' }, context: '{}' }))
  : '';

export const sfnSdk = {
  /**
   * Whether the client sends TestState's `mock`, `context` and `stateConfiguration` (the model of late 2025); an
   * older one leaves them out of the request.
   */
  testStateMock: testStateBody.includes('"mock"'),
  /** Whether the installed client-sfn has the command (3.347.1 has no versions, aliases, redrive, TestState, ...). */
  has: (command: string): boolean => typeof (SFN as Record<string, unknown>)[`${command}Command`] === 'function',
  /** As for S3: the schema-driven deserializers build any class; the older ones only those the operation lists. */
  schemaSerde:
    typeof (new SFN.SFNClient({ region: 'us-east-1' }).config as { protocol?: unknown }).protocol === 'object',
} as const;
