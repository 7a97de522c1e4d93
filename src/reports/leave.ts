/**
 * Who is on leave, who goes next, and activity quotas with leave as an exemption. Pure.
 *
 * The API does not give the meaning of an LOA's `status`, so leave is read from its lifecycle
 * timestamps, as `loaState` (src/render/labels.ts) does: an LOA that was denied, or is still
 * pending review, is no leave; one that started (or was approved) runs from startedAt (else
 * startAt) to the first of endedAt, expiredAt, cancelledAt, and otherwise its planned endAt; with
 * none of them it is open-ended. An LOA cancelled before it started is no leave.
 */
import type { Loa, Member, Shift } from '../../generated/api.js';
import { isSetTimestamp } from '../render/format.js';
import { loaState } from '../render/labels.js';
import { netWithin, overlap, shiftSpan } from './time.js';

/** An LOA's leave as [start, end) Unix seconds (end Infinity when open-ended), or undefined. */
export function leaveSpan(loa: Partial<Loa>): { start: number; end: number } | undefined {
  const state = loaState(loa);
  if (state === 'Denied' || state === 'Pending review') return undefined;
  const start = isSetTimestamp(loa.startedAt)
    ? loa.startedAt
    : isSetTimestamp(loa.startAt)
      ? loa.startAt
      : undefined;
  if (start === undefined) return undefined;
  if (state === 'Cancelled' && !isSetTimestamp(loa.startedAt)) return undefined;
  const stops = [loa.endedAt, loa.expiredAt, loa.cancelledAt].filter(isSetTimestamp);
  const end = stops.length > 0 ? Math.min(...stops) : isSetTimestamp(loa.endAt) ? loa.endAt : Infinity;
  return end > start ? { start, end } : undefined;
}

/** LOAs on leave at `now`, returning soonest first (open-ended last). */
export function onLeaveAt<L extends Partial<Loa>>(loas: readonly L[], now: number): L[] {
  return loas
    .map((loa) => ({ loa, span: leaveSpan(loa) }))
    .filter(({ span }) => span !== undefined && span.start <= now && now < span.end)
    .sort((a, b) => (a.span?.end ?? 0) - (b.span?.end ?? 0))
    .map(({ loa }) => loa);
}

/** LOAs whose leave starts after `now` and within `days` days, soonest first. */
export function startingWithin<L extends Partial<Loa>>(loas: readonly L[], now: number, days: number): L[] {
  const until = now + days * 86_400;
  return loas
    .map((loa) => ({ loa, span: leaveSpan(loa) }))
    .filter(({ span }) => span !== undefined && span.start > now && span.start <= until)
    .sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0))
    .map(({ loa }) => loa);
}

export type QuotaStatus = 'pass' | 'fail' | 'on leave';

export interface QuotaRow {
  memberId: string;
  /** Required seconds (the largest quota among the member's roles). */
  required: number;
  /** The role that quota comes from. */
  roleId: string;
  /** Net seconds on duty in the period. */
  done: number;
  status: QuotaStatus;
}

/**
 * A quota of `hours` (the settings accept at most two decimals) as whole seconds, exactly: the hours
 * are taken to the nearest hundredth and multiplied in integers (0.01 h = 36 s), never as
 * `hours * 3600` in floating point (1.1 * 3600 is 3960.0000000000005, which a member who did
 * exactly 3,960 s would then fail).
 */
export function quotaSeconds(hours: number): number {
  return Math.round(hours * 100) * 36;
}

/**
 * For each member holding a role with a quota (hours per period, by community role id): required
 * vs done in [start, end), pass or fail, or "on leave" (exempt) when any of the member's leave
 * overlaps the period, even partly. A member holding several such roles owes the largest quota.
 * Failures first (furthest behind first), then those on leave, then passes; ties by member id.
 */
export function quotaCheck(
  members: readonly Partial<Member>[],
  quotas: Readonly<Record<string, number>>,
  shifts: readonly Partial<Shift>[],
  loas: readonly Partial<Loa>[],
  period: { start: number; end: number },
  now: number,
): QuotaRow[] {
  const done = new Map<string, number>();
  for (const shift of shifts) {
    if (typeof shift.memberId !== 'string') continue;
    const span = shiftSpan(shift, now);
    if (!span) continue;
    const net = netWithin(span, period.start, period.end);
    if (net > 0) done.set(shift.memberId, (done.get(shift.memberId) ?? 0) + net);
  }
  const onLeave = new Set<string>();
  for (const loa of loas) {
    const span = leaveSpan(loa);
    if (
      span &&
      typeof loa.memberId === 'string' &&
      overlap(span.start, span.end, period.start, period.end) > 0
    )
      onLeave.add(loa.memberId);
  }
  const rows: QuotaRow[] = [];
  for (const member of members) {
    if (typeof member.id !== 'string' || !Array.isArray(member.roles)) continue;
    let required = 0;
    let roleId: string | undefined;
    for (const role of member.roles) {
      // Own entries only: a role id from the API such as "constructor" is no quota.
      const hours = typeof role === 'string' && Object.hasOwn(quotas, role) ? quotas[role] : undefined;
      if (typeof hours !== 'number' || !Number.isFinite(hours)) continue;
      const seconds = quotaSeconds(hours);
      if (roleId === undefined || seconds > required) {
        required = seconds;
        roleId = role;
      }
    }
    if (roleId === undefined) continue;
    const seconds = done.get(member.id) ?? 0;
    const status: QuotaStatus = onLeave.has(member.id) ? 'on leave' : seconds >= required ? 'pass' : 'fail';
    rows.push({ memberId: member.id, required, roleId, done: seconds, status });
  }
  const rank: Record<QuotaStatus, number> = { fail: 0, 'on leave': 1, pass: 2 };
  return rows.sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      (a.status === 'fail' ? a.done - a.required - (b.done - b.required) : 0) ||
      (a.memberId < b.memberId ? -1 : 1),
  );
}
