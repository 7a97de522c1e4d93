import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from './data.js';
import { DEFAULT_TOKEN, ERROR_MESSAGES, SANDBOX_DEFAULTS } from './defaults.js';
import { loadOpenApi } from './openapi-schemas.js';
import { type Sandbox, startSandbox } from './server.js';

const FULL = 'server-test-full-token';
const ROLES_ONLY = 'server-test-roles-only';
const NONE = 'server-test-none';
// half the default size: enough for busy members (30+ LOAs) and usernames, quicker to generate
const dataset = generateDataset({
  seed: 5,
  members: 200,
  loas: 800,
  logs: 1_500,
  usernames: 200,
  shifts: 600,
  auditLogs: 500,
});
const openapi = loadOpenApi();

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    dataset,
    timeoutHoldMs: 400,
    tokens: {
      [FULL]: { permission: 'all', label: 'full' },
      [ROLES_ONLY]: { permission: new Set(['listRoles', 'getRole'] as const) },
      [NONE]: { permission: 'none' },
    },
  });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.set({ latency: null, faults: null, rateLimit: null }));

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
  json(): unknown;
}

async function call(
  path: string,
  {
    token = FULL as string | null,
    method = 'GET',
    header = undefined as string | undefined,
    signal = undefined as AbortSignal | undefined,
  } = {},
): Promise<Reply> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (header !== undefined) headers.Authorization = header;
  else if (token !== null) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${sandbox.url}${path}`, { method, headers, ...(signal ? { signal } : {}) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    ms: performance.now() - started,
    json: () => JSON.parse(text),
  };
}

const errorOf = (reply: Reply): unknown => reply.json();

describe('startSandbox', () => {
  it('listens on 127.0.0.1 with a base URL ending in /api/v1', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}/api/v1`);
    expect(sandbox.token).toBe(FULL);
  });

  it('accepts DEFAULT_TOKEN when started without tokens', async () => {
    const plain = await startSandbox({ dataset });
    try {
      expect(plain.token).toBe(DEFAULT_TOKEN);
      const response = await fetch(`${plain.url}/server/roles`, {
        headers: { Authorization: `Bearer ${DEFAULT_TOKEN}` },
      });
      expect(response.status).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('serves several communities, one dataset per token, beside the default one', async () => {
    const multi = await startSandbox({
      dataset,
      communities: { 'token-a': { seed: 11, label: 'a' }, 'token-b': { seed: 22 } },
    });
    try {
      expect(multi.token).toBe(DEFAULT_TOKEN);
      expect(multi.datasetOf(DEFAULT_TOKEN)).toBe(dataset);
      const servers = new Set<string>();
      for (const token of [DEFAULT_TOKEN, 'token-a', 'token-b']) {
        const response = await fetch(`${multi.url}/server/members?page=1&limit=100`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { data: Array<{ id: string; serverId: string }> };
        const own = multi.datasetOf(token);
        expect(body.data.map((m) => m.id)).toEqual(own.members.slice(0, 100).map((m) => m.id));
        expect(new Set(body.data.map((m) => m.serverId))).toEqual(new Set([own.serverId]));
        servers.add(own.serverId);
      }
      expect(servers.size).toBe(3);
      expect(multi.requests.map((r) => r.token)).toEqual(['default', 'a', expect.stringMatching(/^sha256:/)]);
    } finally {
      await multi.close();
    }
  });
});

describe('authentication and permissions', () => {
  it('answers 401 "authorization header is required" without a header', async () => {
    const reply = await call('/server/loas', { token: null });
    expect(reply.status).toBe(401);
    expect(errorOf(reply)).toEqual({ error: ERROR_MESSAGES.noAuthorization });
  });

  it.each([
    ['an unknown token', 'Bearer nope'],
    ['a lower-case scheme', `bearer ${FULL}`],
    ['another scheme', `Token ${FULL}`],
    ['two spaces', `Bearer  ${FULL}`],
    ['no token', 'Bearer'],
    ['the bare token', FULL],
    ['an empty header', ''],
  ])('answers 401 "invalid or expired token" for %s', async (_, header) => {
    const reply = await call('/server/loas', { header });
    expect(reply.status).toBe(401);
    expect(errorOf(reply)).toEqual({ error: ERROR_MESSAGES.invalidToken });
  });

  it('answers 403 for an operation the token may not use, 200 for one it may', async () => {
    expect((await call('/server/roles', { token: ROLES_ONLY })).status).toBe(200);
    expect((await call(`/server/roles/${dataset.roles[0]?.id}`, { token: ROLES_ONLY })).status).toBe(200);
    const denied = await call('/server/loas', { token: ROLES_ONLY });
    expect(denied.status).toBe(403);
    expect(errorOf(denied)).toEqual({ error: ERROR_MESSAGES.forbidden });
    expect((await call('/server/roles', { token: NONE })).status).toBe(403);
  });

  it('authenticates before routing under the base path, but not outside it', async () => {
    expect((await call('/server/nothing-here', { token: null })).status).toBe(401);
    const outside = await fetch(sandbox.url.replace('/api/v1', '/elsewhere'));
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ error: ERROR_MESSAGES.notFound });
  });

  it('takes new tokens at runtime', async () => {
    sandbox.set({ tokens: { 'fresh-token': { permission: 'all' } } });
    try {
      expect((await call('/server/roles', { token: 'fresh-token' })).status).toBe(200);
      expect((await call('/server/roles', { token: FULL })).status).toBe(401);
    } finally {
      sandbox.set({
        tokens: {
          [FULL]: { permission: 'all', label: 'full' },
          [ROLES_ONLY]: { permission: ['listRoles', 'getRole'] },
          [NONE]: { permission: 'none' },
        },
      });
    }
  });
});

