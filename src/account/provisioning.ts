/**
 * What `aws.provision` needs beyond the account: the template engine and every resource type (each service's, from its
 * module, and IAM's). The account reaches it
 * only through `loadProvisioning()` (load-provisioning.ts), so that the package's builds can load it on the first
 * `aws.provision` rather than with the package (scripts/bundle.mjs).
 */
export { provision } from '../templates/provision.js';
export { RESOURCE_TYPES } from './resource-types.js';
