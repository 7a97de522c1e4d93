/** Cache policy over the in-memory cache: hits, coalescing, fresh reads, 404s, stale-on-error, bodies. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import type { Config } from '../../src/base/config.js';
import {
  fakeClock,
  fastDeps,
  type Reply,
  rejection,
  silentLogger,
  startServer,
  type TestServer,
  testConfig,
} from './helpers.js';

let server: TestServer;
let clock: ReturnType<typeof fakeClock>;
const apis: Api[] = [];

beforeEach(async () => {
  server = await startServer();
  clock = fakeClock();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await server.close();
});

/** Memory cache, default TTLs (list 60 s, item 300 s, stable 3600 s, 404 30 s, stale 86400 s). */
function api(overrides: Partial<Config> = {}): Api {
  const config = testConfig(server.baseUrl, { API_RETRIES: 0, ...overrides });
  const created = createApi(config, silentLogger, { ...fastDeps, now: clock.now });
  apis.push(created);
  return created;
}

const SECOND = 1_000;
const loa = (id: string, extra: object = {}): Exclude<Reply, 'destroy'> => ({
  body: { id, serverId: 's1', memberId: 'm1', ...extra },
});

describe('hits and coalescing', () => {
  it('answers a repeated read from the cache without a request', async () => {
    const a = api();
    const first = await a.resources.getLoa('L1');
    const second = await a.resources.getLoa('L1');
    expect(first).toMatchObject({ fromCache: false, stale: false });
    expect(second).toMatchObject({ fromCache: true, stale: false, fetchedAt: first.fetchedAt });
    expect(second.data).toEqual(first.data);
    expect(server.requests).toHaveLength(1);
    expect(a.stats()).toMatchObject({
      cacheHits: 1,
      cacheMisses: 1,
      cacheBackend: 'memory',
      cacheHealthy: true,
    });
  });

  it('hands out copies: a caller changing its result does not change the cache', async () => {
    const a = api();
    const first = await a.resources.getLoa('L1');
    first.data.reason = 'changed by a caller';
    const second = await a.resources.getLoa('L1');
    expect(second.fromCache).toBe(true);
    expect(second.data.reason).toBeUndefined();
  });

  it('coalesces 10 identical concurrent reads into one request', async () => {
    server.handle(() => ({ ...loa('L1'), delayMs: 100 }));
    const a = api();
    const results = await Promise.all(Array.from({ length: 10 }, () => a.resources.getLoa('L1')));
    expect(server.requests).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.id))).toEqual(new Set(['L1']));
    expect(a.stats().coalesced).toBe(9);
  });

  it('sends each concurrent read on its own with API_COALESCE=false and no cache', async () => {
    server.handle(() => ({ ...loa('L1'), delayMs: 100 }));
    const a = api({ API_COALESCE: false, CACHE_MAX_ENTRIES: 0 });
    await Promise.all(Array.from({ length: 5 }, () => a.resources.getLoa('L1')));
    expect(server.requests).toHaveLength(5);
    expect(a.stats()).toMatchObject({ coalesced: 0, cacheBackend: 'none' });
  });

  it('keeps different parameters apart (ids, pages, limits)', async () => {
    const a = api();
    await a.resources.getLoa('L1');
    await a.resources.getLoa('L2');
    // View pages are cut from API pages of 100: these four share the API's first page...
    await a.resources.listLoas({ page: 1, limit: 10 });
    await a.resources.listLoas({ page: 2, limit: 10 });
    await a.resources.listLoas({ page: 1, limit: 25 });
    await a.resources.listLoas({ limit: 10, page: 1 });
    // ...and this one needs its second.
    await a.resources.listLoas({ page: 11, limit: 10 });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/server/loas/L1',
      '/api/v1/server/loas/L2',
      '/api/v1/server/loas?page=1&limit=100&pageSize=100',
      '/api/v1/server/loas?page=2&limit=100&pageSize=100',
    ]);
  });

  it('skips the cache read with fresh: true, and stores what it fetched', async () => {
    const a = api();
    await a.resources.getLoa('L1');
    clock.advance(SECOND);
    const refreshed = await a.resources.getLoa('L1', { purpose: 'refresh' });
    expect(refreshed.fromCache).toBe(false);
    expect(server.requests).toHaveLength(2);
    const after = await a.resources.getLoa('L1');
    expect(after).toMatchObject({ fromCache: true, fetchedAt: refreshed.fetchedAt });
    expect(server.requests).toHaveLength(2);
  });

  it('applies the TTL of each class: lists, items, and stable roles/applications', async () => {
    const a = api();
    const readAll = () =>
      Promise.all([
        a.resources.listShifts({ page: 1, limit: 10 }),
        a.resources.getShift('S1'),
        a.resources.listRoles({ page: 1, limit: 10 }),
        a.resources.getApplication('A1'),
      ]);
    await readAll();
    expect(server.requests).toHaveLength(4);
    clock.advance(61 * SECOND);
    await readAll(); // the list is older than 60 s
    expect(server.requests.slice(4).map((r) => r.path)).toEqual(['/server/shifts']);
    clock.advance(240 * SECOND);
    await readAll(); // the item is older than 300 s (and the list again)
    expect(server.requests.slice(5).map((r) => r.path)).toEqual(['/server/shifts', '/server/shifts/S1']);
    clock.advance(3_300 * SECOND);
    await readAll(); // everything is older than an hour
    expect(server.requests).toHaveLength(11);
  });
});

