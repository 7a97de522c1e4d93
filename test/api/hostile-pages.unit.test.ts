/**
 * Hostile pages (contract-valid: records may carry extra fields): large, deeply nested records are
 * read correctly, what is kept of each is bounded (src/api/keep.ts), and a large body is read off
 * the event loop (src/api/body.ts), which keeps turning meanwhile.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { OFF_LOOP_BYTES, parser, readItemBody, readPageBody } from '../../src/api/body.js';
import { createCache } from '../../src/api/cache.js';
import { createApi } from '../../src/api/client.js';
import { isApiError } from '../../src/api/errors.js';
import { ApiHttp, BODY_SLICE_BYTES, bodyBytes } from '../../src/api/http.js';
import { KEEP_DEPTH, KEEP_STRING_CHARS, keepRecord, RECORD_KEEP_CHARS } from '../../src/api/keep.js';
import { MAX_JSON_DEPTH, parsePageBody } from '../../src/api/validate.js';
import { fastDeps, OPEN_LIMITS as open, silentLogger, startServer, testConfig } from './helpers.js';

const nested = (levels: number, leaf: unknown = 'leaf'): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i++) value = { down: value };
  return value;
};

/** How many objects of a `{ down: … }` chain a value keeps. */
const depthOf = (value: unknown): number => {
  let levels = 0;
  let at = value as { down?: unknown } | undefined;
  while (typeof at === 'object' && at !== null) {
    levels++;
    at = at.down as { down?: unknown } | undefined;
  }
  return levels;
};

const shift = (i: number) => ({
  id: `S${i}`,
  memberId: `M${i}`,
  serverId: 'srv',
  createdAt: 1_700_000_000 + i,
  endedAt: 1_700_003_600 + i,
  type: 'Patrol',
  breakTimestamps: [{ started: 1_700_000_100, ended: 1_700_000_200 }],
});

/** A shift carrying extra fields before and after its own: a deep one, a huge text and a huge list. */
const hostileShift = (i: number, bytes: number) => ({
  aaHuge: 'x'.repeat(bytes),
  aaDeep: nested(MAX_JSON_DEPTH - 8),
  ...shift(i),
  zzList: Array.from({ length: 2_000 }, (_, n) => ({ n, text: 'y'.repeat(50) })),
});

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer;

describe('keepRecord', () => {
  it('keeps an ordinary record as it is, the same object', () => {
    const record = { ...shift(1), notes: 'n'.repeat(KEEP_STRING_CHARS), extra: nested(KEEP_DEPTH - 2) };
    expect(keepRecord(record)).toBe(record);
  });

  it("bounds a hostile record and keeps every one of the contract's fields whole", () => {
    const kept = keepRecord(hostileShift(7, 20 * 1024 * 1024));
    expect(kept).toMatchObject(shift(7));
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(RECORD_KEEP_CHARS + 64);
    // The API's order of fields stays.
    expect(Object.keys(kept).slice(0, 2)).toEqual(['aaHuge', 'aaDeep']);
    expect(kept.aaHuge).toHaveLength(KEEP_STRING_CHARS);
    expect(String(kept.aaHuge).endsWith('…')).toBe(true);
    // The record is depth 1, its field's value 2: the field's objects at depths 2 to KEEP_DEPTH stay.
    expect(depthOf(kept.aaDeep)).toBe(KEEP_DEPTH - 1);
    expect(Array.isArray(kept.zzList)).toBe(true);
    expect((kept.zzList as unknown[]).length).toBeLessThan(2_000);
  });

  it('keeps short fields first when many large ones come before them', () => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) record[`extra${i}`] = 'z'.repeat(KEEP_STRING_CHARS);
    Object.assign(record, shift(3));
    const kept = keepRecord(record);
    expect(kept).toMatchObject(shift(3));
    expect(Object.keys(kept).filter((k) => k.startsWith('extra')).length).toBeLessThan(40);
  });
});

