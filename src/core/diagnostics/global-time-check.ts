/**
 * The check the global clock makes of the global time sources at each use (see clock.ts). It compares the two
 * globals with the ones it last judged, so the usual call costs two reads and two comparisons; only when a test
 * installs or removes fake timers is the verdict made again.
 */
import { compareTimeSources, type TimeSourcesVerdict } from './time-sources.js';
import { mistakeTexts } from './texts.js';
import { warnOnce } from './warn-once.js';

let judgedSetTimeout: unknown;
let judgedDate: unknown;
let verdict: TimeSourcesVerdict = 'consistent';

function currentVerdict(): TimeSourcesVerdict {
  const setTimeoutFn = globalThis.setTimeout;
  const dateClass = globalThis.Date;
  if (setTimeoutFn !== judgedSetTimeout || dateClass !== judgedDate) {
    judgedSetTimeout = setTimeoutFn;
    judgedDate = dateClass;
    verdict = compareTimeSources(setTimeoutFn, dateClass);
  }
  return verdict;
}

/**
 * Before a read of time. Fake timers with a real `Date` leave reads correct in real time, and break only what a
 * test expects of advancing the timers: warned once (a test that fakes timers for its own code and never relies
 * on the mock's time still passes). A fake `Date` with real timers is what `vi.setSystemTime` users do on purpose,
 * and every read then follows it: nothing to say until a timer is needed.
 */
export function checkBeforeRead(): void {
  if (currentVerdict() === 'timersFakeDateReal') warnOnce('timersFakeDateReal', mistakeTexts.timersFakeDateReal());
}

/**
 * Before the mock arms a timer: with the two sources apart, the timer fires at a moment that does not match the
 * time the mock reads, and a long poll would never wake when it should. That fails loudly, at once.
 */
export function checkBeforeTimer(): void {
  const now = currentVerdict();
  if (now !== 'consistent') throw new Error(mistakeTexts.mixedTimer(now));
}
