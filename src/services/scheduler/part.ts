/**
 * EventBridge Scheduler's models and actions: the groups and schedules with their expressions, time zones and
 * deliveries. The account reaches them only through `loadSchedulerPart()` (load-part.ts), so that the package's builds
 * loads them with the first Scheduler call rather than with the package (scripts/bundle.mjs).
 */
export { SchedulerBackend } from './scheduler-backend.js';
export { schedulerActions, SCHEDULER_ACTIONS } from './actions/index.js';
export { SCHEDULER_ERRORS } from './errors.js';
