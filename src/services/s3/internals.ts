import type { S3Backend } from './s3-backend.js';

/** What the templates' resource types and tests reach of S3: not public API. */
export interface S3Internals {
  readonly backend: S3Backend;
}

/** A resource type's view of the services it creates through. */
export interface WithS3 {
  readonly s3: S3Internals;
}
