/**
 * While an install waits for its import of the SDK package, the sends of its class wait too, so a command sent at
 * once is answered and never reaches the network (docs/aws-behaviour/sdk-reach.md §2.3, §2.6). The waiting sits in
 * `send` bridges, laid once per prototype whatever the number of installs waiting, and lifted once none waits: each
 * puts back the exact property it replaced, if it is still there; one another tool wrapped meanwhile passes every
 * call through from then on.
 */

type Send = (this: unknown, ...args: unknown[]) => unknown;
type ClientClass = abstract new (...args: never[]) => unknown;

/** One install waiting for its import. */
interface Wait {
  readonly Class: ClientClass;
  readonly ready: Promise<void>;
}

/** A bridge laid on a prototype, with what it replaced. */
interface Layer {
  readonly previous: PropertyDescriptor;
  readonly bridge: Send;
}

const waits = new Set<Wait>();
const layers = new Map<object, Layer>();

/** The prototypes a class's sends go through: its own when it has an own `send` (a stub), and the SDK's base. */
function prototypesOf(Class: ClientClass): object[] {
  const own = Class.prototype as object;
  const found: object[] = typeof Object.getOwnPropertyDescriptor(own, 'send')?.value === 'function' ? [own] : [];
  for (let at = Object.getPrototypeOf(own) as object | null; at; at = Object.getPrototypeOf(at) as object | null) {
    if (Object.hasOwn(at, 'send')) return [...found, at];
  }
  return found;
}

/** What a send on `client` waits for: every import its class's installs wait for; undefined when none. */
function waitOf(client: unknown): Promise<unknown> | undefined {
  const pending = [...waits].filter((wait) => client instanceof wait.Class).map((wait) => wait.ready);
  return pending.length === 0 ? undefined : Promise.all(pending);
}

function layOn(target: object): void {
  const previous = Object.getOwnPropertyDescriptor(target, 'send');
  if (layers.has(target) || typeof previous?.value !== 'function') return;
  const send = previous.value as Send;
  const bridge = function (this: unknown, ...args: unknown[]): unknown {
    const waiting = waitOf(this);
    if (!waiting) return send.apply(this, args);
    const last = args[args.length - 1];
    const callback = typeof last === 'function' ? (last as (error: unknown) => void) : undefined;
    const sent = waiting.then(() => send.apply(this, args));
    if (!callback) return sent;
    sent.catch(callback);
    return undefined;
  };
  Object.defineProperty(target, 'send', { ...previous, value: bridge });
  layers.set(target, { previous, bridge });
}

/** Lifts the bridges no wait goes through any more. */
function liftUnused(): void {
  const used = new Set([...waits].flatMap((wait) => prototypesOf(wait.Class)));
  for (const [target, layer] of layers) {
    if (used.has(target)) continue;
    layers.delete(target);
    if (Object.getOwnPropertyDescriptor(target, 'send')?.value === layer.bridge) {
      Object.defineProperty(target, 'send', layer.previous);
    }
  }
}

/** Makes the sends of `Class` wait for `ready` (or fail with its reason); returns the end of the wait. */
export function waitSends(Class: ClientClass, ready: Promise<void>): () => void {
  const wait: Wait = { Class, ready };
  for (const target of prototypesOf(Class)) layOn(target);
  waits.add(wait);
  return () => {
    if (waits.delete(wait)) liftUnused();
  };
}
