/**
 * Forgetting one token's entries (its last server unlinked): in memory and in Redis (127.0.0.1:6379,
 * required when CI=true), every key under the token's prefix goes and every other token's stays.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ApiCache,
  type CacheEntry,
  cacheKey,
  communityPrefix,
  createCache,
} from '../../src/api/cache.js';
import { reachable } from '../support/redis.js';
import { silentLogger } from './helpers.js';

const redisUp = (await reachable(6379)) || process.env.CI === 'true';

const caches: Array<[string, () => ApiCache]> = [
  ['in memory', () => createCache({ CACHE_MAX_ENTRIES: 10_000 }, silentLogger)],
  [
    'in Redis',
    () => createCache({ CACHE_URL: 'redis://127.0.0.1:6379', CACHE_MAX_ENTRIES: 0 }, silentLogger),
  ],
];

/** Writes `kept`'s page 0 until it reads back: Redis connects in the background, so the first set may miss it. */
async function keptOnceReady(cache: ApiCache, kept: string, entry: CacheEntry): Promise<void> {
  await expect
    .poll(async () => {
      await cache.set(cacheKey(kept, 'listLoas', { page: 0 }), entry, 60_000);
      return cache.get(cacheKey(kept, 'listLoas', { page: 0 }));
    })
    .toBeDefined();
}

describe.each(caches)('the cache %s', (name, make) => {
  it.runIf(name === 'in memory' || redisUp)("forgets one token's entries, and only those", async () => {
    const cache = make();
    try {
      const [gone, kept] = [randomBytes(8).toString('hex'), randomBytes(8).toString('hex')];
      const entry = { data: { id: 1 }, fetchedAt: Date.now() };
      await keptOnceReady(cache, kept, entry);
      // More than one SCAN batch of the forgotten token's keys.
      for (let page = 1; page <= 1_200; page++) {
        await cache.set(cacheKey(gone, 'listLoas', { page }), entry, 60_000);
        if (page <= 3) await cache.set(cacheKey(kept, 'listLoas', { page }), entry, 60_000);
      }
      await cache.forget?.(communityPrefix(gone));
      for (const page of [1, 600, 1_200]) {
        expect(await cache.get(cacheKey(gone, 'listLoas', { page }))).toBeUndefined();
      }
      for (const page of [0, 1, 2, 3])
        expect(await cache.get(cacheKey(kept, 'listLoas', { page }))).toEqual(entry);
    } finally {
      await cache.close();
    }
  });

  it.runIf(name === 'in memory' || redisUp)('lets no write in flight land after forgetting', async () => {
    const cache = make();
    try {
      const [gone, kept] = [randomBytes(8).toString('hex'), randomBytes(8).toString('hex')];
      const entry = { data: { id: 1 }, fetchedAt: Date.now() };
      await keptOnceReady(cache, kept, entry);
      // Writes started and not yet done when the token is forgotten (a read answered as it is unlinked).
      const writes = [1, 2, 3].map((page) => cache.set(cacheKey(gone, 'listLoas', { page }), entry, 60_000));
      await cache.forget?.(communityPrefix(gone));
      await Promise.all(writes);
      for (const page of [1, 2, 3])
        expect(await cache.get(cacheKey(gone, 'listLoas', { page }))).toBeUndefined();
      expect(await cache.get(cacheKey(kept, 'listLoas', { page: 0 }))).toEqual(entry);
    } finally {
      await cache.close();
    }
  });
});
