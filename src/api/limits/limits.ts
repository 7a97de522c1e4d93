/**
 * Every request limit of API_LIMITS at once, per token (keyed by the token's hash), persistent and
 * shared (store.ts). ApiLimits composes the parts, each described in its own module: the line fair
 * between the people asking (fair-queue.ts), the rolling windows (spans.ts), the month's count
 * (month.ts), a 429's hold (retry-after.ts), the pace and the access share (allowance.ts), and the
 * holds of whole-list reads (month-holds.ts). The API's X-RateLimit-* headers bring the counts in
 * line when the API's view is stricter (observe): the month's count, or a short window's remaining
 * requests until its reset, kept beside the spans' log (request-log.ts).
 */
import type { LimitSpec } from '../../base/limits-spec.js';
import { pause, untilAborted } from '../abort.js';
import { rateLimitResetMs, wholeHeader } from '../headers.js';
import { Allowance } from './allowance.js';
import { busy, FairQueue, type Grant, type Turn } from './fair-queue.js';
import { createMonthCount, type MonthCount } from './month.js';
import { MonthHolds, noHold } from './month-holds.js';
import { createRetryAfter, MAX_HOLD_MS, PROBE_INTERVAL_MS, type RetryAfter } from './retry-after.js';
import { createSpans, type Spans } from './spans.js';
import type { LimitStore } from './store.js';
import type {
  AccessKind,
  LimitStatus,
  Limits,
  LimitsOptions,
  MonthHold,
  PaceVerdict,
  RoomVerdict,
} from './types.js';

export { ACCESS_SHARE, accessParts, FIRST_CHECKS_PART, PACE_RESERVE } from './allowance.js';
export { MONTH_HOLD_MS } from './month-holds.js';
export { PROBE_INTERVAL_MS } from './retry-after.js';
export type {
  AccessKind,
  AllowanceMark,
  LimitStatus,
  Limits,
  LimitsOptions,
  MonthHold,
  MonthLedger,
  PaceVerdict,
  RoomVerdict,
} from './types.js';

const PREFIX = 'rollcall:v1:limits';

export class ApiLimits implements Limits {
  private readonly specs: LimitSpec[];
  private readonly store: LimitStore;
  private readonly now: () => number;
  private readonly sleep: ((ms: number) => Promise<void>) | undefined;
  /** Counted with or without a monthly limit (month.ts); only a known one (`month`) refuses, paces, holds. */
  private readonly counted: MonthCount;
  private readonly month: MonthCount | undefined;
  private readonly holds: MonthHolds | undefined;
  private readonly allowance: Allowance | undefined;
  private readonly spans: Spans;
  private readonly retryAfter: RetryAfter;
  private readonly queue: FairQueue;

  constructor(options: LimitsOptions) {
    const { specs, store, logger } = options;
    const now = options.now ?? Date.now;
    this.specs = specs;
    this.store = store;
    this.now = now;
    this.sleep = options.sleep;
    this.counted = createMonthCount({
      spec: specs.find((s) => s.window.kind === 'month'),
      store,
      prefix: PREFIX,
      logger,
      now,
      periodSeconds: options.monthSeconds ?? 0,
      ledger: options.ledger,
      onAllowanceMark: options.onAllowanceMark,
    });
    const month = this.counted.limited ? this.counted : undefined;
    const holds =
      month &&
      new MonthHolds({
        month,
        store,
        prefix: PREFIX,
        logger,
        now,
        monthHoldMs: options.monthHoldMs,
        ...(options.clock ? { clock: options.clock } : {}),
      });
    this.month = month;
    this.holds = holds;
    this.allowance = month && holds && new Allowance({ month, holds, store, prefix: PREFIX, now });
    this.spans = createSpans(specs, store, PREFIX, now);
    this.retryAfter = createRetryAfter(store, PREFIX, options.probeIntervalMs ?? PROBE_INTERVAL_MS);
    this.queue = new FairQueue({
      etaAt: this.spans.etaAt,
      serve: (key, turn) => this.serve(key, turn),
      pause: (ms, signal) => this.pause(ms, signal),
    });
  }

