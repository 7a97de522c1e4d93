/**
 * The in-memory cache is bounded by bytes as well as by entries: fifteen records of about 20 MB each
 * (what once held some 300 MB) never make it hold more than CACHE_MAX_BYTES.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  BoundedStore,
  createCache,
  DEFAULT_CACHE_MAX_BYTES,
  SWEEP_INTERVAL_MS,
} from '../../src/api/cache.js';
import { loadConfig } from '../../src/base/config.js';
import { heldBytes } from '../../src/base/held-bytes.js';
import { silentLogger } from './helpers.js';

const MB = 1_000_000;

describe('the in-memory cache, bounded by bytes', () => {
  it('holds no more than CACHE_MAX_BYTES after fifteen 20 MB records, and keeps the newest', async () => {
    const maxBytes = 64 * 1024 * 1024;
    const cache = createCache({ CACHE_MAX_ENTRIES: 5_000, CACHE_MAX_BYTES: maxBytes }, silentLogger);
    const held: number[] = [];
    for (let i = 0; i < 15; i++) {
      const record = { id: `R${i}`, description: String.fromCharCode(97 + i).repeat(20 * MB) };
      await cache.set(`record:${i}`, { data: record, fetchedAt: i }, 60_000);
      held.push(cache.usage!().bytes);
    }
    for (const bytes of held) expect(bytes).toBeLessThanOrEqual(maxBytes);
    // three 20 MB records fit in 64 MiB; the fourth pushed the oldest out each time
    expect(cache.usage!().entries).toBe(3);
    expect(held.at(-1)).toBeGreaterThan(60 * MB);
    for (const i of [12, 13, 14]) {
      const entry = await cache.get(`record:${i}`);
      expect(entry && 'data' in entry && (entry.data as { id: string }).id).toBe(`R${i}`);
    }
    for (const i of [0, 5, 11]) expect(await cache.get(`record:${i}`)).toBeUndefined();
    await cache.close();
  }, 60_000);

  it('does not keep a single entry larger than the bound (and drops what the key held)', () => {
    const store = new BoundedStore(10, 1_000);
    expect(store.set('a', 'x'.repeat(100))).toBe(true);
    expect(store.set('a', 'x'.repeat(2_000))).toBe(false);
    expect(store.get('a')).toBeUndefined();
    expect(store.bytes).toBe(0);
  });

  it('counts bytes as V8 holds the strings and gives them back on delete, overwrite and expiry', async () => {
    const store = new BoundedStore(10, 1_000);
    store.set('k', 'é'.repeat(10)); // Latin-1: one byte a character (UTF-8 would say 20)
    expect(store.bytes).toBe(11);
    store.set('k', 'abc');
    expect(store.bytes).toBe(4);
    store.set('t', 'abc', 5);
    expect(store.bytes).toBe(8);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.get('t')).toBeUndefined();
    expect(store.bytes).toBe(4);
    store.delete('k');
    expect(store.bytes).toBe(0);
  });

  it('counts a mostly-ASCII answer with one character past Latin-1 at two bytes a character', () => {
    const ascii = `{"username":"${'a'.repeat(98)}"}`;
    const emoji = `{"username":"${'a'.repeat(96)}😀"}`; // UTF-8 says 115 bytes; V8 keeps 2 × 113 characters
    expect(heldBytes(ascii)).toBe(113);
    expect(heldBytes(emoji)).toBe(226);
    const store = new BoundedStore(10, 500);
    store.set('a', ascii);
    store.set('b', emoji);
    expect(store.bytes).toBe(1 + 113 + 1 + 226);
    store.set('c', emoji); // 568 bytes in all: over the bound, so the oldest goes
    expect([store.get('a'), store.size]).toEqual([undefined, 2]);
    expect(store.bytes).toBe(2 * (1 + 226));
  });

  it('drops expired entries nobody reads again at the next set after SWEEP_INTERVAL_MS', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const store = new BoundedStore(10, 1_000);
      store.set('short', 'x'.repeat(100), 1_000);
      store.set('long', 'y'.repeat(100), 10 * SWEEP_INTERVAL_MS);
      vi.advanceTimersByTime(SWEEP_INTERVAL_MS - 1);
      store.set('other', 'z'); // not yet time to look: the expired entry still counts
      expect(store.size).toBe(3);
      vi.advanceTimersByTime(1);
      store.set('other', 'z');
      expect(store.size).toBe(2);
      expect(store.bytes).toBe(4 + 100 + 5 + 1); // long, other
      expect(store.get('long')).toBe('y'.repeat(100));
    } finally {
      vi.useRealTimers();
    }
  });

  it('still evicts by entry count, least recently used first', () => {
    const store = new BoundedStore(2, 1_000_000);
    store.set('a', '1');
    store.set('b', '2');
    store.get('a');
    store.set('c', '3');
    expect([store.get('a'), store.get('b'), store.get('c')]).toEqual(['1', undefined, '3']);
  });

  it('CACHE_MAX_BYTES defaults to 32 MiB and refuses values below 1 MiB', () => {
    const base = {
      DISCORD_TOKEN: 't',
      DISCORD_APPLICATION_ID: '123456789012345678',
      DISCORD_GUILD_ID: '223456789012345678',
      API_TOKEN: 'a',
    };
    const env = { ...base, API_BASE_URL: 'https://api.example.org/api/v1' };
    const loaded = loadConfig(env);
    expect(loaded.ok && loaded.config.CACHE_MAX_BYTES).toBe(DEFAULT_CACHE_MAX_BYTES);
    const low = loadConfig({ ...env, CACHE_MAX_BYTES: '1000' });
    expect(low.ok).toBe(false);
    expect(!low.ok && low.errors).toEqual([
      'CACHE_MAX_BYTES must be a whole number from 1048576 to 1073741824',
    ]);
  });
});
