/**
 * Step Functions' wire binding (wire.ts), for the HTTP server (src/server/), which reads it as data. Here a static
 * import; the package's main build puts it in a file of its own (scripts/bundle.mjs), which only the server loads.
 */
import * as wire from './wire.js';

export function loadSfnWire(): typeof wire {
  return wire;
}
