/** The small parts on their own: Retry-After parsing, the memory cache, keys, and close(). */
import { describe, expect, it } from 'vitest';
import { cacheKey, createCache } from '../../src/api/cache.js';
import { createApi } from '../../src/api/client.js';
import { retryAfterMs } from '../../src/api/http.js';
import { silentLogger, startServer, testConfig } from './helpers.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  const at = (headers: Record<string, string>) => retryAfterMs(new Headers(headers), now);

  it('reads Retry-After as seconds', () => {
    expect(at({ 'retry-after': '5' })).toBe(5_000);
    expect(at({ 'retry-after': ' 0 ' })).toBe(0);
    expect(at({ 'retry-after': '1.5' })).toBe(1_500);
  });

  it('reads Retry-After as an HTTP date, never negative', () => {
    expect(at({ 'retry-after': 'Sun, 22 Nov 2026 10:00:30 GMT' })).toBe(30_000);
    expect(at({ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' })).toBe(0);
  });

  it('falls back to X-RateLimit-Reset as Unix seconds (small values as seconds from now)', () => {
    expect(at({ 'x-ratelimit-reset': String(now / 1000 + 12) })).toBe(12_000);
    expect(at({ 'x-ratelimit-reset': String(now / 1000 - 12) })).toBe(0);
    expect(at({ 'x-ratelimit-reset': '7' })).toBe(7_000);
  });

  it('prefers Retry-After and ignores what it cannot read', () => {
    expect(at({ 'retry-after': '2', 'x-ratelimit-reset': String(now / 1000 + 60) })).toBe(2_000);
    expect(at({ 'retry-after': 'soon', 'x-ratelimit-reset': '3' })).toBe(3_000);
    expect(at({ 'retry-after': 'soon' })).toBeUndefined();
    expect(at({ 'x-ratelimit-reset': '-5' })).toBeUndefined();
    expect(at({})).toBeUndefined();
  });
});

describe('cache', () => {
  it('builds keys from the token hash, the operation and the parameters in a stable order', () => {
    const a = cacheKey('0123456789abcdef', 'listLoas', { query: { page: 1, limit: 10 }, path: {} });
    const b = cacheKey('0123456789abcdef', 'listLoas', { path: {}, query: { limit: 10, page: 1 } });
    expect(a).toBe(b);
    expect(a).toBe('rollcall:v1:0123456789abcdef:listLoas:{"path":{},"query":{"limit":10,"page":1}}');
  });

  it('is a bounded LRU in memory', async () => {
    const cache = createCache({ CACHE_MAX_ENTRIES: 2 }, silentLogger);
    const entry = { data: { id: 'x' }, fetchedAt: 1 };
    await cache.set('a', entry, 60_000);
    await cache.set('b', entry, 60_000);
    await cache.get('a'); // a is now the most recently used
    await cache.set('c', entry, 60_000);
    expect(await cache.get('a')).toEqual(entry);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('c')).toEqual(entry);
    expect(cache.backend).toBe('memory');
  });

  it('stores nothing for a TTL that is not positive', async () => {
    const cache = createCache({ CACHE_MAX_ENTRIES: 10 }, silentLogger);
    await cache.set('a', { data: 1, fetchedAt: 1 }, 0);
    expect(await cache.get('a')).toBeUndefined();
  });

  it('is off with CACHE_MAX_ENTRIES=0 and no CACHE_URL', async () => {
    const server = await startServer();
    const api = createApi(testConfig(server.baseUrl, { CACHE_MAX_ENTRIES: 0 }), silentLogger);
    await api.resources.getRole('R1');
    expect((await api.resources.getRole('R1')).fromCache).toBe(false);
    expect(server.requests).toHaveLength(2);
    expect(api.stats()).toMatchObject({ cacheBackend: 'none', cacheHealthy: true });
    await api.close();
    await server.close();
  });
});

describe('close', () => {
  it('waits for reads in flight and can be called twice', async () => {
    const server = await startServer(() => ({
      body: { id: 'L1', serverId: 's1', memberId: 'm1' },
      delayMs: 100,
    }));
    const api = createApi(testConfig(server.baseUrl), silentLogger);
    let settled = false;
    const read = api.resources.getLoa('L1').then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api.close();
    expect(settled).toBe(true);
    await api.close();
    await read;
    await server.close();
  });
});
