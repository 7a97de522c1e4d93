/** What goes on the wire: the 16 endpoints, query parameters, and path-parameter encoding. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
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
const endpoints: [string, (r: Resources) => Promise<unknown>, string][] = [
  ['listLoas', (r) => r.listLoas(q), '/server/loas'],
  ['getLoa', (r) => r.getLoa('L1'), '/server/loas/L1'],
  ['listMemberLoas', (r) => r.listMemberLoas('M1', q), '/server/loas/user/M1'],
  ['getLog', (r) => r.getLog('G1'), '/server/logs/G1'],
  ['listUserLogs', (r) => r.listUserLogs('bob', q), '/server/logs/user/bob'],
  ['listAuditLogs', (r) => r.listAuditLogs(q), '/server/audit-logs'],
  ['listShifts', (r) => r.listShifts(q), '/server/shifts'],
  ['getShift', (r) => r.getShift('S1'), '/server/shifts/S1'],
  ['listRoles', (r) => r.listRoles(q), '/server/roles'],
  ['getRole', (r) => r.getRole('R1'), '/server/roles/R1'],
  ['listMembers', (r) => r.listMembers(q), '/server/members'],
  ['getMember', (r) => r.getMember('M1'), '/server/members/M1'],
  [
    'getMemberByChatId',
    (r) => r.getMemberByChatId('123456789012345678'),
    '/server/members/chat/123456789012345678',
  ],
  ['listApplications', (r) => r.listApplications(q), '/server/applications'],
  ['getApplication', (r) => r.getApplication('A1'), '/server/applications/A1'],
  ['getJoinRequest', (r) => r.getJoinRequest('U1'), '/server/join-requests/U1'],
];

describe('endpoints', () => {
  it('covers all 16 operations', () => {
    expect(new Set(endpoints.map(([op]) => op)).size).toBe(16);
  });

  it.each(endpoints)('%s sends GET %s with the bearer token', async (op, read, path) => {
    await read(api.resources);
    const [request] = server.requests;
    expect(request?.path).toBe(path);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    // A view page of 25 items (page 2) is cut from the API's first page of 100: one request that
    // names the size under both names the API may read.
    const isList = op.startsWith('list');
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