describe('routing', () => {
  it('answers unknown paths 404 and other methods 405, always as JSON', async () => {
    const unknown = await call('/server/nothing-here');
    expect([unknown.status, unknown.headers.get('content-type')]).toEqual([404, 'application/json']);
    expect(errorOf(unknown)).toEqual({ error: ERROR_MESSAGES.notFound });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const reply = await call('/server/loas', { method });
      expect(reply.status).toBe(SANDBOX_DEFAULTS.methodNotAllowedStatus);
      expect(reply.headers.get('allow')).toBe('GET');
      expect(errorOf(reply)).toEqual({ error: ERROR_MESSAGES.methodNotAllowed });
    }
  });

  it('accepts the optional server id after /server/ and refuses another server', async () => {
    const plain = (await call('/server/loas?limit=7')).json();
    expect((await call(`/server/${dataset.serverId}/loas?limit=7`)).json()).toEqual(plain);
    const loa = dataset.loas[3];
    expect((await call(`/server/${dataset.serverId}/loas/${loa?.id}`)).json()).toEqual(loa);
    expect(
      (await call(`/server/${dataset.serverId}/members/chat/${dataset.samples.busyChatIds[0]}`)).status,
    ).toBe(200);
    const foreign = await call(`/server/${'0'.repeat(24)}/loas`);
    expect(foreign.status).toBe(SANDBOX_DEFAULTS.foreignServerStatus);
    expect(errorOf(foreign)).toEqual({ error: ERROR_MESSAGES.forbidden });
    expect((await call('/server//loas')).status).toBe(400);
  });

  it('decodes path segments: usernames with spaces, ?, #, /, % and non-ASCII', async () => {
    for (const name of dataset.samples.specialUsernames) {
      const reply = await call(`/server/logs/user/${encodeURIComponent(name)}?limit=100`);
      expect(reply.status).toBe(200);
      const body = reply.json() as { data: Array<{ username: string }>; total: number };
      expect(body.total).toBe(dataset.logsByUsername.get(name)?.length);
      expect(body.data.every((log) => log.username === name)).toBe(true);
    }
  });

  it('matches usernames exactly (case-sensitive) and answers an unknown user with an empty page', async () => {
    const name = dataset.samples.busyUsernames[0] ?? '';
    const other = name === name.toUpperCase() ? name.toLowerCase() : name.toUpperCase();
    expect((await call(`/server/logs/user/${encodeURIComponent(other)}`)).json()).toEqual({
      data: [],
      page: 1,
      pageSize: SANDBOX_DEFAULTS.pageSize,
      total: 0,
      totalPages: 0,
    });
  });

  it('answers 400 for blank, bad-encoded and over-long ids, and for a list path with a trailing slash', async () => {
    for (const path of [
      '/server/loas/%20',
      '/server/loas/%ZZ',
      `/server/loas/${'a'.repeat(SANDBOX_DEFAULTS.maxIdLength + 1)}`,
      '/server/loas/a%00b',
      '/server/loas/',
      '/server/members/chat/',
      '/server/logs/user/%E0%A4%A',
    ]) {
      const reply = await call(path);
      expect([path, reply.status]).toEqual([path, 400]);
      expect(errorOf(reply)).toEqual({ error: ERROR_MESSAGES.badRequest });
    }
  });

  it('answers 404 on single-item lookups only, and an empty page for an unknown member', async () => {
    const unknown = dataset.samples.unknownId;
    for (const path of [
      'loas',
      'logs',
      'shifts',
      'roles',
      'members',
      'members/chat',
      'applications',
      'join-requests',
    ]) {
      const reply = await call(`/server/${path}/${unknown}`);
      expect([path, reply.status]).toEqual([path, 404]);
    }
    const empty = (await call(`/server/loas/user/${unknown}`)).json();
    expect(empty).toEqual({
      data: [],
      page: 1,
      pageSize: SANDBOX_DEFAULTS.pageSize,
      total: 0,
      totalPages: 0,
    });
    const quiet = dataset.samples.memberWithoutLoas ?? '';
    expect(((await call(`/server/loas/user/${quiet}`)).json() as { total: number }).total).toBe(0);
  });

  it('resolves a member by chat id, and a join request by chat user id', async () => {
    const chatId = dataset.samples.busyChatIds[0] ?? '';
    expect((await call(`/server/members/chat/${chatId}`)).json()).toEqual(dataset.memberByChatId(chatId));
    const userId = dataset.samples.joinRequestUserIds[0] ?? '';
    expect((await call(`/server/join-requests/${userId}`)).json()).toEqual(
      dataset.byId.joinRequests.get(userId),
    );
  });

  it('ignores query parameters on single-item endpoints', async () => {
    expect((await call(`/server/loas/${dataset.loas[0]?.id}?page=0&limit=999`)).status).toBe(200);
  });

  it('answers 500 "internal server error" when a lookup throws', async () => {
    class Broken extends Map<string, never> {
      override get(): never {
        throw new Error('boom');
      }
    }
    const broken = await startSandbox({
      dataset: { ...dataset, byId: { ...dataset.byId, loas: new Broken() } },
    });
    try {
      const response = await fetch(`${broken.url}/server/loas/x`, {
        headers: { Authorization: `Bearer ${broken.token}` },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: ERROR_MESSAGES.internal });
    } finally {
      await broken.close();
    }
  });
});

