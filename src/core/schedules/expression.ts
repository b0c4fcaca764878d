/**
 * Schedule expressions as EventBridge writes them (docs/aws-behaviour/eventbridge.md §8.1): `rate(n unit)` and
 * six-field `cron(...)`, parsed once into a `Schedule` that answers its next firing after an instant. A service
 * neutral home: EventBridge's scheduled rules use it in UTC; EventBridge Scheduler adds `at()` and time zones on top
 * (src/core/schedules/zone.ts): a cron is read in a zone's local time, and `at(...)` names one local time.
 */
import { UTC, type Zone } from './zone.js';

export type Schedule =
  | { readonly kind: 'rate'; readonly periodMs: number }
  | { readonly kind: 'cron'; readonly cron: CronFields }
  /** EventBridge Scheduler's one-time schedule: one local time of the schedule's zone, as a UTC-based number. */
  | { readonly kind: 'at'; readonly local: number };

/** Parses an expression; undefined when EventBridge would refuse it. */
export function parseScheduleExpression(text: string): Schedule | undefined {
  const rate = /^rate\(([1-9]\d*) (minute|minutes|hour|hours|day|days)\)$/.exec(text);
  if (rate) {
    const value = Number(rate[1]);
    const unit = rate[2]!;
    // The unit is singular exactly when the value is 1 (§8.1: `rate(1 minutes)` and `rate(10 minute)` are refused).
    if ((value === 1) !== !unit.endsWith('s')) return undefined;
    const unitMs = unit.startsWith('minute') ? 60_000 : unit.startsWith('hour') ? 3_600_000 : 86_400_000;
    return { kind: 'rate', periodMs: value * unitMs };
  }
  const cron = /^cron\((.*)\)$/.exec(text);
  if (cron) {
    const fields = parseCron(cron[1]!);
    return fields && { kind: 'cron', cron: fields };
  }
  return undefined;
}

/**
 * Parses an EventBridge Scheduler expression (docs/aws-behaviour/eventbridge.md §13.3): `at(yyyy-mm-ddThh:mm:ss)`,
 * or a rate or cron as a rule writes it; undefined when Scheduler would refuse it.
 */
export function parseSchedulerExpression(text: string): Schedule | undefined {
  const at = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/.exec(text);
  if (!at) return parseScheduleExpression(text);
  const [year, month, day, hour, minute, second] = at.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(local);
  // A date that does not exist (`2025-02-30`) would roll over: refused.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  return { kind: 'at', local };
}

/**
 * The first firing strictly after `after` (epoch ms), counting a rate from `start`; undefined when none is left. A
 * cron is read in `zone`'s local time (UTC by default, as scheduled rules are); a rate is clock time in any zone.
 */
export function nextFiring(schedule: Schedule, start: number, after: number, zone: Zone = UTC): number | undefined {
  if (schedule.kind === 'at') return zone.instantOf(schedule.local, after);
  if (schedule.kind === 'rate') {
    const periods = Math.floor((after - start) / schedule.periodMs) + 1;
    return start + Math.max(1, periods) * schedule.periodMs;
  }
  return nextCronTime(schedule.cron, after, zone);
}

/** One field's allowed values, as a membership table. */
type ValueSet = readonly boolean[];

export interface CronFields {
  readonly minutes: ValueSet;
  readonly hours: ValueSet;
  readonly months: ValueSet;
  readonly years: ValueSet;
  /** Exactly one of the day fields is in force; the other was `?`. */
  readonly days: DayOfMonth | DayOfWeek;
}

