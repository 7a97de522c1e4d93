/**
 * Who is on leave, who goes next, and activity quotas with leave as an exemption. Pure.
 *
 * One rule for every report (README "Reports", docs/api-decisions.md): an LOA is denied, pending
 * or approved (`leaveState`), and only an approved one gives leave, over its dates (`leaveSpan`).
 * The API does not give the meaning of `status`, so each code is read from the community's own
 * LOAs that carry it (`readStatusCodes`): a code only denied LOAs carry (a deny reason) means
 * denied, and a code only started LOAs carry means approved. A status read that way wins over a
 * missing deny reason or review time; a code with mixed or no such LOAs says nothing.
 */
import type { Loa, Member, Shift } from '../../generated/api.js';
import { isSetTimestamp } from '../base/discord-limits.js';
import { eachSliced, SLICING, type Slicing } from '../base/slices.js';
import { MAX_QUOTA_HOURS } from './source.js';
import { netWithin, overlap, shiftSpan } from './time.js';

/**
 * An LOA's state, as shown. Decided here (`loaStateAt`), the one rule the reports use too, and
 * handed to the renderers as data.
 */
export type LoaState =
  | 'Cancelled'
  | 'Denied'
  | 'Ended'
  | 'Expired'
  | 'Active'
  | 'Approved'
  | 'Pending review';

export type StatusReading = 'denied' | 'approved';
/** A code not in it says nothing. */
export type StatusReadings = ReadonlyMap<number, StatusReading>;

const NO_READINGS: StatusReadings = new Map();

function hasDenyReason(loa: Partial<Loa>): boolean {
  return typeof loa.denyReason === 'string' && loa.denyReason.trim() !== '';
}

/** What one LOA's own fields show beyond doubt: denied (a deny reason), approved (it started), or nothing. */
function evidenceOf(loa: Partial<Loa>): StatusReading | undefined {
  if (hasDenyReason(loa)) return 'denied';
  if (isSetTimestamp(loa.startedAt)) return 'approved';
  return undefined;
}

/** Each status code's reading (the header's rule); one carried by both or neither says nothing. */
export function readStatusCodes(loas: readonly Partial<Loa>[]): StatusReadings {
  return readCodes(loas, (loa) => loa.status, evidenceOf);
}

/** Each code's one reading all its LOAs with evidence agree on; disagreement or none says nothing. */
function readCodes<R>(
  loas: readonly Partial<Loa>[],
  codeOf: (loa: Partial<Loa>) => unknown,
  evidence: (loa: Partial<Loa>) => R | undefined,
): ReadonlyMap<number, R> {
  const seen = new Map<number, R | 'mixed'>();
  for (const loa of loas) {
    const code = codeOf(loa);
    if (typeof code !== 'number' || !Number.isInteger(code)) continue;
    const found = evidence(loa);
    if (found === undefined) continue;
    const before = seen.get(code);
    seen.set(code, before === undefined || before === found ? found : 'mixed');
  }
  const readings = new Map<number, R>();
  for (const [code, reading] of seen) if (reading !== 'mixed') readings.set(code, reading);
  return readings;
}

export type StartReading = 'starting when requested' | 'starting later';
export type StartReadings = ReadonlyMap<number, StartReading>;

/** An LOA that starts within a minute of its request starts when requested; an hour or more after, later. */
function startEvidence(loa: Partial<Loa>): StartReading | undefined {
  if (!isSetTimestamp(loa.createdAt) || !isSetTimestamp(loa.startAt)) return undefined;
  const wait = loa.startAt - loa.createdAt;
  if (Math.abs(wait) <= 60) return 'starting when requested';
  if (wait >= 3600) return 'starting later';
  return undefined;
}

/** The start type codes as the community's own LOAs use them, read as the status codes are. */
export function readStartTypes(loas: readonly Partial<Loa>[]): StartReadings {
  return readCodes(loas, (loa) => loa.startType, startEvidence);
}

type LeaveState = 'denied' | 'pending' | 'approved';

