/**
 * The classes that run functions (runtime-part.ts), for the first function or mapping created. Here a static import;
 * in the CommonJS build scripts/bundle.mjs puts them in a file of their own and replaces this module by a `require`
 * of it, made on the first call (as src/templates/load-provisioning.ts).
 */
import * as runtime from './runtime-part.js';

export function loadLambdaRuntime(): typeof runtime {
  return runtime;
}