describe('pagination', () => {
  it('defaults to page 1 and SANDBOX_DEFAULTS.pageSize items', async () => {
    const body = (await call('/server/loas')).json() as { data: unknown[]; page: number; pageSize: number };
    expect([body.page, body.pageSize, body.data.length]).toEqual([
      1,
      SANDBOX_DEFAULTS.pageSize,
      SANDBOX_DEFAULTS.pageSize,
    ]);
  });

  it('reads limit, accepts pageSize as an alias, and refuses conflicting or repeated values', async () => {
    expect((await call('/server/loas?limit=10')).json()).toMatchObject({ pageSize: 10 });
    expect((await call('/server/loas?pageSize=11')).json()).toMatchObject({ pageSize: 11 });
    expect((await call('/server/loas?limit=12&pageSize=12')).json()).toMatchObject({ pageSize: 12 });
    expect((await call('/server/loas?limit=10&pageSize=20')).status).toBe(400);
    expect((await call('/server/loas?page=1&page=2')).status).toBe(400);
    expect((await call('/server/loas?limit=100')).status).toBe(200);
    for (const query of ['page=', 'page=+1', 'page=1e2', 'limit=', 'limit=0x10', 'limit=5.0']) {
      expect([query, (await call(`/server/loas?${query}`)).status]).toEqual([query, 400]);
    }
  });

  it('walks every page of a busy member exactly once, newest first', async () => {
    const memberId = dataset.samples.busyMemberIds[0] ?? '';
    const seen: Array<{ id: string; createdAt?: number }> = [];
    let totalPages = 1;
    for (let page = 1; page <= totalPages; page++) {
      const body = (await call(`/server/loas/user/${memberId}?page=${page}&limit=7`)).json() as {
        data: Array<{ id: string; createdAt?: number }>;
        totalPages: number;
        total: number;
      };
      totalPages = body.totalPages;
      expect(body.total).toBe(dataset.loasByMember.get(memberId)?.length);
      seen.push(...body.data);
    }
    expect(seen.map((l) => l.id)).toEqual(dataset.loasByMember.get(memberId)?.map((l) => l.id));
    expect(seen.length).toBeGreaterThan(30);
    expect(seen.every((l, i) => i === 0 || (seen[i - 1]?.createdAt ?? 0) >= (l.createdAt ?? 0))).toBe(true);
  });

  it('answers a page past the end with an empty data array and the real totals', async () => {
    const body = (await call('/server/roles?page=3&limit=10')).json();
    expect(body).toEqual({ data: [], page: 3, pageSize: 10, total: 20, totalPages: 2 });
  });
});

