/**
 * The response cache behind the API client (keyv 5). In memory by default, an LRU bounded by entry
 * count (CACHE_MAX_ENTRIES) and by bytes (CACHE_MAX_BYTES); Redis with CACHE_URL; nothing when
 * CACHE_MAX_ENTRIES is 0 and there is no CACHE_URL.
 *
 * The cache is an optimisation and never a failure: every get/set is bounded by our own timeout,
 * errors become misses, failures are logged at warn at most once per interval, and a dead Redis
 * (unreachable at start or killed mid-run) is bypassed until it comes back.
 */

import type * as KeyvPackage from 'keyv';
import type { Keyv } from 'keyv';
import stringify from 'safe-stable-stringify';
import type { Config } from '../base/config.js';
import { heldBytes } from '../base/held-bytes.js';
import { lazily } from '../base/lazy.js';
import type { Logger } from '../base/log.js';
import { within } from './abort.js';
import { createRedisKeyv } from './cache-redis.js';

/**
 * keyv, loaded as @keyv/redis loads it (its CommonJS build, src/base/lazy.ts): imported here as a
 * module, a process with a cache on Redis held two copies of keyv and @keyv/serialize.
 */
const keyvPackage = lazily<typeof KeyvPackage>('keyv');

/** What is stored per key: a value with its age, or the API's 404 for it. */
export type CacheEntry =
  | { data: unknown; fetchedAt: number }
  | { notFound: true; fetchedAt: number; message: string };

type CacheBackend = 'memory' | 'redis' | 'none';

export interface ApiCache {
  readonly backend: CacheBackend;
  /** False after a failed operation until one succeeds (or Redis reports ready again). */
  healthy(): boolean;
  /** The entry under `key`, or undefined (missing, expired, unreadable or cache down). Never throws. */
  get(key: string): Promise<CacheEntry | undefined>;
  /** Store `entry` for `ttlMs` (ignored when not positive). Never throws. */
  set(key: string, entry: CacheEntry, ttlMs: number): Promise<void>;
  /**
   * Delete every entry of one token (`communityPrefix`): its last server was unlinked. Writes of the
   * token in flight land first, never after. Bounded (FORGET_TIMEOUT_MS) and never throws; a failure
   * is logged like any other.
   */
  forget?(prefix: string): Promise<void>;
  /** Release the connection. Safe to call twice. */
  close(): Promise<void>;
  /** What the in-memory store holds right now (absent for Redis and for no cache). */
  usage?(): { entries: number; bytes: number };
  /** Gets and sets that completed, and that failed or timed out, since start (absent for no cache). */
  readonly operations?: { readonly ok: number; readonly failed: number };
}

/** Default of CACHE_MAX_BYTES: 32 MiB of serialised entries. */
export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Bound on each get/set; a slower answer counts as a failure. */
const OP_TIMEOUT_MS = 250;
/** Bound on deleting one token's entries (a SCAN over Redis). */
const FORGET_TIMEOUT_MS = 2_000;
/** Minimum time between two warn lines about cache failures. */
const WARN_INTERVAL_MS = 30_000;

/**
 * `rollcall:v1:<token hash>:<operationId>:<stable JSON of the parameters>`: the token itself never
 * appears; the parameters are serialised with sorted keys so equal reads share one key.
 */
export function cacheKey(hash: string, op: string, params: object): string {
  return `${communityPrefix(hash)}${op}:${stringify(params)}`;
}

/** What every cache key of one token starts with. */
export function communityPrefix(hash: string): string {
  return `rollcall:v1:${hash}:`;
}

export function createCache(
  config: Pick<Config, 'CACHE_URL' | 'CACHE_MAX_ENTRIES'> & Partial<Pick<Config, 'CACHE_MAX_BYTES'>>,
  logger: Logger,
): ApiCache {
  if (config.CACHE_URL) {
    const guard = createGuard('redis', logger);
    const redis = createRedisKeyv(config.CACHE_URL, {
      onError: guard.failed,
      onReady: guard.succeeded,
    });
    return guardedCache(redis.keyv, guard, redis.close, redis.forget);
  }
  if (config.CACHE_MAX_ENTRIES > 0) {
    const guard = createGuard('memory', logger);
    // Stored serialised (plainJson below), like Redis: callers can never mutate a cached value.
    const store = new BoundedStore(
      config.CACHE_MAX_ENTRIES,
      config.CACHE_MAX_BYTES ?? DEFAULT_CACHE_MAX_BYTES,
    );
    const cache = guardedCache(
      new (keyvPackage().Keyv)({ store, namespace: undefined, useKeyPrefix: false }),
      guard,
      async () => store.clear(),
      async (prefix) => store.forget(prefix),
    );
    cache.usage = () => ({ entries: store.size, bytes: store.bytes });
    return cache;
  }
  return {
    backend: 'none',
    healthy: () => true,
    get: async () => undefined,
    set: async () => {},
    close: async () => {},
  };
}

interface Guard {
  backend: CacheBackend;
  operations: { ok: number; failed: number };
  isHealthy(): boolean;
  /** Run `work` within the time bound; undefined on failure or timeout. */
  run<T>(what: 'get' | 'set' | 'forget', work: () => Promise<T>, timeoutMs?: number): Promise<T | undefined>;
  failed(error: unknown): void;
  succeeded(): void;
}

