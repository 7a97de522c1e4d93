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
 *
 * Without a monthly limit the ledger is not asked on every request: nothing is refused, so
 * nothing needs its number before a request goes out. A key's count reaches the ledger at its first
 * request in this process (which also restores a lost count, as with a limit) and then at most once
 * every UNLIMITED_LEDGER_EVERY_MS, and when the Api closes (`settle`); in between the counters'
 * store (Redis, or the counters file fsynced before each request) counts every request as before.
 * While the counters are not every process's (`LimitStore.shared`: Redis failed over to this
 * process's memory) the ledger is raised before every request again, so another process, or a plan
 * declared meanwhile, still finds them.
 * What the ledger may miss is therefore at most that interval's requests of one token, and only when
 * the counters' store lost them too (docs/store.md, "The month's count").
 */
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import {
  monthOf as calendarMonthOf,
  type LimitSpec,
  nextMonthStart as nextCalendarMonthStart,
} from '../../base/limits-spec.js';
import type { Logger } from '../../base/log.js';
import { ApiError } from '../errors.js';
import type { LimitStore } from './store.js';
import type { AllowanceMark, MonthLedger } from './types.js';

/** Without a monthly limit: how often at most a key's count is written to the ledger (ms). */
export const UNLIMITED_LEDGER_EVERY_MS = 60_000;

/** How long one process's claim to restore a lost month count stands. */
const RESTORE_CLAIM_SECONDS = 10;

/**
 * The points of the count kept without a monthly limit: never reached (a RateLimiter needs a number;
 * within what Redis's Lua numbers and JSON keep exactly).
 */
const UNLIMITED_POINTS = 2 ** 31 - 1;

interface MonthCountOptions {
  /** The monthly limit of API_LIMITS; undefined: none known, the month is only counted. */
  spec: LimitSpec | undefined;
  store: LimitStore;
  prefix: string;
  logger: Logger;
  now: () => number;
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
  monthKey(key: string): string;
  /** Options for a counter of the month: in Redis it lives to the month's end, and a day more. */
  counterOptions(): { customDuration?: number };
  /** Requests counted in `key`'s month (restored from the ledger when the limit store lost them). */
  used(key: string): Promise<number>;
  /** Count one request of `key` before it goes out; ApiError 'quota' when the month is spent. */
  take(key: string): Promise<void>;
  /** Count what the API says it has counted (`remaining` left this month) when that is more. */
  resync(key: string, remaining: number): Promise<void>;
  quotaError(): ApiError;
  /** Requests left in `key`'s month as last counted here; undefined before the first. */
  lastLeft(key: string): number | undefined;
  /** Write to the ledger what was counted without it (no monthly limit: see the file's comment). */
  settle(): Promise<void>;
}

export function createMonthCount(options: MonthCountOptions): MonthCount {
  return new MonthCounter(options);
}

const UNLIMITED: LimitSpec = {
  points: UNLIMITED_POINTS,
  window: { kind: 'month' },
  text: 'month (counted, no limit)',
};

/**
 * The ledger's copy of the count (the database): the insurance against the limit store losing it.
 * A ledger that does not answer is said once, and counts as 0 until it answers again.
 */
class LedgerCopy {
  private warned = false;

  constructor(
    private readonly ledger: MonthLedger | undefined,
    private readonly logger: Logger,
  ) {}

  /** The ledger's count of `key`'s `month`; 0 without one, or when it does not answer. */
  async used(key: string, month: string): Promise<number> {
    if (!this.ledger) return 0;
    try {
      return await this.ledger.used(key, month);
    } catch (error) {
      this.failed(error);
      return 0;
    }
  }

  /** Keep `count` in the ledger before the request it counts goes out. */
  async raise(key: string, month: string, count: number): Promise<void> {
    if (!this.ledger) return;
    try {
      await this.ledger.raise(key, month, count);
      this.warned = false;
    } catch (error) {
      // The limit store still counts; the ledger is the insurance against losing it.
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(
      { kind: 'limits', err: error instanceof Error ? error.message : String(error) },
      "the database did not keep the month's request count; counting on in the counters' store alone",
    );
  }
}

class MonthCounter implements MonthCount {
  readonly spec: LimitSpec;
  readonly limited: boolean;
  private readonly store: LimitStore;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly periodMs: number;
  private readonly ledger: LedgerCopy;
  private readonly onAllowanceMark: MonthCountOptions['onAllowanceMark'];
  /** Month counters never expire in memory (their key names the month); Redis drops them after it. */
  private readonly counter: ReturnType<LimitStore['counter']>;
  private readonly left = new Map<string, number>();
  /** Without a monthly limit: when each month key's count last reached the ledger (this clock). */
  private readonly kept = new Map<string, number>();
  /** Without a monthly limit: counts not in the ledger yet, by month key. */
  private readonly unkept = new Map<string, { key: string; month: string; count: number }>();
  /** This process's restores of a month, one at a time per key (the next finds the count restored). */
  private readonly restoring = new Map<string, Promise<number>>();
  /**
   * Who restores a loss, by month and the ledger's count: the first to take it (atomic in Redis);
   * it lapses, so a process that died while restoring does not leave the loss for good.
   */
  private readonly restores: ReturnType<LimitStore['counter']>;

