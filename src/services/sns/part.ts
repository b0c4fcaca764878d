/**
 * SNS's models and actions: the topics and subscriptions, Publish with its checks and fan-out, the attribute tables
 * and the error table. The account reaches them only through `loadSnsPart()` (load-part.ts), so that the build
 * loads them with the first SNS call rather than with the package (scripts/bundle.mjs): most test files use SQS only.
 */
export { SnsBackend } from './sns-backend.js';
export { SNS_ACTIONS, snsActions, snsBatchChecks } from './actions/index.js';
export { snsBatchShape } from './batch-shape.js';
export { SNS_ERRORS } from './errors.js';
export { publishFromService, publishPermission, queueVerdict } from './from-services.js';
export { deliveryProblems } from '../../core/policies/delivery-problems.js';
