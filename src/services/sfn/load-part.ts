/**
 * Step Functions' models, interpreter and actions (part.ts), for an account's first Step Functions call. Here a static
 * import; in both builds scripts/bundle.mjs puts them in a file of their own and replaces this module by a `require`
 * of it, made on the first call (as src/account/load-provisioning.ts).
 */
import * as sfn from './part.js';

export function loadSfnPart(): typeof sfn {
  return sfn;
}
