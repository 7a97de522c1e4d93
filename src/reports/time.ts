/**
 * Time on duty, net of breaks, within a period. Pure: "now" is passed in (the snapshot's time).
 *
 * A shift runs from createdAt to endedAt; an active shift (no endedAt) runs to "now". Its breaks
 * (`readBreak`, which the shift embed reads them with too) are clipped to the shift,
 * overlapping breaks count once, and a break that never ended lasts to the shift's end. Time on
 * duty within [from, to) is the shift's part inside it minus the breaks' part inside it, so a
 * shift crossing a period or week boundary is split at the boundary, and the parts add up to the
 * whole. Shifts whose times cannot be read (no start, an end before the start) count no time.
 */
import type { Shift } from '../../generated/api.js';
import { isSetTimestamp } from '../base/discord-limits.js';
import { eachSliced, filterSliced, SLICING, type Slicing } from '../base/slices.js';

// The API does not describe a break entry's shape: these are the key names read as its start and
// end (lower case, letters only), as src/render/shift.ts's header lists them.
const START_KEY = /^(break)?(start|started|begin|began|begun|from)(at|time|timestamp|ts|on)?$/;
const END_KEY =
  /^(break)?(end|ended|stop|stopped|finish|finished|resume|resumed|to|until)(at|time|timestamp|ts|on)?$/;

function normalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z]/g, '');
}

/** The value of the first key matching `pattern`, preferring keys that hold a number. */
function pick(entry: Record<string, unknown>, pattern: RegExp): unknown {
  const keys = Object.keys(entry).filter((k) => pattern.test(normalKey(k)));
  const numeric = keys.find((k) => typeof entry[k] === 'number');
  const key = numeric ?? keys[0];
  return key === undefined ? undefined : entry[key];
}

/**
 * A break read from one entry of a shift's breakTimestamps: start, and end when it has ended;
 * undefined when unreadable. The one reading, shared by the reports and the shift embed.
 */
export function readBreak(entry: unknown): { start: number; end?: number } | undefined {
  let start: unknown;
  let end: unknown;
  if (Array.isArray(entry)) {
    if (entry.length < 1 || entry.length > 2) return undefined;
    [start, end] = entry;
  } else if (typeof entry === 'object' && entry !== null) {
    const record = entry as Record<string, unknown>;
    start = pick(record, START_KEY);
    end = pick(record, END_KEY);
  } else {
    return undefined;
  }
  if (!isSetTimestamp(start)) return undefined;
  if (end === undefined || end === null || end === 0) return { start };
  if (!isSetTimestamp(end) || end < start) return undefined;
  return { start, end };
}

/**
 * Whether a shift's times can be read: a start that is a date, and an end that is a date not before
 * it, or none (still running). A shift whose start or end is any other number (2^53 − 1, a
 * millisecond value, negative) counts no time anywhere, and the views say how many were left out
 * (docs/api-decisions.md).
 */
function readableTimes(shift: Partial<Shift>): boolean {
  if (!isSetTimestamp(shift.createdAt)) return false;
  const ended: unknown = shift.endedAt;
  if (ended === undefined || ended === null || ended === 0) return true;
  return isSetTimestamp(ended) && ended >= shift.createdAt;
}

const leftOutOf = new WeakMap<readonly Partial<Shift>[], number>();

/**
 * How many shifts (of `memberId`, else of anyone) count no time because their times cannot be read
 * (`readableTimes`); counted once per list of the snapshot.
 */
export function unreadableShifts(shifts: readonly Partial<Shift>[], memberId?: string): number {
  if (memberId !== undefined)
    return shifts.filter((s) => s.memberId === memberId && !readableTimes(s)).length;
  let count = leftOutOf.get(shifts);
  if (count === undefined) {
    count = shifts.filter((s) => !readableTimes(s)).length;
    leftOutOf.set(shifts, count);
  }
  return count;
}

/** A half-open interval [start, end) of Unix seconds. */
type Interval = readonly [number, number];

/** A shift's working span and its breaks (clipped to it, merged, in order). */
interface ShiftSpan {
  start: number;
  end: number;
  active: boolean;
  breaks: Interval[];
  /** Break entries that could not be read (the net time is then an upper bound). */
  unreadableBreaks: number;
}

/** Sorted, non-overlapping intervals covering the same time as `intervals` (empty ones dropped). */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Length of the overlap of [a, b) and [from, to); never negative. */
export function overlap(a: number, b: number, from: number, to: number): number {
  return Math.max(0, Math.min(b, to) - Math.max(a, from));
}

/** The shift's span as of `now` (Unix seconds), or undefined when its times cannot be read. */
export function shiftSpan(shift: Partial<Shift>, now: number): ShiftSpan | undefined {
  if (!readableTimes(shift) || !isSetTimestamp(shift.createdAt)) return undefined;
  const start = shift.createdAt;
  const ended: unknown = shift.endedAt;
  let end: number;
  let active = false;
  if (isSetTimestamp(ended)) end = ended;
  else if (ended === undefined || ended === null || ended === 0) {
    end = Math.max(start, now);
    active = true;
  } else return undefined;
  if (end < start) return undefined;
  const entries: unknown[] = Array.isArray(shift.breakTimestamps) ? shift.breakTimestamps : [];
  const raw: Interval[] = [];
  let unreadableBreaks = 0;
  for (const entry of entries) {
    const b = readBreak(entry);
    if (!b) {
      unreadableBreaks++;
      continue;
    }
    const from = Math.max(b.start, start);
    const to = Math.min(b.end ?? end, end);
    if (to > from) raw.push([from, to]);
  }
  return { start, end, active, breaks: mergeIntervals(raw), unreadableBreaks };
}

