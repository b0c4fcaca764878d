import type { SchedulerBackend } from './scheduler-backend.js';

/** What the templates' resource types and tests reach of EventBridge Scheduler: not public API. */
export interface SchedulerInternals {
  readonly backend: SchedulerBackend;
}

/** A resource type's view of the services it creates through. */
export interface WithScheduler {
  readonly scheduler: SchedulerInternals;
}
