/**
 * Reaches every command an SDK client class sends, without touching the client or its `send`: the hook sits where a
 * command builds its handler, and adds there a shim middleware that hands the command to whichever install is
 * current (docs/aws-behaviour/sdk-reach.md §1, §2), or, for the code of an invocation a server hosts, to the server's
 * account (hosted-commands.ts, docs/aws-behaviour/wire.md §14.7).
 */
import { currentHost } from '../../core/invocation/host.js';
import { CLIENT_CONFIG, CLIENT_STACK, COMMAND_STACK } from './context-keys.js';
import { answerHosted } from './hosted-commands.js';

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

// Same place as the plugin's own middleware (src/plugin/plugin.ts applyMiddleware): below the SDK's logger and MD5
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

/** Whether a command being built now gets the shim: a hosted invocation's code sends it, or an install is in force. */
function shimmed(clientName: unknown, commandClass: unknown): boolean {
  return currentHost() !== undefined || currentInstall(clientName, commandClass) !== undefined;
}

function shimFor(clientName: unknown, commandClass: unknown): Middleware {
  return (next, context) => (args) => {
    // Looked up at each call, as a client that caches its handler may send it from another invocation, or from none.
    const host = currentHost();
    if (host !== undefined) return answerHosted(host, clientName, commandClass, next, context, args);
    const install = currentInstall(clientName, commandClass);
    return install ? install.middleware(next, context)(args) : next(args);
  };
}

/** The packages whose commands are hooked: for good, as the plugin relies on the hook for the client's config. */
const hookedPackages = new WeakSet<SdkModule>();

/** Replaces `target[key]` by `wrap(original)`. */
function wrapMethod(
  target: Record<string, unknown>,
  key: string,
  wrap: (original: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown,
): void {
  const wrapper = wrap(target[key] as (...args: unknown[]) => unknown);
  Object.defineProperty(target, key, { value: wrapper, writable: true, configurable: true, enumerable: false });
}

interface HandlerDetails {
  readonly clientName?: unknown;
  readonly additionalContext?: object;
}

// Hands the client's config to a plugin added with `use()` in the old SDKs, whose context has no room for it: it
// runs before every `initialize`/`low` entry (sdk-reach.md §1.5).
const CONFIG_OPTIONS = { step: 'initialize', priority: 'high', name: CLIENT_CONFIG, override: true } as const;

/**
 * Hooks the package's commands, once: each command then carries its client's config in its handler context (for
 * the plugin's region, docs/aws-behaviour/sdk-reach.md §3), and, while an install of its class is in force, the
 * shim. SDKs from 3.481.0 build every command through one base method,
 * `$Command.prototype.resolveMiddlewareWithContext`; older ones give each command class its own `resolveMiddleware`
 * (docs/aws-behaviour/sdk-reach.md §1.1, §1.4).
 */
export function hookPackage(sdk: SdkModule, clientName: string): void {
  if (hookedPackages.has(sdk)) return;
  hookedPackages.add(sdk);
  const base = sdk['$Command'] as { prototype?: Record<string, unknown> } | undefined;
  if (base?.prototype && typeof base.prototype['resolveMiddlewareWithContext'] === 'function') {
    hookBase(base.prototype);
    return;
  }
  for (const [name, value] of Object.entries(sdk)) {
    const prototype = (value as { prototype?: Record<string, unknown> } | undefined)?.prototype;
    if (!name.endsWith('Command') || !prototype || !Object.hasOwn(prototype, 'resolveMiddleware')) continue;
    // The same class reached through `require` and through `import` (sdk-reach.md §3.8) is hooked once.
    if (Object.hasOwn(prototype, HOOKED)) continue;
    Object.defineProperty(prototype, HOOKED, { value: true });
    wrapMethod(
      prototype,
      'resolveMiddleware',
      (original) =>
        function (this: CommandLike, ...args: unknown[]) {
          const config = args[1];
          if (shimmed(clientName, this.constructor)) {
            this.middlewareStack.add(shimFor(clientName, this.constructor), SHIM_OPTIONS);
          }
          this.middlewareStack.add(configFor(config, args[0], this.middlewareStack), CONFIG_OPTIONS);
          return original.apply(this, args);
        },
    );
  }
}

/** Hooks the base method of the new SDKs' commands (sdk-reach.md §1.1), once per copy of `@smithy/core`. */
function hookBase(base: Record<string, unknown>): void {
  if (Object.hasOwn(base, HOOKED)) return; // another package sharing this @smithy/core hooked it
  Object.defineProperty(base, HOOKED, { value: true });
  wrapMethod(
    base,
    'resolveMiddlewareWithContext',
    (original) =>
      function (this: CommandLike, ...args: unknown[]) {
        const details = args[3] as HandlerDetails | undefined;
        const config = args[1];
        if (shimmed(details?.clientName, this.constructor)) {
          this.middlewareStack.add(shimFor(details?.clientName, this.constructor), SHIM_OPTIONS);
        }
        if (details) {
          const additionalContext = { ...details.additionalContext, [CLIENT_CONFIG]: config, [CLIENT_STACK]: args[0] };
          args[3] = { ...details, additionalContext };
        }
        return original.apply(this, args);
      },
  );
}

/**
 * Hooks the copy of the SDK a command of a new SDK comes from, found from the command itself (its handler context
 * names it, sdk-reach.md §1.1): for a copy the mock never loads (sdk-reach.md §3.8), its later commands carry their
 * client's config. Returns whether it found the base method.
 */
export function hookCommandOf(command: unknown): boolean {
  for (let at: unknown = command; typeof at === 'object' && at !== null; at = Object.getPrototypeOf(at)) {
    if (Object.hasOwn(at, 'resolveMiddlewareWithContext')) {
      hookBase(at as Record<string, unknown>);
      return true;
    }
  }
  return false;
}

const HOOKED = Symbol.for('sqs-sns-mock.hooked');

function configFor(config: unknown, clientStack: unknown, commandStack: unknown): Middleware {
  return (next, context) => (args) => {
    context[CLIENT_CONFIG] = config;
    context[CLIENT_STACK] = clientStack;
    context[COMMAND_STACK] = commandStack;
    return next(args);
  };
}

/** Registers the install, hooking its package first; returns its undoing. */
export function activateInstall(install: ActiveInstall): () => void {
  hookPackage(install.sdk, install.clientName);
  installs.push(install);
  return () => {
    const at = installs.indexOf(install);
    if (at >= 0) installs.splice(at, 1);
  };
}
