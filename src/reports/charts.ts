/**
 * The charts' numbers by day, with the same arithmetic as the reports' text: time on duty is
 * `netWithin` of each shift's span (time.ts), leave is `memberLeave`'s spans (reminders.ts). Days
 * are days of the report time zone, as the digest's "week ahead" is. Pure.
 */
import type { Loa, Shift } from '../../generated/api.js';
import { eachSliced, SLICING, type Slicing } from '../base/slices.js';
import { dayStart, memberLeave } from './reminders.js';
import { matches, netByParts, overlap, shiftSpan, type TotalsFilter } from './time.js';

/** The starts of `days` consecutive days from `first` days after the day of `now`, and the end of the last: days + 1 edges. */
export function dayEdges(now: number, timeZone: string, first: number, days: number): number[] {
  return Array.from({ length: days + 1 }, (_, i) => dayStart(now, timeZone, first + i));
}

/** The last `days` days, today the last of them. */
export const pastDays = (now: number, timeZone: string, days: number) =>
  dayEdges(now, timeZone, 1 - days, days);

function dayTotaller(edges: readonly number[], now: number, filter: TotalsFilter) {
  const from = edges[0] ?? 0;
  const to = edges.at(-1) ?? 0;
  const cuts = edges.slice(1, -1);
  const seconds = new Array<number>(Math.max(0, edges.length - 1)).fill(0);
  return {
    seconds,
    add(shift: Partial<Shift>): void {
      if (!matches(shift, filter)) return;
      const span = shiftSpan(shift, now);
      if (!span || overlap(span.start, span.end, from, to) === 0) return;
      netByParts(span, from, to, cuts).forEach((net, i) => {
        seconds[i] = (seconds[i] ?? 0) + net;
      });
    },
  };
}

/** Net seconds on duty in each day between `edges` (of the shifts `filter` keeps: one member's, or all). */
export function onDutyByDay(
  shifts: readonly Partial<Shift>[],
  edges: readonly number[],
  now: number,
  filter: TotalsFilter = {},
): number[] {
  const days = dayTotaller(edges, now, filter);
  for (const shift of shifts) days.add(shift);
  return days.seconds;
}

/** `onDutyByDay` in slices, for a whole community's shifts. */
export async function onDutyByDaySliced(
  shifts: readonly Partial<Shift>[],
  edges: readonly number[],
  now: number,
  filter: TotalsFilter = {},
  slicing: Slicing = SLICING,
): Promise<number[]> {
  const days = dayTotaller(edges, now, filter);
  await eachSliced(shifts, days.add, slicing);
  return days.seconds;
}

/** For each day between `edges`, whether the member is on leave for any of it. */
export function leaveByDay(
  loas: readonly Partial<Loa>[],
  memberId: string,
  edges: readonly number[],
): boolean[] {
  const spans = memberLeave(loas.filter((l) => l.memberId === memberId));
  return edges
    .slice(1)
    .map((end, i) => spans.some((s) => overlap(s.start, s.end, edges[i] as number, end) > 0));
}

/** Each member on leave in the days between `edges`: the days (indexes) they are away, members in order of their first such day. */
export function leaveAcross(loas: readonly Partial<Loa>[], edges: readonly number[]) {
  const away = new Map<string, Set<number>>();
  for (const span of memberLeave(loas)) {
    const memberId = span.loa.memberId;
    if (typeof memberId !== 'string' || memberId === '') continue;
    edges.slice(1).forEach((end, i) => {
      if (overlap(span.start, span.end, edges[i] as number, end) === 0) return;
      const days = away.get(memberId) ?? new Set<number>();
      away.set(memberId, days.add(i));
    });
  }
  return [...away]
    .map(([memberId, days]) => ({ memberId, days: [...days].sort((a, b) => a - b) }))
    .sort((a, b) => (a.days[0] ?? 0) - (b.days[0] ?? 0) || (a.memberId < b.memberId ? -1 : 1));
}
