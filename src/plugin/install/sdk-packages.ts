/**
 * Every copy of an SDK for JavaScript v3 client package the process loads, hooked as it loads: a handler the server
 * runs resolves `@aws-sdk/client-*` from its own folder, which may be another copy than the one the mock loads, or a
 * package the mock never names (`@aws-sdk/client-dynamodb`), and each must reach the hook before its first command
 * (docs/aws-behaviour/wire.md §14.7). The packages' `main` is their CommonJS build, which Node loads through
 * `Module._load` whether it is required or imported (sdk-reach.md §3.8): the loader is wrapped once per process, and
 * the packages loaded before are found in its cache.
 */
import Module from 'node:module';
import type { SdkModule } from '../../core/service-module.js';
import { hookPackage } from './command-hook.js';
import { rememberCommands } from './command-packages.js';

interface CommonJsLoader {
  _load(request: string, parent: unknown, isMain: boolean): unknown;
  readonly _cache: Readonly<Record<string, { readonly exports?: unknown } | undefined>>;
}

const WATCHING = Symbol.for('sqs-sns-mock.sdk-packages');
const seen = new WeakSet<object>();

/** Hooks every client package loaded so far, and each one loaded from now on. Once per process. */
export function watchSdkPackages(): void {
  const loader = Module as unknown as CommonJsLoader & { [WATCHING]?: true };
  if (loader[WATCHING]) return;
  Object.defineProperty(loader, WATCHING, { value: true });
  const load = loader._load;
  loader._load = function (this: unknown, ...args: Parameters<CommonJsLoader['_load']>) {
    const exports = load.apply(this, args);
    seePackage(exports, args[0]);
    return exports;
  };
  for (const [filename, module] of Object.entries(loader._cache)) seePackage(module?.exports, filename);
}

/** Where the SDK's client packages are: `@aws-sdk/client-sqs` required by name, or its path imported. */
const CLIENT_PACKAGE = /@aws-sdk\/client-/;

/**
 * A client package is known by its `$Command` export (docs/aws-behaviour/sdk-reach.md §1.3), or by its name, and its
 * client class by name (`DynamoDBClient`), which the old SDKs' per-command hook needs (§1.4). Most modules loaded are
 * none: one property read tells them apart; only a client package costs more, once.
 */
function seePackage(exports: unknown, request: unknown): void {
  if (typeof exports !== 'object' || exports === null) return;
  let base: unknown;
  try {
    base = (exports as { $Command?: unknown }).$Command;
  } catch {
    return;
  }
  if (typeof base !== 'function' && !(typeof request === 'string' && CLIENT_PACKAGE.test(request))) return;
  if (seen.has(exports)) return;
  seen.add(exports);
  const sdk = exports as SdkModule;
  const clientName = Object.keys(sdk).find((name) => /^[A-Z]\w*Client$/.test(name) && typeof sdk[name] === 'function');
  if (clientName === undefined) return;
  rememberCommands(sdk);
  hookPackage(sdk, clientName);
}
