/**
 * The month's count of requests, per key: counted in the limit store under a key of its own per
 * month (the calendar month in UTC, or a period of API_MONTH_SECONDS), raised in the ledger (the
 * database) before each request goes out, and restored from the ledger when the limit store lost it.
 * When it is spent, callers get ApiError 'quota' naming the reset at once (waiting would not help);
 * crossing 80% and 100% is logged and told (onAllowanceMark).
 *
 * The count starts at the month's first request with a token whether or not a monthly limit is
 * known yet: without one (API_LIMITS with no `/month`, a server that has declared no plan) the
 * month is counted under the same keys and never refuses, so a plan declared later (an admin
 * setting `12/month` after linking) applies to what was already spent.
 */
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../../log.js';
import { ApiError } from '../errors.js';
import {
  monthOf as calendarMonthOf,
  type LimitSpec,
  nextMonthStart as nextCalendarMonthStart,
} from './spec.js';
import type { LimitStore } from './store.js';
import type { AllowanceMark, MonthLedger } from './types.js';

/** How long one process's claim to restore a lost month count stands. */
const RESTORE_CLAIM_SECONDS = 10;

/**
 * The points of the count kept without a monthly limit: never reached (a RateLimiter needs a number;
 * within what Redis's Lua numbers and JSON keep exactly).
 */
export const UNLIMITED_POINTS = 2 ** 31 - 1;

export interface MonthCountOptions {
  /** The monthly limit of API_LIMITS; undefined: none known, the month is only counted. */
  spec: LimitSpec | undefined;
  store: LimitStore;
  prefix: string;
  logger: Logger;
  /** Clock for calendar months (ms since epoch). */
  now: () => number;
  /** The period in seconds, aligned to the Unix epoch; 0: the calendar month in UTC. */
  periodSeconds: number;
  ledger: MonthLedger | undefined;
  onAllowanceMark: ((mark: AllowanceMark) => void) | undefined;
}

export interface MonthCount {
  /** The monthly limit; without one (`limited` false) a spec of UNLIMITED_POINTS that never refuses. */
  readonly spec: LimitSpec;
  /** Whether a monthly limit is known: without one the month is counted but nothing is refused or told. */
  readonly limited: boolean;
  /** When the month holding `t` ends (ms since epoch). */
  nextMonthStart(t: number): number;
  /** The store key of `key`'s current month. */
  monthKey(key: string): string;
  /** Options for a counter of the month: in Redis it lives to the month's end, and a day more. */
  counterOptions(): { customDuration?: number };
  /** Requests counted in `key`'s month (restored from the ledger when the limit store lost them). */
  used(key: string): Promise<number>;
  /** Count one request of `key` before it goes out; ApiError 'quota' when the month is spent. */
  take(key: string): Promise<void>;
  /** Count what the API says it has counted (`remaining` left this month) when that is more. */
  resync(key: string, remaining: number): Promise<void>;
  /** The error for a spent month, naming its reset. */
  quotaError(): ApiError;
  /** Requests left in `key`'s month as last counted here; undefined before the first. */
  lastLeft(key: string): number | undefined;
}

