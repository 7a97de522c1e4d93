/**
 * How the monthly allowance is shared out: what is left, less a reserve for things never read before
 * (PACE_RESERVE) and what whole-list reads hold (month-holds.ts), is spread over the time left, so a
 * refresh of something already saved waits for its turn (pace); access checks spend from a share of
 * their own (ACCESS_SHARE, FIRST_CHECKS_PART); a read that must be made now (a link check, which no
 * saved copy can answer) ignores the pace and is refused only when nothing is left above the reserve
 * and the holds (room).
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { MonthCount } from './month.js';
import type { MonthHolds } from './month-holds.js';
import type { Counter, LimitStore } from './store.js';
import type { AccessKind, LimitStatus, PaceVerdict, RoomVerdict } from './types.js';

/** Share of a monthly allowance kept for reads of things never seen (no saved copy to show). */
export const PACE_RESERVE = 0.2;

/**
 * Share of a monthly allowance (rounded up, at least one request) that access checks may spend in a
 * month: anyone can run a command, and a lookup for a stranger must not spend what staff read with.
 */
export const ACCESS_SHARE = 0.1;

/**
 * Part of the access share (rounded up) that first checks may spend: lookups of users no saved answer
 * allowed, which is every stranger's. The rest is kept for re-checks of users a lookup allowed
 * (moderators whose saved answer is older than ACCESS_MAX_AGE_SECONDS), who may also spend the part
 * first checks left. A share of one is the first checks' too (at the start of a month nobody has
 * been allowed yet).
 */
export const FIRST_CHECKS_PART = 0.5;

/** The access share of a month of `points` requests, and the part of it first checks may spend. */
export function accessParts(points: number): { share: number; first: number } {
  const share = Math.max(1, Math.ceil(points * ACCESS_SHARE));
  return { share, first: Math.max(1, Math.ceil(share * FIRST_CHECKS_PART)) };
}

interface AllowanceOptions {
  month: MonthCount;
  holds: MonthHolds;
  store: LimitStore;
  prefix: string;
  now: () => number;
}

/** The sharing out of `options.month`: Limits' pace, takeAccess, room and status under a monthly limit. */
export class Allowance {
  private readonly month: MonthCount;
  private readonly holds: MonthHolds;
  private readonly store: LimitStore;
  private readonly now: () => number;
  private readonly paces: Counter;
  /**
   * Member lookups of access checks are counted per month beside the month's own count (in Redis:
   * shared by every process of the token), up to their share; each also counts in the month. First
   * checks are counted again apart, up to their part: what they leave is the re-checks'.
   */
  private readonly accessChecks: Counter;
  private readonly firstChecks: Counter;

  constructor(options: AllowanceOptions) {
    const { month, store, prefix } = options;
    this.month = month;
    this.holds = options.holds;
    this.store = store;
    this.now = options.now;
    this.paces = store.counter(`${prefix}:pace`, 1, 1);
    const parts = accessParts(month.spec.points);
    this.accessChecks = store.counter(`${prefix}:access`, parts.share, 0);
    this.firstChecks = store.counter(`${prefix}:access-first`, parts.first, 0);
  }

  async pace(key: string): Promise<PaceVerdict> {
    const t = this.now();
    const { left, resetAt, spendable, freedAt } = await this.standing(key, t);
    if (left <= 0) return { ok: false, reason: 'spent', nextAt: resetAt };
    if (spendable <= 0) return { ok: false, reason: 'pace', nextAt: freedAt };
    // At most ~23 days: the memory store's timers cannot run longer.
    const intervalS = Math.min(2_000_000, Math.max(1, Math.ceil((resetAt - t) / spendable / 1000)));
    try {
      await this.paces.consume(key, 1, { customDuration: intervalS });
      await this.store.flush();
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { ok: false, reason: 'pace', nextAt: t + Math.max(1, rejection.msBeforeNext) };
      }
      throw rejection;
    }
  }

  async takeAccess(key: string, kind: AccessKind = 'first'): Promise<PaceVerdict> {
    const { month } = this;
    const { spendable, resetAt, freedAt } = await this.standing(key, this.now());
    // The reserve (and what whole-list reads hold) is for what staff ask, never for a lookup.
    if (spendable <= 0) return { ok: false, reason: 'spent', nextAt: freedAt };
    try {
      // A first check takes its part first (each counter alone is atomic across processes); one
      // refused by the whole share after that has only used up part of what is spent anyway.
      if (kind === 'first') await this.firstChecks.consume(month.monthKey(key), 1, month.counterOptions());
      await this.accessChecks.consume(month.monthKey(key), 1, month.counterOptions());
      await this.store.flush();
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { ok: false, reason: 'spent', nextAt: resetAt };
      throw rejection;
    }
  }

  async room(key: string): Promise<RoomVerdict> {
    const { left, spendable, freedAt } = await this.standing(key, this.now());
    if (spendable > 0) return { ok: true };
    const reason = left <= 0 ? 'spent' : 'reserve';
    return { ok: false, reason, nextAt: freedAt, left: Math.max(0, left), points: this.month.spec.points };
  }

  async status(key: string, t: number): Promise<LimitStatus> {
    const { text, points } = this.month.spec;
    const { used, left, resetAt, spendable, freedAt } = await this.standing(key, t);
    const turn = await this.paces.get(key);
    return {
      text,
      kind: 'month',
      points,
      used,
      left,
      resetAt,
      pace:
        left <= 0
          ? { spent: true }
          : {
              intervalMs: spendable > 0 ? Math.ceil((resetAt - t) / spendable) : resetAt - t,
              nextAt: spendable > 0 ? t + Math.max(0, turn?.msBeforeNext ?? 0) : freedAt,
            },
    };
  }

  /**
   * Where the month stands for the pace: requests used and left, the reset, what the pace may spread
   * (left less the reserve and every process's holds), and when holds alone stop standing in the way.
   */
  private async standing(key: string, t: number) {
    const { month, holds } = this;
    const used = Math.min(month.spec.points, await month.used(key));
    const resetAt = month.nextMonthStart(t);
    const left = month.spec.points - used;
    // What whole-list reads hold (every process's) is theirs to spend: the pace spreads the rest.
    const held = await holds.held(key);
    const spendable = left - Math.ceil(month.spec.points * PACE_RESERVE) - held;
    // Only the holds stand in the way: they are spent or given back by the time they lapse.
    const freedAt = spendable + held > 0 ? Math.min(resetAt, t + holds.lapseMs) : resetAt;
    return { used, left, resetAt, spendable, freedAt };
  }
}
