/**
 * The cache policy shared by every read: fresh hits, coalescing of identical concurrent reads
 * (unless API_COALESCE=false), negative caching of 404s, and stale-on-error.
 *
 * An entry lives in the store for its soft TTL + CACHE_STALE_SECONDS. Younger than the soft TTL it
 * is served as is; older, it is refetched, and served with `stale: true` only when that refetch
 * fails for a reason that says nothing about the data (timeout, network, busy, malformed, 429, 5xx).
 * A 404 is remembered for CACHE_TTL_NOT_FOUND_SECONDS and answered as ApiError('http', 404).
 * 400/401/403 and every other failure are never stored.
 *
 * What a read may be answered with, and what its request spends, is its purpose's policy: the
 * purposes and their rules are `ReadOptions` (src/api/types.ts).
 *
 * When the cache has nothing under a key, the saved answer (src/api/saved.ts) stands in and is put
 * back. Work run `withoutRequests` (the shutdown's drain) is answered from what is saved, of any age
 * the cache would keep, else throws the refusal's reason; a read already waiting in the limits' line
 * when the drain begins leaves it for such an answer (`withSavedFallback`, http.ts's `drain`), and one
 * whose request the stop cuts at the grace period's end is answered with it too (LeftLineError).
 */
import type { Logger } from '../base/log.js';
import { within } from './abort.js';
import { type ApiCache, type CacheEntry, cacheKey } from './cache.js';
import {
  AccessSpentError,
  type ApiError,
  FirstCheckSkippedError,
  httpError,
  isApiError,
  LeftLineError,
  NoRoomError,
  NotSavedError,
  PacedError,
} from './errors.js';
import type { AccessKind, PaceVerdict, RoomVerdict } from './limits/types.js';
import type { SavedAnswers } from './saved.js';
import type { Fetched, ReadOptions } from './types.js';
import { requestsRefused, withSavedFallback } from './wait.js';

/** How long closing waits for the saved answers still queued to be written. */
const SAVED_FLUSH_MS = 2_000;

/** How long a value stays fresh: lists, single items, or rarely-changing roles and applications. */
export type CacheClass = 'list' | 'item' | 'stable';

/** Seconds, as in the configuration (CACHE_TTL_*_SECONDS, CACHE_STALE_SECONDS). */
interface TtlPolicy {
  list: number;
  item: number;
  stable: number;
  notFound: number;
  stale: number;
}

interface ReadSpec {
  /** The operationId (part of the cache key and of log lines). */
  op: string;
  cacheClass: CacheClass;
  /** Everything that selects the answer (path and query parameters). */
  params: object;
  /**
   * Other reads a loaded value also answers (the records of a list page): stored beside it with the
   * same age, so reading one of them later needs no request.
   */
  related?: (data: unknown) => Related[];
}

/** A value another read would return, and that read's cache identity. */
export interface Related {
  op: string;
  cacheClass: CacheClass;
  params: object;
  data: unknown;
}

interface ReaderOptions {
  cache: ApiCache;
  /** Token hash for the cache keys. */
  hash: string;
  ttl: TtlPolicy;
  logger: Logger;
  now: () => number;
  /** Merge identical concurrent reads into one request (API_COALESCE; default true). */
  coalesce?: boolean;
  /** May a read of something already saved spend a request now? (Limits.pace; always yes without.) */
  pace?: () => Promise<PaceVerdict>;
  /** May an access lookup (`recheck` or first) spend a request now? (Limits.takeAccess; always yes without.) */
  takeAccess?: (kind: AccessKind) => Promise<PaceVerdict>;
  /** Has the month room for a read that must be made now? (Limits.room; always yes without.) */
  room?: () => Promise<RoomVerdict>;
  /** Where answers bought with requests are also kept, and read back from when the cache has none. */
  saved?: SavedAnswers;
}

