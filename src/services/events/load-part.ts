/**
 * EventBridge's models and actions (part.ts), for an account's first EventBridge call or delivery. Here a static
 * import; in both builds scripts/bundle.mjs puts them in a file of their own and replaces this module by a
 * `require` of it, made on the first call (as src/account/load-provisioning.ts).
 */
import * as events from './part.js';

export function loadEventsPart(): typeof events {
  return events;
}
