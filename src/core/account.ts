import type { Clock } from './clock.js';
import type { IdSource } from './ids.js';
import type { ResourceNames } from './resource-names.js';
import type { JourneyRecorder } from './journeys/recorder.js';
import type { WorkTracker } from './work/work-tracker.js';

/**
 * What the services of one emulated account need of it (each service's own options are its module's). AwsMock is
 * one; the services depend on this interface only, so none imports the class that builds them.
 */
export interface Account {
  /** 12 digits. */
  readonly accountId: string;
  /** The default region: where a client without a region acts, and where views look by name. */
  readonly region: string;
  readonly clock: Clock;
  /** The account's random ids. Read at each use: a reset replaces the source, so a seeded mock starts again. */
  readonly ids: IdSource;
  /**
   * The account's background work, for `aws.idle()` and `aws.runUntilIdle()`: a command waiting out the SDK's retry
   * backoff shows there. Optional for accounts built without one.
   */
  readonly work?: Pick<WorkTracker, 'addRunning'>;
  /**
   * The logical ids of the account's provisioned resources, for the names views, failure messages and journeys show
   * (`displayName`, `whereName`). Optional for accounts built without one: names are then the physical ones.
   */
  readonly names?: ResourceNames;
  /**
   * The account's record of message journeys (src/core/journeys/), with `on` false when createAwsMock's `journeySteps`
   * is
   * 0. Optional for accounts built without one.
   */
  readonly journeys?: JourneyRecorder;
  /** Forgets every queue, topic, subscription and message of the account. */
  reset(): void;
}

/**
 * The account's ids as one lasting object, for the models that keep an IdSource: each call reads `account.ids`
 * anew, so after a reset they draw from the new source.
 */
export function liveIds(account: Account): IdSource {
  return {
    uuid: () => account.ids.uuid(),
    bytes: (count) => account.ids.bytes(count),
    random: () => account.ids.random(),
  };
}
