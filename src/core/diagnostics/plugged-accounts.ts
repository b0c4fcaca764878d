/**
 * Which account's plugin each middleware stack holds, so that a second account plugged into the same client is
 * refused: the plugins are added with `override: true` (a mock added twice replaces itself), which would otherwise
 * let the second account replace the first without a word, and a test read the wrong account's queues
 * (docs/aws-behaviour/sdk.md §1.5.1).
 */
import { mistakeTexts } from './texts.js';

/** What the plugin says about one middleware it made. */
export interface PluggedMiddleware {
  readonly account: object;
  readonly accountId: string;
  readonly service: string;
  readonly clientName: string;
}

const madeBy = new WeakMap<object, PluggedMiddleware>();
const onStack = new WeakMap<object, Map<string, PluggedMiddleware>>();

export function registerMiddleware(middleware: object, owner: PluggedMiddleware): void {
  madeBy.set(middleware, owner);
}

/**
 * Before `middleware` is added to `stack` under `name`: throws when another account's middleware is there under
 * that name. The same account again is fine (the add replaces it). A middleware the user removed since
 * (`stack.remove(name)`) no longer counts, when the stack can say what it holds (the SDK's `identify()`).
 */
export function checkPluggedAccount(stack: object, middleware: object, name: string): void {
  const adding = madeBy.get(middleware);
  if (!adding) return;
  const plugged = onStack.get(stack) ?? new Map<string, PluggedMiddleware>();
  onStack.set(stack, plugged);
  const before = plugged.get(name);
  if (before && before.account !== adding.account && stillOnStack(stack, name)) {
    throw new Error(mistakeTexts.twoAccounts(adding.clientName, adding.service, before.accountId, adding.accountId));
  }
  plugged.set(name, adding);
}

function stillOnStack(stack: object, name: string): boolean {
  const identify = (stack as { identify?: unknown }).identify;
  if (typeof identify !== 'function') return true;
  const entries: unknown = identify.call(stack);
  // Each entry reads `name - step` or `name (a.k.a. alias) - step`; in older SDKs (3.347.1), `name: tags`.
  const listed = (entry: unknown) =>
    typeof entry === 'string' && (entry.startsWith(`${name} `) || entry.startsWith(`${name}:`));
  return !Array.isArray(entries) || entries.some(listed);
}
