import { createRequire } from 'node:module';
import type { AwsError } from './aws-error.js';

/**
 * Turns an AwsError into the exception the user's own copy of the SDK would have thrown for the same
 * wire response: the modelled class where there is one, with the fields its deserializer sets, in the
 * same order and enumerability (docs/aws-behaviour/sdk.md §3).
 */
type SdkModule = Record<string, unknown>;
type ExceptionClass = new (options: { name: string; $fault: 'client' | 'server' }) => Error;

export type ServiceName = 'SQS' | 'SNS' | 'Lambda';

/** The SDK package of each service, as users install it. */
export const SDK_PACKAGE: Readonly<Record<ServiceName, string>> = {
  SQS: '@aws-sdk/client-sqs',
  SNS: '@aws-sdk/client-sns',
  Lambda: '@aws-sdk/client-lambda',
};
const loaded = new Map<ServiceName, Promise<SdkModule>>();

/** The user's SDK package, loaded once on first use: either may be absent when the other is used. */
export function loadSdk(service: ServiceName): Promise<SdkModule> {
  let module = loaded.get(service);
  if (!module) {
    const name = SDK_PACKAGE[service];
    module = import(name).then(
      (m: SdkModule) => m,
      (cause: unknown) => {
        loaded.delete(service);
        throw new Error(`sqs-sns-mock: ${name} could not be loaded; install it to use the ${service} mock.`, { cause });
      },
    );
    loaded.set(service, module);
  }
  return module;
}

let requireHere: ((name: string) => unknown) | undefined;

/**
 * @internal For a set-up whose SDK packages come through a bundler's alias (the project's sdk-range suites), which
 * `require` from the library's folder cannot follow: where `requireSdk` resolves them from instead.
 */
export function requireSdkFrom(require: (name: string) => unknown): void {
  requireHere = require;
}

/**
 * The user's SDK package at once, if `require` finds it, else undefined. The packages' `main` is their CommonJS
 * build and they have no `exports` map, so in Node (and in vitest, which leaves node_modules to Node) an ESM `import`
 * of them gives the very module `require` gives: the mock can hook it before any command is sent, where `loadSdk`
 * settles only after module-loading I/O (docs/aws-behaviour/sdk-reach.md §3.8). The CommonJS build uses its own
 * `require`, so that jest's module registry answers, as it does for the user's code.
 */
export function requireSdk(service: ServiceName): SdkModule | undefined {
  try {
    // @ts-ignore -- tsc's CommonJS declaration build refuses import.meta; the CJS bundle rewrites it to __filename.
    requireHere ??= typeof require === 'function' ? require : createRequire(import.meta.url);
    return requireHere(SDK_PACKAGE[service]) as SdkModule;
  } catch {
    return undefined;
  }
}

/**
 * The class the user's SDK would pick, and the name it would give: the modelled class when this SDK version
 * exports it, else the service's base exception named by the AWS code (as older SDKs did for errors they did not
 * model yet).
 */
function exceptionClass(
  sdk: SdkModule,
  error: AwsError,
  base: string,
): { Ctor: ExceptionClass; name: string; modelled: boolean } {
  const modelledClass = error.shape === undefined ? undefined : sdk[error.shape];
  if (typeof modelledClass === 'function')
    return { Ctor: modelledClass as ExceptionClass, name: error.shape!, modelled: true };
  const baseClass = sdk[base];
  if (typeof baseClass !== 'function') throw new Error(`sqs-sns-mock: the SDK exports no ${base}`);
  return { Ctor: baseClass as ExceptionClass, name: error.code, modelled: false };
}

function metadata(status: number, requestId: string) {
  return {
    httpStatusCode: status,
    requestId,
    extendedRequestId: undefined,
    cfId: undefined,
    attempts: 1,
    totalRetryDelay: 0,
  };
}

function hideResponse(error: Error): void {
  // The SDK's class field `$response` is enumerable; the deserializer's is not.
  Object.defineProperty(error, '$response', {
    value: undefined,
    enumerable: false,
    writable: true,
    configurable: true,
  });
}

export async function toSdkException(service: ServiceName, error: AwsError, requestId: string): Promise<Error> {
  const sdk = await loadSdk(service);
  switch (service) {
    case 'SQS':
      return sqsException(sdk, error, requestId);
    case 'SNS':
      return snsException(sdk, error, requestId);
    case 'Lambda':
      return lambdaException(sdk, error, requestId);
  }
}

/**
 * Lambda speaks REST-JSON (docs/aws-behaviour/sdk.md §3.6): the deserializer builds the class of `x-amzn-errortype`
 * (else the base exception, named by that code), assigns the body's members (`Type`, and e.g. `Reason`) and then
 * `message`, whether the body said `message` or `Message`, and deletes `Message`: the class declares it, the error
 * never has it.
 */
function lambdaException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name } = exceptionClass(sdk, error, 'LambdaServiceException');
  const fault = error.status >= 500 ? 'server' : 'client';
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  Object.assign(exception, {
    $metadata: metadata(error.status, requestId),
    Type: error.type === 'Sender' ? 'User' : 'Service',
    ...error.fields,
    message: error.message,
  });
  delete (exception as { Message?: unknown }).Message;
  return exception;
}

function sqsException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name } = exceptionClass(sdk, error, 'SQSServiceException');
  const fault = error.type === 'Sender' ? 'client' : 'server';
  // No message in the constructor: assigned afterwards it is enumerable, as the deserializer leaves it.
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  const typeName = error.shape ?? error.wireType;
  return Object.assign(exception, {
    $metadata: metadata(error.status, requestId),
    message: error.message,
    Error: { Code: error.code, Type: error.type, Message: error.message },
    Type: error.type,
    Code: error.code,
    ...(typeName ? { __type: `com.amazonaws.sqs#${typeName}` } : {}),
    RequestId: requestId,
  });
}

function snsException(sdk: SdkModule, error: AwsError, requestId: string): Error {
  const { Ctor, name, modelled } = exceptionClass(sdk, error, 'SNSServiceException');
  const fault = error.type === 'Sender' ? 'client' : 'server';
  const exception = new Ctor({ name, $fault: fault });
  hideResponse(exception);
  return Object.assign(exception, {
    $metadata: metadata(error.status, requestId),
    message: error.message,
    Error: { Type: error.type, Code: error.code, Message: error.message },
    Type: error.type,
    Code: error.code,
    ...(modelled ? { xmlns: 'http://sns.amazonaws.com/doc/2010-03-31/', RequestId: requestId } : {}),
  });
}
