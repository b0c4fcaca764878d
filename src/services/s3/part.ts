/**
 * S3's models and actions: buckets, objects, uploads and notifications. The account reaches them only through
 * `loadS3Part()` (load-part.ts), so that the package's builds load them with the first S3 call rather than with the
 * package (scripts/bundle.mjs).
 */
export { S3Backend } from './s3-backend.js';
export { s3Actions, S3_ACTIONS } from './actions/index.js';
export { S3_ERRORS } from './errors.js';
export { withSdkDefaults } from './sdk-defaults.js';
