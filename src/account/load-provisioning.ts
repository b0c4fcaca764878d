/**
 * The template engine and the resource types (provisioning.ts), for `aws.provision`. Here a static import; in both
 * builds scripts/bundle.mjs puts them in a file of their own and replaces this module by a synchronous load of it
 * (a `require`; of the ES module in the ESM build), made on the first call, so that loading the package does not
 * compile a quarter of it for tests that never provision (docs/speed.md).
 */
import * as provisioning from './provisioning.js';

export function loadProvisioning(): typeof provisioning {
  return provisioning;
}
