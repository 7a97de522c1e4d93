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
      const open = (text: string, store: LimitStore) => {
        const parsed = parseLimits(text);
        if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
        return new ApiLimits({ specs: parsed.limits, store, logger: silentLogger, now: clock.now });
      };
      const granted = async (l: ApiLimits, attempts: number) => {
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
      };
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
