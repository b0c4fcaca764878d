/**
 * Step Functions' models, interpreter and actions. The account reaches them only through `loadSfnPart()`
 * (load-part.ts), so that the package's builds load them with the first Step Functions call (scripts/bundle.mjs).
 */
export { SfnBackend } from './sfn-backend.js';
export { sfnActions, SFN_ACTIONS } from './actions/index.js';
export { SFN_ERRORS } from './errors.js';