/**
 * Denied: a deny reason, or a status read as denied (a denied status never reads as approved,
 * whatever else is set). Approved: started, reviewed, or a status read as approved (an accepted
 * status wins over a missing review time). Otherwise pending review.
 */
export function leaveState(loa: Partial<Loa>, readings: StatusReadings = NO_READINGS): LeaveState {
  const reading = typeof loa.status === 'number' ? readings.get(loa.status) : undefined;
  if (hasDenyReason(loa) || reading === 'denied') return 'denied';
  if (isSetTimestamp(loa.startedAt) || isSetTimestamp(loa.reviewedAt) || reading === 'approved')
    return 'approved';
  return 'pending';
}

/**
 * An approved LOA's leave as [start, end) Unix seconds (end Infinity when open-ended), else
 * undefined. It runs from startedAt (else its planned startAt) to the first of endedAt, expiredAt
 * and cancelledAt (else its planned endAt). So an LOA cancelled before its start gives no leave,
 * and one cancelled after its planned start gives leave up to the cancellation, started or not:
 * the API records no start for a planned leave that simply began.
 */
export function leaveSpan(
  loa: Partial<Loa>,
  readings: StatusReadings = NO_READINGS,
): { start: number; end: number } | undefined {
  if (leaveState(loa, readings) !== 'approved') return undefined;
  const start = isSetTimestamp(loa.startedAt)
    ? loa.startedAt
    : isSetTimestamp(loa.startAt)
      ? loa.startAt
      : undefined;
  if (start === undefined) return undefined;
  const stops = [loa.endedAt, loa.expiredAt, loa.cancelledAt].filter(isSetTimestamp);
  const end = stops.length > 0 ? Math.min(...stops) : isSetTimestamp(loa.endAt) ? loa.endAt : Infinity;
  return end > start ? { start, end } : undefined;
}

/**
 * An LOA's state as every view shows it (/loa list, view and "Open…" labels alike), by the same rule
 * as the reports: denied, pending review or approved (`leaveState`), and an approved one by its leave
 * at `now` (Unix seconds): on leave now is "Active" (exactly who /loa active lists), before it
 * "Approved", after it by what stopped it (cancelled, expired, else ended). A pending LOA that was
 * cancelled reads "Cancelled" (nobody will review it).
 */
export function loaStateAt(loa: Partial<Loa>, readings: StatusReadings, now: number): LoaState {
  const review = leaveState(loa, readings);
  if (review === 'denied') return 'Denied';
  if (review === 'pending') return isSetTimestamp(loa.cancelledAt) ? 'Cancelled' : 'Pending review';
  const span = leaveSpan(loa, readings);
  if (span && now < span.start) return 'Approved';
  if (span && now < span.end) return 'Active';
  // Over, or never given (cancelled before its start, or no start date): what stopped it first.
  const stops: Array<[LoaState, unknown]> = [
    ['Cancelled', loa.cancelledAt],
    ['Expired', loa.expiredAt],
    ['Ended', loa.endedAt],
  ];
  const set = stops.filter((s): s is [LoaState, number] => isSetTimestamp(s[1]));
  if (set.length > 0) return set.reduce((a, b) => (b[1] < a[1] ? b : a))[0];
  return span ? 'Ended' : 'Approved';
}

export const LOA_FILTERS = ['pending', 'active', 'ended'] as const;
export type LoaFilter = (typeof LOA_FILTERS)[number];

/**
 * Whether an LOA passes a `/loa list` filter, by `loaStateAt`: pending is awaiting review, active is
 * on leave now, ended is leave that is over (ended, expired, or cut short by a cancellation after it
 * began).
 */
export function matchesLoaFilter(
  loa: Partial<Loa>,
  filter: LoaFilter,
  readings: StatusReadings,
  now: number,
): boolean {
  const state = loaStateAt(loa, readings, now);
  if (filter === 'pending') return state === 'Pending review';
  if (filter === 'active') return state === 'Active';
  const span = leaveSpan(loa, readings);
  return span !== undefined && now >= span.end;
}