/** Seconds on duty (net of breaks) of the span within [from, to); 0 ≤ result ≤ to − from. */
export function netWithin(span: ShiftSpan, from: number, to: number): number {
  const gross = overlap(span.start, span.end, from, to);
  if (gross === 0) return 0;
  let breaks = 0;
  for (const [a, b] of span.breaks) breaks += overlap(a, b, from, to);
  return Math.max(0, gross - breaks);
}

/** Net seconds of the span in each consecutive part of [from, to) cut at `cuts` (sorted, inside). */
export function netByParts(span: ShiftSpan, from: number, to: number, cuts: readonly number[]): number[] {
  const edges = [from, ...cuts.filter((c) => c > from && c < to), to];
  return edges.slice(1).map((end, i) => netWithin(span, edges[i] as number, end));
}

export interface TotalsFilter {
  type?: string;
  wave?: number;
  memberId?: string;
}

export interface MemberTotal {
  memberId: string;
  /** Seconds on duty in the period, net of breaks. */
  seconds: number;
  /** Shifts with any time in the period. */
  shifts: number;
  /** The longest of those shifts' time within the period (net seconds). */
  longest: number;
  /** Shifts still running. */
  active: number;
  /** Some breaks could not be read: `seconds` is an upper bound. */
  approximate: boolean;
}

export function matches(shift: Partial<Shift>, filter: TotalsFilter): boolean {
  if (filter.type !== undefined && shift.type !== filter.type) return false;
  if (filter.wave !== undefined && shift.wave !== filter.wave) return false;
  if (filter.memberId !== undefined && shift.memberId !== filter.memberId) return false;
  return true;
}

/** Totals added up shift by shift (`add`), then ranked (`rows`): the one rule of both forms below. */
function totaller(period: { start: number; end: number }, now: number, filter: TotalsFilter) {
  const byMember = new Map<string, MemberTotal>();
  return {
    add(shift: Partial<Shift>): void {
      if (typeof shift.memberId !== 'string' || !matches(shift, filter)) return;
      const span = shiftSpan(shift, now);
      if (!span || overlap(span.start, span.end, period.start, period.end) === 0) return;
      const net = netWithin(span, period.start, period.end);
      let row = byMember.get(shift.memberId);
      if (!row) {
        row = { memberId: shift.memberId, seconds: 0, shifts: 0, longest: 0, active: 0, approximate: false };
        byMember.set(shift.memberId, row);
      }
      row.seconds += net;
      row.shifts += 1;
      row.longest = Math.max(row.longest, net);
      if (span.active) row.active += 1;
      if (span.unreadableBreaks > 0) row.approximate = true;
    },
    rows(): MemberTotal[] {
      return [...byMember.values()].sort(
        (a, b) => b.seconds - a.seconds || b.shifts - a.shifts || (a.memberId < b.memberId ? -1 : 1),
      );
    },
  };
}

/**
 * Members ranked by net time on duty in [from, to): most time first, then more shifts, then member
 * id (a stable order). Only shifts with time in the period count.
 */
export function shiftTotals(
  shifts: readonly Partial<Shift>[],
  period: { start: number; end: number },
  now: number,
  filter: TotalsFilter = {},
): MemberTotal[] {
  const totals = totaller(period, now, filter);
  for (const shift of shifts) totals.add(shift);
  return totals.rows();
}

/** `shiftTotals` in slices (src/base/slices.ts): what the reports run, so a community's 100,000 shifts never hold the event loop. */
export async function shiftTotalsSliced(
  shifts: readonly Partial<Shift>[],
  period: { start: number; end: number },
  now: number,
  filter: TotalsFilter = {},
  slicing: Slicing = SLICING,
): Promise<MemberTotal[]> {
  const totals = totaller(period, now, filter);
  await eachSliced(shifts, totals.add, slicing);
  return totals.rows();
}

function inPeriod(period: { start: number; end: number }, now: number, filter: TotalsFilter) {
  return (s: Partial<Shift>): boolean => {
    if (!matches(s, filter)) return false;
    const span = shiftSpan(s, now);
    return span !== undefined && overlap(span.start, span.end, period.start, period.end) > 0;
  };
}

const newestFirst = (a: Partial<Shift>, b: Partial<Shift>) => (b.createdAt ?? 0) - (a.createdAt ?? 0);

/** The shifts of one member with time in [from, to), newest first. */
export function shiftsInPeriod<S extends Partial<Shift>>(
  shifts: readonly S[],
  period: { start: number; end: number },
  now: number,
  filter: TotalsFilter = {},
): S[] {
  return shifts.filter(inPeriod(period, now, filter)).sort(newestFirst);
}

/** `shiftsInPeriod` in slices. */
export async function shiftsInPeriodSliced<S extends Partial<Shift>>(
  shifts: readonly S[],
  period: { start: number; end: number },
  now: number,
  filter: TotalsFilter = {},
  slicing: Slicing = SLICING,
): Promise<S[]> {
  return (await filterSliced(shifts, inPeriod(period, now, filter), slicing)).sort(newestFirst);
}
