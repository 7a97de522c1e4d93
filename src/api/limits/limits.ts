/**
 * Every request limit of API_LIMITS at once, per token (keyed by the token's hash), persistent and
 * shared (limit-store.ts), plus the pace that makes a monthly allowance last the month.
 *
 * - A span limit (N per W) is a bucket (bucketPlan): callers wait for it up to
 *   API_QUEUE_MAX_WAIT_MS, then get ApiError 'busy' (at once when their place in line already
 *   says the wait would be longer). The line is fair between the people asking (the `who` of the
 *   wait context, wait.ts): they take turns, one request each, and each person's own requests keep
 *   their arrival order; so one moderator's 20 reads do not starve another's 1. Each waiter is
 *   told its place and an estimated wait through the context's `onWait`.
 * - The monthly limit counts the calendar month (UTC) under a key of its own per month; when it is
 *   spent, callers get ApiError 'quota' naming the reset at once (waiting would not help).
 * - A 429's hold (Retry-After) is kept in the store too, so every caller and every process of the
 *   token waits; a long hold lets one request through every PROBE_INTERVAL_MS to notice a
 *   recovered API.
 * - The API's X-RateLimit-* headers bring the counts in line when the API's view is stricter.
 * - pace(): for the monthly limit, what is left (less a reserve for things never read before) is
 *   spread over the time left; a refresh of something already saved waits for its turn.
 * - holdMonth(): requests of the month held by whole-list reads (exports, log searches) of every
 *   process of the token, in the store beside the month's count, until their reads are done (or
 *   they lapse: MONTH_HOLD_MS); see "Holds on the month" below.
 */
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../../log.js';
import { pause, untilAborted } from '../abort.js';
import { ApiError } from '../errors.js';
import { rateLimitResetMs, wholeHeader } from '../headers.js';
import { currentWait, type WaitContext } from '../wait.js';
import {
  bucketPlan,
  monthOf as calendarMonthOf,
  type LimitSpec,
  nextMonthStart as nextCalendarMonthStart,
} from './spec.js';
import type { Counter, LimitStore } from './store.js';

/** Share of a monthly allowance kept for reads of things never seen (no saved copy to show). */
export const PACE_RESERVE = 0.2;
/** A hold longer than this lets one probing request through, at most once per this interval. */
export const PROBE_INTERVAL_MS = 30_000;
/** How long one process's claim to restore a lost month count stands. */
const RESTORE_CLAIM_SECONDS = 10;
/** Longest a hold can last (a larger Retry-After is read as this). */
const MAX_HOLD_MS = 300_000;
/**
 * A hold on the month not given back lapses after this long (a third more at most): Discord's
 * interaction window, the longest a whole-list read can still answer; a crashed process's hold
 * then frees its requests.
 */
export const MONTH_HOLD_MS = 15 * 60_000;
/** A hold is counted in the time slot it was taken in; MONTH_HOLD_MS is this many slots. */
const MONTH_HOLD_SLOTS = 3;

/** Where one limit stands for a token (for /rollcall status). */
export interface LimitStatus {
  /** As written in API_LIMITS (`100/month`, `30/60s`). */
  text: string;
  kind: 'month' | 'span';
  points: number;
  /** month: requests spent this month; span: requests in the current bucket. */
  used: number;
  left: number;
  /** When the count starts again (ms); for a span, when the current bucket ends. */
  resetAt: number;
  /** span: requests per bucket and bucket length (s). */
  bucket?: { perBucket: number; seconds: number };
  /** month: one refresh of saved data every `intervalMs`, the earliest at `nextAt` (ms). */
  pace?: { intervalMs: number; nextAt: number } | { spent: true };
  /**
   * month, as a hold found it (MonthHold.statuses): what other whole-list reads hold (already left
   * out of `left`) and when those holds have ended at the latest (ms).
   */
  others?: { requests: number; until: number };
}

