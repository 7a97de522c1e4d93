/** What goes on the wire: every operation's request, query parameters, and path-parameter encoding. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { OPERATIONS, type OperationId } from '../../src/api/operations.js';
import type { Api, Resources } from '../../src/api/types.js';
import { rejection, silentLogger, startServer, type TestServer, TOKEN, testConfig } from './helpers.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = createApi(testConfig(server.baseUrl, { CACHE_MAX_ENTRIES: 0 }), silentLogger);
});
afterAll(async () => {
  await api.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const q = { page: 2, limit: 25 };
/** A path parameter's value in these requests, by its name in the template; any other is `X1`. */
const SAMPLE: Record<string, string> = { chatId: '123456789012345678', username: 'bob' };
/** Every operation of the table (src/api/operations.ts), called with sample values: its method and path. */
const endpoints = Object.entries(OPERATIONS).map(([op, row]) => {
  const names = [...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const values = names.map((name) => SAMPLE[name] ?? 'X1');
  const path = names.reduce((p, name, i) => p.replace(`{${name}}`, values[i]!), row.path as string);
  const method = (r: Resources) =>
    (r[op as OperationId] as (...args: unknown[]) => Promise<unknown>)(
      ...values,
      ...(row.kind === 'list' ? [q] : []),
    );
  return [op, method, path] as const;
});

describe('endpoints', () => {
  it.each(endpoints)('%s sends GET %s with the bearer token', async (op, read, path) => {
    await read(api.resources);
    const [request] = server.requests;
    expect(request?.path).toBe(path);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    // A view page of 25 items (page 2) is cut from the API's first page of 100: one request that
    // names the size under both names the API may read.
    const isList = OPERATIONS[op as OperationId].kind === 'list';
    expect(request?.query.get('page')).toBe(isList ? '1' : null);
    expect(request?.query.get('limit')).toBe(isList ? '100' : null);
    expect(request?.query.get('pageSize')).toBe(isList ? '100' : null);
    expect([...(request?.query.keys() ?? [])]).toHaveLength(isList ? 3 : 0);
  });
});

describe('path parameters', () => {
  const tricky = [
    '../loas',
    'a/b',
    '%2e%2e',
    '..%2F',
    '100%',
    '%zz',
    'sp ace',
    '?page=9#frag',
    'back\\slash',
    'ünïcödé',
    '名前',
    '😀',
    '...',
    '.hidden',
    "it's (ok)!*~",
  ];

  it.each(tricky)('keeps %j inside one encoded path segment', async (value) => {
    await api.resources.listUserLogs(value, { page: 1, limit: 10 });
    const [request] = server.requests;
    const raw = request?.url ?? '';
    expect(raw.startsWith('/api/v1/server/logs/user/')).toBe(true);
    const segment = raw.slice('/api/v1/server/logs/user/'.length).split('?')[0] ?? '';
    expect(segment).toMatch(/^[A-Za-z0-9\-_.!~*'()%]+$/); // nothing unencoded: no '/', space, '?', '#', non-ASCII
    expect(segment).toBe(encodeURIComponent(value));
    expect(decodeURIComponent(segment)).toBe(value);
    expect(request?.query.get('page')).toBe('1');
  });

  it.each(['', '.', '..', '\uD800', 'a\uDC00b'])(
    'refuses %j locally with a 400 and sends nothing',
    async (value) => {
      const error = await rejection(api.resources.getLog(value));
      expect(error).toMatchObject({ kind: 'http', status: 400, apiMessage: 'invalid request parameters' });
      const listError = await rejection(api.resources.listUserLogs(value, { page: 1, limit: 10 }));
      expect(listError).toMatchObject({ kind: 'http', status: 400 });
      expect(server.requests).toHaveLength(0);
    },
  );
});

describe('page query', () => {
  it.each([
    { page: 0, limit: 10 },
    { page: 1.5, limit: 10 },
    { page: 1, limit: 0 },
    { page: 1, limit: 101 },
    { page: Number.NaN, limit: 10 },
  ])('refuses %j locally with a 400', async (query) => {
    expect(await rejection(api.resources.listLoas(query))).toMatchObject({ kind: 'http', status: 400 });
    expect(server.requests).toHaveLength(0);
  });

  it('sends only page, limit and pageSize, whatever else the object carries', async () => {
    const query = { page: 1, limit: 100, extra: 'x' };
    await api.resources.listLoas(query);
    expect(server.requests[0]?.url).toBe('/api/v1/server/loas?page=1&limit=100&pageSize=100');
  });
});
