/**
 * Two Rollcall processes sharing one cache (as on one Redis) whose clocks disagree: a member record
 * saved by the process whose clock runs ahead carries a time in the other's future. An access check
 * (a read with a maximum age) must not take it as younger than its maximum age.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCache } from '../../src/api/cache.js';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import { fakeClock, fastDeps, silentLogger, startServer, type TestServer, testConfig } from './helpers.js';

let server: TestServer;
const apis: Api[] = [];

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await server.close();
});

const MINUTE = 60_000;

describe('a saved member record from a clock that runs ahead', () => {
  it('is not fresh enough for an access check while it is dated in the future', async () => {
    const config = testConfig(server.baseUrl, { API_RETRIES: 0 });
    const cache = createCache(config, silentLogger);
    const behind = fakeClock(Date.parse('2026-11-21T12:00:00Z'));
    const ahead = fakeClock(behind.now() + 10 * MINUTE);
    const make = (clock: ReturnType<typeof fakeClock>) => {
      const api = createApi(config, silentLogger, { ...fastDeps, cache, now: clock.now });
      apis.push(api);
      return api;
    };
    const [slow, fast] = [make(behind), make(ahead)];
    await fast.resources.getMemberByChatId('123456789012345678');
    expect(server.requests).toHaveLength(1);
    // Six minutes pass: the record is six minutes old, whatever the clock that saved it said.
    behind.advance(6 * MINUTE);
    const checked = await slow.resources.getMemberByChatId('123456789012345678', {
      purpose: 'access-lookup',
      maxAgeMs: 5 * MINUTE,
    });
    expect(checked.fromCache).toBe(false);
    expect(server.requests).toHaveLength(2);
    // A read without a maximum age still uses the copy (only access checks are strict).
    const shown = await slow.resources.getMemberByChatId('123456789012345678');
    expect(shown.fromCache).toBe(true);
  });
});
