/**
 * The template engine and the resource types (provisioning.ts), for `aws.provision`. Here a static import; in the
 * CommonJS build scripts/bundle.mjs puts them in a file of their own and replaces this module by a `require` of it,
 * made on the first call, so that `require('sqs-sns-mock')` does not compile a quarter of the package for tests that
 * never provision (docs/speed.md). The ESM build keeps them in its one file: ESM has no synchronous load on every
 * Node version the package supports, and `provision` is synchronous.
 */
import * as provisioning from './provisioning.js';

export function loadProvisioning(): typeof provisioning {
  return provisioning;
}
