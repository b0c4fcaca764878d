import { NotEmulatedError } from '../core/aws-error.js';
import { requireSdk } from '../core/sdk-errors.js';
import type { ServiceSdk } from '../core/service-module.js';

/**
 * Which operations a service has, as the user's SDK package lists them: one `<Operation>Command` export per operation
 * of its model (docs/aws-behaviour/wire.md §7.4). Read only when an action is not emulated, so a server that never
 * meets one never loads the package.
 */
const operations = new Map<string, ReadonlySet<string> | undefined>();

const COMMAND_EXPORT = /^([A-Z][A-Za-z0-9]*)Command$/;

function operationsOf(sdk: ServiceSdk): ReadonlySet<string> | undefined {
  if (operations.has(sdk.packageName)) return operations.get(sdk.packageName);
  const module = requireSdk(sdk);
  let names: Set<string> | undefined;
  if (module) {
    names = new Set();
    for (const name of Object.keys(module)) {
      const match = COMMAND_EXPORT.exec(name);
      if (match && typeof module[name] === 'function') names.add(match[1]!);
    }
  }
  operations.set(sdk.packageName, names);
  return names;
}

/**
 * Whether `error`, thrown for `action`, says only that the emulation has no such action, and the service's model has
 * none either: AWS answers that as an unknown action, never 501. An operation the model has, or any action when the
 * SDK package is not installed (nothing then tells the two apart), stays not emulated (501).
 */
export function unknownOperation(error: unknown, sdk: ServiceSdk, action: string): boolean {
  if (!(error instanceof NotEmulatedError) || error.command !== `${action}Command`) return false;
  const names = operationsOf(sdk);
  return names !== undefined && !names.has(action);
}