/** Requests of the month held by one whole-list read (Limits.holdMonth), until given back. */
export interface MonthHold {
  /**
   * The limits as the hold found them, read right after it was taken: the month's `left` less what
   * every other whole-list read of the token holds, in every process. Undefined when the shared
   * store did not answer (Redis down: the counts are this process's alone and what others hold is
   * unknown), so the read cannot know what it may spend. Empty without a monthly limit.
   */
  readonly statuses: LimitStatus[] | undefined;
  /** One request of the hold was spent (the month's count has it now): hold one fewer. */
  spent(): Promise<void>;
  /** Give back what is still held; later calls do nothing. */
  release(): Promise<void>;
}

/** The verdict on a refresh of something already saved. */
export type PaceVerdict = { ok: true } | { ok: false; reason: 'pace' | 'spent'; nextAt: number };

export interface Limits {
  /**
   * Wait for a request slot in every limit; `probe` when the slot is a probe through a long hold.
   * Rejects with `signal`'s reason as soon as it aborts (the caller gave up, or shutdown).
   */
  acquire(key: string, maxWaitMs: number, signal?: AbortSignal): Promise<{ probe: boolean }>;
  /** Hold every caller of `key` for `ms` (a 429's Retry-After); never shortens a longer hold. */
  hold(key: string, ms: number): Promise<void>;
  /** End the hold of `key` (a probe was answered). */
  release(key: string): Promise<void>;
  /** Bring the counts in line with the API's X-RateLimit-* headers when they are stricter. */
  observe(key: string, headers: Headers): Promise<void>;
  /** May a read of something already saved spend a request now? Claims the turn when it may. */
  pace(key: string): Promise<PaceVerdict>;
  status(key: string): Promise<LimitStatus[]>;
  /**
   * Hold `requests` of the month for a whole-list read of `key`, in the store every process of the
   * token shares; the hold's `statuses` then say whether they fit (see MonthHold).
   */
  holdMonth(key: string, requests: number): Promise<MonthHold>;
  /** The smallest number of requests left over every limit, as last seen (synchronous, for stats). */
  remaining(key: string): number;
  close(): Promise<void>;
  /**
   * May an access check (a member lookup) of `key` spend a request? Takes one from the access
   * checks' share of the month (ACCESS_SHARE) when it may; never from the reserve or what
   * whole-list reads hold. Always yes without a monthly limit.
   */
  takeAccess(key: string): Promise<PaceVerdict>;
}

export interface LimitsOptions {
  specs: LimitSpec[];
  store: LimitStore;
  logger: Logger;
  /** Clock for calendar months and pacing (ms since epoch). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Time between probes through a long hold (default PROBE_INTERVAL_MS). */
  probeIntervalMs?: number;
  /**
   * The `month` limit's period in seconds, periods aligned to the Unix epoch (API_MONTH_SECONDS);
   * unset or 0: the calendar month in UTC. The count, the pace and the resets all follow it.
   */
  monthSeconds?: number;
  /** Told when the monthly allowance passes 80% and 100% (once per month: the count crosses each mark once). */
  onAllowanceMark?: (mark: AllowanceMark) => void;
  /** Shortest life of a hold on the month not given back (default MONTH_HOLD_MS; tests shorten it). */
  monthHoldMs?: number;
  /**
   * Where the month's count is kept beyond the limit store (the database, when there is one): the
   * count there is raised before each request goes out, and a limit store found counting less (Redis
   * emptied, the counters file lost) is brought back up to it.
   */
  ledger?: MonthLedger;
}

/** The month's count per key, kept where a cache flush cannot take it (src/store/allowance.ts). */
export interface MonthLedger {
  used(key: string, month: string): Promise<number>;
  /** Count at least `used` (never lowers it). */
  raise(key: string, month: string, used: number): Promise<void>;
}

/** The monthly allowance passed 80% or 100%. */
export interface AllowanceMark {
  share: 0.8 | 1;
  used: number;
  points: number;
  /** When the allowance starts again (ms since epoch). */
  resetAt: number;
}

interface Span {
  spec: LimitSpec;
  counter: Counter;
  perBucket: number;
  bucketSeconds: number;
}

interface Month {
  spec: LimitSpec;
  counter: Counter;
}

/** One caller waiting for a request slot. */
interface Waiter {
  who: string;
  context: WaitContext | undefined;
  started: number;
  maxWaitMs: number;
  signal: AbortSignal | undefined;
  resolve: (granted: { probe: boolean }) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
  /** What the waiter was last told, and when (ms since epoch). */
  told?: { position: number; etaMs: number; at: number };
}

