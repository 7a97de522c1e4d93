/**
 * The tokens never leave: an API that echoes the Authorization header back in its error bodies and
 * error pages (as careless APIs and proxies do), every command and its failures, /rollcall status —
 * and then a grep of every log line, REST body, error message and cache key for both tokens and the
 * `Bearer <token>` header: zero hits.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';
import { embedOf } from '../e2e/world.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import {
  ask,
  auditEverything,
  type ReliableWorld,
  recordError,
  recordText,
  secret,
  secretFindings,
  secretsOf,
  startReliableWorld,
  until,
} from './support.js';

const withRedis = hasRedisServer || process.env.CI === 'true';

type Echo = 'pass' | '401' | '403' | '404' | '500' | 'html-502' | 'html-200' | 'header';

/** An HTTP proxy in front of the sandbox that can answer with the caller's Authorization header in it. */
async function startEchoProxy(
  target: () => string,
): Promise<{ url: string; mode: Echo; close(): Promise<void> }> {
  const state = { mode: 'pass' as Echo };
  const server: Server = createServer(async (req, res) => {
    const auth = String(req.headers.authorization ?? '');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (state.mode) {
      case '401':
        return json(401, { error: `invalid or expired token: ${auth}` });
      case '403':
        return json(403, { error: `token ${auth.replace(/^Bearer /, '')} lacks permission` });
      case '404':
        return json(404, { error: `nothing here for ${auth}` });
      case '500':
        return json(500, { error: `internal error while checking ${auth}`, headers: req.headers });
      case 'html-502':
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end(`<html><body>Bad gateway for ${auth}</body></html>`);
      case 'html-200':
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end(`<html><body>Login page. Your header was: ${auth}</body></html>`);
      case 'header':
        res.writeHead(500, { 'Content-Type': 'application/json', 'X-Echo': auth });
        return res.end('{"error":"see header"}');
      default: {
        const upstream = await fetch(`${target()}${req.url?.replace(/^\/api\/v1/, '')}`, {
          headers: { authorization: auth },
        });
        res.writeHead(upstream.status, {
          'Content-Type': upstream.headers.get('content-type') ?? 'text/plain',
        });
        return res.end(Buffer.from(await upstream.arrayBuffer()));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    get mode() {
      return state.mode;
    },
    set mode(mode: Echo) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let upstream: Sandbox;
let proxy: Awaited<ReturnType<typeof startEchoProxy>>;
let world: ReliableWorld;
const apiToken = secret('rc-api-token-echoed');

beforeAll(async () => {
  upstream = await startSandbox({ tokens: { [apiToken]: { permission: 'all' } } });
  proxy = await startEchoProxy(() => upstream.url);
  world = await startReliableWorld({
    env: { API_BASE_URL: proxy.url, API_TOKEN: apiToken, API_RETRIES: '0', LOG_LEVEL: 'trace' },
  });
});
afterAll(async () => {
  await world?.close();
  await proxy?.close();
  await upstream?.close();
});

describe('an API that echoes the token back', () => {
  const cases: Array<[Echo, string]> = [
    ['401', MESSAGES.unauthorized],
    ['403', MESSAGES.forbidden],
    ['404', 'No LOA with that id was found on this community server.'],
    ['500', MESSAGES.unavailable],
    ['html-502', MESSAGES.unavailable],
    ['html-200', MESSAGES.malformed],
    ['header', MESSAGES.unavailable],
  ];
  it.each(cases)('%s: the moderator sees one sentence; the token goes nowhere', async (mode, sentence) => {
    proxy.mode = mode;
    const id = upstream.dataset.loas[cases.findIndex(([m]) => m === mode) + 1]!.id;
    const answer = await ask(world, 'loa', { subcommand: 'view', options: { id } });
    expect(answer.message?.content).toBe(sentence);
    try {
      await world.app.api.resources.getLoa(`${id}-direct`, { purpose: 'refresh' });
      expect.unreachable('the read should fail');
    } catch (error) {
      recordError(`echo ${mode}`, error);
      expect(String(error)).not.toContain(apiToken);
    }
    proxy.mode = 'pass';
    expect(secretFindings()).toEqual([]);
  });

  it('every command, /rollcall status and a page turn, through the proxy, leak nothing', async () => {
    proxy.mode = 'pass';
    for (const [name, input] of [
      ['loa', { subcommand: 'list' }],
      ['log', { subcommand: 'user', options: { username: upstream.dataset.samples.busyUsernames[0]! } }],
      ['shift', { subcommand: 'list' }],
      ['role', { subcommand: 'list' }],
      ['member', { subcommand: 'list' }],
      ['application', { subcommand: 'list' }],
      ['audit-log', { subcommand: 'list' }],
      ['rollcall', { subcommand: 'status' }],
      ['rollcall', { subcommand: 'help' }],
    ] as const) {
      const answer = await ask(world, name, input);
      expect(answer.message?.embeds?.length, `/${name}`).toBe(1);
    }
    const status = await ask(world, 'rollcall', { subcommand: 'status', options: { public: true } });
    expect(embedOf(status.message).title).toBeDefined();
    expect(secretFindings()).toEqual([]);
  });

  it('the grep covers what it claims: a planted token is found', () => {
    // guard against a grep that can never fire
    world.logLines.push(`{"msg":"planted","h":"Bearer ${apiToken}"}`);
    try {
      expect(secretFindings().length).toBeGreaterThan(0);
    } finally {
      world.logLines.pop();
    }
    expect(secretFindings()).toEqual([]);
  });
});

describe.skipIf(!withRedis)('a Redis password in CACHE_URL (redis-server --requirepass)', () => {
  // @, quotes, a backslash and a space: written percent-encoded in the URL, JSON-escaped in log lines
  const password = `${secret('rc-redis-pw')}@"'\\ x`;
  let redis: OwnRedis;
  let cached: ReliableWorld;

  beforeAll(async () => {
    redis = await OwnRedis.create({ password });
    await redis.start();
    cached = await startReliableWorld({ env: { CACHE_URL: redis.url, LOG_LEVEL: 'trace' } });
  });
  afterAll(async () => {
    await cached?.close();
    await redis?.stop();
  });

  it('is used (the bot authenticates and caches), and appears nowhere, not even when Redis dies', async () => {
    expect(redis.url).not.toContain(password); // percent-encoded in the URL
    expect(secretsOf(cached)).toEqual(expect.arrayContaining([password, encodeURIComponent(password)]));
    await until(() => cached.app.api.stats().cacheHealthy, 5_000, 'Redis ready (authenticated)');
    const answer = await ask(cached, 'loa', { subcommand: 'list' });
    expect(embedOf(answer.message).title).toBe('Leaves of absence');
    expect(Number(redis.cli('DBSIZE').trim())).toBeGreaterThan(0);
    recordText('Redis keys (password-protected)', redis.cli('KEYS', '*'));
    await redis.kill();
    // An LOA of this world's own sandbox (its data is dated around its start, so its ids are its own).
    const loa = cached.sandbox.dataset.loas[40]!;
    const during = await ask(cached, 'loa', { subcommand: 'view', options: { id: loa.id } });
    expect(embedOf(during.message).title).toContain(loa.id);
    await until(
      () => cached.logLines.some((line) => line.includes('cache unavailable')),
      5_000,
      'the cache failure logged',
    );
    await redis.start();
    await until(() => cached.app.api.stats().cacheHealthy, 10_000, 'Redis back (authenticated again)');
    expect(secretFindings()).toEqual([]);
  });

  it.each([
    ['as written in the URL', () => `{"msg":"connecting","url":"${redis.url}"}`],
    ['as a JSON log line writes it', () => JSON.stringify({ msg: 'auth', detail: `password ${password}` })],
    ['in plain text', () => `AUTH ${password}`],
  ])('the grep covers what it claims: a planted password is found %s', (_where, planted) => {
    cached.logLines.push(planted());
    try {
      expect(secretFindings().length).toBeGreaterThan(0);
    } finally {
      cached.logLines.pop();
    }
    expect(secretFindings()).toEqual([]);
  });
});

auditEverything();
