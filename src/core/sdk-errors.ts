import { createRequire } from 'node:module';
import type { AwsError } from './aws-error.js';
import type { ExceptionStyle, SdkModule, ServiceSdk } from './service-module.js';

/**
 * Turns an AwsError into the exception the user's own copy of the SDK would have thrown for the same
 * wire response: the modelled class where there is one, with the fields its deserializer sets, in the
 * same order and enumerability (docs/aws-behaviour/sdk.md §3). Each service's own style is in its folder
 * (sqs/sdk.ts, sns/sdk.ts, lambda/sdk.ts), built from the helpers here.
 */
export type ExceptionClass = new (options: Readonly<Record<string, unknown>>) => Error;

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
 * The errors each operation of a service's model lists, by operation name: the generated deserializers of the SDKs
 * before schemas (`schemaDriven`) build a modelled class only for an error its operation lists, and the service's base
 * exception for any other (docs/aws-behaviour/sdk.md §3.7). An error a later model added to an operation whose class
 * an earlier SDK already had names `since`, an export that came with that model.
 */
export type OperationErrors = Readonly<
  Record<string, readonly (string | { readonly shape: string; readonly since: string })[]>
>;

/**
 * Whether this copy of the SDK deserializes by schemas, and so builds an error's modelled class whichever operation
 * answered it (sdk.md §3.7): its package exports the schema of its base exception (`S3ServiceException$`), which the
 * SDKs with generated deserializers (3.347.1 among them) do not.
 */
export function schemaDriven(sdk: SdkModule, base: string): boolean {
  return sdk[`${base}$`] !== undefined;
}

/** Whether `action`'s generated deserializer in this SDK has a class for the error `shape` (see OperationErrors). */
export function listedFor(errors: OperationErrors, action: string, sdk: SdkModule): (shape: string) => boolean {
  const listed = errors[action] ?? [];
  return (shape) =>
    listed.some((entry) =>
      typeof entry === 'string' ? entry === shape : entry.shape === shape && sdk[entry.since] !== undefined,
    );
}

/**
 * The class the user's SDK would pick, and the name it would give: the modelled class when this SDK version
 * exports it (and, given `listed`, the operation lists it), else the service's base exception named by the AWS code
 * (as older SDKs did for errors they did not model yet).
 */
export function exceptionClass(
  sdk: SdkModule,
  error: AwsError,
  base: string,
  listed?: (shape: string) => boolean,
): { Ctor: ExceptionClass; name: string; modelled: boolean } {
  const modelledClass = error.shape === undefined || listed?.(error.shape) === false ? undefined : sdk[error.shape];
  if (typeof modelledClass === 'function')
    return { Ctor: modelledClass as ExceptionClass, name: error.shape!, modelled: true };
  const baseClass = sdk[base];
  if (typeof baseClass !== 'function') throw new Error(`sqs-sns-mock: the SDK exports no ${base}`);
  return { Ctor: baseClass as ExceptionClass, name: error.code, modelled: false };
}

/** The `$metadata` of an answered error; `extendedRequestId` is the `x-amz-id-2` S3 answers. */
export function metadata(status: number, requestId: string, extendedRequestId?: string) {
  return {
    httpStatusCode: status,
    requestId,
    extendedRequestId,
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

/**
 * What the SDK's `decorateServiceException` does once it has built an exception (every version, sdk.md §3.7): each
 * member of the error body the exception lacks, or has empty, is set, in the body's order; then `message` is the
 * exception's own, else the body's `Message`, else `UnknownError`, and `Message` goes.
 */
export function decorateServiceException(exception: Error, body: Readonly<Record<string, unknown>>): Error {
  const target = exception as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && (target[key] == undefined || target[key] === '')) target[key] = value;
  }
  target['message'] = target['message'] || target['Message'] || 'UnknownError';
  delete target['Message'];
  return exception;
}

/**
 * An exception as the SDKs with generated deserializers build it (sdk.md §3.7): a modelled class from its `$metadata`
 * and the error's members (its constructor keeps those it declares, a `message` not enumerable), else the base
 * exception named by the code with `$fault: 'client'` whatever the status; then the body decorates it.
 */
export function generatedException(
  Ctor: ExceptionClass,
  modelled: boolean,
  name: string,
  members: Readonly<Record<string, unknown>>,
  body: Readonly<Record<string, unknown>>,
  $metadata: ReturnType<typeof metadata>,
): Error {
  const exception = modelled ? new Ctor({ $metadata, ...members }) : new Ctor({ name, $fault: 'client', $metadata });
  hideResponse(exception);
  return decorateServiceException(exception, body);
}

/**
 * The exception style of an AWS JSON service (EventBridge, Step Functions: docs/aws-behaviour/eventbridge.md §9,
 * sdk.md §3.7) whose errors are `{"__type": "<Code>", "message": …}`. The schema-driven SDKs build the class the
 * `__type` names and assign `$metadata`, `message` and the class's members, the body then adding `__type`; any other
 * code is the base exception with the body's members. The generated deserializers before them: see
 * `generatedException`, the class only for an error the operation lists in `operationErrors` (when given: read only
 * for such an SDK, so the table can load with the service's part).
 */
export function jsonProtocolException(base: string, operationErrors?: () => OperationErrors): ExceptionStyle {
  return (sdk, error, requestId, action) => {
    const body = { __type: error.shape ?? error.wireType ?? error.code, message: error.message, ...error.fields };
    const $metadata = metadata(error.status, requestId);
    if (!schemaDriven(sdk, base)) {
      const listed = operationErrors && listedFor(operationErrors(), action, sdk);
      const { Ctor, name, modelled } = exceptionClass(sdk, error, base, listed);
      return generatedException(Ctor, modelled, name, { message: error.message, ...error.fields }, body, $metadata);
    }
    const { Ctor, name, modelled } = exceptionClass(sdk, error, base);
    const exception = new Ctor({ name, $fault: error.status >= 500 ? 'server' : 'client' });
    hideResponse(exception);
    if (!modelled) return Object.assign(exception, { $metadata }, body);
    Object.assign(exception, { $metadata, message: error.message });
    return decorateServiceException(exception, body);
  };
}

/** The exception of `own`, the copy of the SDK the command came from when known, else of the copy the mock loads. */
export async function toSdkException(
  sdk: ServiceSdk,
  error: AwsError,
  requestId: string,
  action: string,
  own?: SdkModule,
): Promise<Error> {
  return sdk.exception(own ?? (await loadSdk(sdk)), error, requestId, action);
}
