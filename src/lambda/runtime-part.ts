/**
 * What runs functions: the function with its execution environments and handler scoping (lambda-function.ts,
 * sandbox/), and the event source mapping with its poller (esm/mapping.ts). The account reaches them only through
 * `loadLambdaRuntime()` (load-runtime.ts), so that the CommonJS build loads them with the first function or mapping
 * rather than with the package (scripts/bundle.mjs).
 */
export { LambdaFunction } from './lambda-function.js';
export { SqsEventSourceMapping } from './esm/mapping.js';
