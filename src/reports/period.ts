/**
 * Report periods in a community's time zone: this week, last week, the last 7 or 30 days, this
 * month, last month. Pure: "now" is always passed in.
 *
 * Calendar arithmetic in an IANA time zone (start of a day, a week that starts on a chosen day, a
 * month) is done with luxon: Intl alone gives the offset of an instant but not "midnight on the
 * first of the month in Europe/London", and getting that right across daylight-saving changes by
 * hand is where such code goes wrong. luxon's day and month arithmetic is wall-clock arithmetic
 * in the zone, so a week holding a DST change is 167 or 169 hours long, as it is on the clock.
 *
 * Every period is a half-open interval [start, end) of Unix seconds.
 */
import { DateTime, IANAZone } from 'luxon';
import { WEEKDAYS, type Weekday } from '../base/config.js';

export { WEEKDAYS, type Weekday };

export const PERIODS = ['this-week', 'last-week', '7-days', '30-days', 'this-month', 'last-month'] as const;
export type PeriodKind = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<PeriodKind, string> = {
  'this-week': 'This week',
  'last-week': 'Last week',
  '7-days': 'Last 7 days',
  '30-days': 'Last 30 days',
  'this-month': 'This month',
  'last-month': 'Last month',
};

/** Where a community's calendar is: its time zone and the first day of its week. */
export interface Calendar {
  /** IANA time zone name, e.g. Europe/London. */
  timeZone: string;
  weekStart: Weekday;
}

export const DEFAULT_CALENDAR: Calendar = { timeZone: 'UTC', weekStart: 'monday' };

export interface Period {
  kind: PeriodKind;
  /** Unix seconds, inclusive. */
  start: number;
  /** Unix seconds, exclusive. */
  end: number;
}

/** Whether `name` is a time zone this runtime knows (IANA names, e.g. America/New_York, or UTC). */
export function isTimeZone(name: string): boolean {
  return name.length <= 64 && IANAZone.isValidZone(name);
}

export function isPeriodKind(value: unknown): value is PeriodKind {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

function at(seconds: number, calendar: Calendar): DateTime {
  const dt = DateTime.fromSeconds(seconds, { zone: calendar.timeZone });
  if (!dt.isValid) throw new RangeError(`unknown time zone ${calendar.timeZone}`);
  return dt;
}

/** Midnight (in the zone) at the start of the week holding `seconds`. */
function weekStartOf(seconds: number, calendar: Calendar): DateTime {
  const day = at(seconds, calendar).startOf('day');
  const first = WEEKDAYS.indexOf(calendar.weekStart) + 1;
  return day.minus({ days: (day.weekday - first + 7) % 7 }).startOf('day');
}

const secondsOf = (dt: DateTime) => Math.floor(dt.toSeconds());

/** The period of that kind around `nowSeconds`, in the calendar's zone. */
export function periodOf(kind: PeriodKind, nowSeconds: number, calendar: Calendar): Period {
  const now = at(nowSeconds, calendar);
  switch (kind) {
    case 'this-week': {
      const start = weekStartOf(nowSeconds, calendar);
      return { kind, start: secondsOf(start), end: secondsOf(start.plus({ weeks: 1 }).startOf('day')) };
    }
    case 'last-week': {
      const end = weekStartOf(nowSeconds, calendar);
      return { kind, start: secondsOf(end.minus({ weeks: 1 }).startOf('day')), end: secondsOf(end) };
    }
    case '7-days':
      return { kind, start: secondsOf(now.minus({ days: 7 })), end: nowSeconds };
    case '30-days':
      return { kind, start: secondsOf(now.minus({ days: 30 })), end: nowSeconds };
    case 'this-month': {
      const start = now.startOf('month');
      return { kind, start: secondsOf(start), end: secondsOf(start.plus({ months: 1 })) };
    }
    case 'last-month': {
      const end = now.startOf('month');
      return { kind, start: secondsOf(end.minus({ months: 1 })), end: secondsOf(end) };
    }
  }
}

/**
 * The week boundaries (Unix seconds) strictly inside [start, end), in the calendar's zone: where a
 * shift crossing into the next week is split.
 */
export function weekBoundaries(start: number, end: number, calendar: Calendar): number[] {
  const out: number[] = [];
  let week = weekStartOf(start, calendar);
  for (;;) {
    week = week.plus({ weeks: 1 }).startOf('day');
    const s = secondsOf(week);
    if (s >= end) return out;
    if (s > start) out.push(s);
  }
}
