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

/** A read's own life instead of its cache class's (the roles list's: read at most once a day, kept a month). */
interface ReadLife {
  /** Fresh this long (ms); kept that long plus CACHE_STALE_SECONDS. */
  freshForMs: number;
  /** Kept at least this long (ms), and standing in (pace, spent allowance, a failing API) up to that age. */
  keepMs: number;
}

/**
 * Why a read is made: each purpose is one policy of the reader (src/api/reader.ts), its rules written
 * here once. A saved copy "stands in" for a request the month's pace or a spent allowance does not
 * allow (the answer's `saving` says so), or for one that failed for a reason that says nothing about
 * the data (`stale`).
 */
export type ReadOptions =
  /**
   * What a moderator asks (the default): a saved copy while fresh for its cache class, else a request.
   * Something never saved is read at once (the month's reserve is kept for it); something saved is
   * read again only as the month's pace allows, its copy standing in meanwhile.
   */
  | { purpose: 'ask'; life?: ReadLife }
  /** A refresh button: as 'ask', but a fresh saved copy does not answer; the new value is stored. */
  | { purpose: 'refresh'; life?: ReadLife }
  /**
   * Planning a whole-list read (an export) before spending anything: a saved copy of any age the
   * cache keeps, never a request; NotSavedError when there is none.
   */
  | { purpose: 'saved-only' }
  /**
   * A read that can wait (a report's snapshot page): a request only when the pace allows, even with
   * nothing saved, so it never takes the share kept for first reads of what moderators ask; with
   * nothing saved, PacedError says when the pace allows the next. `refresh`: a fresh copy does not answer.
   */
  | { purpose: 'snapshot'; refresh?: boolean }
  /**
   * An answer only the API can give now (a token's or a roles list's link check): never a saved copy
   * but for a failing API, never waiting for the pace; it spends from the month like a first read,
   * and throws NoRoomError, with no request, when nothing is left above the reserve and what
   * whole-list reads hold (Limits.room).
   */
  | { purpose: 'link-check'; life?: ReadLife }
  /**
   * An access check's member lookup: a decision rests on nothing older than `maxAgeMs` (a 404, "not a
   * member", too) and on no stand-in, and what it reads is kept at least that long, so a refused
   * stranger asking again costs no request. A request spends from the access checks' share of the
   * month (Limits.takeAccess), never from the reserve: a re-check (the saved answer allowed the user,
   * by `allowedBy`) from the whole share, a first check from its first part only; when the share is
   * spent it throws AccessSpentError and makes no request.
   */
  | {
      purpose: 'access-lookup';
      maxAgeMs: number;
      /** Whether a saved answer (the last read for this lookup, of any age kept) allowed the user. */
      allowedBy?: (saved: unknown) => boolean;
      /** A first check is not made (FirstCheckSkippedError): the guard's strangers spend none. */
      noFirstCheck?: boolean;
      /**
       * While the share is spent, a saved answer that allowed stands in (`saving.spent`) this long
       * (ms, ACCESS_GRACE_SECONDS; unset: never): the one place a saved answer may allow. A refusing
       * answer read since has replaced it, so the grace never outlives a refusal.
       */
      graceMs?: number;
      /** Keep what it reads at least this long (ms): a re-check a month later still finds the answer. */
      keepMs?: number;
    }
  /**
   * The access guard's read of the roles list: as 'ask', but a refresh of a saved copy spends from
   * the access checks' share (as a first check), the copy standing in when that share is spent.
   */
  | { purpose: 'access-roles'; life: ReadLife };

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