describe('a large page read off the event loop', () => {
  const query = { page: 1, limit: 100 };
  // 100 records of about 60 KB each: a page of 6 MB (the bench reads pages of 20 MB).
  const hostilePage = { data: Array.from({ length: 100 }, (_, i) => hostileShift(i, 60_000)), page: 1 };

  it('reads as the same page the loop would read, its records bounded', async () => {
    const bytes = bytesOf(hostilePage);
    expect(bytes.byteLength).toBeGreaterThan(6_000_000);
    const before = parser().started;
    const body = await readPageBody(bytes, query);
    expect(parser().started).toBeLessThanOrEqual(before + 1);
    expect(body.data).toHaveLength(100);
    expect(body.data.map((r) => r.id)).toEqual(hostilePage.data.map((r) => r.id));
    body.data.forEach((record, i) => {
      expect(record).toMatchObject(shift(i));
    });
    expect(body).toMatchObject({ page: 1, pageSize: 100, total: 100, totalPages: 1 });
    expect(body).toEqual(parsePageBody(JSON.stringify(hostilePage), query));
    expect(JSON.stringify(body).length).toBeLessThan(100 * (RECORD_KEEP_CHARS + 200));
  });

  it('gives the loop back while it is read', async () => {
    const bytes = bytesOf(hostilePage);
    let turns = 0;
    let done = false;
    const read = readPageBody(bytes, query).finally(() => {
      done = true;
    });
    while (!done) {
      await nextTurn();
      turns++;
    }
    await read;
    // Read on the loop, the page would be done before a single turn.
    expect(turns).toBeGreaterThan(1);
  });

  it('refuses what the loop refuses, as unreadable', async () => {
    const deep = `{"data":[{"id":"a","x":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}],"pad":"${'p'.repeat(OFF_LOOP_BYTES)}"}`;
    const cut = JSON.stringify(hostilePage).slice(0, OFF_LOOP_BYTES * 2);
    const notAPage = JSON.stringify({ items: hostilePage.data });
    for (const text of [deep, cut, notAPage]) {
      const bytes = new TextEncoder().encode(text).buffer as ArrayBuffer;
      expect(bytes.byteLength).toBeGreaterThan(OFF_LOOP_BYTES);
      const error = await readPageBody(bytes, query).catch((caught: unknown) => caught);
      expect(isApiError(error) && error.kind).toBe('malformed');
    }
    const item = await readItemBody(bytesOf(hostileShift(5, 1_000_000)));
    expect(item).toMatchObject(shift(5));
    const notAnItem = await readItemBody(bytesOf([hostileShift(5, 1_000_000)])).catch((e: unknown) => e);
    expect(isApiError(notAnItem) && notAnItem.kind).toBe('malformed');
  });
});

describe('a large body received', () => {
  it('is taken from the wire and copied in slices, the loop given back after every slice of bytes', async () => {
    const text = JSON.stringify({ data: [{ id: 'a', pad: 'p'.repeat(20 * 1024 * 1024) }] });
    const server = await startServer(() => ({ body: JSON.parse(text) }));
    let pauses = 0;
    const http = new ApiHttp({
      key: 'k',
      limits: open,
      logger: silentLogger,
      timeoutMs: 60_000,
      retries: 0,
      maxWaitMs: 60_000,
      maxBodyBytes: 32 * 1024 * 1024,
      bodyPause: async () => {
        pauses++;
      },
    });
    try {
      const response = await http.send(new Request(`${server.baseUrl}/server/shifts`), 'listShifts');
      const bytes = bodyBytes(response);
      expect(bytes?.byteLength).toBe(Buffer.byteLength(text));
      // Every BODY_SLICE_BYTES taken from the wire, and again copied into the one buffer, one pause:
      // never a whole 20 MB body in one turn of the loop.
      const slices = Math.floor(Buffer.byteLength(text) / BODY_SLICE_BYTES);
      expect(pauses).toBeGreaterThanOrEqual(2 * slices - 2);
    } finally {
      await server.close();
    }
  });
});

describe('a hostile page read through the API client', () => {
  it('lists its records whole and opens one without a request, its extra fields bounded', async () => {
    const data = Array.from({ length: 100 }, (_, i) => hostileShift(i, 60_000));
    const server = await startServer(() => ({
      body: { data, page: 1, pageSize: 100, total: 100, totalPages: 1 },
    }));
    const api = createApi(
      // A 6 MB answer may take seconds on a loaded machine: the test is about what is read, not when.
      testConfig(server.baseUrl, {
        API_RETRIES: 0,
        API_TIMEOUT_MS: 60_000,
        API_MAX_RESPONSE_BYTES: 32 * 1024 * 1024,
      }),
      silentLogger,
      fastDeps,
    );
    try {
      const listed = await api.resources.listShifts({ page: 2, limit: 10 });
      const rows = (listed.data as { data: Record<string, unknown>[] }).data;
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `S${10 + i}`));
      rows.forEach((row, i) => {
        expect(row).toMatchObject(shift(10 + i));
        expect(JSON.stringify(row).length).toBeLessThanOrEqual(RECORD_KEEP_CHARS + 64);
      });
      // The record was kept from the page: opening it reads nothing more.
      const opened = await api.resources.getShift('S42');
      expect(opened.data).toMatchObject(shift(42));
      expect(server.requests).toHaveLength(1);
    } finally {
      await api.close();
      await server.close();
    }
  });
});

describe('the cache', () => {
  it('gives back a page of bounded records as it was kept, text starting with a colon too', async () => {
    const cache = createCache({ CACHE_URL: undefined, CACHE_MAX_ENTRIES: 10 }, silentLogger);
    const data = { data: [keepRecord(hostileShift(1, 50_000)), { id: ':colon', note: '::two', n: null }] };
    await cache.set('k', { data, fetchedAt: 1 }, 60_000);
    expect(await cache.get('k')).toEqual({ data, fetchedAt: 1 });
    await cache.close();
  });
});
