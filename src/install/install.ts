import { loadSdk, requireSdk, SDK_PACKAGE, type ServiceName } from '../sdk-errors.js';
import { textOf } from '../util/text.js';
import { INSTALLABLE_CLIENTS, type InstallablePlugins } from './clients.js';
import { activateInstall, hookPackage, type Middleware, type SdkModule } from './command-hook.js';
import { waitSends } from './send-bridge.js';

/** What `aws.install(Class)` returns. */
export interface InstallHandle {
  /** Undoes this install: clients of the class are no longer answered by this mock (another install may answer). */
  restore(): void;
}

/** The SDK packages already loaded, so an install after the first is in force at once. */
const loadedSdks = new Map<ServiceName, SdkModule>();

/** @internal For tests: forgets the loaded packages, so the next install waits for its import as the first does. */
export function forgetLoadedSdks(): void {
  loadedSdks.clear();
}

/**
 * Makes the commands of the service's SDK package carry their client's config, for the plugin added with `use()`,
 * before any of them is sent: the package `require` finds is hooked at once, and the one the mock's import gives
 * once it settles, for the setups where they differ (docs/aws-behaviour/sdk-reach.md §3.5, §3.8).
 */
export function handClientConfig(service: ServiceName, clientName: string): void {
  const known = loadedSdks.get(service);
  if (known) return hookPackage(known, clientName);
  const required = requireSdk(service);
  if (required) hookPackage(required, clientName);
  loadSdk(service).then(
    (sdk) => {
      loadedSdks.set(service, sdk);
      hookPackage(sdk, clientName);
    },
    () => {},
  );
}

/** Whether the mock's own import of the service's package has settled and been hooked. */
export function sdkHooked(service: ServiceName): boolean {
  return loadedSdks.has(service);
}

function captureMiddleware(plugin: { applyToStack(stack: { add(middleware: unknown): void }): void }): Middleware {
  let captured: Middleware | undefined;
  plugin.applyToStack({ add: (middleware) => (captured = middleware as Middleware) });
  if (!captured) throw new Error('sqs-sns-mock: the plugin added no middleware');
  return captured;
}

function otherCopyError(clientName: string, service: ServiceName): Error {
  const pkg = SDK_PACKAGE[service];
  return new Error(
    `sqs-sns-mock: aws.install(${clientName}) was given a ${clientName} of another copy of ${pkg} than the one ` +
      `sqs-sns-mock loads (import('${pkg}') from its own folder), so its commands cannot be reached: install the ` +
      `class of that copy only (npm dedupe), or add the mock to each client: ` +
      `client.middlewareStack.use(aws.${service.toLowerCase()}).`,
  );
}

/**
 * Makes every instance of `Class`, made before or after, answered by the plugin of `plugins` that serves it
 * (docs/aws-behaviour/sdk-reach.md §2).
 */
export function installClient(Class: unknown, plugins: InstallablePlugins): InstallHandle {
  const clientName = typeof Class === 'function' ? Class.name : '';
  const client = Object.hasOwn(INSTALLABLE_CLIENTS, clientName) ? INSTALLABLE_CLIENTS[clientName] : undefined;
  if (!client || typeof Class !== 'function') {
    throw new TypeError(
      `sqs-sns-mock: aws.install() takes an SDK client class (${Object.keys(INSTALLABLE_CLIENTS).join(', ')}), ` +
        `got ${typeof Class === 'function' ? `a class named "${clientName}"` : textOf(Class)}`,
    );
  }
  const middleware = captureMiddleware(client.plugin(plugins));
  const activate = (sdk: SdkModule): (() => void) => {
    if (sdk[clientName] !== Class) throw otherCopyError(clientName, client.service);
    return activateInstall({ clientName, sdk, middleware });
  };

  const known = loadedSdks.get(client.service);
  if (known) return handle(activate(known));

  // The first install of a package: its exports come from an import, which settles later. Until then the class's
  // `send` waits for it, so a command sent at once is answered too, and never reaches the network.
  let restored = false;
  let deactivate: (() => void) | undefined;
  const ready = loadSdk(client.service).then((sdk) => {
    loadedSdks.set(client.service, sdk);
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
