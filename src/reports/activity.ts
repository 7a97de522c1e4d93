/**
 * Who is on duty now and who went quiet, from the report snapshot alone (no request of their own).
 * Pure. Leave is read by the one rule every report keeps (leave.ts: `leaveSpan`, as `/loa active`).
 */
import type { Loa, Member, Shift } from '../../generated/api.js';
import { coverageOf, listWhole, type SnapshotList, type SnapshotReading } from './coverage.js';
import { leaveSpan, readStatusCodes } from './leave.js';

export { listWhole };

import { shiftSpan } from './time.js';

/** A shift running at `now`: its start and whether a break is open. */
export interface OnDutyRow<S extends Partial<Shift> = Shift> {
  shift: S;
  /** When it started (Unix seconds). */
  start: number;
  /** Seconds on duty so far, net of breaks. */
  net: number;
}

/**
 * Every shift still running at `now` (no end yet, a readable start not after `now`), longest running
 * first, then by shift id (a stable order).
 */
export function onDuty<S extends Partial<Shift>>(shifts: readonly S[], now: number): OnDutyRow<S>[] {
  const rows: OnDutyRow<S>[] = [];
  for (const shift of shifts) {
    const span = shiftSpan(shift, now);
    if (!span?.active || span.start > now) continue;
    let breaks = 0;
    for (const [a, b] of span.breaks) breaks += b - a;
    rows.push({ shift, start: span.start, net: Math.max(0, span.end - span.start - breaks) });
  }
  return rows.sort((a, b) => a.start - b.start || String(a.shift.id).localeCompare(String(b.shift.id)));
}

interface InactiveOptions {
  /** Idle for more than this many days (1..365). */
  days: number;
  /** Only members holding this community role. */
  roleId?: string;
  /** Keep members on leave now (marked with the leave's end); left out otherwise. */
  includeLeave: boolean;
}

export interface InactiveRow {
  memberId: string;
  /** The start of their last shift (Unix seconds), or undefined: never on duty. */
  lastShift: number | undefined;
  roles: string[];
  /** On leave now: until this time (Infinity when open-ended). */
  onLeaveUntil?: number;
}

/**
 * Members whose last shift started more than `days` days before `now`, or who never had one: those
 * who never had one first, then the longest idle; ties by member id. A member with a shift running
 * now is on duty, never idle, however long ago it started. Members on leave at `now` (an approved
 * LOA's leave, `leaveSpan`) are left out unless `includeLeave`.
 */
export function inactiveMembers(
  members: readonly Partial<Member>[],
  shifts: readonly Partial<Shift>[],
  loas: readonly Partial<Loa>[],
  now: number,
  options: InactiveOptions,
): InactiveRow[] {
  const last = new Map<string, number>();
  const onDutyNow = new Set<string>();
  for (const shift of shifts) {
    if (typeof shift.memberId !== 'string') continue;
    const span = shiftSpan(shift, now);
    if (!span) continue;
    if (span.active && span.start <= now) onDutyNow.add(shift.memberId);
    if (span.start > (last.get(shift.memberId) ?? -Infinity)) last.set(shift.memberId, span.start);
  }
  const leaveUntil = new Map<string, number>();
  const readings = readStatusCodes(loas);
  for (const loa of loas) {
    if (typeof loa.memberId !== 'string') continue;
    const span = leaveSpan(loa, readings);
    if (!span || span.start > now || now >= span.end) continue;
    leaveUntil.set(loa.memberId, Math.max(leaveUntil.get(loa.memberId) ?? 0, span.end));
  }
  const cutoff = now - options.days * 86_400;
  const rows: InactiveRow[] = [];
  for (const member of members) {
    if (typeof member.id !== 'string' || onDutyNow.has(member.id)) continue;
    const roles = Array.isArray(member.roles) ? member.roles.filter((r) => typeof r === 'string') : [];
    if (options.roleId !== undefined && !roles.includes(options.roleId)) continue;
    const lastShift = last.get(member.id);
    if (lastShift !== undefined && lastShift >= cutoff) continue;
    const until = leaveUntil.get(member.id);
    if (until !== undefined && !options.includeLeave) continue;
    rows.push({
      memberId: member.id,
      lastShift,
      roles,
      ...(until !== undefined ? { onLeaveUntil: until } : {}),
    });
  }
  return rows.sort(
    (a, b) =>
      (a.lastShift ?? -Infinity) - (b.lastShift ?? -Infinity) ||
      (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0),
  );
}

/** The lists `/quota inactive` needs whole: a shift, a leave or a member on an unread page changes the answer. */
export const INACTIVE_NEEDS = ['shifts', 'loas', 'members'] as const;

/** How far the lists a report needs are read: pages saved, and the pages there are (undefined: not known yet). */
export interface Reading {
  read: number;
  total: number | undefined;
  /** The roles are counted too (a role: asked for and not found among the roles read so far). */
  roles?: boolean;
  /** When the pace allows the next read (ms), when known. */
  nextReadAt?: number;
}

/**
 * Undefined when every list `/quota inactive` needs is read whole (the roles too with `roles`: a
 * role asked for not found yet); else how far they are read together (`coverageOf`). On a partial
 * read no row is certain (a newer shift or a leave may be on a page not read yet, and "never on
 * duty" never is), so the report lists nobody until then.
 */
export function inactiveReading(data: SnapshotReading, roles = false): Reading | undefined {
  const names: SnapshotList[] = roles ? [...INACTIVE_NEEDS, 'roles'] : [...INACTIVE_NEEDS];
  const c = coverageOf(data, names);
  if (c.complete) return undefined;
  return {
    read: c.pagesRead,
    total: c.pagesTotal,
    ...(roles ? { roles } : {}),
    ...(c.nextReadAt !== undefined ? { nextReadAt: c.nextReadAt } : {}),
  };
}
