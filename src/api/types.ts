/**
 * The contract between the API layer (src/api) and everything above it.
 * Commands see only `Resources`; nothing above src/api builds URLs or touches HTTP.
 */

import type { LimitStatus, MonthHold } from './limits/types.js';
import type { Answer, ListOperation, OperationId, PathArgs } from './operations.js';

export type { ApiErrorKind } from './errors.js';
export type { AllowanceMark, LimitStatus, MonthHold } from './limits/types.js';

/** A value read through the cache layer, with where it came from. */
export interface Fetched<T> {
  data: T;
  /** When the API produced this value (ms since epoch). */
  fetchedAt: number;
  /** True when it came from the cache rather than a request made for this call. */
  fromCache: boolean;
  /** True when the API failed and an older cached value is served instead. */
  stale: boolean;
  /**
   * Set when a saved value is served to save the monthly allowance rather than spend a request
   * (the pace did not allow one, or the allowance is spent): when a fresh read is possible again
   * (ms since epoch), and when the value was served (for its age).
   */
  saving?: { nextFreshAt: number; servedAt: number; spent: boolean };
}

export interface PageQuery {
  /** 1-based page number. */
  page: number;
  /** Items per page, 1..100 (sent as the `limit` query parameter). */
  limit: number;
}

export interface ReadOptions {
  /** Skip the cache for this read (a refresh button); the fresh value is still stored. */
  fresh?: boolean;
  /**
   * Accept a saved value only this young (ms), and never an older one when the API fails: for reads
   * a decision rests on (access checks), where stale data must not count.
   */
  maxAgeMs?: number;
  /**
   * Answer only from a saved copy (of any age the cache still keeps) and never make a request;
   * throws NotSavedError when there is none. For planning a whole-list read (an export) before
   * spending anything.
   */
  savedOnly?: boolean;
  /**
   * A read that can wait (a report's snapshot page): it spends a request only when the monthly
   * allowance's pace allows, even when nothing is saved (so it never takes the share kept for first
   * reads of what moderators ask); when the pace does not allow it and nothing is saved, it throws
   * PacedError with the time the pace allows the next read.
   */
  paced?: boolean;
  /**
   * An access check's lookup (with `maxAgeMs`): a request for it spends from the access checks'
   * share of the monthly allowance (Limits.takeAccess), never from the reserve; when that share is
   * spent it throws AccessSpentError and makes no request. A saved answer young enough costs nothing.
   * Without `maxAgeMs` (the access checks' roles list) only a refresh of a saved copy spends from the
   * share, and the saved copy is served when the share is spent.
   */
  access?: boolean;
  /**
   * A read whose answer only the API can give now (a link check, with `fresh`): it never waits for
   * the pace, and spends from the month like a first read; when nothing is left above the reserve
   * and what whole-list reads hold (Limits.room) it throws NoRoomError and makes no request.
   */
  check?: boolean;
  /**
   * With `access`: whether a saved answer (the record last read for this lookup, of any age the cache
   * keeps) allowed the user. If it did, a request is a re-check, which may spend from the whole
   * access share (a first check, every stranger's, only from its part); and when the share is spent,
   * that saved answer is served (with `saving.spent`) while it is younger than `graceMs`. A refusing
   * answer read since has replaced it, so the grace never outlives a refusal.
   */
  allowedBy?: (saved: unknown) => boolean;
  /**
   * With `access` and `allowedBy`: a request that would be a first check (no saved answer allowed the
   * user) and would spend from the access share is not made; it throws FirstCheckSkippedError. The
   * guard's strangers (no Discord role of the server) never spend the first checks' part.
   */
  noFirstCheck?: boolean;
  /**
   * With `access` and `allowedBy`: how long (ms) a saved answer that allowed may stand in when the
   * access share is spent (ACCESS_GRACE_SECONDS; 0 or unset: never). What the read stores is kept at
   * least this long.
   */
  graceMs?: number;
  /**
   * How long a saved copy is fresh (ms), instead of the cache class's CACHE_TTL_*_SECONDS; it is
   * kept that long plus CACHE_STALE_SECONDS. The access checks' roles list: read at most once a day.
   */
  freshForMs?: number;
  /**
   * Keep what this read stores at least this long (ms), and let it stand in (pace, spent allowance,
   * a failing API) up to that age: the access checks' roles list, which links hold on to for a month.
   */
  keepMs?: number;
}

/**
 * The reads, one method per row of OPERATIONS (src/api/operations.ts): its path parameters in order
 * (strings), then for a list the page, then the read options; the answer is the operation's 200 body.
 * E.g. `listMemberLoas(memberId, { page, limit }, options)`, `getLoa(loaId, options)`.
 */
export type Resources = {
  [K in OperationId]: (
    ...args: K extends ListOperation
      ? [...PathArgs<K>, query: PageQuery, options?: ReadOptions]
      : [...PathArgs<K>, options?: ReadOptions]
  ) => Promise<Fetched<Answer<K>>>;
};

/** Numbers for /rollcall status and the logs. */
export interface ApiStats {
  requests: number;
  cacheHits: number;
  cacheMisses: number;
  staleServed: number;
  coalesced: number;
  rateLimited: number;
  /** Requests left under the tightest limit, as last seen. */
  budgetRemaining: number;
  cacheBackend: 'memory' | 'redis' | 'none';
  cacheHealthy: boolean;
}

export interface Api {
  resources: Resources;
  stats(): ApiStats;
  /** Where each limit of API_LIMITS stands for this token (reads the shared counters). */
  limitStatus(): Promise<LimitStatus[]>;
  /** Hold requests of this token's month for a whole-list read (Limits.holdMonth), in every process's view. */
  holdMonth(requests: number): Promise<MonthHold>;
  /** Close Redis and drain anything pending. Safe to call twice. */
  close(): Promise<void>;
}
