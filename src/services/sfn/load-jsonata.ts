/**
 * The JSONata evaluator (asl/jsonata/), for an account's first JSONata state. Here a static import; in both builds
 * scripts/bundle.mjs puts it in a file of its own, loaded at that first use.
 */
import * as jsonata from './asl/jsonata/index.js';

export function loadJsonata(): typeof jsonata {
  return jsonata;
}
