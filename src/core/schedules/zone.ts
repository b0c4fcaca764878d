/**
 * Time zones for schedules (docs/aws-behaviour/eventbridge.md §13.3): an IANA zone's offset from UTC at an instant,
 * read from the platform's `Intl.DateTimeFormat` (no zone database of our own). A local time is handled as the
 * number of milliseconds it would be if it were UTC, so the cron engine walks local days as it walks UTC days.
 */

export interface Zone {
  readonly name: string;
  /** The local time at `instant`, as a UTC-based number. */
  localOf(instant: number): number;
  /**
   * The instant of the local time `local`, the first one strictly after `after`: undefined for a local time the
   * zone skips (spring forward); of a local time it repeats (fall back), the earlier instant that is after `after`,
   * so that a schedule runs at it once.
   */
  instantOf(local: number, after: number): number | undefined;
}

export const UTC: Zone = {
  name: 'UTC',
  localOf: (instant) => instant,
  instantOf: (local, after) => (local > after ? local : undefined),
};

const HOUR_MS = 3_600_000;
const zones = new Map<string, Zone>();

/** The zone of an IANA name (`Europe/Berlin`, `UTC`), or undefined when the platform does not know it. */
export function zoneNamed(name: string): Zone | undefined {
  if (name === 'UTC') return UTC;
  let zone = zones.get(name);
  if (zone) return zone;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return undefined;
  }
  const offsetAt = (instant: number): number => {
    const parts: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(new Date(instant))) parts[type] = Number(value);
    const local = Date.UTC(
      parts['year']!,
      parts['month']! - 1,
      parts['day']!,
      parts['hour']!,
      parts['minute']!,
      parts['second']!,
    );
    return local - Math.floor(instant / 1000) * 1000;
  };
  zone = {
    name,
    localOf: (instant) => instant + offsetAt(instant),
    instantOf(local, after) {
      // A zone changes its offset at most once in a day: the offsets a day before and after are the candidates.
      const candidates = new Set([offsetAt(local - 24 * HOUR_MS), offsetAt(local + 24 * HOUR_MS)]);
      let best: number | undefined;
      for (const offset of candidates) {
        const instant = local - offset;
        if (offsetAt(instant) !== offset || instant <= after) continue;
        if (best === undefined || instant < best) best = instant;
      }
      return best;
    },
  };
  zones.set(name, zone);
  return zone;
}