function spansOf<L extends Partial<Loa>>(loas: readonly L[]) {
  const readings = readStatusCodes(loas);
  return loas.map((loa) => ({ loa, span: leaveSpan(loa, readings) }));
}

/** LOAs on leave at `now`, returning soonest first (open-ended last). */
export function onLeaveAt<L extends Partial<Loa>>(loas: readonly L[], now: number): L[] {
  return spansOf(loas)
    .filter(({ span }) => span !== undefined && span.start <= now && now < span.end)
    .sort((a, b) => (a.span?.end ?? 0) - (b.span?.end ?? 0))
    .map(({ loa }) => loa);
}

/** LOAs whose leave starts after `now` and within `days` days, soonest first. */
export function startingWithin<L extends Partial<Loa>>(loas: readonly L[], now: number, days: number): L[] {
  const until = now + days * 86_400;
  return spansOf(loas)
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
 * A quota as REPORTS_QUOTAS accepts one, so `quotaSeconds` counts it exactly (hosted mode's
 * `quota-hours:` lets 1.005 through, which would be saved as typed and owed as 1 h).
 */
export function isQuotaHours(hours: number): boolean {
  return hours > 0 && hours <= MAX_QUOTA_HOURS && Math.round(hours * 100) / 100 === hours;
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
  const check = quotaChecker(quotas, period, now);
  for (const shift of shifts) check.addShift(shift);
  check.addLoas(loas);
  for (const member of members) check.addMember(member);
  return check.rows();
}

/** `quotaCheck` in slices (src/base/slices.ts), so a large community never holds the event loop. */
export async function quotaCheckSliced(
  members: readonly Partial<Member>[],
  quotas: Readonly<Record<string, number>>,
  shifts: readonly Partial<Shift>[],
  loas: readonly Partial<Loa>[],
  period: { start: number; end: number },
  now: number,
  slicing: Slicing = SLICING,
): Promise<QuotaRow[]> {
  const check = quotaChecker(quotas, period, now);
  await eachSliced(shifts, check.addShift, slicing);
  await slicing.pause();
  check.addLoas(loas);
  await eachSliced(members, check.addMember, slicing);
  return check.rows();
}

function quotaChecker(
  quotas: Readonly<Record<string, number>>,
  period: { start: number; end: number },
  now: number,
) {
  const done = new Map<string, number>();
  const onLeave = new Set<string>();
  const rows: QuotaRow[] = [];
  return {
    addShift(shift: Partial<Shift>): void {
      if (typeof shift.memberId !== 'string') return;
      const span = shiftSpan(shift, now);
      if (!span) return;
      const net = netWithin(span, period.start, period.end);
      if (net > 0) done.set(shift.memberId, (done.get(shift.memberId) ?? 0) + net);
    },
    addLoas(loas: readonly Partial<Loa>[]): void {
      for (const { loa, span } of spansOf(loas)) {
        if (
          span &&
          typeof loa.memberId === 'string' &&
          overlap(span.start, span.end, period.start, period.end) > 0
        )
          onLeave.add(loa.memberId);
      }
    },
    addMember(member: Partial<Member>): void {
      if (typeof member.id !== 'string' || !Array.isArray(member.roles)) return;
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
      if (roleId === undefined) return;
      const seconds = done.get(member.id) ?? 0;
      const status: QuotaStatus = onLeave.has(member.id) ? 'on leave' : seconds >= required ? 'pass' : 'fail';
      rows.push({ memberId: member.id, required, roleId, done: seconds, status });
    },
    rows(): QuotaRow[] {
      const rank: Record<QuotaStatus, number> = { fail: 0, 'on leave': 1, pass: 2 };
      return rows.sort(
        (a, b) =>
          rank[a.status] - rank[b.status] ||
          (a.status === 'fail' ? a.done - a.required - (b.done - b.required) : 0) ||
          (a.memberId < b.memberId ? -1 : 1),
      );
    },
  };
}