  constructor(options: MonthCountOptions) {
    this.limited = options.spec !== undefined;
    this.spec = options.spec ?? UNLIMITED;
    this.store = options.store;
    this.logger = options.logger;
    this.now = options.now;
    this.periodMs = options.periodSeconds * 1000;
    this.ledger = new LedgerCopy(options.ledger, options.logger);
    this.onAllowanceMark = options.onAllowanceMark;
    this.counter = options.store.counter(`${options.prefix}:month`, this.spec.points, 0);
    this.restores = options.store.counter(`${options.prefix}:restore`, 1, RESTORE_CLAIM_SECONDS);
  }

  /** The month's name (calendar `YYYY-MM`, or the period's number `p123` with monthSeconds). */
  private monthOf(t: number): string {
    return this.periodMs > 0 ? `p${Math.floor(t / this.periodMs)}` : calendarMonthOf(t);
  }

  nextMonthStart(t: number): number {
    return this.periodMs > 0
      ? (Math.floor(t / this.periodMs) + 1) * this.periodMs
      : nextCalendarMonthStart(t);
  }

  monthKey(key: string): string {
    return `${key}:${this.monthOf(this.now())}`;
  }

  counterOptions(): { customDuration?: number } {
    // Seconds a month counter lives in Redis: to the month's end, and a day more.
    const now = this.now();
    return this.store.backend === 'redis'
      ? { customDuration: Math.ceil((this.nextMonthStart(now) - now) / 1000) + 86_400 }
      : {};
  }

  lastLeft(key: string): number | undefined {
    return this.limited ? this.left.get(key) : undefined;
  }

  async used(key: string): Promise<number> {
    // The ledger first: a request counted there was counted by the limit store before (take raises
    // the ledger after the store's count), so a store read after it that counts fewer has lost
    // them; read the other way round, a request spent in between would look lost.
    const kept = await this.ledger.used(key, this.monthOf(this.now()));
    const counted = await this.storeCount(key);
    return kept <= counted ? counted : this.restoreMonth(key);
  }

  async take(key: string): Promise<void> {
    const mKey = this.monthKey(key);
    if (!this.limited && this.keptLately(mKey) && this.store.shared()) return this.countOnly(key, mKey);
    if ((await this.used(key)) >= this.spec.points) throw this.quotaError();
    try {
      const res = await this.counter.consume(mKey, 1, this.counterOptions());
      this.seedInsurance(mKey, res.consumedPoints);
      if (!this.limited) {
        this.kept.set(mKey, this.now());
        this.unkept.delete(mKey);
      }
      await this.ledger.raise(key, this.monthOf(this.now()), res.consumedPoints);
      this.left.set(key, this.spec.points - res.consumedPoints);
      this.warnAt(res.consumedPoints, res.consumedPoints - 1);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw this.quotaError();
      throw rejection;
    }
  }

  async settle(): Promise<void> {
    const counts = [...this.unkept.values()];
    this.unkept.clear();
    for (const { key, month, count } of counts) await this.ledger.raise(key, month, count);
  }

  /** No monthly limit: whether `mKey`'s count reached the ledger less than UNLIMITED_LEDGER_EVERY_MS ago. */
  private keptLately(mKey: string): boolean {
    const at = this.kept.get(mKey);
    const now = this.now();
    // A clock stepped back counts as due: the ledger is written rather than skipped for long.
    return at !== undefined && now >= at && now - at < UNLIMITED_LEDGER_EVERY_MS;
  }

