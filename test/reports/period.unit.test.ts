import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  type Calendar,
  isTimeZone,
  PERIODS,
  periodOf,
  WEEKDAYS,
  weekBoundaries,
} from '../../src/reports/period.js';

const utc = (iso: string) => Math.floor(DateTime.fromISO(iso, { zone: 'UTC' }).toSeconds());
const local = (iso: string, zone: string) => Math.floor(DateTime.fromISO(iso, { zone }).toSeconds());
const HOUR = 3600;

describe('periods in a time zone', () => {
  it('this week starts at local midnight of the chosen first day', () => {
    const ny: Calendar = { timeZone: 'America/New_York', weekStart: 'sunday' };
    // Wednesday 2026-11-18 15:00 in New York.
    const now = local('2026-11-18T15:00', 'America/New_York');
    const week = periodOf('this-week', now, ny);
    expect(week.start).toBe(local('2026-11-15T00:00', 'America/New_York'));
    expect(week.end).toBe(local('2026-11-22T00:00', 'America/New_York'));
    const last = periodOf('last-week', now, ny);
    expect(last).toMatchObject({ start: local('2026-11-08T00:00', 'America/New_York'), end: week.start });
    // Sunday itself belongs to the week it starts.
    const sunday = local('2026-11-15T00:30', 'America/New_York');
    expect(periodOf('this-week', sunday, ny).start).toBe(week.start);
  });

  it('the same instant is in different weeks for different first days and zones', () => {
    // Monday 2026-11-16 02:00 UTC is still Sunday evening in New York.
    const now = utc('2026-11-16T02:00');
    expect(periodOf('this-week', now, { timeZone: 'UTC', weekStart: 'monday' }).start).toBe(
      utc('2026-11-16T00:00'),
    );
    expect(periodOf('this-week', now, { timeZone: 'America/New_York', weekStart: 'monday' }).start).toBe(
      local('2026-11-09T00:00', 'America/New_York'),
    );
  });

  it('a week holding a daylight-saving change is 167 or 169 hours long', () => {
    const london: Calendar = { timeZone: 'Europe/London', weekStart: 'monday' };
    const spring = periodOf('this-week', utc('2026-03-29T12:00'), london);
    expect(spring.start).toBe(utc('2026-03-23T00:00'));
    expect(spring.end - spring.start).toBe(167 * HOUR);
    const autumn = periodOf('this-week', utc('2026-10-25T12:00'), london);
    expect(autumn.end - autumn.start).toBe(169 * HOUR);
    // The week after starts at local midnight, BST (23:00 UTC the day before).
    expect(periodOf('this-week', utc('2026-04-01T12:00'), london).start).toBe(utc('2026-03-29T23:00'));
  });

  it('months start at local midnight on the first', () => {
    const berlin: Calendar = { timeZone: 'Europe/Berlin', weekStart: 'monday' };
    const now = utc('2026-03-15T10:00');
    expect(periodOf('this-month', now, berlin)).toMatchObject({
      start: utc('2026-02-28T23:00'),
      end: utc('2026-03-31T22:00'),
    });
    expect(periodOf('last-month', now, berlin)).toMatchObject({
      start: utc('2026-01-31T23:00'),
      end: utc('2026-02-28T23:00'),
    });
    // 30 days back across the spring change: 30 calendar days, one hour short of 720 h.
    const april = utc('2026-04-10T12:00');
    const thirty = periodOf('30-days', april, berlin);
    expect(thirty.end).toBe(april);
    expect(thirty.end - thirty.start).toBe(30 * 24 * HOUR - HOUR);
    expect(periodOf('7-days', now, berlin).start).toBe(now - 7 * 24 * HOUR);
  });

  it('week boundaries inside a range are the local week starts', () => {
    const cal: Calendar = { timeZone: 'UTC', weekStart: 'friday' };
    expect(weekBoundaries(utc('2026-11-01T00:00'), utc('2026-11-20T00:00'), cal)).toEqual([
      utc('2026-11-06T00:00'),
      utc('2026-11-13T00:00'),
    ]);
    expect(weekBoundaries(utc('2026-11-06T00:00'), utc('2026-11-13T00:00'), cal)).toEqual([]);
  });

  it('knows real time zones only', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  const zones = [
    'UTC',
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Pacific/Chatham',
  ];

  it('every period holds its instant or ends at it, and the weeks tile time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2000-01-01T00:00'), max: utc('2040-01-01T00:00') }),
        fc.constantFrom(...zones),
        fc.constantFrom(...WEEKDAYS),
        (now, timeZone, weekStart) => {
          const cal = { timeZone, weekStart };
          for (const kind of PERIODS) {
            const p = periodOf(kind, now, cal);
            expect(p.start).toBeLessThan(p.end);
            if (kind.startsWith('this')) expect(now >= p.start && now < p.end).toBe(true);
            if (kind.startsWith('last-')) expect(p.end).toBeLessThanOrEqual(now);
          }
          const week = periodOf('this-week', now, cal);
          expect(periodOf('last-week', now, cal).end).toBe(week.start);
          expect(periodOf('this-week', week.end, cal).start).toBe(week.end);
          expect(week.end - week.start).toBeGreaterThanOrEqual(167 * HOUR);
          expect(week.end - week.start).toBeLessThanOrEqual(169 * HOUR);
          const startLocal = DateTime.fromSeconds(week.start, { zone: timeZone });
          expect(WEEKDAYS[startLocal.weekday - 1]).toBe(weekStart);
        },
      ),
    );
  });
});
