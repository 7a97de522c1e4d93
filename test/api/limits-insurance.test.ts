/**
 * The Redis store's insurance (the counts kept in memory while Redis does not answer) keeps a
 * month's count for the whole month, on every day of it. A month key's custom duration runs to the
 * month's end, over what a Node timer holds (2^31 − 1 ms) while more than 24.8 days remain; a timer
 * that long fires after 1 ms, so on the 1st to the 6th of a month the count was dropped at once.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiLimits } from '../../src/api/limits/limits.js';
import { type LimitStore, redisLimitStore } from '../../src/api/limits/store.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import { fakeClock, silentLogger } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Seconds from `now` to the next UTC month's start, and a day more: what a month counter asks Redis for. */
function toMonthEnd(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.ceil((next - now.getTime()) / 1000) + 86_400;
}

/** An Api's limits from a `settings limits:` text, counted in `store`. */
function openLimits(text: string, store: LimitStore, now?: () => number): ApiLimits {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return new ApiLimits({ specs: parsed.limits, store, logger: silentLogger, ...(now ? { now } : {}) });
}

/** How many of `attempts` requests in a row the limits grant at once. */
async function grantedOf(l: ApiLimits, key: string, attempts: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < attempts; i++)
    if (
      await l.acquire(key, 0).then(
        () => true,
        () => false,
      )
    )
      n++;
  return n;
}

describe('the insurance of a month counter (Redis not answering)', () => {
  for (const day of [2, 6, 20]) {
    it(`keeps the count through the month when counted on day ${day}`, async () => {
      const now = new Date(Date.UTC(2026, 11, day, 10, 0, 0));
      vi.useFakeTimers({ now, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
      // Nothing listens on port 1: every Redis call fails and the insurance answers.
      const store = redisLimitStore('redis://127.0.0.1:1', silentLogger);
      const counter = store.counter('rollcall:test:month', 1_000, 0);
      const key = 'token:2026-12';
      await counter.consume(key, 3, { customDuration: toMonthEnd(now) });
      await counter.penalty(key, 2, { customDuration: toMonthEnd(now) });
      await vi.advanceTimersByTimeAsync(60_000);
      const kept = await store.insurance(counter)?.get(key);
      expect(kept?.consumedPoints).toBe(5);
      await store.close();
    });
  }
});

/**
 * An admin changes the token's limits (`settings limits:`) while Redis does not answer: the Api is
 * rebuilt on a new store of the same Redis. What this process counted in memory meanwhile (the
 * request times, the month, the API's own count) goes on in the new one, as it would have in the old.
 */
describe.runIf(hasRedisServer)(
  'a limit changed while Redis does not answer (a redis-server of our own)',
  () => {
    it('keeps the request log, the month and the API count of this process', async () => {
      const redis = await OwnRedis.create();
      await redis.start();
      const first = redisLimitStore(redis.url, silentLogger);
      const clock = fakeClock(Date.now());
      const key = `test-${randomBytes(6).toString('hex')}`;
      const open = (text: string, store: LimitStore) => openLimits(text, store, clock.now);
      const granted = (l: ApiLimits, attempts: number) => grantedOf(l, key, attempts);
      let second: LimitStore | undefined;
      try {
        await first.ready();
        const before = open('100/month,5/1m', first);
        expect(await granted(before, 2)).toBe(2);
        await redis.kill();
        // Redis gone: this process counts on in memory, and the API says 1 remains for 40 s.
        await before.observe(key, new Headers({ 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '40' }));
        expect(await granted(before, 10)).toBe(1);
        // The limit raised: a new Api on a new store (the old one is retired after it is built).
        second = redisLimitStore(redis.url, silentLogger);
        const after = open('10/month,10/1m', second);
        await before.close();
        // The API's count still holds until its reset.
        expect(await granted(after, 10)).toBe(0);
        clock.advance(40_000);
        // Then the 3 of the last minute count under 10/1m, and all 10 of the month have gone.
        expect(await granted(after, 10)).toBe(7);
        expect((await after.status(key))[0]).toMatchObject({ kind: 'month', used: 10, left: 0 });
      } finally {
        await second?.close();
        await first.close();
        await redis.stop();
      }
    }, 20_000);
  },
);

/**
 * Hosted mode: every token's Api has its own store on the one CACHE_URL, each token under the limits
 * its servers chose. While Redis does not answer, each token is counted in memory under its own
 * limits, never under those of the token whose store was built last.
 */
describe('tokens of one Redis URL while it does not answer', () => {
  const open = (text: string, store: LimitStore) => openLimits(text, store);
  const granted = grantedOf;

  it("counts each token's month, and its access share, under that token's own limits", async () => {
    // Nothing listens on port 1: every Redis call fails and the insurance answers.
    const url = 'redis://127.0.0.1:1';
    const a = redisLimitStore(url, silentLogger, { token: 'token-a' });
    const b = redisLimitStore(url, silentLogger, { token: 'token-b' });
    try {
      const large = open('1000/month', a);
      const small = open('3/month', b); // built after: its limits must not become the other's
      expect(await granted(large, 'token-a', 6)).toBe(6);
      expect(await granted(small, 'token-b', 6)).toBe(3);
      // The access share is a tenth of each token's own month: 100 of 1000 for the larger.
      let lookups = 0;
      for (let i = 0; i < 20; i++) if ((await large.takeAccess('token-a', 'recheck')).ok) lookups++;
      expect(lookups).toBe(20);
    } finally {
      await a.close();
      await b.close();
    }
  });
  it("drops a token's memory once its last store closes, while other tokens' stores stay open", async () => {
    const url = 'redis://127.0.0.1:1';
    const other = redisLimitStore(url, silentLogger, { token: 'token-other' });
    const first = redisLimitStore(url, silentLogger, { token: 'token-gone' });
    try {
      open('2/1m', other);
      expect(await granted(open('2/1m', first), 'token-gone', 3)).toBe(2);
      await first.close(); // its Api evicted (hosted mode keeps 200) or its community forgotten
      // Nothing of it is kept in memory: an Api built for it again finds none of it (with Redis
      // down it counts from nothing, as a restarted process does; on Redis, from what Redis has).
      const again = redisLimitStore(url, silentLogger, { token: 'token-gone' });
      expect(await granted(open('2/1m', again), 'token-gone', 3)).toBe(2);
      await again.close();
    } finally {
      await first.close();
      await other.close();
    }
  });
});
