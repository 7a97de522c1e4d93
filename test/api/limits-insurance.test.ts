/**
 * The Redis store's insurance (the counts kept in memory while Redis does not answer) keeps a
 * month's count for the whole month, on every day of it. A month key's custom duration runs to the
 * month's end, over what a Node timer holds (2^31 − 1 ms) while more than 24.8 days remain; a timer
 * that long fires after 1 ms, so on the 1st to the 6th of a month the count was dropped at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisLimitStore } from '../../src/api/limits/store.js';
import { silentLogger } from './helpers.js';

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