function createGuard(backend: CacheBackend, logger: Logger): Guard {
  let healthy = backend !== 'redis'; // Redis is healthy once it has said "ready"
  let lastWarnAt = Number.NEGATIVE_INFINITY;
  let lastError: unknown;
  let suppressed = 0;

  const guard: Guard = {
    backend,
    operations: { ok: 0, failed: 0 },
    isHealthy: () => healthy,
    failed(error) {
      healthy = false;
      if (error === lastError) return; // one error can arrive by two paths (client and keyv events)
      lastError = error;
      const now = Date.now();
      if (now - lastWarnAt < WARN_INTERVAL_MS) {
        suppressed++;
        return;
      }
      logger.warn(
        { kind: 'cache', backend, err: error instanceof Error ? error.message : String(error), suppressed },
        'cache unavailable; reading through to the API',
      );
      lastWarnAt = now;
      suppressed = 0;
    },
    succeeded() {
      if (healthy) return;
      healthy = true;
      logger.info({ kind: 'cache', backend }, 'cache available again');
    },
    async run(what, work, timeoutMs = OP_TIMEOUT_MS) {
      try {
        const result = await within(work(), timeoutMs, () => {
          throw new Error(`cache ${what} took over ${timeoutMs} ms`);
        });
        guard.operations.ok++;
        guard.succeeded();
        return result;
      } catch (error) {
        guard.operations.failed++;
        guard.failed(error);
        return undefined;
      }
    },
  };
  return guard;
}

/** The mark of an entry written as plain JSON (keyv's own format, read too, starts with `{`). */
const JSON_MARK = 'J';

/**
 * Entries written with `JSON.stringify` and read with `JSON.parse`, natively: keyv's default
 * serialiser builds the text in script, value by value, and its reader runs a function on every
 * value, which for a page of large records held the event loop for tens of milliseconds and made
 * much of the garbage. Entries keyv wrote before (a Redis kept across an upgrade) are still read
 * with keyv's own reader.
 */
function plainJson(keyv: Keyv): void {
  const earlier = keyv.deserialize;
  keyv.serialize = ((data: unknown) => JSON_MARK + JSON.stringify(data)) as Keyv['serialize'];
  keyv.deserialize = ((text: string) =>
    typeof text === 'string' && text.startsWith(JSON_MARK)
      ? JSON.parse(text.slice(JSON_MARK.length))
      : earlier?.(text)) as Keyv['deserialize'];
}

function guardedCache(
  keyv: Keyv,
  guard: Guard,
  release: () => Promise<void>,
  forget: (prefix: string) => Promise<void>,
): ApiCache {
  let closed = false;
  /** Writes started and not yet settled, by key: `forget` waits for those under its prefix. */
  const writing = new Map<Promise<unknown>, string>();
  const tracked = <T>(key: string, write: Promise<T>): Promise<T> => {
    const settled = write.then(
      () => undefined,
      () => undefined,
    );
    writing.set(settled, key);
    void settled.then(() => writing.delete(settled));
    return write;
  };
  plainJson(keyv);
  keyv.on('error', guard.failed);
  return {
    backend: guard.backend,
    healthy: guard.isHealthy,
    operations: guard.operations,
    async get(key) {
      if (closed) return undefined;
      const value = await guard.run('get', () => keyv.get<unknown>(key));
      return isCacheEntry(value) ? value : undefined;
    },
    async set(key, entry, ttlMs) {
      if (closed || !(ttlMs > 0)) return;
      await guard.run('set', () => tracked(key, keyv.set(key, entry, Math.ceil(ttlMs))));
    },
    async forget(prefix) {
      if (closed) return;
      // A write of the prefix still in flight (a read answered as its token is unlinked, or one past
      // its deadline, which still goes on) would land after the keys are gone: wait for it first.
      const inFlight = [...writing].filter(([, key]) => key.startsWith(prefix)).map(([write]) => write);
      await guard.run(
        'forget',
        async () => {
          await Promise.all(inFlight);
          await forget(prefix);
        },
        FORGET_TIMEOUT_MS,
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await release();
    },
  };
}

/** Whether `value` has a cache entry's shape (what the cache or the store gave back may not). */
export function isCacheEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null || !('fetchedAt' in value)) return false;
  if (typeof value.fetchedAt !== 'number') return false;
  if ('notFound' in value)
    return value.notFound === true && 'message' in value && typeof value.message === 'string';
  return 'data' in value;
}

/** How often, at most, `set` looks through the whole store for expired entries. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * keyv's store for the in-memory cache: least recently used first out, once more than `maxEntries`
 * entries or more than `maxBytes` bytes are held. An entry's bytes are what its key and serialised
 * value take in memory (`heldBytes`); a single entry over `maxBytes` is not kept. Values are kept
 * only as the serialised string (keyv parses a fresh copy on each read). An expired entry is dropped
 * when read, and every SWEEP_INTERVAL_MS a `set` drops every expired one, so answers nobody reads
 * again do not wait for the bounds to push them out (keyv also checks the expiry it serialised with
 * the value).
 */
export class BoundedStore {
  private readonly entries = new Map<string, { value: string; bytes: number; expiresAt: number }>();
  private held = 0;
  private nextSweepAt: number;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {
    this.nextSweepAt = Date.now() + SWEEP_INTERVAL_MS;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held (keys and serialised values, as V8 keeps them: see `heldBytes`). */
  get bytes(): number {
    return this.held;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= Date.now()) {
      this.held -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: unknown, ttlMs?: number): boolean {
    this.delete(key);
    const now = Date.now();
    if (now >= this.nextSweepAt) this.sweep(now);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const bytes = heldBytes(key) + heldBytes(text);
    if (bytes > this.maxBytes) return false;
    const expiresAt = ttlMs && ttlMs > 0 ? now + ttlMs : Number.POSITIVE_INFINITY;
    this.entries.set(key, { value: text, bytes, expiresAt });
    this.held += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= entry.bytes;
    }
    return true;
  }

  private sweep(now: number): void {
    this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) continue;
      this.entries.delete(key);
      this.held -= entry.bytes;
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.held -= entry.bytes;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  forget(prefix: string): void {
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      this.held -= entry.bytes;
    }
  }
}