export interface Reader {
  /** Answer `spec` from the cache or through `load` (which throws ApiError on failure). */
  read<T>(spec: ReadSpec, options: ReadOptions | undefined, load: () => Promise<T>): Promise<Fetched<T>>;
  /** Wait for every request in flight, then write the saved answers still queued. */
  drain(): Promise<void>;
  readonly counters: {
    cacheHits: number;
    cacheMisses: number;
    staleServed: number;
    coalesced: number;
    /** Saved copies served to save the monthly allowance. */
    savedForPace: number;
    /** Answers the cache did not have, read back from the store's saved answers. */
    restored: number;
  };
}

interface Loaded {
  data: unknown;
  fetchedAt: number;
}

type SavedEntry = Extract<CacheEntry, { data: unknown }>;

/** One read's purpose and the ages it works with (ms), from its class's freshness and its purpose. */
interface ReadPlan {
  key: string;
  purpose: ReadOptions['purpose'];
  /** Set for an access check's lookup: its maximum age bounds every answer, and nothing stands in. */
  lookup: Extract<ReadOptions, { purpose: 'access-lookup' }> | undefined;
  /** A fresh saved copy does not answer (it may still stand in). */
  fresh: boolean;
  softMs: number;
  /** How long an allowing answer stands in while the access share is spent. */
  graceMs: number;
  /** What is read is kept at least this long. */
  keepMs: number;
  /** How old a saved copy may be to stand in. */
  savedMs: number;
  freshMs: number;
  notFoundFreshMs: number;
}

function planRead(key: string, spec: ReadSpec, options: ReadOptions, ttl: TtlPolicy): ReadPlan {
  const notFoundMs = ttl.notFound * 1000;
  const life = 'life' in options ? options.life : undefined;
  const lookup = options.purpose === 'access-lookup' ? options : undefined;
  const softMs = life?.freshForMs ?? ttl[spec.cacheClass] * 1000;
  const keptMs = life?.keepMs ?? lookup?.keepMs ?? 0;
  const graceMs = lookup?.graceMs ?? 0;
  return {
    key,
    purpose: options.purpose,
    lookup,
    fresh:
      options.purpose === 'refresh' ||
      options.purpose === 'link-check' ||
      (options.purpose === 'snapshot' && options.refresh === true),
    softMs,
    graceMs,
    keepMs: Math.max(lookup?.maxAgeMs ?? 0, graceMs, keptMs),
    savedMs: Math.max(softMs + ttl.stale * 1000, keptMs),
    // An access check decides on what is at most its maximum age, whatever the class's freshness.
    freshMs: lookup ? lookup.maxAgeMs : softMs,
    notFoundFreshMs: lookup ? Math.max(notFoundMs, lookup.maxAgeMs) : notFoundMs,
  };
}

/** Whether a request of `purpose` waits for the month's pace (`saved`: a copy could stand in meanwhile). */
function waitsForPace(purpose: ReadOptions['purpose'], saved: boolean): boolean {
  switch (purpose) {
    case 'snapshot':
      return true;
    case 'ask':
    case 'refresh':
    case 'access-roles':
      return saved;
    case 'saved-only':
    case 'link-check':
    case 'access-lookup':
      return false;
  }
}

export function createReader(options: ReaderOptions): Reader {
  return new CacheReader(options);
}

function fromCache<T>(entry: SavedEntry): Fetched<T> {
  return { data: entry.data as T, fetchedAt: entry.fetchedAt, fromCache: true, stale: false };
}

class CacheReader implements Reader {
  readonly counters = {
    cacheHits: 0,
    cacheMisses: 0,
    staleServed: 0,
    coalesced: 0,
    savedForPace: 0,
    restored: 0,
  };
  private readonly inFlight = new Map<string, Promise<Loaded>>();
  /** Reads in flight when coalescing is off (for drain). */
  private readonly uncoalesced = new Set<Promise<Loaded>>();
  private readonly coalesce: boolean;
  private readonly staleMs: number;