type DayOfMonth = {
  readonly field: 'month';
  readonly values: ValueSet;
  readonly last: boolean;
  readonly weekday?: number;
};
type DayOfWeek = {
  readonly field: 'week';
  readonly values: ValueSet;
  /** `6L`: the last such weekday of the month. */
  readonly lastOf?: number;
  /** `SAT#3`: the nth such weekday of the month. */
  readonly nth?: { readonly day: number; readonly n: number };
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MIN_YEAR = 1970;
const MAX_YEAR = 2199;

function parseCron(body: string): CronFields | undefined {
  const parts = body.split(' ');
  if (parts.length !== 6 || parts.some((part) => part === '')) return undefined;
  const [minute, hour, dom, month, dow, year] = parts as [string, string, string, string, string, string];
  // Exactly one of the two day fields is `?` (§8.1).
  if ((dom === '?') === (dow === '?')) return undefined;
  const minutes = valueSet(minute, 0, 59);
  const hours = valueSet(hour, 0, 23);
  const months = valueSet(month, 1, 12, MONTHS);
  const years = valueSet(year, MIN_YEAR, MAX_YEAR);
  if (!minutes || !hours || !months || !years) return undefined;
  const days = dom === '?' ? dayOfWeek(dow) : dayOfMonth(dom);
  return days && { minutes, hours, months, years, days };
}

function dayOfMonth(text: string): DayOfMonth | undefined {
  if (text === 'L') return { field: 'month', values: [], last: true };
  const weekday = /^([1-9]|[12]\d|3[01])W$/.exec(text);
  if (weekday) return { field: 'month', values: [], last: false, weekday: Number(weekday[1]) };
  const values = valueSet(text, 1, 31);
  return values && { field: 'month', values, last: false };
}

function dayOfWeek(text: string): DayOfWeek | undefined {
  const last = /^([1-7]|[A-Z]{3})L$/.exec(text);
  if (last) {
    const day = single(last[1]!, 1, 7, WEEKDAYS);
    return day === undefined ? undefined : { field: 'week', values: [], lastOf: day };
  }
  const nth = /^([1-7]|[A-Z]{3})#([1-5])$/.exec(text);
  if (nth) {
    const day = single(nth[1]!, 1, 7, WEEKDAYS);
    return day === undefined ? undefined : { field: 'week', values: [], nth: { day, n: Number(nth[2]) } };
  }
  if (text === 'L') return { field: 'week', values: [], lastOf: 7 };
  const values = valueSet(text, 1, 7, WEEKDAYS);
  return values && { field: 'week', values };
}

/** A field of `,`-separated items: `*`, `n`, `a-b`, each optionally `/step`. */
function valueSet(text: string, min: number, max: number, names?: readonly string[]): ValueSet | undefined {
  const set: boolean[] = new Array<boolean>(max + 1).fill(false);
  for (const item of text.split(',')) {
    const match = /^(\*|[0-9A-Z]+(?:-[0-9A-Z]+)?)(?:\/([1-9]\d*))?$/.exec(item);
    if (!match) return undefined;
    const [, range, stepText] = match as unknown as [string, string, string | undefined];
    let from: number | undefined;
    let to: number | undefined;
    if (range === '*') [from, to] = [min, max];
    else {
      const [a, b] = range.split('-') as [string, string | undefined];
      from = single(a, min, max, names);
      // `0/15`: from 0 to the end, every 15.
      to = b === undefined ? (stepText === undefined ? from : max) : single(b, min, max, names);
    }
    if (from === undefined || to === undefined || from > to) return undefined;
    const step = stepText === undefined ? 1 : Number(stepText);
    for (let value = from; value <= to; value += step) set[value] = true;
  }
  return set;
}

function single(text: string, min: number, max: number, names?: readonly string[]): number | undefined {
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    return value >= min && value <= max ? value : undefined;
  }
  const index = names?.indexOf(text) ?? -1;
  return index < 0 ? undefined : index + min;
}

const DAY_MS = 86_400_000;

/**
 * The first instant strictly after `after` whose local minute in `zone` the cron allows; a day at a time, a minute
 * at a time in it. Local times are handled as UTC-based numbers (`zone.localOf`), and each matching one is turned
 * back into an instant by `zone.instantOf`, which skips a local time that does not exist.
 */
function nextCronTime(cron: CronFields, after: number, zone: Zone): number | undefined {
  const localAfter = zone.localOf(after);
  for (const local of cronMinutes(cron, localAfter)) {
    const at = zone.instantOf(local, after);
    if (at !== undefined) return at;
  }
  return undefined;
}

/** The local minutes the cron allows, strictly after the local time `after`, in order, until MAX_YEAR. */
function* cronMinutes(cron: CronFields, after: number): Generator<number> {
  let day = Math.floor(after / DAY_MS) * DAY_MS;
  const firstMinute = Math.floor(after / 60_000) * 60_000 + 60_000;
  for (;;) {
    const date = new Date(day);
    const year = date.getUTCFullYear();
    if (year > MAX_YEAR) return;
    if (!cron.years[year]) {
      day = Date.UTC(year + 1, 0, 1);
      continue;
    }
    const month = date.getUTCMonth() + 1;
    if (!cron.months[month]) {
      day = Date.UTC(year, month, 1);
      continue;
    }
    if (dayMatches(cron.days, year, month, date.getUTCDate(), date.getUTCDay() + 1)) {
      for (let hour = 0; hour < 24; hour++) {
        if (!cron.hours[hour]) continue;
        for (let minute = 0; minute < 60; minute++) {
          if (!cron.minutes[minute]) continue;
          const at = day + hour * 3_600_000 + minute * 60_000;
          if (at >= firstMinute) yield at;
        }
      }
    }
    day += DAY_MS;
  }
}

function dayMatches(days: DayOfMonth | DayOfWeek, year: number, month: number, date: number, weekday: number): boolean {
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (days.field === 'month') {
    if (days.last) return date === lastDate;
    if (days.weekday !== undefined) return date === nearestWeekday(year, month, days.weekday, lastDate);
    return days.values[date] === true;
  }
  if (days.lastOf !== undefined) return weekday === days.lastOf && date + 7 > lastDate;
  if (days.nth !== undefined) return weekday === days.nth.day && Math.ceil(date / 7) === days.nth.n;
  return days.values[weekday] === true;
}

/** `15W`: the weekday nearest the 15th, within the month. */
function nearestWeekday(year: number, month: number, target: number, lastDate: number): number {
  const day = Math.min(target, lastDate);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 6) return day === 1 ? 3 : day - 1;
  if (weekday === 0) return day === lastDate ? day - 2 : day + 1;
  return day;
}