describe('its data', () => {
  it('is made around its clock when no dataset is given, for every community', async () => {
    const clock = Date.now() + 100 * 86_400_000; // not the real clock: the data follows the one given
    const own = await startSandbox({ seed: 9, now: () => clock, communities: { other: { seed: 10 } } });
    try {
      expect(own.dataset.baseTime).toBe(Math.floor(clock / 1000));
      expect(own.datasetOf('other').baseTime).toBe(own.dataset.baseTime);
      expect(own.datasetOf('other').seed).toBe(10);
      const running = own.dataset.shifts.filter((s) => !s.endedAt);
      expect(running.length).toBeGreaterThan(0);
      for (const shift of running) expect(clock / 1000 - (shift.createdAt ?? 0)).toBeLessThan(86_400);
    } finally {
      await own.close();
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After and X-RateLimit-* after the limit, per token, until the window ends', async () => {
    let clock = Date.UTC(2026, 10, 1, 12, 0, 0, 250);
    const limited = await startSandbox({
      dataset,
      now: () => clock,
      rateLimit: { requests: 3, windowSeconds: 10 },
    });
    const get = async (token: string) => {
      const response = await fetch(`${limited.url}/server/roles`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    };
    try {
      const remaining: Array<string | null> = [];
      for (let i = 0; i < 3; i++)
        remaining.push((await get(limited.token)).headers.get('x-ratelimit-remaining'));
      expect(remaining).toEqual(['2', '1', '0']);
      expect((await get('unknown-token')).status).toBe(401);
      clock += 3_000;
      const refused = await get(limited.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: ERROR_MESSAGES.rateLimited });
      expect(refused.headers.get('retry-after')).toBe('7');
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('x-ratelimit-reset')).toBe(
        String(Math.ceil((clock - 3_000 + 10_000) / 1000)),
      );
      expect(openapi.validate('/server/roles', 429, refused.body, refused.headers).errors).toEqual([]);
      clock += 6_900;
      expect((await get(limited.token)).headers.get('retry-after')).toBe('1');
      clock += 100;
      expect((await get(limited.token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  /** A sandbox on a settable clock with `options`; `get` answers status, headers and body. */
  async function clocked(options: Parameters<typeof startSandbox>[0], start: number) {
    const clock = { t: start };
    const limited = await startSandbox({ dataset, now: () => clock.t, ...options });
    const get = async () => {
      const response = await fetch(`${limited.url}/server/roles`, {
        headers: { Authorization: `Bearer ${limited.token}` },
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    };
    return { clock, get, close: () => limited.close() };
  }

  it.each([
    // mode, request times (s from 12:00:08), statuses, Retry-After of the first refusal
    ['fixed', [0, 0, 0, 1, 10.5], [200, 200, 200, 429, 200], '9'],
    ['clock', [0, 0, 0, 1, 2], [200, 200, 200, 429, 200], '1'],
    ['sliding', [0, 4, 8, 9, 10.5, 11], [200, 200, 200, 429, 200, 429], '1'],
    ['token-bucket', [0, 0, 0, 1, 3.4], [200, 200, 200, 429, 200], '3'],
  ] as const)('short window mode %s: 3 per 10 s', async (mode, times, statuses, retryAfter) => {
    const start = Date.UTC(2026, 10, 1, 12, 0, 8);
    const s = await clocked({ rateLimit: { requests: 3, windowSeconds: 10, mode } }, start);
    try {
      const seen: number[] = [];
      let firstRetryAfter: string | null = null;
      for (const t of times) {
        s.clock.t = start + t * 1000;
        const answer = await s.get();
        seen.push(answer.status);
        if (answer.status === 429 && firstRetryAfter === null) {
          firstRetryAfter = answer.headers.get('retry-after');
          expect(answer.body).toEqual({ error: ERROR_MESSAGES.rateLimited });
        }
      }
      expect(seen).toEqual(statuses);
      expect(firstRetryAfter).toBe(retryAfter);
    } finally {
      await s.close();
    }
  });

  it('a monthly quota counts the calendar month in UTC, and a short refusal does not count against it', async () => {
    const start = Date.UTC(2026, 10, 30, 23, 59, 40);
    const s = await clocked(
      { quota: { requests: 2, window: 'month' }, rateLimit: { requests: 1, windowSeconds: 5 } },
      start,
    );
    try {
      const first = await s.get();
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2'); // the quota's headers win on a 200
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect(first.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 11, 1) / 1000));
      expect((await s.get()).status).toBe(429); // the short limit; the quota is untouched
      s.clock.t += 5_000;
      expect((await s.get()).status).toBe(200);
      s.clock.t += 5_000;
      const spent = await s.get();
      expect(spent.status).toBe(429);
      expect(spent.body).toEqual({ error: ERROR_MESSAGES.rateLimited });
      expect(spent.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(spent.headers.get('retry-after')).toBe('10'); // 23:59:50 → midnight UTC
      s.clock.t = Date.UTC(2026, 11, 1, 0, 0, 0);
      expect((await s.get()).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('a compressed month (100/600s) is aligned to the clock; X-RateLimit-* can be turned off', async () => {
    const start = Date.UTC(2026, 10, 1, 12, 9, 0); // 60 s before a 600 s boundary
    const s = await clocked({ quota: { requests: 1, window: { seconds: 600 }, headers: false } }, start);
    try {
      const first = await s.get();
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-remaining')).toBeNull();
      const refused = await s.get();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.headers.get('x-ratelimit-limit')).toBeNull();
      s.clock.t += 60_000;
      expect((await s.get()).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('keeps one window per token and resets windows when the limit is replaced', async () => {
    sandbox.set({ rateLimit: { requests: 1, windowSeconds: 60 } });
    expect((await call('/server/roles')).status).toBe(200);
    expect((await call('/server/roles')).status).toBe(429);
    expect((await call('/server/roles', { token: ROLES_ONLY })).status).toBe(200);
    sandbox.set({ rateLimit: { requests: 1, windowSeconds: 60 } });
    expect((await call('/server/roles')).status).toBe(200);
    sandbox.set({ rateLimit: null });
    expect((await call('/server/roles')).headers.get('x-ratelimit-remaining')).toBeNull();
  });
});

describe('latency', () => {
  it('delays answers by a spread between minMs and maxMs', async () => {
    sandbox.set({ latency: { minMs: 80, maxMs: 120 } });
    sandbox.resetLog();
    const replies = await Promise.all([1, 2, 3].map(() => call('/server/roles')));
    for (const reply of replies) expect(reply.ms).toBeGreaterThanOrEqual(75);
    for (const entry of sandbox.requests) expect(entry.ms).toBeGreaterThanOrEqual(79);
  });
});

describe('faults', () => {
  const listPath = '/server/loas?limit=5';
  const itemPath = () => `/server/loas/${dataset.loas[0]?.id}`;

  it("'500' answers 500 internal server error, once per failNext", async () => {
    sandbox.failNext(2, '500');
    expect((await call(listPath)).status).toBe(500);
    const second = await call(itemPath());
    expect([second.status, errorOf(second)]).toEqual([500, { error: ERROR_MESSAGES.internal }]);
    expect((await call(listPath)).status).toBe(200);
  });

  it("'timeout' never answers: the client times out, and the socket is dropped after the hold", async () => {
    sandbox.resetLog();
    sandbox.failNext(1, 'timeout');
    await expect(call(listPath, { signal: AbortSignal.timeout(150) })).rejects.toThrow();
    sandbox.failNext(1, 'timeout');
    const started = performance.now();
    await expect(call(listPath)).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    expect(sandbox.requests.map((r) => [r.status, r.fault])).toEqual([
      [0, 'timeout'],
      [0, 'timeout'],
    ]);
  });

  it("'html' answers 200 with an HTML page", async () => {
    sandbox.failNext(1, 'html');
    const reply = await call(listPath);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toMatch(/^<!DOCTYPE html>/);
  });

  it("'empty' answers 200 with an empty JSON body", async () => {
    sandbox.failNext(1, 'empty');
    const reply = await call(listPath);
    expect([reply.status, reply.headers.get('content-type'), reply.text]).toEqual([
      200,
      'application/json',
      '',
    ]);
  });

  it("'not-json' answers 200 application/json that does not parse", async () => {
    sandbox.failNext(1, 'not-json');
    const reply = await call(listPath);
    expect([reply.status, reply.headers.get('content-type')]).toEqual([200, 'application/json']);
    expect(() => reply.json()).toThrow();
  });

  it("'wrong-shape' answers 200 JSON that breaks the schema, for lists and items", async () => {
    sandbox.failNext(2, 'wrong-shape');
    const list = await call(listPath);
    const item = await call(itemPath());
    expect([list.status, item.status]).toEqual([200, 200]);
    expect(openapi.validate('/server/loas', 200, list.json()).valid).toBe(false);
    expect(openapi.validate('/server/loas/{loaId}', 200, item.json()).valid).toBe(false);
  });

  it("'enormous' answers far more than asked", async () => {
    sandbox.failNext(3, 'enormous');
    const list = (await call(listPath)).json() as { data: unknown[]; pageSize: number };
    expect(list.pageSize).toBe(5);
    expect(list.data.length).toBe(SANDBOX_DEFAULTS.enormousItems);
    const empty = (await call(`/server/loas/user/${dataset.samples.unknownId}?limit=5`)).json() as {
      data: unknown[];
    };
    expect(empty.data.length).toBe(SANDBOX_DEFAULTS.enormousItems);
    const item = await call(itemPath());
    expect(item.text.length).toBeGreaterThan(SANDBOX_DEFAULTS.enormousPadChars);
    expect(openapi.validate('/server/loas/{loaId}', 200, item.json()).errors).toEqual([]);
  });

  it('draws random faults at the configured rate (seeded) and never for unauthenticated requests', async () => {
    sandbox.set({ faults: { rate: 1, kinds: ['500'] } });
    expect((await call('/server/roles')).status).toBe(500);
    expect((await call('/server/roles', { token: null })).status).toBe(401);
    sandbox.set({ faults: { rate: 0.5, kinds: ['500', 'html'] } });
    const statuses = await Promise.all(Array.from({ length: 40 }, () => call('/server/roles')));
    const failed = statuses.filter(
      (r) => r.status !== 200 || r.headers.get('content-type') !== 'application/json',
    );
    expect(failed.length).toBeGreaterThan(5);
    expect(failed.length).toBeLessThan(35);
    sandbox.set({ faults: { rate: 0, kinds: ['500'] } });
    expect((await call('/server/roles')).status).toBe(200);
  });

  it('set({ faults: null }) also drops faults queued by failNext', async () => {
    sandbox.failNext(3, '500');
    sandbox.set({ faults: null });
    expect((await call('/server/roles')).status).toBe(200);
  });
});

describe('request log', () => {
  it('records method, path, query, status, ms, operation and a token label, never the raw token', async () => {
    sandbox.resetLog();
    expect(sandbox.requests).toHaveLength(0);
    await call('/server/loas?page=2&limit=3');
    await call('/server/roles', { token: ROLES_ONLY });
    await call('/server/roles', { token: 'a-secret-unknown-token' });
    await call('/server/roles', { token: null });
    await call('/server/roles', { header: `Basic ${FULL}` });
    const [first, second, third, fourth, fifth] = sandbox.requests;
    expect(first).toMatchObject({
      method: 'GET',
      path: '/api/v1/server/loas',
      query: { page: '2', limit: '3' },
      status: 200,
      token: 'full',
      operationId: 'listLoas',
    });
    expect(first?.at).toBeGreaterThan(0);
    expect(first?.ms).toBeGreaterThanOrEqual(0);
    expect(second?.token).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(third).toMatchObject({ status: 401, token: expect.stringMatching(/^sha256:/) });
    expect(fourth).toMatchObject({ status: 401, token: null });
    expect(fifth).toMatchObject({ status: 401, token: 'malformed' });
    const logged = JSON.stringify(sandbox.requests);
    for (const secret of [FULL, ROLES_ONLY, 'a-secret-unknown-token']) expect(logged).not.toContain(secret);
    sandbox.resetLog();
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('close', () => {
  it('resolves promptly while requests are held or slow, dropping their sockets', async () => {
    const other = await startSandbox({ dataset, latency: { minMs: 20_000, maxMs: 20_000 } });
    const headers = { Authorization: `Bearer ${other.token}` };
    const outcome = (p: Promise<Response>) =>
      p.then(
        () => 'answered',
        () => 'dropped',
      );
    const slow = outcome(fetch(`${other.url}/server/roles`, { headers }));
    other.failNext(1, 'timeout');
    const held = outcome(fetch(`${other.url}/server/roles`, { headers }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await other.close();
    await other.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await Promise.all([slow, held])).toEqual(['dropped', 'dropped']);
  });
});