/**
 * The callers of one key: each person's requests in arrival order (`byWho`), and the people with
 * requests waiting in the order they take turns (`order`, the next first).
 */
interface Line {
  byWho: Map<string, Waiter[]>;
  order: string[];
  serving?: Waiter;
  /** When the caller being served may go (ms since epoch; 0 when it is not waiting). */
  readyAt: number;
}

/** Take the next waiter: the first request of the person whose turn it is, who then goes last. */
function next(line: Line): Waiter | undefined {
  for (;;) {
    const who = line.order.shift();
    if (who === undefined) return undefined;
    const queue = line.byWho.get(who) ?? [];
    const waiter = queue.shift();
    if (queue.length > 0) line.order.push(who);
    else line.byWho.delete(who);
    if (waiter) return waiter;
  }
}

/** The waiters of `line` in the order they will be served (round after round of turns). */
function serviceOrder(line: Line): Waiter[] {
  const out: Waiter[] = [];
  const queues = line.order.map((who) => line.byWho.get(who) ?? []);
  const rounds = Math.max(0, ...queues.map((q) => q.length));
  for (let round = 0; round < rounds; round++) {
    for (const queue of queues) {
      const waiter = queue[round];
      if (waiter) out.push(waiter);
    }
  }
  return out;
}

/** How many waiters in line (not counting the one being served) go before a new request of `who`. */
function placeOf(line: Line, who: string): number {
  const own = line.byWho.get(who)?.length ?? 0;
  let ahead = 0;
  if (own === 0) {
    // A newcomer takes the next turn after one request of each person already in line (before the
    // next turn of the person being served, as acquire places it), however many each has queued.
    const last = line.order.length - 1;
    return last >= 0 && line.order[last] === line.serving?.who ? last : line.order.length;
  }
  // It joins `who`'s own requests: everyone's first `own` requests go before it, plus one more of
  // each person whose turn comes before `who`'s in that round.
  const at = line.order.indexOf(who);
  line.order.forEach((other, i) => {
    const n = line.byWho.get(other)?.length ?? 0;
    ahead += Math.min(n, i < at ? own + 1 : own);
  });
  return ahead;
}

/** Call a listener that must not throw; ignore it if it does. */
function safely(call: () => void): void {
  try {
    call();
  } catch {
    // a listener's failure is not the limits' concern
  }
}

/**
 * Share of a monthly allowance (rounded up, at least one request) that access checks may spend in a
 * month: anyone can run a command, and a lookup for a stranger must not spend what staff read with.
 */
export const ACCESS_SHARE = 0.1;