  acquire(key: string, maxWaitMs: number, signal?: AbortSignal): Promise<Grant> {
    return this.queue.enter(key, maxWaitMs, signal);
  }
  hold(key: string, ms: number): Promise<void> {
    return this.retryAfter.hold(key, ms);
  }
  release(key: string): Promise<void> {
    return this.retryAfter.release(key);
  }

  async observe(key: string, headers: Headers, sent?: { seq?: number }): Promise<void> {
    const remaining = wholeHeader(headers, 'x-ratelimit-remaining');
    if (remaining === undefined) return;
    const t = this.now();
    const resetInMs = rateLimitResetMs(headers, t);
    const { month, spans } = this;
    // Without a monthly limit of ours, every count the API sends is a short window's: a window of
    // the API's longer than ours must still hold callers until its reset.
    const monthly =
      month !== undefined &&
      (resetInMs === undefined
        ? wholeHeader(headers, 'x-ratelimit-limit') === month.spec.points
        : resetInMs > (spans.longestMs === undefined ? 86_400_000 : spans.longestMs + 1000));
    if (monthly) await month.resync(key, remaining);
    else if (resetInMs !== undefined && resetInMs > 0) {
      // A short window's count: no more than `remaining` more go before its reset (those sent after
      // this request, in flight, among them), beside the limits kept here; a reset beyond the
      // longest hold is read as that, the API's own reset still telling its windows apart.
      const window = t + Math.ceil(resetInMs);
      await spans.count(key, t + Math.ceil(Math.min(resetInMs, MAX_HOLD_MS)), remaining, sent?.seq, window);
    }
  }

  async pace(key: string): Promise<PaceVerdict> {
    return this.allowance ? this.allowance.pace(key) : { ok: true };
  }

  async status(key: string): Promise<LimitStatus[]> {
    const t = this.now();
    const monthly = this.allowance ? [await this.allowance.status(key, t)] : [];
    return [...monthly, ...(await this.spans.status(key, t))];
  }
  async holdMonth(key: string, requests: number): Promise<MonthHold> {
    return this.holds ? this.holds.hold(key, requests) : noHold();
  }
  async room(key: string): Promise<RoomVerdict> {
    return this.allowance ? this.allowance.room(key) : { ok: true };
  }
  remaining(key: string): number {
    return this.month?.lastLeft(key) ?? Math.min(...this.specs.map((s) => s.points));
  }
  async close(): Promise<void> {
    await this.counted.settle();
    await this.store.close();
  }
  async takeAccess(key: string, kind?: AccessKind): Promise<PaceVerdict> {
    return this.allowance ? this.allowance.takeAccess(key, kind) : { ok: true };
  }

  /** Take a slot in every limit for the head of `key`'s line, waiting (real time) while one is full. */
  private async serve(key: string, turn: Turn): Promise<Grant> {
    const { month } = this;
    for (;;) {
      turn.signal?.throwIfAborted();
      const passage = await this.retryAfter.pass(key);
      if (!passage.go) {
        if (Date.now() - turn.started + passage.waitMs > turn.maxWaitMs) throw busy(passage.heldMs);
        await turn.wait(passage.waitMs);
        continue;
      }
      if (month && (await month.used(key)) >= month.spec.points) throw month.quotaError();
      const { wait, seq } = await this.spans.grant(key);
      if (wait > 0) {
        if (Date.now() - turn.started + wait > turn.maxWaitMs) throw busy(wait);
        await turn.wait(wait);
        continue;
      }
      turn.ready();
      await this.counted.take(key);
      await this.store.flush();
      return { probe: passage.probe, seq };
    }
  }

  /** Wait `ms` (real time), cut short by `signal`. */
  private pause(ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.sleep) return pause(ms, signal);
    return signal ? untilAborted(this.sleep(ms), signal) : this.sleep(ms);
  }
}
