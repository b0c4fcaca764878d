import { textOf } from '../../../core/util/text.js';
import type { LambdaHandler } from '../handler-contract.js';

/**
 * A function's code, in one of two forms. A handler is one module instance, so one execution environment. A loader
 * gives each environment its own instance, as Lambda's sandboxes do: `load()` runs once per environment (its cold
 * start) and `handler` names the export to call (default `handler`).
 */
export type FunctionCode = LambdaHandler | ModuleLoader;

export interface ModuleLoader {
  /**
   * Loads a fresh instance of the handler's module: `() => import('../../../lambda/sandbox/worker.js')` behind a
   * module-cache reset.
   */
  load: () => unknown;
  /** The export to call: `handler` by default. */
  handler?: string;
}

const DEFAULT_EXPORT = 'handler';
/** The file part of `_HANDLER` when the function has no Handler setting: Lambda's own default, `index.handler`. */
const DEFAULT_FILE = 'index';

/** The code, checked: a handler function, or `{ load, handler? }`. */
export function checkFunctionCode(name: string, code: unknown): FunctionCode {
  if (typeof code === 'function') return code as LambdaHandler;
  if (typeof code === 'object' && code !== null && typeof (code as ModuleLoader).load === 'function') {
    const exported = (code as ModuleLoader).handler;
    if (exported !== undefined && (typeof exported !== 'string' || exported === '')) {
      throw new TypeError(
        `sqs-sns-mock: the handler of function "${name}" names an export, a non-empty string, got ${textOf(exported)}`,
      );
    }
    return code as ModuleLoader;
  }
  throw new TypeError(
    `sqs-sns-mock: the code of function "${name}" is not a function or { load, handler }: got ${textOf(code)}`,
  );
}

export function isLoader(code: FunctionCode): code is ModuleLoader {
  return typeof code !== 'function';
}

/** `_HANDLER`: the configured Handler when there is one (a template's), else `index.<export>`. */
export function handlerSetting(code: FunctionCode, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  return `${DEFAULT_FILE}.${isLoader(code) ? (code.handler ?? DEFAULT_EXPORT) : DEFAULT_EXPORT}`;
}

/**
 * The handler a loaded module exports (lambda.md §5.8): by name, or under `default` as a CommonJS module imported from
 * ESM has it. Missing, it is the runtime's Runtime.HandlerNotFound.
 */
export function exportedHandler(loaded: unknown, code: ModuleLoader, handlerText: string): LambdaHandler {
  const name = code.handler ?? DEFAULT_EXPORT;
  const own = pick(loaded, name);
  const found = typeof own === 'function' ? own : pick(pick(loaded, 'default'), name);
  if (typeof found === 'function') return found as LambdaHandler;
  const error = new Error(`${handlerText} is undefined or not exported`);
  error.name = 'Runtime.HandlerNotFound';
  throw error;
}

function pick(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  return (value as Record<string, unknown>)[key];
}
