/**
 * The Redis cache: against the real Redis at 127.0.0.1:6379 (skipped when it is not reachable,
 * except in CI where it must be), against a closed port, and against a redis-server of our own
 * that is killed and restarted mid-run (skipped when redis-server is not installed).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createClient } from '@keyv/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import type { Config } from '../../src/base/config.js';
import { tokenHash } from '../../src/store/crypto.js';
import { hasRedisServer, OwnRedis, reachable } from '../support/redis.js';
import {
  captureLogger,
  defaultHandler,
  silentLogger,
  startServer,
  type TestServer,
  testConfig,
} from './helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

const redisUp = await reachable(6379);

let server: TestServer;
const apis: Api[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  server.requests.length = 0;
  server.handle(defaultHandler);
});
afterAll(async () => {
  await server.close();
});

function api(overrides: Partial<Config>, logger = silentLogger): Api {
  const created = createApi(testConfig(server.baseUrl, overrides), logger);
  apis.push(created);
  return created;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe.runIf(redisUp || process.env.CI === 'true')('with the real Redis at 127.0.0.1:6379', () => {
  const token = `rc_redis_test_${randomBytes(12).toString('hex')}`;
  const hash = tokenHash(token);
  // Fails fast (no reconnecting) so that CI without Redis fails instead of hanging.
  const admin = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1_000 } });

  beforeAll(async () => {
    await admin.connect();
  });
  afterAll(async () => {
    const leftovers = await scan(`rollcall:v1:${hash}:*`);
    if (leftovers.length > 0) await admin.del(leftovers);
    await admin.close();
  });

  async function scan(match: string): Promise<string[]> {
    const found: string[] = [];
    for await (const batch of admin.scanIterator({ MATCH: match, COUNT: 1000 })) found.push(...batch);
    return found;
  }

  it('stores values that a second client instance reads back, under keys that carry the token hash', async () => {
    const first = api({ CACHE_URL: REDIS_URL, API_TOKEN: token });
    await until(() => first.stats().cacheHealthy, 3_000);
    expect(first.stats().cacheBackend).toBe('redis');
    const fetched = await first.resources.getRole('R1');
    const listed = await first.resources.listLoas({ page: 1, limit: 10 });
    expect(fetched.fromCache).toBe(false);
    expect(server.requests).toHaveLength(2);

    const second = api({ CACHE_URL: REDIS_URL, API_TOKEN: token });
    await until(() => second.stats().cacheHealthy, 3_000);
    const again = await second.resources.getRole('R1');
    const listedAgain = await second.resources.listLoas({ page: 1, limit: 10 });
    expect(again).toEqual({ ...fetched, fromCache: true });
    expect(listedAgain).toEqual({ ...listed, fromCache: true });
    expect(server.requests).toHaveLength(2);

    // The role, the list's API page, and the listed LOA's own entry (seeded from the page).
    const stored = await scan(`rollcall:v1:${hash}:*`);
    expect(stored.map((k) => k.split(':')[3]).sort()).toEqual(['getLoa', 'getRole', 'listLoas']);
    for (const key of stored) expect(key).not.toContain(token);
    expect(await scan(`*${token}*`)).toEqual([]);
    const ttl = await admin.pTTL(stored.find((k) => k.includes(':getRole:')) ?? '');
    expect(ttl).toBeGreaterThan(3_600_000); // stable TTL + stale window
  });

  it('stores 404s as short negative entries', async () => {
    server.handle((request) =>
      request.path.endsWith('/nobody') ? { status: 404, body: { error: 'not here' } } : { body: { id: 'x' } },
    );
    const a = api({ CACHE_URL: REDIS_URL, API_TOKEN: token });
    await until(() => a.stats().cacheHealthy, 3_000);
    await expect(a.resources.getMember('nobody')).rejects.toMatchObject({
      status: 404,
      apiMessage: 'not here',
    });
    await expect(a.resources.getMember('nobody')).rejects.toMatchObject({
      status: 404,
      apiMessage: 'not here',
    });
    expect(server.requests).toHaveLength(1);
    const [key] = await scan(`rollcall:v1:${hash}:getMember:*`);
    expect(await admin.pTTL(key ?? '')).toBeLessThanOrEqual(30_000);
  });

  it('closes cleanly, twice', async () => {
    const a = createApi(testConfig(server.baseUrl, { CACHE_URL: REDIS_URL, API_TOKEN: token }), silentLogger);
    await until(() => a.stats().cacheHealthy, 3_000);
    await a.resources.getShift('S1');
    await a.close();
    await a.close();
  });
});

describe('with Redis unreachable (a closed port)', () => {
  it('answers through the API, quickly, and warns without flooding the log', async () => {
    const { logger, lines } = captureLogger();
    const a = api({ CACHE_URL: 'redis://127.0.0.1:1' }, logger);
    for (let i = 0; i < 5; i++) {
      const { result, ms } = await timed(() => a.resources.getLoa('L1'));
      expect(result).toMatchObject({ fromCache: false, data: { id: 'L1' } });
      expect(ms).toBeLessThan(1_500);
    }
    expect(server.requests).toHaveLength(5);
    expect(a.stats()).toMatchObject({ cacheBackend: 'redis', cacheHealthy: false });
    const warnings = lines.filter((line) => line.includes('cache unavailable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('redis://');
  });

  it('answers quickly when Redis accepts connections but never replies', async () => {
    const silent = createServer((socket) => socket.resume()); // reads and never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const a = api({ CACHE_URL: `redis://127.0.0.1:${port}` });
      for (let i = 0; i < 3; i++) {
        const { result, ms } = await timed(() => a.resources.getLoa('L1'));
        expect(result.fromCache).toBe(false);
        expect(ms).toBeLessThan(1_500);
      }
      await a.close();
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('closes cleanly while reconnecting', async () => {
    const a = createApi(testConfig(server.baseUrl, { CACHE_URL: 'redis://127.0.0.1:1' }), silentLogger);
    await a.resources.getLoa('L1');
    await a.close();
    await a.close();
  });
});

describe.runIf(hasRedisServer)('with a Redis that dies and comes back', () => {
  let redis: OwnRedis;

  beforeAll(async () => {
    redis = await OwnRedis.create();
    await redis.start();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('degrades to no cache when killed and recovers when restarted', async () => {
    const a = api({ CACHE_URL: redis.url });
    await until(() => a.stats().cacheHealthy, 3_000);
    await a.resources.getLoa('L1');
    expect((await a.resources.getLoa('L1')).fromCache).toBe(true);

    redis.freeze(); // hung: connected, but no answers
    const hung = await timed(() => a.resources.getLoa('L2'));
    expect(hung.result.fromCache).toBe(false);
    expect(hung.ms).toBeLessThan(1_500);
    redis.thaw();

    await redis.kill();
    const { result, ms } = await timed(() => a.resources.getLoa('L2'));
    expect(result.fromCache).toBe(false);
    expect(ms).toBeLessThan(1_500);
    expect(a.stats().cacheHealthy).toBe(false);

    await redis.start();
    await until(() => a.stats().cacheHealthy, 5_000);
    expect((await a.resources.getLoa('L3')).fromCache).toBe(false);
    expect((await a.resources.getLoa('L3')).fromCache).toBe(true);
  });
});
