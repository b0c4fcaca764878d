/**
 * Lambda's models and actions: the functions with their execution environments and handler scoping, the event source
 * mappings with their pollers, asynchronous invocation, permissions, and the error table. The account reaches them
 * only through `loadLambdaPart()` (load-part.ts), so that the package's builds load them with the first Lambda call,
 * function, mapping or delivery rather than with the package (scripts/bundle.mjs).
 */
export { LambdaState } from './lambda-state.js';
export { lambdaActions, LAMBDA_ACTIONS } from './actions/index.js';
export { LAMBDA_ERRORS } from './errors.js';
