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
const WEEK_AHEAD_DAYS = 7;

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
interface DueReminder {
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

/** A digest's three leave sections: each leave in one of them only, a member's overlapping leaves as one. */
interface DigestLeave<L> {
  /** On leave now and not back before the week ahead ends (open-ended too), soonest back first. */
  onLeave: LeaveAhead<L>[];
  /** On leave now and back before the week ahead ends, soonest back first. */
  returning: LeaveAhead<L>[];
  /** Leave that starts after now and before the week ahead ends (back this week or not), soonest first. */
  starting: LeaveAhead<L>[];
}

/**
 * Each member's leave with overlapping or touching leaves merged into one span (`loa`: the first of
 * them; `end` Infinity: open-ended). An LOA naming no member is its own span.
 */
export function memberLeave<L extends Partial<Loa>>(loas: readonly L[]): LeaveAhead<L>[] {
  const readings = readStatusCodes(loas);
  const byMember = new Map<string, LeaveAhead<L>[]>();
  const alone: LeaveAhead<L>[] = [];
  for (const loa of loas) {
    const span = leaveSpan(loa, readings);
    if (!span) continue;
    const row = { loa, start: span.start, end: span.end };
    if (typeof loa.memberId !== 'string' || loa.memberId === '') alone.push(row);
    else byMember.set(loa.memberId, [...(byMember.get(loa.memberId) ?? []), row]);
  }
  const out = [...alone];
  for (const rows of byMember.values()) {
    rows.sort((a, b) => a.start - b.start || a.end - b.end);
    let current: LeaveAhead<L> | undefined;
    for (const row of rows) {
      if (current && row.start <= current.end) current.end = Math.max(current.end, row.end);
      else {
        current = { ...row };
        out.push(current);
      }
    }
  }
  return out;
}

/**
 * The digest's leave sections at `now` over the week ahead (`weekAhead`): who is on leave now and
 * stays out past the week, who is on leave now and back this week, and whose leave starts this week.
 * No leave is in two sections and a member's overlapping leaves are one row: a post lists no one twice.
 */
export function digestLeave<L extends Partial<Loa>>(
  loas: readonly L[],
  now: number,
  timeZone: string,
): DigestLeave<L> {
  const week = weekAhead(now, timeZone);
  const onLeave: LeaveAhead<L>[] = [];
  const returning: LeaveAhead<L>[] = [];
  const starting: LeaveAhead<L>[] = [];
  for (const row of memberLeave(loas)) {
    if (row.start <= now && now < row.end) (row.end < week.end ? returning : onLeave).push(row);
    else if (row.start > now && row.start < week.end) starting.push(row);
  }
  const byEnd = (a: LeaveAhead<L>, b: LeaveAhead<L>) => a.end - b.end || a.start - b.start;
  return {
    onLeave: onLeave.sort(byEnd),
    returning: returning.sort(byEnd),
    starting: starting.sort((a, b) => a.start - b.start || a.end - b.end),
  };
}
