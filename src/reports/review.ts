/**
 * The review queue: the LOAs pending review (`loaStateAt`), how long each has waited since it was
 * requested, oldest first, and how many have waited past the admins' threshold. Pure.
 */
import type { Loa } from '../../generated/api.js';
import { isSetTimestamp } from '../base/discord-limits.js';
import { loaStateAt, type StatusReadings } from './leave.js';

/**
 * Seconds an LOA has waited at `now` since it was requested; undefined (not known) without a request
 * time or with one after `now` (a request dated ahead has waited no knowable time, not 0).
 */
export function waitedSeconds(loa: Partial<Loa>, now: number): number | undefined {
  return isSetTimestamp(loa.createdAt) && loa.createdAt <= now ? now - loa.createdAt : undefined;
}

/** Oldest request first; those with no request time last, each group in the order given. */
export function oldestFirst<L extends Partial<Loa>>(loas: readonly L[]): L[] {
  const at = (loa: L) => (isSetTimestamp(loa.createdAt) ? loa.createdAt : Infinity);
  return [...loas].sort((a, b) => (at(a) === at(b) ? 0 : at(a) < at(b) ? -1 : 1));
}

/** Whether an LOA has waited longer than `afterHours` at `now` (never, without a threshold). */
export function isOverdue(loa: Partial<Loa>, now: number, afterHours: number | undefined): boolean {
  const waited = waitedSeconds(loa, now);
  return afterHours !== undefined && waited !== undefined && waited > afterHours * 3600;
}

export interface ReviewQueue<L> {
  /** Pending review, oldest first. */
  pending: L[];
  /** The oldest whose wait is known (a request time not after now), and how long it has waited (seconds). */
  oldest?: { loa: L; waited: number };
  /** How many have waited longer than the threshold (0 without one). */
  overdue: number;
}

export function reviewQueue<L extends Partial<Loa>>(
  loas: readonly L[],
  readings: StatusReadings,
  now: number,
  afterHours?: number,
): ReviewQueue<L> {
  const pending = oldestFirst(loas.filter((loa) => loaStateAt(loa, readings, now) === 'Pending review'));
  // The oldest whose wait is known (a request dated ahead sorts after those of the past).
  const first = pending.find((loa) => waitedSeconds(loa, now) !== undefined);
  const waited = first && waitedSeconds(first, now);
  return {
    pending,
    ...(first && waited !== undefined ? { oldest: { loa: first, waited } } : {}),
    overdue: pending.filter((loa) => isOverdue(loa, now, afterHours)).length,
  };
}
