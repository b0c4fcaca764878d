import { loadSdk, requireSdk } from '../../core/sdk-errors.js';
import type { ServiceSdk } from '../../core/service-module.js';
import { textOf } from '../../core/util/text.js';
import type { InstallableClients, InstallablePlugin } from './clients.js';
import { activateInstall, hookPackage, type Middleware, type SdkModule } from './command-hook.js';
import { waitSends } from './send-bridge.js';

/** What `aws.install(Class)` returns. */
export interface InstallHandle {
  /** Undoes this install: clients of the class are no longer answered by this mock (another install may answer). */
  restore(): void;
}

/** The SDK packages already loaded, by package name, so an install after the first is in force at once. */
const loadedSdks = new Map<string, SdkModule>();

/** @internal For tests: forgets the loaded packages, so the next install waits for its import as the first does. */
export function forgetLoadedSdks(): void {
  loadedSdks.clear();
}

/**
 * Makes the commands of the service's SDK package carry their client's config, for the plugin added with `use()`,
 * before any of them is sent: the package `require` finds is hooked at once, and the one the mock's import gives
 * once it settles, for the setups where they differ (docs/aws-behaviour/sdk-reach.md §3.5, §3.8).
 */
export function handClientConfig(service: ServiceSdk): void {
  const { clientName } = service;
  const known = loadedSdks.get(service.packageName);
  if (known) return hookPackage(known, clientName);
  const required = requireSdk(service);
  if (required) hookPackage(required, clientName);
  loadSdk(service).then(
    (sdk) => {
      loadedSdks.set(service.packageName, sdk);
      hookPackage(sdk, clientName);
    },
    () => {},
  );
}

/** Whether the mock's own import of the service's package has settled and been hooked. */
export function sdkHooked(service: ServiceSdk): boolean {
  return loadedSdks.has(service.packageName);
}

export function captureMiddleware(plugin: InstallablePlugin): Middleware {
  let captured: Middleware | undefined;
  plugin.applyToStack({ add: (middleware) => (captured = middleware as Middleware) });
  if (!captured) throw new Error('sqs-sns-mock: the plugin added no middleware');
  return captured;
}

function otherCopyError(clientName: string, service: ServiceSdk): Error {
  const pkg = service.packageName;
  return new Error(
    `sqs-sns-mock: aws.install(${clientName}) was given a ${clientName} of another copy of ${pkg} than the one ` +
      `sqs-sns-mock loads (import('${pkg}') from its own folder), so its commands cannot be reached: install the ` +
      `class of that copy only (npm dedupe), or add the mock to each client: ` +
      `client.middlewareStack.use(aws.${service.service.toLowerCase()}).`,
  );
}

/**
 * Makes every instance of `Class`, made before or after, answered by the plugin of `clients` that serves it
 * (docs/aws-behaviour/sdk-reach.md §2).
 */
export function installClient(Class: unknown, clients: InstallableClients): InstallHandle {
  const clientName = typeof Class === 'function' ? Class.name : '';
  const client = clients.get(clientName);
  if (!client || typeof Class !== 'function') {
    throw new TypeError(
      `sqs-sns-mock: aws.install() takes an SDK client class (${[...clients.keys()].join(', ')}), ` +
        `got ${typeof Class === 'function' ? `a class named "${clientName}"` : textOf(Class)}`,
    );
  }
  const middleware = captureMiddleware(client.plugin);
  const activate = (sdk: SdkModule): (() => void) => {
    if (sdk[clientName] !== Class) throw otherCopyError(clientName, client.sdk);
    return activateInstall({ clientName, sdk, middleware });
  };

  const known = loadedSdks.get(client.sdk.packageName);
  if (known) return handle(activate(known));

  // The first install of a package: its exports come from an import, which settles later. Until then the class's
  // `send` waits for it, so a command sent at once is answered too, and never reaches the network.
  let restored = false;
  let deactivate: (() => void) | undefined;
  const ready = loadSdk(client.sdk).then((sdk) => {
    loadedSdks.set(client.sdk.packageName, sdk);
    if (!restored) deactivate = activate(sdk);
  });
  const endWait = waitSends(Class as abstract new (...args: never[]) => unknown, ready);
  // A class of another copy keeps waiting, its sends failing with the reason, until restore.
  ready.then(endWait, () => {});
  return handle(() => {
    restored = true;
    endWait();
    deactivate?.();
  });
}

function handle(undo: () => void): InstallHandle {
  let done = false;
  return {
    restore() {
      if (done) return;
      done = true;
      undo();
    },
  };
}
