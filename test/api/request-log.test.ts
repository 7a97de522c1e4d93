/**
 * The short limits' log (src/api/limits/request-log.ts), in memory and in Redis (the same Lua the
 * bot runs): no stretch of the window, starting at any instant, ever holds more than its requests;
 * a request is refused only when a window is full (never with room), and then told exactly how long
 * until the oldest leaves; a clock stepped back counts the entries ahead of it as now, and they keep
 * their time (a clock stepped forward again, a process ahead of another); a limit lowered
 * mid-window applies at once, and so does one whose window's length changed (one log per key). Property runs on generated request times, on an explicit clock; in
 * Redis through the limit store the bot uses.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type LogWindow, MemoryLog, type RequestLog } from '../../src/api/limits/request-log.js';
import { createSpans } from '../../src/api/limits/spans.js';
import { fileLimitStore, type LimitStore, redisLimitStore } from '../../src/api/limits/store.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { hasRedisServer, OwnRedis, reachable, sharedLimitStore } from '../support/redis.js';
import { freshDataDir, silentLogger } from './helpers.js';

const redisUp = (await reachable(6379)) || process.env.CI === 'true';

/** The Redis store's own log (its Lua script), under a prefix no other run has used. */
function redisLog(store: LimitStore): RequestLog {
  return store.log(`test:log:${randomBytes(6).toString('hex')}`);
}

const WINDOWS: LogWindow[] = [
  { ms: 3_000, points: 4 },
  { ms: 11_000, points: 9 },
];

/** Steps of time between attempts (ms): bursts (0), short and long gaps, and clock steps back. */
const steps = fc.array(
  fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500 }), fc.integer({ min: -2_000, max: -1 })),
  {
    minLength: 1,
    maxLength: 120,
  },
);

/**
 * Run the attempts; check every rule after each. The wall clock (the log's) steps back by the
 * negative gaps while real time stands still; the API counts in real time.
 */
async function holds(log: RequestLog, gaps: number[]) {
  const key = `k${randomBytes(4).toString('hex')}`;
  let now = 1_000_000;
  let real = 0;
  // What the log must hold: granted times as they were, each dropped for good once out of the
  // longest window; each window counts those within its length, those later than the clock as now.
  const longest = Math.max(...WINDOWS.map((w) => w.ms));
  let kept: number[] = [];
  const inWindow = (w: LogWindow) => kept.filter((t) => t > now - w.ms);
  // Every grant in real time, per window alike: what the API sees.
  const realGrants: number[] = [];
  for (const gap of gaps) {
    now += gap;
    real += Math.max(gap, 0);
    kept = kept.filter((t) => t > now - longest);
    const full = WINDOWS.some((w) => inWindow(w).length >= w.points);
    const wait = await log.take(key, WINDOWS, now);
    if (!full) {
      // Room in every window: it goes at once.
      expect(wait).toBe(0);
      kept.push(now);
      realGrants.push(real);
    } else {
      // Full: refused, told how long until the fullest window's oldest counted entry leaves.
      const expected = Math.max(
        ...WINDOWS.map((w) => {
          const list = [...inWindow(w)].sort((a, b) => a - b);
          const oldest = Math.min(list[list.length - w.points] as number, now);
          return list.length >= w.points ? oldest + w.ms - now : 0;
        }),
        1,
      );
      expect(wait).toBe(expected);
    }
    // No stretch of any window, ending at any grant, holds more than its requests, in real time.
    for (const w of WINDOWS) {
      for (const end of realGrants)
        expect(realGrants.filter((t) => t > end - w.ms && t <= end).length).toBeLessThanOrEqual(w.points);
    }
    const look = await log.look(key, WINDOWS, now);
    WINDOWS.forEach((w, i) => {
      expect(look[i]?.used).toBe(inWindow(w).length);
    });
  }
}

/** How many of `attempts` takes are granted (each at once, on the same clock). */
async function granted(take: () => Promise<number>, attempts: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < attempts; i++) if ((await take()) === 0) n++;
  return n;
}

function specs(text: string) {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return parsed.limits;
}

/**
 * An admin changes the token's limits mid-window (`settings limits:`, which rebuilds the Api on the
 * same store): the requests already sent count under the new limits at once, whatever the new
 * window's length.
 */
async function limitChanged(store: LimitStore) {
  const prefix = `test:spans:${randomBytes(6).toString('hex')}`;
  let t = 50_000_000;
  const now = () => t;
  expect(await granted(() => createSpans(specs('30/1m'), store, prefix, now).take('k'), 40)).toBe(30);
  t += 1_000;
  // 30 went a second ago: a limit of 30 in two minutes has no room, nor has one of 10 in a minute.
  expect(await granted(() => createSpans(specs('30/2m'), store, prefix, now).take('k'), 10)).toBe(0);
  expect(await granted(() => createSpans(specs('10/30s'), store, prefix, now).take('k'), 10)).toBe(0);
  // Once they are out of the new window (30 s and the margin), its 10 go at once.
  t += 31_000;
  expect(await granted(() => createSpans(specs('10/30s'), store, prefix, now).take('k'), 20)).toBe(10);
}

