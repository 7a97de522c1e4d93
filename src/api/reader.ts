/**
 * The cache policy shared by every read: fresh hits, coalescing of identical concurrent reads
 * (unless API_COALESCE=false), negative caching of 404s, and stale-on-error.
 *
 * An entry lives in the store for its soft TTL + CACHE_STALE_SECONDS. Younger than the soft TTL it
 * is served as is; older, it is refetched, and served with `stale: true` only when that refetch
 * fails for a reason that says nothing about the data (timeout, network, busy, malformed, 429, 5xx).
 * A 404 is remembered for CACHE_TTL_NOT_FOUND_SECONDS and answered as ApiError('http', 404).
 * 400/401/403 and every other failure are never stored.
 */
import type { Logger } from '../log.js';
import { type ApiCache, type CacheEntry, cacheKey } from './cache.js';
import { type ApiError, httpError, isApiError } from './errors.js';
import type { Fetched, ReadOptions } from './types.js';

/** How long a value stays fresh: lists, single items, or rarely-changing roles and applications. */
export type CacheClass = 'list' | 'item' | 'stable';

/** Seconds, as in the configuration (CACHE_TTL_*_SECONDS, CACHE_STALE_SECONDS). */
export interface TtlPolicy {
  list: number;
  item: number;
  stable: number;
  notFound: number;
  stale: number;
}

export interface ReadSpec {
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

export interface ReaderOptions {
  cache: ApiCache;
  /** Token hash for the cache keys. */
  hash: string;
  ttl: TtlPolicy;
  logger: Logger;
  now: () => number;
  /** Merge identical concurrent reads into one request (API_COALESCE; default true). */
  coalesce?: boolean;
}

export interface Reader {
  /** Answer `spec` from the cache or through `load` (which throws ApiError on failure). */
  read<T>(spec: ReadSpec, options: ReadOptions | undefined, load: () => Promise<T>): Promise<Fetched<T>>;
  /** Wait for every request in flight. */
  drain(): Promise<void>;
  readonly counters: { cacheHits: number; cacheMisses: number; staleServed: number; coalesced: number };
}

interface Loaded {
  data: unknown;
  fetchedAt: number;
}

/** Build the read pipeline over `cache`. */
export function createReader(options: ReaderOptions): Reader {
  const { cache, hash, ttl, logger, now, coalesce = true } = options;
  const counters = { cacheHits: 0, cacheMisses: 0, staleServed: 0, coalesced: 0 };
  const inFlight = new Map<string, Promise<Loaded>>();
  /** Reads in flight when coalescing is off (for drain). */
  const uncoalesced = new Set<Promise<Loaded>>();
  const notFoundMs = ttl.notFound * 1000;
  const staleMs = ttl.stale * 1000;

  async function loadAndStore(
    key: string,
    softMs: number,
    load: () => Promise<unknown>,
    related: ReadSpec['related'],
  ): Promise<Loaded> {
    try {
      const loaded = { data: await load(), fetchedAt: now() };
      await Promise.all([
        cache.set(key, loaded, softMs + staleMs),
        ...(related?.(loaded.data) ?? []).map((r) =>
          cache.set(
            cacheKey(hash, r.op, r.params),
            { data: r.data, fetchedAt: loaded.fetchedAt },
            ttl[r.cacheClass] * 1000 + staleMs,
          ),
        ),
      ]);
      return loaded;
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status === 404) {
        const entry: CacheEntry = { notFound: true, fetchedAt: now(), message: error.apiMessage ?? '' };
        await cache.set(key, entry, notFoundMs);
      }
      throw error;
    }
  }

  /** One request per key at a time; later identical reads join the one in flight. */
  function coalesced(
    key: string,
    softMs: number,
    load: () => Promise<unknown>,
    related: ReadSpec['related'],
  ): Promise<Loaded> {
    if (!coalesce) {
      const alone = loadAndStore(key, softMs, load, related).finally(() => uncoalesced.delete(alone));
      uncoalesced.add(alone);
      return alone;
    }
    const running = inFlight.get(key);
    if (running) {
      counters.coalesced++;
      return running;
    }
    const started = loadAndStore(key, softMs, load, related).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return {
    counters,

    async read<T>(spec: ReadSpec, readOptions: ReadOptions | undefined, load: () => Promise<T>) {
      const key = cacheKey(hash, spec.op, spec.params);
      const maxAgeMs = readOptions?.maxAgeMs;
      const bounded = maxAgeMs !== undefined;
      const softMs = ttl[spec.cacheClass] * 1000;
      const freshMs = bounded ? Math.min(softMs, maxAgeMs) : softMs;
      const fresh = readOptions?.fresh === true;
      let entry = fresh ? undefined : await cache.get(key);
      if (entry) {
        const age = now() - entry.fetchedAt;
        if ('notFound' in entry && age < notFoundMs) {
          counters.cacheHits++;
          throw httpError(404, entry.message ? { error: entry.message } : undefined, '');
        }
        if ('data' in entry && age < freshMs) {
          counters.cacheHits++;
          return { data: entry.data as T, fetchedAt: entry.fetchedAt, fromCache: true, stale: false };
        }
      }
      counters.cacheMisses++;
      try {
        const loaded = await coalesced(key, softMs, load, spec.related);
        return { data: loaded.data as T, fetchedAt: loaded.fetchedAt, fromCache: false, stale: false };
      } catch (error) {
        if (bounded || !isApiError(error) || !allowsStale(error)) throw error;
        // A refresh skipped the cache read; an older value still beats an error.
        if (fresh) entry = await cache.get(key);
        if (!entry || !('data' in entry) || now() - entry.fetchedAt >= softMs + staleMs) throw error;
        counters.staleServed++;
        logger.info(
          { op: spec.op, error: error.kind, status: error.status, ageMs: now() - entry.fetchedAt },
          'api read failed; serving the cached value',
        );
        return { data: entry.data as T, fetchedAt: entry.fetchedAt, fromCache: true, stale: true };
      }
    },

    async drain() {
      await Promise.allSettled([...inFlight.values(), ...uncoalesced]);
    },
  };
}

/** Failures that say nothing about the data, so an older value may stand in. */
function allowsStale(error: ApiError): boolean {
  if (error.kind === 'http') return error.status === 429 || (error.status ?? 0) >= 500;
  return (
    error.kind === 'timeout' ||
    error.kind === 'network' ||
    error.kind === 'busy' ||
    error.kind === 'malformed' ||
    error.kind === 'too-large'
  );
}
