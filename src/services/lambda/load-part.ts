/**
 * Lambda's models and actions (part.ts), for an account's first Lambda call, function, mapping or delivery. Here a
 * static import; in the build scripts/bundle.mjs puts them in a file of their own and replaces this module by a
 * synchronous load of it, made on the first call (as src/account/load-provisioning.ts).
 */
import * as lambda from './part.js';

export function loadLambdaPart(): typeof lambda {
  return lambda;
}
