import { currentScope, type ScopedVariables } from '../../../core/invocation/scope.js';

/**
 * `process.env` as a handler sees it (docs/aws-behaviour/lambda.md §5.5): while an invocation's code runs, its
 * environment's variables over the process's own; outside every invocation, the process's own, read and written as
 * before. Writes and deletes inside an invocation stay in its environment, as they stay in a Lambda sandbox.
 *
 * The proxy is installed once per process, the first time a function's code runs; it is never removed, since a handler
 * may hold on to `process.env`. Outside invocations it passes everything through to the object it wraps.
 */
const INSTALLED = Symbol.for('sqs-sns-mock.process-env');

type ProcessEnv = Record<string, string | undefined>;

export function installScopedProcessEnv(): void {
  const env = process.env as ProcessEnv & { [INSTALLED]?: true };
  if (env[INSTALLED]) return;
  process.env = new Proxy(env, scopedHandler()) as typeof process.env;
}

function variablesNow(): ScopedVariables | undefined {
  return currentScope()?.variables;
}

function scopedHandler(): ProxyHandler<ProcessEnv> {
  return {
    get(target, key, receiver) {
      if (key === INSTALLED) return true;
      const variables = typeof key === 'string' ? variablesNow() : undefined;
      if (variables !== undefined && variables.has(key as string)) return variables.get(key as string) ?? undefined;
      return Reflect.get(target, key, receiver);
    },
    set(target, key, value, receiver) {
      const variables = typeof key === 'string' ? variablesNow() : undefined;
      // Node's process.env keeps strings only; a sandbox's does too.
      if (variables !== undefined) variables.set(key as string, String(value));
      else return Reflect.set(target, key, value, receiver);
      return true;
    },
    deleteProperty(target, key) {
      const variables = typeof key === 'string' ? variablesNow() : undefined;
      if (variables !== undefined) variables.set(key as string, null);
      else return Reflect.deleteProperty(target, key);
      return true;
    },
    has(target, key) {
      const variables = typeof key === 'string' ? variablesNow() : undefined;
      if (variables !== undefined && variables.has(key as string)) return variables.get(key as string) !== null;
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      const variables = variablesNow();
      const keys = Reflect.ownKeys(target);
      if (variables === undefined) return keys;
      const own = keys.filter((key) => typeof key !== 'string' || !variables.has(key));
      for (const [key, value] of variables) if (value !== null) own.push(key);
      return own;
    },
    getOwnPropertyDescriptor(target, key) {
      const variables = typeof key === 'string' ? variablesNow() : undefined;
      if (variables !== undefined && variables.has(key as string)) {
        const value = variables.get(key as string);
        return value === null ? undefined : { value, writable: true, enumerable: true, configurable: true };
      }
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  };
}
