import { createRequire } from 'node:module';
import type { AwsError } from './aws-error.js';
import type { SdkModule, ServiceSdk } from './service-module.js';

/**
 * Turns an AwsError into the exception the user's own copy of the SDK would have thrown for the same
 * wire response: the modelled class where there is one, with the fields its deserializer sets, in the
 * same order and enumerability (docs/aws-behaviour/sdk.md §3). Each service's own style is in its folder
 * (sqs/sdk.ts, sns/sdk.ts, lambda/sdk.ts), built from the helpers here.
 */
type ExceptionClass = new (options: { name: string; $fault: 'client' | 'server' }) => Error;

const loaded = new Map<string, Promise<SdkModule>>();

/** The user's SDK package, loaded once on first use: either may be absent when the other is used. */
export function loadSdk({ service, packageName: name }: ServiceSdk): Promise<SdkModule> {
  let module = loaded.get(name);
  if (!module) {
    module = import(name).then(
      (m: SdkModule) => m,
      (cause: unknown) => {
        loaded.delete(name);
        throw new Error(`sqs-sns-mock: ${name} could not be loaded; install it to use the ${service} mock.`, { cause });
      },
    );
    loaded.set(name, module);
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
export function requireSdk(sdk: ServiceSdk): SdkModule | undefined {
  try {
    // @ts-ignore -- tsc's CommonJS declaration build refuses import.meta; the CJS bundle rewrites it to __filename.
    requireHere ??= typeof require === 'function' ? require : createRequire(import.meta.url);
    return requireHere(sdk.packageName) as SdkModule;
  } catch {
    return undefined;
  }
}

/**
 * The class the user's SDK would pick, and the name it would give: the modelled class when this SDK version
 * exports it, else the service's base exception named by the AWS code (as older SDKs did for errors they did not
 * model yet).
 */
export function exceptionClass(
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

export function metadata(status: number, requestId: string) {
  return {
    httpStatusCode: status,
    requestId,
    extendedRequestId: undefined,
    cfId: undefined,
    attempts: 1,
    totalRetryDelay: 0,
  };
}

export function hideResponse(error: Error): void {
  // The SDK's class field `$response` is enumerable; the deserializer's is not.
  Object.defineProperty(error, '$response', {
    value: undefined,
    enumerable: false,
    writable: true,
    configurable: true,
  });
}

export async function toSdkException(sdk: ServiceSdk, error: AwsError, requestId: string): Promise<Error> {
  return sdk.exception(await loadSdk(sdk), error, requestId);
}
