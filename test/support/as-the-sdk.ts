import { expect } from 'vitest';
import { mayFailSerializer } from '../../src/plugin/sdk-serializer.js';
import { networkTrap } from '../helpers.js';

/**
 * What the SDK's own serializer does with a command whose input it may refuse (a cycle, a BigInt, an object no
 * `String()` converts: docs/aws-behaviour/sdk.md §3.5): a client of the same class without the mock sends it, and a
 * middleware at the start of the build step, right after serialization, stops it there. Nothing goes to the network,
 * and the later steps' own checks (the old SDKs' signer refuses a header that is no string) are left out: the mock
 * reproduces the serializer's.
 */
const SERIALIZED = 'the request was serialized';
const stopAfterSerializing = {
  applyToStack(stack: { add(middleware: unknown, options: object): void }) {
    const stop = () => () => Promise.reject(new Error(SERIALIZED));
    stack.add(stop, { step: 'build', priority: 'high', name: 'testStopAfterSerializing' });
  },
};
/** Or at the end of the SDK's steps, where only the HTTP handler is left: past its checksums and signing. */
const stopBeforeTheHandler = {
  applyToStack(stack: { add(middleware: unknown, options: object): void }) {
    const stop = () => () => Promise.reject(new Error(SERIALIZED));
    stack.add(stop, { step: 'finalizeRequest', priority: 'low', name: 'testStopBeforeTheHandler' });
  },
};

const ignore = () => undefined;
const SILENT = { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore };

interface SdkClient {
  send(command: never): Promise<unknown>;
  middlewareStack: { use(plugin: never): void };
}

/**
 * `'sent'` (the serializer wrote a request; with `upTo: 'handler'`, every step of the SDK before its HTTP handler
 * passed), or the error the SDK threw before.
 */
export async function withoutTheMock(
  clientClass: new (config: object) => SdkClient,
  command: object,
  { upTo = 'serializer' }: { upTo?: 'serializer' | 'handler' } = {},
) {
  const client = new clientClass({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestHandler: networkTrap,
    maxAttempts: 1,
    // The SQS client warns on the console of a QueueUrl it cannot parse; the mocked client's answer says it instead.
    logger: SILENT,
  });
  client.middlewareStack.use((upTo === 'handler' ? stopBeforeTheHandler : stopAfterSerializing) as never);
  try {
    await client.send(command as never);
  } catch (error) {
    return (error as Error).message === SERIALIZED ? 'sent' : (error as Error);
  }
  throw new Error('the command was answered');
}

/**
 * The command through `mocked` (a client with the mock): where the SDK's serializer throws, the mocked client
 * throws the same (class and text); where it sends, `answered` checks the mock's answer. `make` makes the command
 * afresh each time, as a command keeps what its sends added to its stack. Outcomes differ between SDK versions, so
 * the suite holds on the oldest and the newest alike.
 */
export async function expectAsTheSdk(
  mocked: SdkClient,
  make: () => object,
  answered: (sending: Promise<unknown>) => Promise<unknown>,
): Promise<void> {
  const real = await withoutTheMock(mocked.constructor as new (config: object) => SdkClient, make());
  if (real === 'sent') {
    await answered(mocked.send(make() as never));
    return;
  }
  const error = await mocked.send(make() as never).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(real.constructor);
  expect((error as Error).message).toBe(real.message);
}

const generatedCode = new Map<unknown, boolean>();

/**
 * The one difference the mock keeps (docs/aws-behaviour/sdk.md §3.5): the SDKs before schema-driven serialization (no
 * `protocol` object in their client's config) serialize with generated code that calls a member's methods by its
 * modelled type, and throw a TypeError for a value of another type (a number where a list or a Date goes) that
 * src/plugin/sdk-serializer.ts cannot tell from data without the model; running their serializer on every command
 * instead would cost those clients some 40 % per call. `error` is what such a client threw for `input`.
 */
export function isOldSerializerTypeCheck(
  clientClass: new (config: object) => SdkClient,
  input: unknown,
  error: Error,
): boolean {
  let old = generatedCode.get(clientClass);
  if (old === undefined) {
    const { config } = new clientClass({ region: 'us-east-1' }) as unknown as { config: { protocol?: object } };
    old = typeof config.protocol !== 'object';
    generatedCode.set(clientClass, old);
  }
  return old && error instanceof TypeError && !mayFailSerializer(input);
}
