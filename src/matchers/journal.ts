/**
 * The account's journal as the matchers read it, by shape (a view of either build, ESM or CommonJS, hands out its
 * build's recorder): a leaf, so that the failure endings (journeys.ts) and what feeds a view (feeds.ts) share it.
 */
import type { AccountSources } from '../core/journeys/recorder.js';
import type { JourneyStep, RecordedStep } from '../core/journeys/step.js';

/** The part of a journey the ending reads (the view's build's Journey). */
export interface JourneyLike {
  readonly steps: readonly JourneyStep[];
  readonly found: boolean;
  readonly messageIds: readonly string[];
  toShortString(maxLines: number): string;
}

/** The part of the recorder the ending reads. */
export interface JournalLike {
  journey(id: string): JourneyLike;
  recent(accepts: (step: RecordedLike) => boolean, max: number): RecordedLike[];
  now(): number;
  /** How a recorded place reads: a provisioned resource's logical id, else its name. */
  place(ref: string): string;
  /** The rest of the account: what feeds a queue or a function (feeds.ts). */
  readonly sources?: AccountSources | undefined;
}

/** The part of a recorded step the ending reads. */
export type RecordedLike = Pick<
  RecordedStep,
  'at' | 'service' | 'kind' | 'where' | 'messageId' | 'by' | 'target' | 'visibleAt' | 'delaySeconds' | 'error' | 'note'
>;
