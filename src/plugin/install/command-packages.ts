/**
 * The SDK package each command class comes from, for the copies of the SDK the handlers of a server load
 * (sdk-packages.ts): an error the emulation answers to a handler's command is made of that copy's exception classes, so
 * the handler's own `instanceof` checks hold, whichever copy the server itself loads (docs/aws-behaviour/wire.md
 * §14.7).
 */
import type { SdkModule } from '../../core/service-module.js';

const packages = new WeakMap<object, SdkModule>();

/** Remembers the package of each of its commands. */
export function rememberCommands(sdk: SdkModule): void {
  for (const [name, value] of Object.entries(sdk)) {
    if (name !== '$Command' && name.endsWith('Command') && typeof value === 'function') packages.set(value, sdk);
  }
}

/** The package that exports `commandClass` (or the class a user's subclass extends), if it was seen. */
export function packageOfCommand(commandClass: unknown): SdkModule | undefined {
  for (let at = commandClass, depth = 0; typeof at === 'function' && depth < 3; depth++) {
    const found = packages.get(at);
    if (found) return found;
    at = Object.getPrototypeOf(at);
  }
  return undefined;
}
