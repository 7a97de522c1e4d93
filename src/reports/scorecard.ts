/**
 * A staff member's standing, from the report snapshot alone: time on duty in a period and their rank
 * among staff, their quota (when one is set for a role they hold), and their leave now or next. The
 * whole community's shifts are read for the rank, in slices (src/base/slices.ts): at 100,000 shifts
 * one piece held the event loop over 200 ms.
 */
import type { Loa, Member, Shift } from '../../generated/api.js';
import { SLICING, type Slicing } from '../base/slices.js';
import { leaveSpan, type QuotaRow, quotaCheckSliced, readStatusCodes } from './leave.js';
import { shiftTotalsSliced } from './time.js';

export interface Scorecard {
  /** Net seconds on duty in the period. */
  seconds: number;
  shifts: number;
  /** Their place among members with time in the period (1 = most), or undefined with none. */
  rank: number | undefined;
  /** Members with time in the period. */
  ranked: number;
  /** A shift of theirs is running now. */
  onDuty: boolean;
  /** Their quota row, when a role they hold has one. */
  quota: QuotaRow | undefined;
  /** Leave now (`now: true`) or the next one to start, as [start, end) (end Infinity: open-ended). */
  leave: { now: boolean; start: number; end: number } | undefined;
  /** False: the member is not among the members read (their roles, and so their quota, not known). */
  memberRead?: boolean;
}

export async function scorecardOf(
  memberId: string,
  data: {
    shifts: readonly Partial<Shift>[];
    loas: readonly Partial<Loa>[];
    members: readonly Partial<Member>[];
  },
  quotas: Readonly<Record<string, number>>,
  period: { start: number; end: number },
  now: number,
  slicing: Slicing = SLICING,
): Promise<Scorecard> {
  const totals = await shiftTotalsSliced(data.shifts, period, now, {}, slicing);
  const index = totals.findIndex((t) => t.memberId === memberId);
  const own = index >= 0 ? totals[index] : undefined;
  const member = data.members.filter((m) => m.id === memberId);
  const quota = (await quotaCheckSliced(member, quotas, data.shifts, data.loas, period, now, slicing))[0];
  // Status codes are read from the whole community's LOAs (leave.ts), not from this member's alone.
  const readings = readStatusCodes(data.loas);
  const spans = data.loas
    .filter((l) => l.memberId === memberId)
    .map((l) => leaveSpan(l, readings))
    .filter((s): s is { start: number; end: number } => s !== undefined);
  const current = spans.filter((s) => s.start <= now && now < s.end).sort((a, b) => b.end - a.end)[0];
  const next = spans.filter((s) => s.start > now).sort((a, b) => a.start - b.start)[0];
  return {
    seconds: own?.seconds ?? 0,
    shifts: own?.shifts ?? 0,
    rank: own ? index + 1 : undefined,
    ranked: totals.length,
    onDuty: own !== undefined && own.active > 0,
    quota,
    leave: current ? { now: true, ...current } : next ? { now: false, ...next } : undefined,
    memberRead: member.length > 0,
  };
}