  /**
   * No monthly limit, the ledger written lately: the request counted in the counters' store alone,
   * unless that count was not every process's (Redis failed over to this process's memory): then
   * the ledger is raised too, as before each request with a limit.
   */
  private async countOnly(key: string, mKey: string): Promise<void> {
    const res = await this.counter.consume(mKey, 1, this.counterOptions());
    this.seedInsurance(mKey, res.consumedPoints);
    const month = this.monthOf(this.now());
    if (this.store.shared()) {
      this.unkept.set(mKey, { key, month, count: res.consumedPoints });
      return;
    }
    this.unkept.delete(mKey);
    await this.ledger.raise(key, month, res.consumedPoints);
  }

  async resync(key: string, remaining: number): Promise<void> {
    const counted = await this.used(key);
    const apiUsed = this.spec.points - remaining;
    if (apiUsed <= counted) return;
    const res = await this.counter.penalty(this.monthKey(key), apiUsed - counted, this.counterOptions());
    this.seedInsurance(this.monthKey(key), res.consumedPoints);
    await this.ledger.raise(key, this.monthOf(this.now()), res.consumedPoints);
    this.left.set(key, Math.max(0, this.spec.points - res.consumedPoints));
    this.warnAt(res.consumedPoints, counted);
    this.logger.info(
      { kind: 'limits', limit: this.spec.text, used: apiUsed, was: counted },
      'allowance count resynced from the API',
    );
    await this.store.flush();
  }

  quotaError(): ApiError {
    const resetAt = this.nextMonthStart(this.now());
    return new ApiError(
      'quota',
      `Monthly API allowance spent; it starts again at ${new Date(resetAt).toISOString()}`,
      {
        resetAt,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - this.now()) / 1000)),
      },
    );
  }

  private async storeCount(key: string): Promise<number> {
    const res = await this.counter.get(this.monthKey(key));
    return Math.max(0, res?.consumedPoints ?? 0);
  }

  /**
   * The limit store lost the month (Redis emptied or restarted without persistence, the counters
   * file removed): count on from what the ledger kept. A penalty, not a set: a request counted
   * meanwhile stays counted; two processes restoring at once count more, never less.
   */
  private restoreMonth(key: string): Promise<number> {
    const mKey = this.monthKey(key);
    const restore = (this.restoring.get(mKey) ?? Promise.resolve(0))
      .catch(() => 0)
      .then(() => this.restoreOnce(key, mKey));
    this.restoring.set(mKey, restore);
    void restore
      .finally(() => {
        if (this.restoring.get(mKey) === restore) this.restoring.delete(mKey);
      })
      .catch(() => undefined);
    return restore;
  }

  /** One restore of `key`'s month (`mKey`), after this process's previous one ended. */
  private async restoreOnce(key: string, mKey: string): Promise<number> {
    const kept = await this.ledger.used(key, this.monthOf(this.now()));
    const counted = await this.storeCount(key);
    if (kept <= counted) return counted;
    // One process restores a given loss: the others, finding the restore taken, count on from
    // the ledger's number (a request they spend meanwhile is added to the restored count).
    try {
      await this.restores.consume(`${mKey}:${kept}`);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return kept;
      throw rejection;
    }
    const restored = await this.counter.penalty(mKey, kept - counted, this.counterOptions());
    this.seedInsurance(mKey, restored.consumedPoints);
    await this.store.flush();
    this.logger.warn(
      { kind: 'limits', limit: this.spec.text, counted, kept },
      "the month's request count was lost by the counters' store; restored from the database",
    );
    return Math.max(kept, restored.consumedPoints);
  }

  /** Keep the insurance limiter of the Redis month counter at the count Redis gave. */
  private seedInsurance(key: string, consumed: number): void {
    const insurance: RateLimiterMemory | undefined = this.store.insurance(this.counter);
    if (!insurance) return;
    void insurance.get(key).then((mine) => {
      if ((mine?.consumedPoints ?? 0) < consumed) return insurance.set(key, consumed, 0);
    });
  }

  /** Log each mark (80%, 100%) the count just crossed; tell onAllowanceMark of the highest one. */
  private warnAt(count: number, previous: number): void {
    if (!this.limited) return;
    const { points, text } = this.spec;
    const resetAt = this.nextMonthStart(this.now());
    const crossed = (
      [
        [0.8, Math.ceil(points * 0.8)],
        [1, points],
      ] as const
    ).filter(([, mark]) => previous < mark && count >= mark);
    for (const [share] of crossed) {
      this.logger.warn(
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
      this.onAllowanceMark?.({ share: highest[0], used: Math.min(count, points), points, resetAt });
  }
}
