/**
 * Reaches every command an SDK client class sends, without touching the client or its `send`: the hook sits where a
 * command builds its handler, and adds there a shim middleware that hands the command to whichever install is
 * current (docs/aws-behaviour/sdk-reach.md §1, §2).
 */

export type SdkModule = Readonly<Record<string, unknown>>;
type Handler = (args: unknown) => Promise<unknown>;
export type Middleware = (next: Handler, context: Record<string, unknown>) => Handler;

interface CommandLike {
  readonly constructor: unknown;
  readonly middlewareStack: { add(middleware: Middleware, options: object): void };
}

/** One live `aws.install(Class)`: its package (whose command classes it answers) and the mock's middleware. */
export interface ActiveInstall {
  readonly clientName: string;
  readonly sdk: SdkModule;
  readonly middleware: Middleware;
}

/**
 * The installs in force, newest last: the newest that matches answers. A registry looked up at call time, so a
 * handler a `cacheMiddleware: true` client keeps follows later installs and restores
 * (docs/aws-behaviour/sdk-reach.md §1.6).
 */
const installs: ActiveInstall[] = [];

/** The key under which a shim hands the client's resolved config to the plugin (`CLIENT_CONFIG` readers). */
export const CLIENT_CONFIG = 'sqsSnsMock:clientConfig';

// Same place as the plugin's own middleware (src/plugin.ts applyMiddleware): below the SDK's logger and MD5
// validators, above credentials, endpoint resolution and the network. A plugin added with `use()` sits on the
// client's stack, which the SDK sorts before the command's at equal step and priority: it answers and never calls
// on, so a client that has both is answered once, by its own plugin (docs/aws-behaviour/sdk-reach.md §1.5).
const SHIM_OPTIONS = {
  step: 'initialize',
  priority: 'low',
  name: 'sqsSnsMock:install',
  tags: ['MOCK', 'SQS_SNS_MOCK'],
  override: true,
} as const;

/**
 * Whether the command is one of the package's: its class (or, for a user's subclass of it, the class it extends) is
 * an export of it. The base method's `CommandCtor` is the builder's intermediate class, so the instance's own
 * constructor is what names the command.
 */
function exportsCommand(sdk: SdkModule, commandClass: unknown): boolean {
  for (let at = commandClass, depth = 0; typeof at === 'function' && depth < 3; depth++) {
    if (sdk[at.name] === at) return true;
    at = Object.getPrototypeOf(at);
  }
  return false;
}

function currentInstall(clientName: unknown, commandClass: unknown): ActiveInstall | undefined {
  for (let i = installs.length - 1; i >= 0; i--) {
    const install = installs[i]!;
    if (install.clientName === clientName && exportsCommand(install.sdk, commandClass)) return install;
  }
  return undefined;
}

function shimFor(clientName: unknown, commandClass: unknown, config: unknown): Middleware {
  return (next, context) => (args) => {
    const install = currentInstall(clientName, commandClass);
    if (!install) return next(args);
    context[CLIENT_CONFIG] = config;
    return install.middleware(next, context)(args);
  };
}

interface Hook {
  users: number;
  readonly restore: () => void;
}

/** Each patched method, by its owner object and key, shared by every install that needs it. */
const hooks = new Map<object, Map<string, Hook>>();

/** Replaces `target[key]` by `wrap(original)` once, for as long as some install holds it; returns the release. */
function holdHook(
  target: Record<string, unknown>,
  key: string,
  wrap: (original: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown,
): () => void {
  let byKey = hooks.get(target);
  if (!byKey) hooks.set(target, (byKey = new Map()));
  let hook = byKey.get(key);
  if (!hook) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    const wrapper = wrap(target[key] as (...args: unknown[]) => unknown);
    Object.defineProperty(target, key, { value: wrapper, writable: true, configurable: true, enumerable: false });
    hook = {
      users: 0,
      restore: () => {
        // Someone wrapped it after us: leave theirs in place; ours stays inert once no install is left.
        if (target[key] !== wrapper) return;
        if (descriptor) Object.defineProperty(target, key, descriptor);
        else delete target[key];
      },
    };
    byKey.set(key, hook);
  }
  hook.users += 1;
  let released = false;
  const held = hook;
  return () => {
    if (released) return;
    released = true;
    held.users -= 1;
    if (held.users > 0) return;
    held.restore();
    byKey.delete(key);
    if (byKey.size === 0) hooks.delete(target);
  };
}

interface HandlerDetails {
  readonly clientName?: unknown;
}

/**
 * Hooks the package's commands and registers the install; returns its undoing. SDKs from 3.481.0 build every command
 * through one base method, `$Command.prototype.resolveMiddlewareWithContext`; older ones give each command class its
 * own `resolveMiddleware` (docs/aws-behaviour/sdk-reach.md §1.1, §1.4).
 */
export function activateInstall(install: ActiveInstall): () => void {
  const base = install.sdk['$Command'] as { prototype?: Record<string, unknown> } | undefined;
  const releases: (() => void)[] = [];
  if (base?.prototype && typeof base.prototype['resolveMiddlewareWithContext'] === 'function') {
    releases.push(
      holdHook(
        base.prototype,
        'resolveMiddlewareWithContext',
        (original) =>
          function (this: CommandLike, ...args: unknown[]) {
            const clientName = (args[3] as HandlerDetails | undefined)?.clientName;
            if (currentInstall(clientName, this.constructor)) {
              this.middlewareStack.add(shimFor(clientName, this.constructor, args[1]), SHIM_OPTIONS);
            }
            return original.apply(this, args);
          },
      ),
    );
  } else {
    for (const [name, value] of Object.entries(install.sdk)) {
      const prototype = (value as { prototype?: Record<string, unknown> } | undefined)?.prototype;
      if (!name.endsWith('Command') || !prototype || !Object.hasOwn(prototype, 'resolveMiddleware')) continue;
      const clientName = install.clientName;
      releases.push(
        holdHook(
          prototype,
          'resolveMiddleware',
          (original) =>
            function (this: CommandLike, ...args: unknown[]) {
              if (currentInstall(clientName, this.constructor)) {
                this.middlewareStack.add(shimFor(clientName, this.constructor, args[1]), SHIM_OPTIONS);
              }
              return original.apply(this, args);
            },
        ),
      );
    }
  }
  if (releases.length === 0) {
    throw new Error(`sqs-sns-mock: this copy of the SDK's ${install.clientName} has no command the mock can reach`);
  }
  installs.push(install);
  return () => {
    const at = installs.indexOf(install);
    if (at >= 0) installs.splice(at, 1);
    for (const release of releases) release();
  };
}