/** Build the limits over `store`. */
export function createLimits(options: LimitsOptions): Limits {
  const { specs, store, logger } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep;
  const prefix = 'rollcall:v1:limits';
  const periodMs = (options.monthSeconds ?? 0) * 1000;
  /** The month's name (calendar `YYYY-MM`, or the period's number `p123` with monthSeconds). */
  const monthOf = (t: number) => (periodMs > 0 ? `p${Math.floor(t / periodMs)}` : calendarMonthOf(t));
  /** When the month holding `t` ends (ms since epoch). */
  const nextMonthStart = (t: number) =>
    periodMs > 0 ? (Math.floor(t / periodMs) + 1) * periodMs : nextCalendarMonthStart(t);
  // Month counters never expire in memory (their key names the month); Redis drops them after it.
  const monthSpec = specs.find((s) => s.window.kind === 'month');
  const month: Month | undefined = monthSpec && {
    spec: monthSpec,
    counter: store.counter(`${prefix}:month`, monthSpec.points, 0),
  };
  const spans: Span[] = specs
    .filter((s) => s.window.kind === 'span')
    .sort((a, b) => windowSeconds(a) - windowSeconds(b))
    .map((spec) => {
      const plan = bucketPlan(spec.points, windowSeconds(spec));
      return {
        spec,
        ...plan,
        counter: store.counter(
          `${prefix}:span:${windowSeconds(spec)}s:${plan.bucketSeconds}s`,
          plan.perBucket,
          plan.bucketSeconds,
        ),
      };
    });
  const holds = store.counter(`${prefix}:hold`, 1, 1);
  const probeMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  const probes = store.counter(`${prefix}:probe`, 1, probeMs / 1000);
  const paces = store.counter(`${prefix}:pace`, 1, 1);
  /** Callers in line per key (round-robin between who they are for), and the last counts seen. */
  const lines = new Map<string, Line>();
  const lastLeft = new Map<string, number>();

  const monthKey = (key: string) => `${key}:${monthOf(now())}`;
  /** Seconds a month counter lives in Redis: to the month's end, and a day more. */
  const monthSeconds = () => Math.ceil((nextMonthStart(now()) - now()) / 1000) + 86_400;
  const monthOptions = () => (store.backend === 'redis' ? { customDuration: monthSeconds() } : {});

  async function monthUsed(key: string): Promise<number> {
    if (!month) return 0;
    // The ledger first: a request counted there was counted by the limit store before (takeMonth
    // raises the ledger after the store's count), so a store read after it that counts fewer has
    // lost them; read the other way round, a request spent in between would look lost.
    const kept = await ledgerUsed(key);
    const counted = await storeCount(key);
    return kept <= counted ? counted : restoreMonth(key);
  }

  async function storeCount(key: string): Promise<number> {
    const res = await (month as Month).counter.get(monthKey(key));
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
    const m = month as Month;
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
        const restored = await m.counter.penalty(mKey, kept - counted, monthOptions());
        seedInsurance(m.counter, mKey, restored.consumedPoints);
        await store.flush();
        logger.warn(
          { kind: 'limits', limit: m.spec.text, counted, kept },
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
    if (!options.ledger) return 0;
    try {
      return await options.ledger.used(key, monthOf(now()));
    } catch (error) {
      ledgerFailed(error);
      return 0;
    }
  }

  /** Keep `used` in the ledger before the request it counts goes out. */
  async function ledgerRaise(key: string, used: number): Promise<void> {
    if (!options.ledger) return;
    try {
      await options.ledger.raise(key, monthOf(now()), used);
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

  /** Keep the insurance limiter of a Redis month counter at the count Redis gave. */
  function seedInsurance(counter: Counter, key: string, consumed: number) {
    const insurance: RateLimiterMemory | undefined = store.insurance(counter);
    if (!insurance) return;
    void insurance.get(key).then((mine) => {
      if ((mine?.consumedPoints ?? 0) < consumed) return insurance.set(key, consumed, 0);
    });
  }

  /** Log each mark (80%, 100%) the count just crossed; tell onAllowanceMark of the highest one. */
  function warnAt(used: number, previous: number) {
    if (!month) return;
    const { points, text } = month.spec;
    const resetAt = nextMonthStart(now());
    const crossed = (
      [
        [0.8, Math.ceil(points * 0.8)],
        [1, points],
      ] as const
    ).filter(([, mark]) => previous < mark && used >= mark);
    for (const [share] of crossed) {
      logger.warn(
        {
          kind: 'limits',
          limit: text,
          used: Math.min(used, points),
          points,
          resetsAt: new Date(resetAt).toISOString(),
        },
        share === 1 ? 'monthly API allowance spent' : 'monthly API allowance 80% spent',
      );
    }
    const highest = crossed.at(-1);
    if (highest)
      options.onAllowanceMark?.({ share: highest[0], used: Math.min(used, points), points, resetAt });
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

  /** How long `key` is held (ms), 0 when it is not. */
  async function heldFor(key: string): Promise<number> {
    const res = await holds.get(key);
    return res && res.consumedPoints > 1 && res.msBeforeNext > 0 ? res.msBeforeNext : 0;
  }

  /** Consume one request in every span bucket; the wait (ms) when one is full, else 0. */
  async function takeSpans(key: string): Promise<number> {
    // Look first, so a full bucket does not cost the others a slot.
    for (const span of spans) {
      const res = await span.counter.get(key);
      if (res && res.consumedPoints >= span.perBucket && res.msBeforeNext > 0) return res.msBeforeNext;
    }
    for (const span of spans) {
      try {
        await span.counter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, rejection.msBeforeNext);
        throw rejection;
      }
    }
    return 0;
  }

  async function takeMonth(key: string): Promise<void> {
    if (!month) return;
    const mKey = monthKey(key);
    if ((await monthUsed(key)) >= month.spec.points) throw quotaError();
    try {
      const res = await month.counter.consume(mKey, 1, monthOptions());
      seedInsurance(month.counter, mKey, res.consumedPoints);
      await ledgerRaise(key, res.consumedPoints);
      lastLeft.set(key, month.spec.points - res.consumedPoints);
      warnAt(res.consumedPoints, res.consumedPoints - 1);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw quotaError();
      throw rejection;
    }
  }

  /** Waits are real time, whatever clock the months and pacing read. */
  async function hold(key: string, ms: number): Promise<void> {
    const holdMs = Math.min(ms, MAX_HOLD_MS);
    if (holdMs <= 0) return;
    if ((await heldFor(key)) >= holdMs) return;
    await holds.block(key, Math.ceil(holdMs / 1000));
    // The first probe comes one interval into a long hold.
    if (holdMs > probeMs) await probes.set(key, 1, probeMs / 1000);
    await store.flush();
  }

  /** Wait `ms` (real time), cut short by `signal` (rejecting with its reason; the timer is cleared). */
  const pauseFor = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (!sleep) return pause(ms, signal);
    return signal ? untilAborted(sleep(ms), signal) : sleep(ms);
  };

  /** Estimated wait (ms) of the waiter at `position` (1 = being served) behind a head ready in `headMs`. */
  function etaAt(position: number, headMs: number): number {
    let eta = 0;
    for (const span of spans) {
      eta = Math.max(eta, Math.floor((position - 1) / span.perBucket) * span.bucketSeconds * 1000);
    }
    return Math.max(0, headMs) + eta;
  }

  /** Tell every waiter of `line` its place (1 = being served) and estimated wait, when it changed. */
  function report(line: Line) {
    const headMs = Math.max(0, line.readyAt - Date.now());
    let position = 0;
    const tell = (waiter: Waiter) => {
      position++;
      const eta = etaAt(position, headMs);
      // Retell when the place changes, or the estimate moves by half a second or more from what
      // the last one, counted down, says now.
      const told = waiter.told;
      const now = Date.now();
      if (told?.position === position && Math.abs(told.etaMs - (now - told.at) - eta) < 500) return;
      waiter.told = { position, etaMs: eta, at: now };
      const at = position;
      safely(() => waiter.context?.onWait(at, eta));
    };
    if (line.serving) tell(line.serving);
    for (const waiter of serviceOrder(line)) tell(waiter);
  }

  async function acquireAtHead(key: string, line: Line, waiter: Waiter): Promise<{ probe: boolean }> {
    const { maxWaitMs, started, signal } = waiter;
    for (;;) {
      signal?.throwIfAborted();
      let probe = false;
      const held = await heldFor(key);
      if (held > 0) {
        // Through a long hold, the wait is until the next probe, not the hold's end: the API may
        // have recovered long before a large Retry-After runs out, and the probe is how we learn it.
        let wait = held;
        if (held > probeMs) {
          try {
            await probes.consume(key);
            probe = true;
          } catch (rejection) {
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
            wait = Math.min(held, Math.max(1, rejection.msBeforeNext));
          }
        }
        if (!probe) {
          if (Date.now() - started + wait > maxWaitMs) throw busy(held);
          line.readyAt = Date.now() + wait;
          report(line);
          await pauseFor(wait, signal);
          continue;
        }
      }
      if (month && (await monthUsed(key)) >= month.spec.points) throw quotaError();
      const wait = await takeSpans(key);
      if (wait > 0) {
        if (Date.now() - started + wait > maxWaitMs) throw busy(wait);
        line.readyAt = Date.now() + wait;
        report(line);
        await pauseFor(wait, signal);
        continue;
      }
      line.readyAt = 0;
      await takeMonth(key);
      await store.flush();
      return { probe };
    }
  }

  /** Serve the waiters of `key`'s line one at a time, round-robin between who they are for. */
  async function serve(key: string, line: Line) {
    for (;;) {
      const waiter = next(line);
      if (!waiter) break;
      line.serving = waiter;
      line.readyAt = 0;
      if (line.order.length > 0) report(line); // everyone behind moved up one place
      try {
        const granted = await acquireAtHead(key, line, waiter);
        if (waiter.told) safely(() => waiter.context?.onWait(0, 0));
        waiter.resolve(granted);
      } catch (error) {
        waiter.reject(error);
      } finally {
        waiter.signal?.removeEventListener('abort', waiter.onAbort);
        line.serving = undefined;
      }
    }
    lines.delete(key);
  }

  // ---- Holds on the month ----
  // What whole-list reads hold is counted in the store, beside the month's count (Redis: shared by
  // every process of the token), with rate-limiter-flexible's penalty (take) and reward (give back),
  // atomic there. A hold is taken before it is checked (holdMonth): two plans racing in two
  // processes both see the other's hold, or one of them sees it, so they may both be refused but
  // never both spend into the reserve. A hold counts in the time slot it was taken in
  // (MONTH_HOLD_SLOTS slots make MONTH_HOLD_MS), and a slot's counter expires when it is read no
  // more: a hold never given back (a crashed process) lapses after MONTH_HOLD_MS to a slot more,
  // and one taken late does not lapse with one taken early, as in one counter expiring with its
  // first hold. What is held is the sum of the slots still read. Keys: `<token hash>:<slot>`.
  const monthHoldMs = options.monthHoldMs ?? MONTH_HOLD_MS;
  const slotMs = Math.max(1, Math.ceil(monthHoldMs / MONTH_HOLD_SLOTS));
  const monthHolds = store.counter(
    `${prefix}:month-hold`,
    1,
    Math.ceil(((MONTH_HOLD_SLOTS + 1) * slotMs) / 1000),
  );
  /** This process's holds being taken, per key, one after the other (the last one's end). */
  const holding = new Map<string, Promise<unknown>>();

  /** Requests every process holds on `key`'s month, in `slot` and the slots still read before it. */
  async function monthHeld(key: string, slot: number): Promise<number> {
    const counts = await Promise.all(
      Array.from({ length: MONTH_HOLD_SLOTS + 1 }, (_, i) => monthHolds.get(`${key}:${slot - i}`)),
    );
    // A count below zero (given back after its slot lapsed, by a late clock) holds nothing.
    return counts.reduce(
      (sum, res) => sum + (res && res.msBeforeNext > 0 ? Math.max(0, res.consumedPoints) : 0),
      0,
    );
  }

  /**
   * Where the month stands for the pace: requests used and left, the reset, what the pace may spread
   * (left less the reserve and every process's holds), and when holds alone stop standing in the way.
   */
  async function room(m: NonNullable<typeof month>, key: string, t: number) {
    const used = Math.min(m.spec.points, await monthUsed(key));
    const resetAt = nextMonthStart(t);
    const left = m.spec.points - used;
    // What whole-list reads hold (every process's) is theirs to spend: the pace spreads the rest.
    const held = await monthHeld(key, Math.floor(Date.now() / slotMs));
    const spendable = left - Math.ceil(m.spec.points * PACE_RESERVE) - held;
    // Only the holds stand in the way: they are spent or given back by the time they lapse.
    const freedAt = spendable + held > 0 ? Math.min(resetAt, t + (MONTH_HOLD_SLOTS + 1) * slotMs) : resetAt;
    return { used, left, resetAt, spendable, freedAt };
  }

  async function takeMonthHold(key: string, requests: number): Promise<MonthHold> {
    if (!month || requests <= 0) return { statuses: [], spent: async () => {}, release: async () => {} };
    const { points, text } = month.spec;
    // Real time, as the counters' expiry is.
    const slot = Math.floor(Date.now() / slotMs);
    const slotKey = `${key}:${slot}`;
    /** The slot is read until MONTH_HOLD_SLOTS slots after it end; its counter expires then. */
    const endsAt = (slot + MONTH_HOLD_SLOTS + 1) * slotMs;
    const life = () => ({ customDuration: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)) });
    let left = requests;
    const giveBack = async (n: number) => {
      const back = Math.min(n, left);
      if (back <= 0) return;
      left -= back;
      // A lapsed hold went with its slot: giving it back now would only count below zero.
      if (Date.now() >= endsAt) return;
      try {
        const res = await monthHolds.reward(slotKey, back, life());
        // The slot lost what it held (Redis restarted empty, or evicted it): what is given back
        // must not count below zero there, where it would hide the holds taken after it. The
        // overshoot is added again (increments commute, so holds taken meanwhile stay counted).
        const below = Math.min(back, -(res?.consumedPoints ?? 0));
        if (below > 0) await monthHolds.penalty(slotKey, below, life());
        await store.flush();
      } catch (error) {
        // Not given back, the hold lapses with its slot: the read that held it goes on.
        logger.warn(
          { kind: 'limits', err: error instanceof Error ? error.message : String(error) },
          'hold on the monthly allowance not given back; it lapses',
        );
      }
    };
    await monthHolds.penalty(slotKey, requests, life());
    let statuses: LimitStatus[] | undefined;
    try {
      // What is held first, the month's count after: a request spent in between (counted, then
      // given back from its hold) is counted twice, never missed.
      const held = await monthHeld(key, slot);
      const used = await monthUsed(key);
      await store.flush();
      if (store.shared()) {
        const others = Math.max(0, held - requests);
        statuses = [
          {
            text,
            kind: 'month',
            points,
            used: Math.min(points, used),
            left: Math.max(0, points - used - others),
            resetAt: nextMonthStart(now()),
            others: { requests: others, until: now() + (MONTH_HOLD_SLOTS + 1) * slotMs },
          },
        ];
      }
    } catch (error) {
      await giveBack(left);
      throw error;
    }
    return { statuses, spent: () => giveBack(1), release: () => giveBack(left) };
  }

  /**
   * Take a hold and read what it leaves; this process's holds on one key are taken one at a time,
   * so of two plans started together in one process the first sees the room, the second sees the
   * first's hold.
   */
  async function holdMonth(key: string, requests: number): Promise<MonthHold> {
    const taking = (holding.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => takeMonthHold(key, requests));
    holding.set(key, taking);
    try {
      return await taking;
    } finally {
      if (holding.get(key) === taking) holding.delete(key);
    }
  }

  // ---- Access checks ----
  // Member lookups of access checks are counted per month beside the month's own count (in Redis:
  // shared by every process of the token), up to their share; each also counts in the month.
  const accessChecks =
    month && store.counter(`${prefix}:access`, Math.max(1, Math.ceil(month.spec.points * ACCESS_SHARE)), 0);

  return {
    acquire(key, maxWaitMs, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const context = currentWait();
      const who = context?.who ?? '';
      const existing = lines.get(key);
      const line: Line = existing ?? { byWho: new Map(), order: [], readyAt: 0 };
      if (existing) {
        // A wait longer than allowed is known at once when the place in line already says so.
        const position = 1 + (line.serving ? 1 : 0) + placeOf(line, who);
        const eta = etaAt(position, Math.max(0, line.readyAt - Date.now()));
        if (eta > maxWaitMs) return Promise.reject(busy(eta));
      } else lines.set(key, line);
      return new Promise<{ probe: boolean }>((resolve, reject) => {
        const waiter: Waiter = {
          who,
          context,
          started: Date.now(),
          maxWaitMs,
          signal,
          resolve,
          reject,
          onAbort: () => {
            // A waiter still in line leaves it at once; the one being served stops its own wait.
            const queue = line.byWho.get(who);
            const at = queue?.indexOf(waiter) ?? -1;
            if (!queue || at < 0) return;
            queue.splice(at, 1);
            if (queue.length === 0) {
              line.byWho.delete(who);
              line.order = line.order.filter((w) => w !== who);
            }
            reject(signal?.reason);
            report(line);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        const queue = line.byWho.get(who);
        if (queue) queue.push(waiter);
        else {
          line.byWho.set(who, [waiter]);
          // A newcomer goes before the next turn of the person being served (their turn is now).
          const last = line.order.length - 1;
          if (last >= 0 && line.order[last] === line.serving?.who) line.order.splice(last, 0, who);
          else line.order.push(who);
        }
        if (existing) report(line);
        else void serve(key, line);
      });
    },

    hold,

    async release(key) {
      await holds.delete(key);
      await store.flush();
    },

    async observe(key, headers) {
      const remaining = wholeHeader(headers, 'x-ratelimit-remaining');
      if (remaining === undefined) return;
      const resetInMs = rateLimitResetMs(headers, now());
      const longest = spans.at(-1);
      // Without a monthly limit of ours, every count the API sends is a short window's: a window of
      // the API's longer than ours must still hold callers until its reset.
      const monthly =
        month !== undefined &&
        (resetInMs === undefined
          ? wholeHeader(headers, 'x-ratelimit-limit') === month.spec.points
          : resetInMs > (longest ? windowSeconds(longest.spec) * 1000 + 1000 : 86_400_000));
      if (monthly && month) {
        const used = await monthUsed(key);
        const apiUsed = month.spec.points - remaining;
        if (apiUsed > used) {
          const res = await month.counter.penalty(monthKey(key), apiUsed - used, monthOptions());
          seedInsurance(month.counter, monthKey(key), res.consumedPoints);
          await ledgerRaise(key, res.consumedPoints);
          lastLeft.set(key, Math.max(0, month.spec.points - res.consumedPoints));
          warnAt(res.consumedPoints, used);
          logger.info(
            { kind: 'limits', limit: month.spec.text, used: apiUsed, was: used },
            'allowance count resynced from the API',
          );
          await store.flush();
        }
        return;
      }
      if (!monthly && remaining === 0 && resetInMs !== undefined && resetInMs > 0) {
        await hold(key, resetInMs);
      }
    },

    async pace(key) {
      if (!month) return { ok: true };
      const t = now();
      const { left, resetAt, spendable, freedAt } = await room(month, key, t);
      if (left <= 0) return { ok: false, reason: 'spent', nextAt: resetAt };
      if (spendable <= 0) return { ok: false, reason: 'pace', nextAt: freedAt };
      // At most ~23 days: the memory store's timers cannot run longer.
      const intervalS = Math.min(2_000_000, Math.max(1, Math.ceil((resetAt - t) / spendable / 1000)));
      try {
        await paces.consume(key, 1, { customDuration: intervalS });
        await store.flush();
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { ok: false, reason: 'pace', nextAt: t + Math.max(1, rejection.msBeforeNext) };
        }
        throw rejection;
      }
    },

    async status(key) {
      const out: LimitStatus[] = [];
      const t = now();
      if (month) {
        const { used, left, resetAt, spendable, freedAt } = await room(month, key, t);
        const turn = await paces.get(key);
        out.push({
          text: month.spec.text,
          kind: 'month',
          points: month.spec.points,
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
        });
      }
      for (const span of spans) {
        const res = await span.counter.get(key);
        const open = res !== null && res.msBeforeNext > 0;
        const used = open ? Math.min(span.perBucket, res.consumedPoints) : 0;
        out.push({
          text: span.spec.text,
          kind: 'span',
          points: span.spec.points,
          used,
          left: span.perBucket - used,
          resetAt: open ? t + res.msBeforeNext : t,
          bucket: { perBucket: span.perBucket, seconds: span.bucketSeconds },
        });
      }
      return out;
    },

    holdMonth,

    remaining(key) {
      return lastLeft.get(key) ?? Math.min(...specs.map((s) => s.points));
    },

    close: () => store.close(),

    async takeAccess(key) {
      if (!month || !accessChecks) return { ok: true };
      const { spendable, resetAt, freedAt } = await room(month, key, now());
      // The reserve (and what whole-list reads hold) is for what staff ask, never for a lookup.
      if (spendable <= 0) return { ok: false, reason: 'spent', nextAt: freedAt };
      try {
        await accessChecks.consume(monthKey(key), 1, monthOptions());
        await store.flush();
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { ok: false, reason: 'spent', nextAt: resetAt };
        throw rejection;
      }
    },
  };
}

function windowSeconds(spec: LimitSpec): number {
  return spec.window.kind === 'span' ? spec.window.seconds : 31 * 86_400;
}

function busy(waitMs: number): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError('busy', `Request limit reached; retry in ${retryAfterSeconds}s`, { retryAfterSeconds });
}
