/**
 * Every request limit of API_LIMITS at once, per token (keyed by the token's hash), persistent and
 * shared (store.ts), plus the pace that makes a monthly allowance last the month. createLimits
 * composes the parts, each in a module of its own:
 *
 * - fair-queue.ts: callers wait for a request slot up to API_QUEUE_MAX_WAIT_MS, then get ApiError
 *   'busy' (at once when their place in line already says the wait would be longer), in a line fair
 *   between the people asking, each told its place and an estimated wait.
 * - spans.ts: the span limits (N per W) kept exactly, in a log of the last requests (request-log.ts).
 * - month.ts: the month's count, of every request whether or not a monthly limit is known, under
 *   a key of its own per month (the calendar month in UTC), kept in the ledger too; when a monthly
 *   limit is spent, callers get ApiError 'quota' naming the reset at once (waiting would not help).
 * - retry-after.ts: a 429's hold (Retry-After) is kept in the store too, so every caller and every
 *   process of the token waits; a long hold lets one request through every PROBE_INTERVAL_MS to
 *   notice a recovered API.
 * - The API's X-RateLimit-* headers bring the counts in line when the API's view is stricter
 *   (observe, below).
 * - allowance.ts: pace(): for the monthly limit, what is left (less a reserve for things never read
 *   before) is spread over the time left; a refresh of something already saved waits for its turn.
 *   takeAccess(): access checks spend from a share of their own. room(): a read that must be made
 *   now (a link check) goes whatever the pace, while anything is left above the reserve.
 * - month-holds.ts: holdMonth(): requests of the month held by whole-list reads (exports, log
 *   searches) of every process of the token, in the store beside the month's count, until their
 *   reads are done (or they lapse: MONTH_HOLD_MS).
 */
import { pause, untilAborted } from '../abort.js';
import { rateLimitResetMs, wholeHeader } from '../headers.js';
import { type Allowance, createAllowance } from './allowance.js';
import { busy, FairQueue, type Grant, type Turn } from './fair-queue.js';
import { createMonthCount, type MonthCount } from './month.js';
import { MonthHolds, noHold } from './month-holds.js';
import { createRetryAfter, PROBE_INTERVAL_MS } from './retry-after.js';
import { createSpans } from './spans.js';
import type { Limits, LimitsOptions } from './types.js';

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

/** Build the limits over `options.store`. */
export function createLimits(options: LimitsOptions): Limits {
  const { specs, store, logger } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep;
  const prefix = 'rollcall:v1:limits';
  // The month is counted whether or not a monthly limit is known (see month.ts): a plan declared
  // later applies to what was already spent. Only a known limit refuses, paces and holds.
  const counted: MonthCount = createMonthCount({
    spec: specs.find((s) => s.window.kind === 'month'),
    store,
    prefix,
    logger,
    now,
    periodSeconds: options.monthSeconds ?? 0,
    ledger: options.ledger,
    onAllowanceMark: options.onAllowanceMark,
  });
  const month: MonthCount | undefined = counted.limited ? counted : undefined;
  const spans = createSpans(specs, store, prefix, now);
  const retryAfter = createRetryAfter(store, prefix, options.probeIntervalMs ?? PROBE_INTERVAL_MS);
  const holds: MonthHolds | undefined =
    month &&
    new MonthHolds({
      month,
      store,
      prefix,
      logger,
      now,
      monthHoldMs: options.monthHoldMs,
      ...(options.clock ? { clock: options.clock } : {}),
    });
  const allowance: Allowance | undefined =
    month && holds && createAllowance({ month, holds, store, prefix, now });

  /** Wait `ms` (real time), cut short by `signal` (rejecting with its reason; the timer is cleared). */
  const pauseFor = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (!sleep) return pause(ms, signal);
    return signal ? untilAborted(sleep(ms), signal) : sleep(ms);
  };

  /** Take a slot in every limit for the head of `key`'s line, waiting (real time) while one is full. */
  async function serve(key: string, turn: Turn): Promise<Grant> {
    for (;;) {
      turn.signal?.throwIfAborted();
      const passage = await retryAfter.pass(key);
      if (!passage.go) {
        if (Date.now() - turn.started + passage.waitMs > turn.maxWaitMs) throw busy(passage.heldMs);
        await turn.wait(passage.waitMs);
        continue;
      }
      if (month && (await month.used(key)) >= month.spec.points) throw month.quotaError();
      const wait = await spans.take(key);
      if (wait > 0) {
        if (Date.now() - turn.started + wait > turn.maxWaitMs) throw busy(wait);
        await turn.wait(wait);
        continue;
      }
      turn.ready();
      await counted.take(key);
      await store.flush();
      return { probe: passage.probe };
    }
  }

  const queue = new FairQueue({ etaAt: spans.etaAt, serve, pause: pauseFor });

  return {
    acquire: (key, maxWaitMs, signal) => queue.enter(key, maxWaitMs, signal),
    hold: retryAfter.hold,
    release: retryAfter.release,

    async observe(key, headers) {
      const remaining = wholeHeader(headers, 'x-ratelimit-remaining');
      if (remaining === undefined) return;
      const resetInMs = rateLimitResetMs(headers, now());
      // Without a monthly limit of ours, every count the API sends is a short window's: a window of
      // the API's longer than ours must still hold callers until its reset.
      const monthly =
        month !== undefined &&
        (resetInMs === undefined
          ? wholeHeader(headers, 'x-ratelimit-limit') === month.spec.points
          : resetInMs > (spans.longestMs === undefined ? 86_400_000 : spans.longestMs + 1000));
      if (monthly && month) {
        await month.resync(key, remaining);
        return;
      }
      if (!monthly && remaining === 0 && resetInMs !== undefined && resetInMs > 0) {
        await retryAfter.hold(key, resetInMs);
      }
    },

    pace: async (key) => (allowance ? allowance.pace(key) : { ok: true }),

    async status(key) {
      const t = now();
      const monthly = allowance ? [await allowance.status(key, t)] : [];
      return [...monthly, ...(await spans.status(key, t))];
    },

    holdMonth: async (key, requests) => (holds ? holds.hold(key, requests) : noHold()),

    room: async (key) => (allowance ? allowance.room(key) : { ok: true }),

    remaining(key) {
      return month?.lastLeft(key) ?? Math.min(...specs.map((s) => s.points));
    },

    close: () => store.close(),

    takeAccess: async (key, kind) => (allowance ? allowance.takeAccess(key, kind) : { ok: true }),
  };
}