  constructor(private readonly options: ReaderOptions) {
    this.coalesce = options.coalesce ?? true;
    this.staleMs = options.ttl.stale * 1000;
  }

  async read<T>(
    spec: ReadSpec,
    readOptions: ReadOptions | undefined,
    load: () => Promise<T>,
  ): Promise<Fetched<T>> {
    const { now, hash, ttl } = this.options;
    const plan = planRead(cacheKey(hash, spec.op, spec.params), spec, readOptions ?? { purpose: 'ask' }, ttl);
    // A refresh skips the saved copy, but may still have to fall back on it (pace, failure).
    const entry = await this.lookUp(plan.key);
    const answered = this.answerSaved<T>(spec, plan, entry);
    if (answered) return answered;
    this.counters.cacheMisses++;
    const saved = entry && 'data' in entry && now() - entry.fetchedAt < plan.savedMs ? entry : undefined;
    // No new request (the shutdown's drain): what is saved answers at once, even when the same read
    // is on its way (it may not come before the grace period's end), unless the read asked for the
    // API itself (a refresh) or for data younger than the copy (an access check). With nothing
    // saved, a read joins one on its way (which costs nothing), else is refused.
    const refusal = requestsRefused();
    if (refusal) {
      if (saved && !plan.fresh && !plan.lookup) {
        this.counters.cacheHits++;
        return fromCache(saved);
      }
      if (!this.joins(plan.key)) throw refusal.reason;
    }
    return this.request(spec, plan, load, entry, saved);
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values(), ...this.uncoalesced]);
    // Bounded: a store that stopped answering must not hold the shutdown.
    const archive = this.options.saved;
    if (archive) await within(archive.flush(), SAVED_FLUSH_MS, () => undefined);
  }

  /** Whether a read of `key` would join one already on its way (which costs nothing). */
  private joins(key: string): boolean {
    return this.coalesce && this.inFlight.has(key);
  }

  /**
   * The answer from `entry` without a request: a fresh copy, or a 404 still fresh (thrown); for a
   * 'saved-only' read, any copy young enough to stand in (else NotSavedError). Undefined: a request is needed.
   */
  private answerSaved<T>(
    spec: ReadSpec,
    plan: ReadPlan,
    entry: CacheEntry | undefined,
  ): Fetched<T> | undefined {
    const { now } = this.options;
    if (entry && !plan.fresh) {
      const age = now() - entry.fetchedAt;
      // A 404 only ever refuses: for an access check it may be as old as the check allows.
      if ('notFound' in entry && age < plan.notFoundFreshMs) {
        this.counters.cacheHits++;
        throw httpError(404, entry.message ? { error: entry.message } : undefined, '');
      }
      // A copy dated in this process's future (saved by a process whose clock runs ahead) has no
      // age an access decision could rest on.
      if ('data' in entry && age < plan.freshMs && (!plan.lookup || age >= 0)) {
        this.counters.cacheHits++;
        return fromCache(entry);
      }
    }
    if (plan.purpose === 'saved-only') {
      if (entry && 'data' in entry && now() - entry.fetchedAt < plan.savedMs) {
        this.counters.cacheHits++;
        return fromCache(entry);
      }
      throw new NotSavedError(`${spec.op}: no saved copy`);
    }
    return undefined;
  }

  /** The saved copy served to save the monthly allowance (a fresh read possible at `nextFreshAt`). */
  private savedFor<T>(saved: SavedEntry | undefined, nextFreshAt: number, spent: boolean): Fetched<T> {
    this.counters.savedForPace++;
    const servedAt = this.options.now();
    return {
      data: saved?.data as T,
      fetchedAt: saved?.fetchedAt ?? servedAt,
      fromCache: true,
      stale: false,
      saving: { nextFreshAt, servedAt, spent },
    };
  }

  /** A read that needs the API: within the pace and the access share, falling back on `saved`. */
  private async request<T>(
    spec: ReadSpec,
    plan: ReadPlan,
    load: () => Promise<T>,
    entry: CacheEntry | undefined,
    saved: SavedEntry | undefined,
  ): Promise<Fetched<T>> {
    const { now, pace, room } = this.options;
    // Joining a read already on its way costs nothing; a new one must fit the pace.
    if (waitsForPace(plan.purpose, saved !== undefined) && pace && !this.joins(plan.key)) {
      const verdict = await pace();
      if (!verdict.ok) {
        if (saved) return this.savedFor(saved, verdict.nextAt, verdict.reason === 'spent');
        throw new PacedError(`${spec.op}: waits for the pace`, verdict.nextAt);
      }
    }
    const allowed = entry !== undefined && 'data' in entry && plan.lookup?.allowedBy?.(entry.data) === true;
    const graceAge = allowed ? now() - entry.fetchedAt : Number.NaN;
    const inGrace = graceAge >= 0 && graceAge < plan.graceMs;
    const spendsAccess = plan.lookup || (plan.purpose === 'access-roles' && saved);
    const loadOnce = spendsAccess ? this.withAccess(spec.op, plan, allowed, load) : load;
    const loadChecked = plan.purpose === 'link-check' && room ? this.withRoom(spec.op, loadOnce) : loadOnce;
    // What the drain could answer from (as it does a newcomer): the request leaves the limits' line
    // for it once Rollcall begins to stop (LeftLineError, answered in fallBack).
    const canLeave = saved !== undefined && !plan.fresh && !plan.lookup;
    try {
      const loaded = await this.coalesced(
        plan,
        canLeave ? () => withSavedFallback(loadChecked) : loadChecked,
        spec.related,
      );
      return { data: loaded.data as T, fetchedAt: loaded.fetchedAt, fromCache: false, stale: false };
    } catch (error) {
      if (inGrace && error instanceof AccessSpentError && entry && 'data' in entry) {
        this.counters.savedForPace++;
        this.options.logger.debug(
          { op: spec.op, ageMs: graceAge },
          'access share spent; an allowing answer stands in',
        );
        return {
          ...fromCache<T>(entry),
          saving: { nextFreshAt: error.nextAt, servedAt: now(), spent: true },
        };
      }
      return this.fallBack(error, spec, plan, saved);
    }
  }

  /**
   * `load`, made only when the access checks' share allows it: a re-check (`allowed`: the saved answer
   * allowed the user) from the whole share, anything else as a first check. Only the read that makes
   * the request spends: one joining it costs nothing.
   */
  private withAccess<T>(
    op: string,
    plan: ReadPlan,
    allowed: boolean,
    load: () => Promise<T>,
  ): () => Promise<T> {
    const { takeAccess } = this.options;
    if (!takeAccess) return load;
    return async () => {
      if (!allowed && plan.lookup?.noFirstCheck) {
        throw new FirstCheckSkippedError(`${op}: a first check of a stranger is not made`);
      }
      const kind = allowed ? 'recheck' : 'first';
      const verdict = await takeAccess(kind);
      if (!verdict.ok) {
        throw new AccessSpentError(`${op}: the access checks' allowance is spent`, verdict.nextAt, kind);
      }
      return load();
    };
  }

  /** A request failed: the saved copy when the failure says nothing about the data, else the failure. */
  private fallBack<T>(
    error: unknown,
    spec: ReadSpec,
    plan: ReadPlan,
    saved: SavedEntry | undefined,
  ): Fetched<T> {
    const { now, logger } = this.options;
    // Rollcall began to stop while this read waited in line: the saved answer, as the drain gives.
    if (error instanceof LeftLineError) {
      if (!saved || plan.fresh || plan.lookup) throw error.reason;
      this.counters.cacheHits++;
      return fromCache(saved);
    }
    // A refresh that spends from the access share (the access checks' roles list) keeps its copy.
    if (!plan.lookup && saved && error instanceof AccessSpentError)
      return this.savedFor(saved, error.nextAt, true);
    if (plan.lookup || !isApiError(error) || !allowsStale(error) || !saved) throw error;
    if (error.kind === 'quota') return this.savedFor(saved, error.resetAt ?? now(), true);
    this.counters.staleServed++;
    logger.info(
      { op: spec.op, error: error.kind, status: error.status, ageMs: now() - saved.fetchedAt },
      'api read failed; serving the cached value',
    );
    return { ...fromCache<T>(saved), stale: true };
  }

  /** Store `entry` for `ttlMs` in the cache (awaited) and among the saved answers (queued). */
  private store(key: string, entry: CacheEntry, ttlMs: number): Promise<void> {
    this.options.saved?.keep(key, entry, ttlMs);
    return this.options.cache.set(key, entry, ttlMs);
  }

  /** The cache's entry under `key`; else the saved answer, put back in the cache for its time left. */
  private async lookUp(key: string): Promise<CacheEntry | undefined> {
    const { cache, saved: archive, now } = this.options;
    const cached = await cache.get(key);
    if (cached || !archive) return cached;
    const restored = await archive.get(key);
    if (!restored) return undefined;
    this.counters.restored++;
    void cache.set(key, restored.entry, restored.expiresAt - now());
    return restored.entry;
  }

  private async loadAndStore(
    plan: ReadPlan,
    load: () => Promise<unknown>,
    related: ReadSpec['related'],
  ): Promise<Loaded> {
    const { hash, ttl, now } = this.options;
    try {
      const loaded = { data: await load(), fetchedAt: now() };
      await Promise.all([
        this.store(plan.key, loaded, Math.max(plan.softMs + this.staleMs, plan.keepMs)),
        ...(related?.(loaded.data) ?? []).map((r) =>
          this.store(
            cacheKey(hash, r.op, r.params),
            { data: r.data, fetchedAt: loaded.fetchedAt },
            ttl[r.cacheClass] * 1000 + this.staleMs,
          ),
        ),
      ]);
      return loaded;
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status === 404) {
        const entry: CacheEntry = { notFound: true, fetchedAt: now(), message: error.apiMessage ?? '' };
        await this.store(plan.key, entry, Math.max(ttl.notFound * 1000, plan.keepMs));
      }
      throw error;
    }
  }

  /** One request per key at a time; later identical reads join the one in flight. */
  private coalesced(
    plan: ReadPlan,
    load: () => Promise<unknown>,
    related: ReadSpec['related'],
  ): Promise<Loaded> {
    const { key } = plan;
    if (!this.coalesce) {
      const alone = this.loadAndStore(plan, load, related).finally(() => this.uncoalesced.delete(alone));
      this.uncoalesced.add(alone);
      return alone;
    }
    const running = this.inFlight.get(key);
    if (running) {
      this.counters.coalesced++;
      return running;
    }
    const started = this.loadAndStore(plan, load, related).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  /** `load`, made only when the month has room for it (a 'link-check' read). */
  private withRoom<T>(op: string, load: () => Promise<T>): () => Promise<T> {
    return async () => {
      const verdict = await this.options.room?.();
      if (verdict && !verdict.ok) {
        throw new NoRoomError(
          `${op}: no room in the monthly allowance`,
          verdict.nextAt,
          verdict.left,
          verdict.points,
        );
      }
      return load();
    };
  }
}

/** Failures that say nothing about the data, so an older value may stand in. */
function allowsStale(error: ApiError): boolean {
  if (error.kind === 'http') return error.status === 429 || (error.status ?? 0) >= 500;
  return (
    error.kind === 'timeout' ||
    error.kind === 'network' ||
    error.kind === 'busy' ||
    error.kind === 'quota' ||
    error.kind === 'malformed' ||
    error.kind === 'too-large'
  );
}
