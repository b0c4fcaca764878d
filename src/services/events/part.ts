/**
 * EventBridge's models and actions: the buses and rules with their pattern index, input transforms, deliveries and
 * schedules. The account reaches them only through `loadEventsPart()` (load-part.ts), so that the package's builds
 * loads them with the first EventBridge call rather than with the package (scripts/bundle.mjs).
 */
export { EventsBackend } from './events-backend.js';
export { eventsActions, EVENTS_ACTIONS } from './actions/index.js';
export { DEFAULT_BUS } from './bus.js';
export { EVENTS_ERRORS } from './errors.js';
