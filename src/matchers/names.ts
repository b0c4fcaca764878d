/**
 * How a failure message names a queue, topic or function: `queue "orders"`, or for a resource a stack provisioned
 * its logical id, then its physical name: `queue "Orders" (test-stack-Orders-1A2B3C4D5E6F)`
 * (src/core/resource-names.ts). Read from the view's `[NAME_OF]`, so a view of the other build (ESM or CommonJS) is
 * named the same way.
 */
import { displayName, nameOf, quotedName } from '../core/resource-names.js';

/** `"orders"` or `"Orders" (test-stack-Orders-1A2B3C4D5E6F)`: the view's resource, or the one `arnOrUrl` names. */
export function quoted(view: { readonly name: string }, arnOrUrl?: string): string {
  return quotedName(nameOf(view, arnOrUrl) ?? { name: view.name });
}

/** `queue "orders"`, `topic "Orders" (test-stack-Orders-1A2B3C4D5E6F)`, `function "worker"`. */
export function subjectOf(noun: 'queue' | 'topic' | 'function', view: { readonly name: string }): string {
  return `${noun} ${quoted(view)}`;
}

/** `orders`, or `Orders (test-stack-Orders-1A2B3C4D5E6F)`: as `quoted`, without quotes (inside a line of a list). */
export function plainName(view: { readonly name: string }, arnOrUrl?: string): string {
  return displayName(nameOf(view, arnOrUrl) ?? { name: view.name });
}
