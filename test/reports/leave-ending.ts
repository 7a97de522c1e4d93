/**
 * The leave of a sandbox dataset that ends on a day, worked out here independently of the reminder
 * scheduler (the leave rules of src/reports/leave.ts, in UTC, the default report time zone): what
 * the leave reminder tests expect to be posted, and when.
 */
import type { Loa } from '../../generated/api.js';
import { leaveSpan, readStatusCodes } from '../../src/reports/leave.js';
import type { Dataset } from '../doubles/sandbox/data.js';

const DAY_MS = 86_400_000;

/** The UTC date of a Unix time, "2026-11-03". */
const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The approved leave of `dataset` with an end, each with its member and end (Unix seconds), by LOA id. */
function endingLeave(dataset: Dataset): Array<{ id: string; memberId: string; end: number }> {
  const loas = dataset.loas as unknown as Loa[];
  const readings = readStatusCodes(loas);
  return loas.flatMap((loa) => {
    const span = leaveSpan(loa, readings);
    return span && Number.isFinite(span.end) ? [{ id: loa.id, memberId: loa.memberId, end: span.end }] : [];
  });
}

/** The approved leave ending on `date` (UTC), by LOA id. */
export function endingOn(dataset: Dataset, date: string): Map<string, { memberId: string; end: number }> {
  const out = new Map<string, { memberId: string; end: number }>();
  for (const { id, memberId, end } of endingLeave(dataset))
    if (dateOf(end) === date) out.set(id, { memberId, end });
  return out;
}

/** End dates with leave ending on them, most first (then the earliest). */
export function busyDates(dataset: Dataset): string[] {
  const counts = new Map<string, number>();
  for (const { end } of endingLeave(dataset)) counts.set(dateOf(end), (counts.get(dateOf(end)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([d]) => d);
}

/** Noon UTC of the day before `date` (ms): when the reminders of leave ending on `date` are due. */
export const dayBefore = (date: string) => Date.parse(`${date}T12:00:00Z`) - DAY_MS;
