/** The token never leaves through a cache key, an error or a log line. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCache, createCache } from '../../src/api/cache.js';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import { tokenHash } from '../../src/store/crypto.js';
import {
  captureLogger,
  fastDeps,
  type Handler,
  silentLogger,
  startServer,
  type TestServer,
  TOKEN,
  testConfig,
} from './helpers.js';

let server: TestServer;
let api: Api;
const keys: string[] = [];
const { logger, lines } = captureLogger();
const errors: unknown[] = [];

/** A memory cache that records every key it is asked about. */
function recordingCache(): ApiCache {
  const inner = createCache({ CACHE_MAX_ENTRIES: 100 }, silentLogger);
  return {
    ...inner,
    get: (key) => {
      keys.push(key);
      return inner.get(key);
    },
    set: (key, entry, ttl) => {
      keys.push(key);
      return inner.set(key, entry, ttl);
    },
  };
}

/** One failure mode per id; the 401 echoes the token back, as a careless API might. */
const handler: Handler = (request) => {
  const id = decodeURIComponent(request.path.split('/').at(-1) ?? '');
  switch (id) {
    case 'unauthorized':
      return { status: 401, body: { error: `invalid or expired token: Bearer ${TOKEN}` } };
    case 'forbidden':
      return { status: 403, body: { error: 'insufficient permissions for this operation' } };
    case 'missing':
      return { status: 404, body: { error: 'the requested resource could not be found on this server' } };
    case 'broken':
      return { status: 500, body: { error: 'internal server error' } };
    case 'limited':
      return { status: 429, headers: { 'retry-after': '600' }, body: { error: 'rate limit exceeded' } };
    case 'slow':
      return { body: { id }, delayMs: 10_000 };
    case 'dropped':
      return 'destroy';
    case 'html':
      return { raw: `<html>${TOKEN}</html>` };
    default:
      return { body: { id, serverId: 's1' } };
  }
};

beforeAll(async () => {
  server = await startServer(handler);
  // Long enough for every other answer on a loaded machine; only `slow` (10 s) outlasts it.
  const config = testConfig(server.baseUrl, { API_TIMEOUT_MS: 1_500, API_RETRIES: 1 });
  api = createApi(config, logger, { ...fastDeps, cache: recordingCache() });
  const ids = [
    'ok',
    'unauthorized',
    'forbidden',
    'missing',
    'broken',
    'slow',
    'dropped',
    'html',
    'limited',
    'after',
  ];
  for (const id of ids) {
    try {
      await api.resources.getLoa(id);
      await api.resources.listUserLogs(id, { page: 1, limit: 5 });
    } catch (error) {
      errors.push(error);
    }
  }
});
afterAll(async () => {
  await api.close();
  await server.close();
});

/** Everything an error could show: message, fields, JSON form, and its causes. */
function exposure(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    parts.push(String(e), e.stack ?? '', JSON.stringify(e), JSON.stringify({ ...e }));
  }
  return parts.join('\n');
}

describe('the token', () => {
  it('is sent to the API (sanity)', () => {
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('is not in any cache key, which carries its hash instead', () => {
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain(TOKEN);
      expect(key.startsWith(`rollcall:v1:${tokenHash(TOKEN)}:`)).toBe(true);
    }
    expect(tokenHash(TOKEN)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is not in any error, even when the API echoes it', () => {
    const kinds = errors.map((e) => (e as { kind?: string }).kind);
    expect(kinds).toEqual(expect.arrayContaining(['http', 'timeout', 'network', 'malformed', 'busy']));
    for (const error of errors) expect(exposure(error)).not.toContain(TOKEN);
    expect(errors.some((e) => (e as { apiMessage?: string }).apiMessage?.includes('[REDACTED]'))).toBe(true);
  });

  it('is not in any log line, nor is the Authorization header', () => {
    expect(lines.length).toBeGreaterThan(10);
    const log = lines.join('');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toMatch(/bearer/i);
    expect(log).not.toMatch(/authorization/i);
  });

  it('logs each request at debug with op, path, status, ms and attempt', () => {
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ok = entries.find((e) => e.op === 'getLoa' && e.path === '/api/v1/server/loas/ok');
    expect(ok).toMatchObject({ level: 20, status: 200, attempt: 1 });
    expect(typeof ok?.ms).toBe('number');
    const retried = entries.filter((e) => e.path === '/api/v1/server/loas/broken');
    expect(retried.map((e) => e.attempt)).toEqual([1, 2]);
    const timedOut = entries.find((e) => e.path === '/api/v1/server/loas/slow');
    expect(timedOut).toMatchObject({ error: 'timeout' });
  });
});
