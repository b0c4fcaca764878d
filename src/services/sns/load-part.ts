/**
 * SNS's models and actions (part.ts), for an account's first SNS call, delivery into SNS, or look at its topics. Here
 * a static import; in the build scripts/bundle.mjs puts them in a file of their own and replaces this module by a
 * synchronous load of it, made at first use (as src/services/events/load-part.ts).
 */
import * as sns from './part.js';

export function loadSnsPart(): typeof sns {
  return sns;
}