describe('errors and the cache', () => {
  it('remembers a 404 for CACHE_TTL_NOT_FOUND_SECONDS, then asks again', async () => {
    server.handle(() => ({
      status: 404,
      body: { error: 'the requested resource could not be found on this server' },
    }));
    const a = api({ CACHE_TTL_NOT_FOUND_SECONDS: 30 });
    const expected = {
      kind: 'http',
      status: 404,
      apiMessage: 'the requested resource could not be found on this server',
    };
    expect(await rejection(a.resources.getLog('X'))).toMatchObject(expected);
    expect(await rejection(a.resources.getLog('X'))).toMatchObject(expected);
    expect(server.requests).toHaveLength(1);
    clock.advance(31 * SECOND);
    expect(await rejection(a.resources.getLog('X'))).toMatchObject(expected);
    expect(server.requests).toHaveLength(2);
  });

  it('replaces a cached value with the 404 that follows it', async () => {
    const a = api();
    await a.resources.getLog('X');
    clock.advance(301 * SECOND);
    server.handle(() => ({ status: 404, body: { error: 'gone' } }));
    expect(await rejection(a.resources.getLog('X'))).toMatchObject({ status: 404 });
    expect(await rejection(a.resources.getLog('X'))).toMatchObject({ status: 404, apiMessage: 'gone' });
    expect(server.requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 429, 500])('never stores a %i answer', async (status) => {
    server.handle(() => ({ status, body: { error: `status ${status}` }, headers: { 'retry-after': '0' } }));
    const a = api();
    await rejection(a.resources.getLoa('L1'));
    await rejection(a.resources.getLoa('L1'));
    expect(server.requests).toHaveLength(2);
  });

  it.each<[string, Reply]>([
    ['a 500', { status: 500, body: { error: 'internal server error' } }],
    ['a timeout', { ...loa('L1'), delayMs: 2_000 }],
    ['a dropped connection', 'destroy'],
    ['an HTML page', { raw: '<html>maintenance</html>' }],
  ])('serves the older value marked stale when the refetch after the soft TTL meets %s', async (_, reply) => {
    const a = api({ API_TIMEOUT_MS: 150 });
    const original = await a.resources.getLoa('L1');
    clock.advance(301 * SECOND);
    server.handle(() => reply);
    const stale = await a.resources.getLoa('L1');
    expect(stale).toMatchObject({ stale: true, fromCache: true, fetchedAt: original.fetchedAt });
    expect(stale.data).toEqual(original.data);
    expect(a.stats().staleServed).toBe(1);
  });

  it('does not serve stale data for answers about the data itself (401, 403, 404)', async () => {
    const a = api();
    await a.resources.getLoa('L1');
    await a.resources.getLoa('L2');
    await a.resources.getLoa('L3');
    clock.advance(301 * SECOND);
    server.handle((_, n) => ({ status: [401, 403, 404][n - 4] ?? 500, body: { error: 'no' } }));
    expect(await rejection(a.resources.getLoa('L1'))).toMatchObject({ status: 401 });
    expect(await rejection(a.resources.getLoa('L2'))).toMatchObject({ status: 403 });
    expect(await rejection(a.resources.getLoa('L3'))).toMatchObject({ status: 404 });
  });

  it('stops serving stale data after soft TTL + CACHE_STALE_SECONDS', async () => {
    const a = api({ CACHE_STALE_SECONDS: 600 });
    await a.resources.getLoa('L1');
    clock.advance(901 * SECOND);
    server.handle(() => ({ status: 500, body: { error: 'internal server error' } }));
    expect(await rejection(a.resources.getLoa('L1'))).toMatchObject({ kind: 'http', status: 500 });
  });

  it('falls back to the stored value when a fresh read fails', async () => {
    const a = api();
    const original = await a.resources.getLoa('L1');
    server.handle(() => ({ status: 502, body: { error: 'bad gateway' } }));
    const result = await a.resources.getLoa('L1', { purpose: 'refresh' });
    expect(result).toMatchObject({ stale: true, fetchedAt: original.fetchedAt });
  });
});

describe('bodies', () => {
  it.each<[string, Reply]>([
    ['HTML', { raw: '<!doctype html><p>hello</p>' }],
    ['an empty body', { raw: '' }],
    ['JSON null', { raw: 'null' }],
    ['a JSON array', { body: [{ id: 'L1' }] }],
    ['a string', { body: 'L1' }],
  ])('rejects %s for an item as malformed', async (_, reply) => {
    server.handle(() => reply);
    expect(await rejection(api().resources.getLoa('L1'))).toMatchObject({ kind: 'malformed' });
  });

  it.each<[string, Reply]>([
    ['no data', { body: { page: 1, total: 0 } }],
    ['data not an array', { body: { data: { id: 'x' } } }],
    ['data of non-objects', { body: { data: [1, 2] } }],
    ['data with null', { body: { data: [{ id: 'a' }, null] } }],
    ['a bare array', { body: [{ id: 'a' }] }],
  ])('rejects a list with %s as malformed', async (_, reply) => {
    server.handle(() => reply);
    expect(await rejection(api().resources.listLoas({ page: 1, limit: 10 }))).toMatchObject({
      kind: 'malformed',
    });
  });

  it('does not store a malformed body', async () => {
    server.handle((_, n) => (n === 1 ? { raw: 'oops' } : loa('L1')));
    const a = api();
    await rejection(a.resources.getLoa('L1'));
    expect((await a.resources.getLoa('L1')).fromCache).toBe(false);
  });

  it('keeps extra fields and derives missing envelope numbers from the request', async () => {
    server.handle(() => ({ body: { data: [{ id: 'a', novel: true }], cursor: 'next' } }));
    const first = await api().resources.listLoas({ page: 1, limit: 20 });
    expect(first.data).toMatchObject({ page: 1, pageSize: 20, total: 1, totalPages: 1, cursor: 'next' });
    expect(first.data.data[0]).toEqual({ id: 'a', novel: true });
    // View page 11 of 10 is on the API's second page of 100: at least 100 + 1 items exist.
    const later = await api().resources.listLoas({ page: 11, limit: 10 });
    expect(later.data).toMatchObject({ page: 11, pageSize: 10, total: 101, totalPages: 11 });
  });

  it('derives total from totalPages and totalPages from total', async () => {
    server.handle((_, n) =>
      n === 1
        ? { body: { data: [], page: 1, pageSize: 10, totalPages: 4 } }
        : { body: { data: [], page: 1, pageSize: 10, total: 31 } },
    );
    const a = api();
    expect((await a.resources.listRoles({ page: 1, limit: 10 })).data).toMatchObject({
      total: 40,
      totalPages: 4,
    });
    expect((await a.resources.listMembers({ page: 1, limit: 10 })).data).toMatchObject({
      total: 31,
      totalPages: 4,
    });
  });

  it('accepts items with extra and missing optional fields', async () => {
    server.handle(() => ({ body: { id: 'M1', serverId: 's1', surprise: [1, 2, 3] } }));
    const result = await api().resources.getMember('M1');
    expect(result.data).toEqual({ id: 'M1', serverId: 's1', surprise: [1, 2, 3] });
  });
});
