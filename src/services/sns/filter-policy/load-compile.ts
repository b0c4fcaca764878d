/**
 * The filter-policy compiler (compile.ts) with the event-pattern engine under it, for the first subscription given a
 * FilterPolicy. Here a static import; in both builds scripts/bundle.mjs puts them in a file of their own and
 * replaces this module by a `require` of it, made on the first call (as src/account/load-provisioning.ts).
 */
import * as compile from './compile.js';

export function loadFilterPolicyCompiler(): typeof compile {
  return compile;
}
