import type { SfnBackend } from './sfn-backend.js';

/** What the templates' resource types and tests reach of Step Functions: not public API. */
export interface SfnInternals {
  readonly backend: SfnBackend;
}

/** A resource type's view of the services it creates through. */
export interface WithSfn {
  readonly sfn: SfnInternals;
}