/** Count the month of `options.spec`. */
export function createMonthCount(options: MonthCountOptions): MonthCount {
  const { store, prefix, logger, now, ledger } = options;
  const limited = options.spec !== undefined;
  const spec: LimitSpec = options.spec ?? {
    points: UNLIMITED_POINTS,
    window: { kind: 'month' },
    text: 'month (counted, no limit)',
  };
  const periodMs = options.periodSeconds * 1000;
  /** The month's name (calendar `YYYY-MM`, or the period's number `p123` with monthSeconds). */
  const monthOf = (t: number) => (periodMs > 0 ? `p${Math.floor(t / periodMs)}` : calendarMonthOf(t));
  const nextMonthStart = (t: number) =>
    periodMs > 0 ? (Math.floor(t / periodMs) + 1) * periodMs : nextCalendarMonthStart(t);
  // Month counters never expire in memory (their key names the month); Redis drops them after it.
  const counter = store.counter(`${prefix}:month`, spec.points, 0);
  const lastLeft = new Map<string, number>();

  const monthKey = (key: string) => `${key}:${monthOf(now())}`;
  /** Seconds a month counter lives in Redis: to the month's end, and a day more. */
  const monthSeconds = () => Math.ceil((nextMonthStart(now()) - now()) / 1000) + 86_400;
  const counterOptions = () => (store.backend === 'redis' ? { customDuration: monthSeconds() } : {});

  async function used(key: string): Promise<number> {
    // The ledger first: a request counted there was counted by the limit store before (take raises
    // the ledger after the store's count), so a store read after it that counts fewer has lost
    // them; read the other way round, a request spent in between would look lost.
    const kept = await ledgerUsed(key);
    const counted = await storeCount(key);
    return kept <= counted ? counted : restoreMonth(key);
  }

  async function storeCount(key: string): Promise<number> {
    const res = await counter.get(monthKey(key));
    return Math.max(0, res?.consumedPoints ?? 0);
  }

  /** This process's restores of a month, one at a time per key (the next finds the count restored). */
  const restoring = new Map<string, Promise<number>>();
  /**
   * Who restores a loss, by month and the ledger's count: the first to take it (atomic in Redis);
   * it lapses, so a process that died while restoring does not leave the loss for good.
   */
  const restores = store.counter(`${prefix}:restore`, 1, RESTORE_CLAIM_SECONDS);

  /**
   * The limit store lost the month (Redis emptied or restarted without persistence, the counters
   * file removed): count on from what the ledger kept. A penalty, not a set: a request counted
   * meanwhile stays counted; two processes restoring at once count more, never less.
   */
  function restoreMonth(key: string): Promise<number> {
    const mKey = monthKey(key);
    const restore = (restoring.get(mKey) ?? Promise.resolve(0))
      .catch(() => 0)
      .then(async () => {
        const kept = await ledgerUsed(key);
        const counted = await storeCount(key);
        if (kept <= counted) return counted;
        // One process restores a given loss: the others, finding the restore taken, count on from
        // the ledger's number (a request they spend meanwhile is added to the restored count).
        try {
          await restores.consume(`${mKey}:${kept}`);
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) return kept;
          throw rejection;
        }
        const restored = await counter.penalty(mKey, kept - counted, counterOptions());
        seedInsurance(mKey, restored.consumedPoints);
        await store.flush();
        logger.warn(
          { kind: 'limits', limit: spec.text, counted, kept },
          "the month's request count was lost by the counters' store; restored from the database",
        );
        return Math.max(kept, restored.consumedPoints);
      });
    restoring.set(mKey, restore);
    void restore
      .finally(() => {
        if (restoring.get(mKey) === restore) restoring.delete(mKey);
      })
      .catch(() => undefined);
    return restore;
  }

  /** The ledger's count of `key`'s month; 0 without one, or when it does not answer (said once). */
  async function ledgerUsed(key: string): Promise<number> {
    if (!ledger) return 0;
    try {
      return await ledger.used(key, monthOf(now()));
    } catch (error) {
      ledgerFailed(error);
      return 0;
    }
  }

  /** Keep `count` in the ledger before the request it counts goes out. */
  async function ledgerRaise(key: string, count: number): Promise<void> {
    if (!ledger) return;
    try {
      await ledger.raise(key, monthOf(now()), count);
      ledgerWarned = false;
    } catch (error) {
      // The limit store still counts; the ledger is the insurance against losing it.
      ledgerFailed(error);
    }
  }

  let ledgerWarned = false;
  function ledgerFailed(error: unknown) {
    if (ledgerWarned) return;
    ledgerWarned = true;
    logger.warn(
      { kind: 'limits', err: error instanceof Error ? error.message : String(error) },
      "the database did not keep the month's request count; counting on in the counters' store alone",
    );
  }

  /** Keep the insurance limiter of the Redis month counter at the count Redis gave. */
  function seedInsurance(key: string, consumed: number) {
    const insurance: RateLimiterMemory | undefined = store.insurance(counter);
    if (!insurance) return;
    void insurance.get(key).then((mine) => {
      if ((mine?.consumedPoints ?? 0) < consumed) return insurance.set(key, consumed, 0);
    });
  }

  /** Log each mark (80%, 100%) the count just crossed; tell onAllowanceMark of the highest one. */
  function warnAt(count: number, previous: number) {
    if (!limited) return;
    const { points, text } = spec;
    const resetAt = nextMonthStart(now());
    const crossed = (
      [
        [0.8, Math.ceil(points * 0.8)],
        [1, points],
      ] as const
    ).filter(([, mark]) => previous < mark && count >= mark);
    for (const [share] of crossed) {
      logger.warn(
        {
          kind: 'limits',
          limit: text,
          used: Math.min(count, points),
          points,
          resetsAt: new Date(resetAt).toISOString(),
        },
        share === 1 ? 'monthly API allowance spent' : 'monthly API allowance 80% spent',
      );
    }
    const highest = crossed.at(-1);
    if (highest)
      options.onAllowanceMark?.({ share: highest[0], used: Math.min(count, points), points, resetAt });
  }

  function quotaError(): ApiError {
    const resetAt = nextMonthStart(now());
    return new ApiError(
      'quota',
      `Monthly API allowance spent; it starts again at ${new Date(resetAt).toISOString()}`,
      {
        resetAt,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now()) / 1000)),
      },
    );
  }

  return {
    spec,
    limited,
    nextMonthStart,
    monthKey,
    counterOptions,
    used,
    quotaError,
    lastLeft: (key) => (limited ? lastLeft.get(key) : undefined),

    async take(key) {
      const mKey = monthKey(key);
      if ((await used(key)) >= spec.points) throw quotaError();
      try {
        const res = await counter.consume(mKey, 1, counterOptions());
        seedInsurance(mKey, res.consumedPoints);
        await ledgerRaise(key, res.consumedPoints);
        lastLeft.set(key, spec.points - res.consumedPoints);
        warnAt(res.consumedPoints, res.consumedPoints - 1);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw quotaError();
        throw rejection;
      }
    },

    async resync(key, remaining) {
      const counted = await used(key);
      const apiUsed = spec.points - remaining;
      if (apiUsed <= counted) return;
      const res = await counter.penalty(monthKey(key), apiUsed - counted, counterOptions());
      seedInsurance(monthKey(key), res.consumedPoints);
      await ledgerRaise(key, res.consumedPoints);
      lastLeft.set(key, Math.max(0, spec.points - res.consumedPoints));
      warnAt(res.consumedPoints, counted);
      logger.info(
        { kind: 'limits', limit: spec.text, used: apiUsed, was: counted },
        'allowance count resynced from the API',
      );
      await store.flush();
    },
  };
}
