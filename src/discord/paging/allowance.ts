/**
 * Whole-list reads (exports, log searches) and the monthly allowance: a read plans the requests it
 * needs by `exportVerdict` (only what is left of the month above the pace's reserve) against what
 * every other whole-list read of the token holds, in every process, and holds what it planned
 * until its reads are done. The holds live in the limits' store beside the month's count
 * (Limits.holdMonth: Redis when CACHE_URL is set, shared by every process; the file otherwise).
 * The hold is taken first and checked after: when it does not fit it is given back, so two plans
 * racing may both be refused, but never both spend into the reserve. See docs/api-decisions.md.
 */
import { type LimitStatus, type MonthHold, PACE_RESERVE } from '../../api/limits/limits.js';

/** Holds requests of a community's month for a whole-list read (Limits.holdMonth with its key). */
export type HoldMonth = (requests: number) => Promise<MonthHold>;

/** Whether `needed` requests for pages never read may be spent now, by every limit's status. */
export type ExportVerdict = { ok: true } | { ok: false; spare: number; possibleAt: number };

/** The plan of a whole-list read: its hold, or why it may not spend what it needs. */
type Planned = { ok: true; hold: MonthHold } | (ExportVerdict & { ok: false });

/**
 * When the shared store does not answer, what others hold is unknown: a read is refused as
 * possible again this much later (the store is tried again well before).
 */
export const UNSURE_RETRY_MS = 60_000;

/** A hold of nothing (no request needed, or nothing limited). */
const NO_HOLD: MonthHold = { statuses: [], spent: async () => {}, release: async () => {} };

/**
 * The month decides: a whole-list read may spend requests on pages never read only from what is
 * left above the pace's reserve (PACE_RESERVE of the allowance, kept for single records never
 * seen). Short limits are waited for, not refused.
 */
export function exportVerdict(needed: number, statuses: readonly LimitStatus[]): ExportVerdict {
  if (needed <= 0) return { ok: true };
  for (const s of statuses) {
    if (s.kind !== 'month') continue;
    const reserve = Math.ceil(s.points * PACE_RESERVE);
    const spare = Math.max(0, s.left - reserve);
    if (needed > spare) {
      // What only others' holds keep from it is possible once they end (spent or given back).
      const held = s.others;
      const fits = held !== undefined && needed <= s.left + held.requests - reserve;
      return { ok: false, spare, possibleAt: fits ? Math.min(s.resetAt, held.until) : s.resetAt };
    }
  }
  return { ok: true };
}

/**
 * Hold `needed` requests of the month when they fit what may be spent less every other read's
 * hold (`exportVerdict`); otherwise nothing is held and the verdict says how many could be spared
 * and when it becomes possible. Without `holdMonth` nothing is limited.
 */
export async function planHold(holdMonth: HoldMonth | undefined, needed: number): Promise<Planned> {
  if (!holdMonth || needed <= 0) return { ok: true, hold: NO_HOLD };
  const hold = await holdMonth(needed);
  const verdict: ExportVerdict = hold.statuses
    ? exportVerdict(needed, hold.statuses)
    : { ok: false, spare: 0, possibleAt: Date.now() + UNSURE_RETRY_MS };
  if (verdict.ok) return { ok: true, hold };
  await hold.release();
  return verdict;
}
