import type { EventsBackend } from './events-backend.js';

/** What the templates' resource types and tests reach of EventBridge: not public API. */
export interface EventsInternals {
  readonly backend: EventsBackend;
}

/** A resource type's view of the services it creates through. */
export interface WithEvents {
  readonly events: EventsInternals;
}