describe('the short limits kept exactly', () => {
  it('in memory: never over a window, never refused with room, the wait exact, a clock stepped back held', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (gaps) => holds(new MemoryLog(), gaps)),
      { numRuns: 150 },
    );
  });

  it('a burst up to the limit goes at once, the next waits for the oldest to leave', async () => {
    const log = new MemoryLog();
    const window = [{ ms: 61_000, points: 30 }];
    for (let i = 0; i < 30; i++) expect(await log.take('k', window, 5_000 + i)).toBe(0);
    expect(await log.take('k', window, 5_030)).toBe(5_000 + 61_000 - 5_030);
    expect(await log.take('k', window, 66_000)).toBe(0);
  });

  it('a limit lowered mid-window applies at once; the log is kept', async () => {
    const log = new MemoryLog();
    for (let i = 0; i < 5; i++) expect(await log.take('k', [{ ms: 10_000, points: 10 }], 100 + i)).toBe(0);
    expect(await log.take('k', [{ ms: 10_000, points: 3 }], 200)).toBe(100 + 2 + 10_000 - 200);
    expect(await log.take('k', [{ ms: 10_000, points: 6 }], 200)).toBe(0);
  });

  it('survives a dump and a restore (the counters file)', async () => {
    const log = new MemoryLog();
    const window = [{ ms: 10_000, points: 2 }];
    await log.take('k', window, 1_000);
    await log.take('k', window, 1_001);
    const again = new MemoryLog();
    again.restore(JSON.parse(JSON.stringify(log.dump())));
    expect(await again.take('k', window, 1_002)).toBe(1_000 + 10_000 - 1_002);
  });

  it('a clock stepped back 10 minutes, then forward again, sends no second burst', async () => {
    const log = new MemoryLog();
    const window = [{ ms: 62_000, points: 5 }];
    const t = 90_000_000;
    expect(await granted(() => log.take('k', window, t), 10)).toBe(5);
    // Stepped back: the five are ahead of the clock and count as now.
    expect(await granted(() => log.take('k', window, t - 600_000), 10)).toBe(0);
    // Stepped forward again a moment later: the five went a moment ago.
    expect(await granted(() => log.take('k', window, t + 1), 10)).toBe(0);
    expect(await log.take('k', window, t + 1)).toBe(62_000 - 1);
    expect(await granted(() => log.take('k', window, t + 62_000), 10)).toBe(5);
  });

  it('a limit changed mid-window, to another window length, counts what went (counters file)', async () => {
    const store = fileLimitStore(freshDataDir(), 'h', silentLogger);
    try {
      await limitChanged(store);
    } finally {
      await store.close();
    }
  });

  describe.runIf(redisUp)('in Redis (the Lua script the bot runs)', () => {
    it('a limit changed mid-window, to another window length, counts what went', async () => {
      await limitChanged(await opening);
    });

    const opening = sharedLimitStore();
    afterAll(async () => {
      await (await opening).close();
    });

    it('the same rules, atomically', async () => {
      const store = await opening;
      await fc.assert(
        fc.asyncProperty(steps, async (gaps) => holds(redisLog(store), gaps)),
        { numRuns: 40 },
      );
      // Answered by Redis throughout, never by the memory log standing in for it.
      expect(store.shared()).toBe(true);
    });

    it("a process whose clock runs 10 minutes ahead keeps to the limit, another's takes in between", async () => {
      const prefix = `test:log:${randomBytes(6).toString('hex')}`;
      const other = await sharedLimitStore(); // another process's connection to the same Redis
      try {
        const ahead = (await opening).log(prefix);
        const behind = other.log(prefix);
        const window = [{ ms: 62_000, points: 5 }];
        const t = Date.now();
        let sent = 0;
        for (let round = 0; round < 3; round++) {
          sent += await granted(() => ahead.take('k', window, t + 600_000 + round), 10);
          // Its five are ahead of this clock: they count as now here, and stay where they are.
          sent += await granted(() => behind.take('k', window, t + round), 10);
        }
        expect(sent).toBe(5);
      } finally {
        await other.close();
      }
    });

    it('two writers at the same instant are never both granted the last place', async () => {
      const store = await opening;
      const log = redisLog(store);
      const window = [{ ms: 5_000, points: 3 }];
      const waits = await Promise.all(Array.from({ length: 12 }, () => log.take('same', window, 10_000)));
      expect(waits.filter((w) => w === 0)).toHaveLength(3);
    });
  });
});

describe.runIf(hasRedisServer)('Redis going away and coming back (a redis-server of our own)', () => {
  it('what a process sent while Redis did not answer still counts once it answers again', async () => {
    const redis = await OwnRedis.create();
    await redis.start();
    const store = redisLimitStore(redis.url, silentLogger);
    // Only Date is faked, to pass the store's pause before it tries Redis again (REDIS_RETRY_MS).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await store.ready();
      const log = store.log('test:log:away');
      const window = [{ ms: 62_000, points: 5 }];
      const t = Date.now();
      expect(await granted(() => log.take('k', window, t), 2)).toBe(2);
      redis.freeze();
      // Not answering: this process counts on from what Redis last held, three more.
      expect(await granted(() => log.take('k', window, t + 1_000), 10)).toBe(3);
      redis.thaw();
      await vi.waitUntil(
        async () => {
          vi.setSystemTime(Date.now() + 6_000);
          await log.look('k', window, t + 2_000);
          return store.shared();
        },
        { timeout: 5_000, interval: 20 },
      );
      // Back: the five of the last 62 s are five, in Redis as here: none more may go.
      expect(await granted(() => log.take('k', window, t + 2_000), 10)).toBe(0);
      expect(store.shared()).toBe(true);
    } finally {
      vi.useRealTimers();
      await store.close();
      await redis.stop();
    }
  }, 20_000);
});
