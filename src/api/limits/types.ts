/** What the limits promise the rest of the API layer (Limits, kept by ApiLimits), and the shapes of their parts. */

import type { LimitSpec } from '../../base/limits-spec.js';
import type { Logger } from '../../base/log.js';
import type { LimitStore } from './store.js';

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

/**
 * Whether the month has room for a read that must be made now (a link check): what is left less
 * the reserve and what whole-list reads hold. Refused: the month is spent (`left` 0) or all that is
 * left is the reserve or held; `nextAt` (ms) is when room comes back (the holds lapse, or the reset).
 */
export type RoomVerdict =
  | { ok: true }
  | { ok: false; reason: 'spent' | 'reserve'; nextAt: number; left: number; points: number };

export interface Limits {
  /**
   * Wait for a request slot in every limit; `probe` when the slot is a probe through a long hold,
   * `seq` the request's number among the token's (pass it to `observe` with the answer).
   * Rejects with `signal`'s reason as soon as it aborts (the caller gave up, or shutdown).
   */
  acquire(key: string, maxWaitMs: number, signal?: AbortSignal): Promise<{ probe: boolean; seq?: number }>;
  /** Hold every caller of `key` for `ms` (a 429's Retry-After); never shortens a longer hold. */
  hold(key: string, ms: number): Promise<void>;
  /** End the hold of `key` (a probe was answered). */
  release(key: string): Promise<void>;
  /**
   * Bring the counts in line with the API's X-RateLimit-* headers when they are stricter: the answer
   * to the request `acquire` granted as `sent` (undefined: none other in flight).
   */
  observe(key: string, headers: Headers, sent?: { seq?: number }): Promise<void>;
  /** May a read of something already saved spend a request now? Claims the turn when it may. */
  pace(key: string): Promise<PaceVerdict>;
  status(key: string): Promise<LimitStatus[]>;
  /**
   * Hold `requests` of the month for a whole-list read of `key`, in the store every process of the
   * token shares; the hold's `statuses` then say whether they fit (see MonthHold).
   */
  holdMonth(key: string, requests: number): Promise<MonthHold>;
  /** Has the month room for a read that must be made now (RoomVerdict), whatever the pace? Takes nothing. */
  room(key: string): Promise<RoomVerdict>;
  /** The smallest number of requests left over every limit, as last seen (synchronous, for stats). */
  remaining(key: string): number;
  close(): Promise<void>;
  /**
   * May an access check (a member lookup) of `key` spend a request? Takes one from the access share
   * (ACCESS_SHARE, FIRST_CHECKS_PART: allowance.ts) when it may. Always yes without a monthly limit.
   */
  takeAccess(key: string, kind?: AccessKind): Promise<PaceVerdict>;
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
  /** The `month` limit's period (API_MONTH_SECONDS, from the epoch); unset or 0: the calendar month in UTC. */
  monthSeconds?: number;
  /** Told when the monthly allowance passes 80% and 100% (once per month: the count crosses each mark once). */
  onAllowanceMark?: (mark: AllowanceMark) => void;
  /** Shortest life of a hold on the month not given back (default MONTH_HOLD_MS; tests shorten it). */
  monthHoldMs?: number;
  /**
   * The real-time clock of the holds' time slots (default Date.now): tests inject one to move a
   * hold past its lapse while a real Redis runs (never a faked global under a real driver).
   */
  clock?: () => number;
  /** Where the month's count is kept beyond the limit store (the database): raised before each request. */
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

/**
 * An access check's lookup: of a user whose saved answer allowed them (`recheck`), or of anyone
 * else (`first`: every stranger's lookup is one).
 */
export type AccessKind = 'first' | 'recheck';
