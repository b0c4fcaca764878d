/**
 * The SDK's own retry middleware, taken from a client's middleware stack, so that an error the mock answers meets
 * the client's retry strategy as a real service error would (docs/aws-behaviour/sdk.md §3.4.1).
 */

/** A middleware as the SDK's stack holds it: `(next, context) => handler`. */
export type StackMiddleware = (
  next: (args: unknown) => Promise<unknown>,
  context: object,
) => (args: unknown) => Promise<unknown>;

/** The name the SDK's retry plugin adds its middleware under, in every version since 3.0. */
const RETRY_MIDDLEWARE = 'retryMiddleware';

interface StackEntryOptions {
  readonly name?: unknown;
  readonly aliases?: unknown;
}

/**
 * The retry middleware of `stack`, or undefined when it has none (a user removed it) or cannot tell. The SDK's stack
 * copies itself into another with `applyToStack(other)`, adding each entry there with its options: a recorder in
 * place of the other stack reads the entries without resolving (sorting) the stack.
 */
export function retryMiddlewareOf(stack: unknown): StackMiddleware | undefined {
  const applyToStack = (stack as { applyToStack?: unknown } | null | undefined)?.applyToStack;
  if (typeof applyToStack !== 'function') return undefined;
  let found: StackMiddleware | undefined;
  const record = (middleware: unknown, options: StackEntryOptions | undefined): void => {
    const aliases = Array.isArray(options?.aliases) ? options.aliases : [];
    if (
      typeof middleware === 'function' &&
      (options?.name === RETRY_MIDDLEWARE || aliases.includes(RETRY_MIDDLEWARE))
    ) {
      found = middleware as StackMiddleware;
    }
  };
  try {
    applyToStack.call(stack, {
      add: record,
      addRelativeTo: record,
      identifyOnResolve: () => false,
      use: () => {},
    });
  } catch {
    return undefined;
  }
  return found;
}
