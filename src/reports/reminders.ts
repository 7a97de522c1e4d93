/**
 * Leave ahead, pure: who returns from leave this week and whose leave starts this week (the digests'
 * two sections), and whose leave ends tomorrow (the reminders). The same leave rules as /loa active
 * and /loa upcoming (leave.ts: only approved LOAs give leave, over `leaveSpan`), with the status
 * codes read from the same list. "This week" is today and the six days after it, and "tomorrow" the
 * next day, both as days of the server's report time zone: a day with a DST change has 23 or 25 hours.
 * Posting the reminders is src/community/reminder-scheduler.ts.
 */
import { DateTime } from 'luxon';
import type { Loa } from '../../generated/api.js';
import { leaveSpan, readStatusCodes } from './leave.js';

/** The days a digest looks ahead: today and the six after it. */
export const WEEK_AHEAD_DAYS = 7;

/** The start (Unix seconds) of the day `days` after the day of `now`, in `timeZone` (UTC when unknown). */
export function dayStart(now: number, timeZone: string, days: number): number {
  let here = DateTime.fromSeconds(now, { zone: timeZone });
  if (!here.isValid) here = DateTime.fromSeconds(now, { zone: 'UTC' });
  return Math.floor(here.startOf('day').plus({ days }).toSeconds());
}

/** [now, the end of the sixth day after today): the week a digest looks ahead over, in Unix seconds. */
export function weekAhead(now: number, timeZone: string, days = WEEK_AHEAD_DAYS) {
  return { start: now, end: dayStart(now, timeZone, days) };
}

/** An LOA with its leave (`leaveSpan`), in the order a section lists them. */
export interface LeaveAhead<L> {
  loa: L;
  start: number;
  /** The leave's end (Unix seconds); never open-ended here. */
  end: number;
}

function spans<L extends Partial<Loa>>(loas: readonly L[]): LeaveAhead<L>[] {
  const readings = readStatusCodes(loas);
  const out: LeaveAhead<L>[] = [];
  for (const loa of loas) {
    const span = leaveSpan(loa, readings);
    if (span && Number.isFinite(span.end)) out.push({ loa, start: span.start, end: span.end });
  }
  return out;
}

/** Whose leave ends after `now` and before the week ahead ends (started or not), soonest back first. */
export function returningThisWeek<L extends Partial<Loa>>(
  loas: readonly L[],
  now: number,
  timeZone: string,
): LeaveAhead<L>[] {
  const week = weekAhead(now, timeZone);
  return spans(loas)
    .filter((s) => s.end > week.start && s.end < week.end)
    .sort((a, b) => a.end - b.end || a.start - b.start);
}

/** Whose leave starts after `now` and before the week ahead ends, soonest first. */
export function startingThisWeek<L extends Partial<Loa>>(
  loas: readonly L[],
  now: number,
  timeZone: string,
): LeaveAhead<L>[] {
  const week = weekAhead(now, timeZone);
  // Open-ended leave starts too: its end plays no part here.
  const readings = readStatusCodes(loas);
  const out: LeaveAhead<L>[] = [];
  for (const loa of loas) {
    const span = leaveSpan(loa, readings);
    if (span && span.start > week.start && span.start < week.end)
      out.push({ loa, start: span.start, end: span.end });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** A reminder due: one leave ending tomorrow. */
export interface DueReminder {
  loaId: string;
  memberId: string | undefined;
  /** The leave's end (Unix seconds): with the LOA id, the reminder's key. */
  endAt: number;
}

/**
 * The reminders due at `now`: each approved leave (with an id) that has not ended and ends tomorrow,
 * a day of `timeZone`; soonest end first. Leave ending today has had its day; open-ended leave has none.
 */
export function remindersDue(loas: readonly Partial<Loa>[], now: number, timeZone: string): DueReminder[] {
  const from = dayStart(now, timeZone, 1);
  const until = dayStart(now, timeZone, 2);
  return spans(loas)
    .filter((s) => s.end > now && s.end >= from && s.end < until && typeof s.loa.id === 'string')
    .filter((s) => s.loa.id !== '')
    .sort((a, b) => a.end - b.end || String(a.loa.id).localeCompare(String(b.loa.id)))
    .map((s) => ({
      loaId: String(s.loa.id),
      memberId: typeof s.loa.memberId === 'string' && s.loa.memberId !== '' ? s.loa.memberId : undefined,
      endAt: s.end,
    }));
}
