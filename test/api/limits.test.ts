/**
 * API_LIMITS: every limit at once under concurrency, kept in every window of its length, counted
 * per calendar month (UTC), persistent across a restart (file and Redis), shared by two instances on
 * one Redis, brought in line by the API's X-RateLimit-* headers, holds with probes, and the pace.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { ApiLimits, type Limits, type LimitsOptions } from '../../src/api/limits/limits.js';
import { fileLimitStore, type LimitStore } from '../../src/api/limits/store.js';
import { withWait } from '../../src/api/wait.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { reachable, sharedLimitStore } from '../support/redis.js';
import { captureLogger, fakeClock, freshDataDir, rejection, silentLogger } from './helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = await reachable(6379);

const opened: Limits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

function specs(text: string) {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return parsed.limits;
}

function limits(text: string, store: LimitStore, extra: Partial<LimitsOptions> = {}) {
  const created = new ApiLimits({ specs: specs(text), store, logger: silentLogger, ...extra });
  opened.push(created);
  return created;
}

/** A key no other test (or earlier run on the shared Redis) has used. */
const freshKey = () => `test-${randomBytes(6).toString('hex')}`;

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof ApiError ? e.kind : 'other'),
  );

describe('every limit at once, under concurrency', () => {
  it('sixty parallel callers never get more than the month allows, nor more than the limit in any window', async () => {
    const l = limits('7/month,4/2s', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const key = freshKey();
    const granted: number[] = [];
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () => outcome(l.acquire(key, 10_000).then(() => granted.push(Date.now())))),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(7);
    // The others are told the month is spent, or (queued too deep to be served in time) to come back.
    expect(outcomes.filter((o) => o !== 'ok' && o !== 'quota' && o !== 'busy')).toEqual([]);
    expect((await l.status(key))[0]).toMatchObject({ used: 7, left: 0 });
    // 4 per 2 s: no 2 s (the API's window) held more than 4 grants. (The log keeps 4 in every 4 s, the
    // margin covering the time between a grant and its request reaching the API, as here the
    // moment a caller noticed it.)
    const busiest = Math.max(...granted.map((t) => granted.filter((u) => u >= t && u < t + 2_000).length));
    expect(busiest).toBeLessThanOrEqual(4);
  }, 20_000);

  it('a spent month answers quota at once, naming the start of next month (UTC)', async () => {
    const clock = fakeClock(Date.parse('2026-11-30T20:00:00Z')); // already December east of UTC
    const l = limits('2/month', fileLimitStore(freshDataDir(), 'h', silentLogger), { now: clock.now });
    const key = freshKey();
    await l.acquire(key, 0);
    await l.acquire(key, 0);
    const error = (await rejection(l.acquire(key, 0))) as ApiError;
    expect(error.kind).toBe('quota');
    expect(error.resetAt).toBe(Date.parse('2026-12-01T00:00:00Z'));
  });
});

describe('month rollover (UTC, injected clock)', () => {
  it('counts again from zero when the UTC calendar month changes, not before', async () => {
    const clock = fakeClock(Date.parse('2026-11-30T23:59:58Z'));
    const l = limits('1/month', fileLimitStore(freshDataDir(), 'h', silentLogger), { now: clock.now });
    const key = freshKey();
    await l.acquire(key, 0);
    expect(await outcome(l.acquire(key, 0))).toBe('quota');
    clock.advance(1_000); // 23:59:59
    expect(await outcome(l.acquire(key, 0))).toBe('quota');
    clock.advance(1_000); // 2026-12-01T00:00:00Z
    expect(await outcome(l.acquire(key, 0))).toBe('ok');
    expect(await outcome(l.acquire(key, 0))).toBe('quota');
    const [month] = await l.status(key);
    expect(month).toMatchObject({ used: 1, left: 0, resetAt: Date.parse('2027-01-01T00:00:00Z') });
  });

  it('with API_MONTH_SECONDS, the month is a period of that length aligned to the epoch (a compressed month)', async () => {
    const clock = fakeClock(600_000 * 5_000_000 - 2_000); // 2 s before a 600 s period ends
    const l = limits('2/month', fileLimitStore(freshDataDir(), 'h', silentLogger), {
      now: clock.now,
      monthSeconds: 600,
    });
    const key = freshKey();
    await l.acquire(key, 0);
    await l.acquire(key, 0);
    expect(await outcome(l.acquire(key, 0))).toBe('quota');
    expect((await l.status(key))[0]).toMatchObject({ used: 2, resetAt: 600_000 * 5_000_000 });
    clock.advance(2_000); // the next period
    expect(await outcome(l.acquire(key, 0))).toBe('ok');
    const [month] = await l.status(key);
    expect(month).toMatchObject({ used: 1, left: 1, resetAt: 600_000 * 5_000_001 });
    // The pace spreads what is left over the period's time left, not the calendar month's.
    expect(month?.pace).toMatchObject({ intervalMs: expect.any(Number) });
    expect((month?.pace as { intervalMs: number } | undefined)?.intervalMs).toBeLessThanOrEqual(600_000);
  });
});

describe('persistence across a restart', () => {
  it('file: a new process on the same DATA_DIR continues the count', async () => {
    const dir = freshDataDir();
    const key = freshKey();
    const first = limits('3/month,100/1s', fileLimitStore(dir, 'h', silentLogger));
    await first.acquire(key, 0);
    await first.acquire(key, 0);
    await first.close();
    const second = limits('3/month,100/1s', fileLimitStore(dir, 'h', silentLogger));
    expect((await second.status(key))[0]).toMatchObject({ used: 2, left: 1 });
    await second.acquire(key, 0);
    expect(await outcome(second.acquire(key, 0))).toBe('quota');
  });

  it('file: a restart with a fresh DATA_DIR starts from zero (the count lives in the file)', async () => {
    const key = freshKey();
    const first = limits('1/month', fileLimitStore(freshDataDir(), 'h', silentLogger));
    await first.acquire(key, 0);
    await first.close();
    const other = limits('1/month', fileLimitStore(freshDataDir(), 'h', silentLogger));
    expect(await outcome(other.acquire(key, 0))).toBe('ok');
  });

  it.runIf(redisUp)('Redis: a new process on the same Redis continues the count', async () => {
    const key = freshKey();
    const first = limits('3/month', await redisStore());
    await first.acquire(key, 0);
    await first.acquire(key, 0);
    await first.close();
    const second = limits('3/month', await redisStore());
    expect((await second.status(key))[0]).toMatchObject({ used: 2, left: 1 });
    await second.acquire(key, 0);
    expect(await outcome(second.acquire(key, 0))).toBe('quota');
  });
});

describe.runIf(redisUp)('two instances on one Redis', () => {
  it('never exceed a limit together', async () => {
    const key = freshKey();
    const a = limits('10/month,1000/1s', await redisStore());
    const b = limits('10/month,1000/1s', await redisStore());
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => outcome((i % 2 ? a : b).acquire(key, 5_000))),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect((await a.status(key))[0]).toMatchObject({ used: 10, left: 0 });
  });
});

describe.runIf(redisUp)('two processes on one Redis', () => {
  it('never exceed a limit together (two node processes, started at the same moment)', async () => {
    const key = freshKey();
    const script = fileURLToPath(new URL('./support/limits-child.ts', import.meta.url));
    const children = [0, 1].map(() =>
      spawn(process.execPath, ['--import', 'tsx', script, REDIS_URL, '10/month,1000/1s', key, '15'], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const lines = children.map((child) => {
      let out = '';
      const ready = new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk) => {
          out += String(chunk);
          if (out.includes('ready\n')) resolve();
        }),
      );
      const done = new Promise<string[]>((resolve) =>
        child.on('exit', () => resolve(JSON.parse(out.split('\n')[1] ?? '[]') as string[])),
      );
      return { ready, done };
    });
    await Promise.all(lines.map((l) => l.ready));
    for (const child of children) child.stdin.end('go\n');
    const [first, second] = await Promise.all(lines.map((l) => l.done));
    const all = [...(first ?? []), ...(second ?? [])];
    expect(all).toHaveLength(30);
    expect(all.filter((o) => o === 'ok')).toHaveLength(10);
    expect(all.filter((o) => o !== 'ok' && o !== 'quota')).toEqual([]);
    // (Counted apart, each process would have been granted 10: 20 in all.)
    const split = [first, second].map((o) => o?.filter((x) => x === 'ok').length);
    console.info(`two processes on one Redis: granted ${split.join(' + ')} of 30 attempts (limit 10)`);
  }, 30_000);
});

describe('resync from X-RateLimit-* headers', () => {
  const far = () => String(Math.ceil(Date.now() / 1000) + 20 * 86_400);

  it("takes the API's monthly count when it is stricter, never when it is looser", async () => {
    const l = limits('10/month,30/1m', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const key = freshKey();
    await l.acquire(key, 0);
    await l.observe(key, new Headers({ 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': far() }));
    expect((await l.status(key))[0]).toMatchObject({ used: 1 });
    await l.observe(key, new Headers({ 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': far() }));
    expect((await l.status(key))[0]).toMatchObject({ used: 8, left: 2 });
    await l.observe(key, new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': far() }));
    expect(await outcome(l.acquire(key, 0))).toBe('quota');
  });

  it("holds every caller until a short window's reset when the API says none are left", async () => {
    const l = limits('10/month,30/1m', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const key = freshKey();
    await l.observe(key, new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' }));
    const error = (await rejection(l.acquire(key, 1_000))) as ApiError;
    expect(error).toMatchObject({ kind: 'busy' });
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(4);
    expect((await l.status(key))[0]).toMatchObject({ used: 0 });
  });

  it('without a monthly limit, holds callers to the reset of an API window longer than ours', async () => {
    const l = limits('1000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const key = freshKey();
    await l.observe(key, new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' }));
    const error = (await rejection(l.acquire(key, 1_000))) as ApiError;
    expect(error).toMatchObject({ kind: 'busy' });
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(59);
  });
});

/** How many of `attempts` acquires of `key` are granted at once (none may wait). */
async function grantedNow(l: Limits, key: string, attempts: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < attempts; i++) if ((await outcome(l.acquire(key, 0))) === 'ok') n++;
  return n;
}

/** The API's answer: `remaining` left in a short window that resets in `resetSeconds`. */
const apiSays = (remaining: number, resetSeconds: number) =>
  new Headers({ 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(resetSeconds) });

describe("the API's remaining count of a short window, beside the limits kept here", () => {
  it('no more than the API says remain go before its reset; the count is forgotten at the reset', async () => {
    const clock = fakeClock(1_800_000_000_000);
    const l = limits('30/1m', fileLimitStore(freshDataDir(), 'h', silentLogger), { now: clock.now });
    const key = freshKey();
    const first = await l.acquire(key, 0);
    await l.observe(key, apiSays(2, 40), first);
    // 29 have room here, but the API says 2 until its reset in 40 s.
    expect(await grantedNow(l, key, 10)).toBe(2);
    const error = (await rejection(l.acquire(key, 1_000))) as ApiError;
    expect(error).toMatchObject({ kind: 'busy' });
    expect(error.retryAfterSeconds).toBe(40);
    clock.advance(40_000);
    // Reset: the API's count is forgotten; the 3 of this window leave 27 here.
    expect(await grantedNow(l, key, 27)).toBe(27);
    expect(await grantedNow(l, key, 1)).toBe(0);
  });

  it('counts the requests in flight; a newer answer applies at once, a stale larger count never loosens it', async () => {
    const clock = fakeClock(1_800_000_000_000);
    const l = limits('100/1m', fileLimitStore(freshDataDir(), 'h', silentLogger), { now: clock.now });
    const key = freshKey();
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await l.acquire(key, 0));
    await l.observe(key, apiSays(10, 40), sent[0]);
    // The second's answer: 4 remain after it, and the third, sent after it, is still in flight: 3 more.
    await l.observe(key, apiSays(4, 40), sent[1]);
    expect(await grantedNow(l, key, 10)).toBe(3);
    // The first's answer again, late, with its larger count: stale, it frees nothing.
    await l.observe(key, apiSays(9, 40), sent[0]);
    expect(await grantedNow(l, key, 10)).toBe(0);
    // A later reset is the API's next window: its count applies (nothing in flight).
    clock.advance(10_000);
    await l.observe(key, apiSays(5, 60));
    expect(await grantedNow(l, key, 10)).toBe(5);
  });

  it.each([
    ['in memory', false],
    ['in Redis', true],
  ])(
    'a window of the API longer than the longest hold: a stale larger count arriving later still frees nothing (%s)',
    async (_, onRedis) => {
      if (onRedis && !redisUp) return;
      // 60/10m here, the API's window resets in 8 minutes (Unix seconds, as the contract gives it):
      // more than the 5 minutes a count is held at most, so each answer's hold ends 5 minutes after it.
      const start = Math.floor(Date.now() / 1000) * 1000;
      const clock = fakeClock(start);
      const resetAt = String((start + 480_000) / 1000);
      const says = (remaining: number) =>
        new Headers({ 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': resetAt });
      const store = onRedis ? await redisStore() : fileLimitStore(freshDataDir(), 'h', silentLogger);
      const l = limits('60/10m', store, { now: clock.now });
      const key = freshKey();
      const sent = [];
      for (let i = 0; i < 3; i++) sent.push(await l.acquire(key, 0));
      await l.observe(key, says(4), sent[1]);
      expect(await grantedNow(l, key, 10)).toBe(3);
      // Two seconds later the first's answer, late, with its larger count: the same window of the
      // API (the same reset), so it frees nothing.
      clock.advance(2_000);
      await l.observe(key, says(9), sent[0]);
      expect(await grantedNow(l, key, 10)).toBe(0);
    },
  );

  it('holds a count of the API longer than any limit kept here, without a monthly limit', async () => {
    const clock = fakeClock(1_800_000_000_000);
    const l = limits('1000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger), { now: clock.now });
    const key = freshKey();
    await l.observe(key, apiSays(3, 60));
    expect(await grantedNow(l, key, 10)).toBe(3);
    clock.advance(59_000);
    expect(await grantedNow(l, key, 10)).toBe(0);
    clock.advance(1_000);
    expect(await grantedNow(l, key, 10)).toBe(10);
  });

  it.runIf(redisUp)('is shared by every process on one Redis', async () => {
    const clock = fakeClock(Date.now());
    const key = freshKey();
    const a = limits('30/1m', await redisStore(), { now: clock.now });
    const b = limits('30/1m', await redisStore(), { now: clock.now });
    const sent = [await a.acquire(key, 0), await b.acquire(key, 0)];
    // 4 remain after the first; the other process's, sent after it, is in flight: 3 more in all.
    await a.observe(key, apiSays(4, 40), sent[0]);
    let n = 0;
    for (let i = 0; i < 10; i++) n += await grantedNow(i % 2 ? a : b, key, 1);
    expect(n).toBe(3);
    // A stale larger count, seen by the other process, frees nothing.
    await b.observe(key, apiSays(20, 40), sent[1]);
    expect(await grantedNow(b, key, 5)).toBe(0);
    clock.advance(40_000);
    expect(await grantedNow(b, key, 5)).toBe(5);
  });
});

describe('holds (429) and probes', () => {
  // The counters' expiry and the waits read one fake clock: nothing here depends on the machine's load.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a long hold lets one probe through per interval; a probe answered ends the hold', async () => {
    const l = limits('1000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger), { probeIntervalMs: 300 });
    const key = freshKey();
    await l.hold(key, 120_000);
    expect(await outcome(l.acquire(key, 0))).toBe('busy'); // no probe in the first interval
    await vi.advanceTimersByTimeAsync(299);
    expect(await outcome(l.acquire(key, 0))).toBe('busy'); // still in the first interval
    await vi.advanceTimersByTimeAsync(2);
    expect(await l.acquire(key, 0)).toMatchObject({ probe: true });
    expect(await outcome(l.acquire(key, 0))).toBe('busy'); // one probe per interval
    await l.release(key);
    expect(await l.acquire(key, 0)).toMatchObject({ probe: false });
  });

  it('a short hold is waited out, never shortened by a shorter one', async () => {
    const l = limits('1000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const key = freshKey();
    await l.hold(key, 30_000);
    await l.hold(key, 1_000);
    const error = (await rejection(l.acquire(key, 2_000))) as ApiError;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(29);
  });
});

describe('probes through a long hold (the waits asked for are what is checked)', () => {
  // The waits asked for pass on the fake clock the counters' expiry reads too.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a caller in line through a long hold waits for the next probe, not for the hold to end', async () => {
    const asked: number[] = [];
    const l = limits('1000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger), {
      probeIntervalMs: 300,
      sleep: (ms) => {
        asked.push(ms);
        return new Promise((r) => setTimeout(r, ms));
      },
    });
    const key = freshKey();
    await l.hold(key, 3_600_000); // a huge Retry-After, read as the longest hold (5 min)
    // Five minutes of patience: under a wait for the hold's end it asks to sleep minutes, not 300 ms.
    let settled = false;
    const granted = l.acquire(key, 300_000).finally(() => {
      settled = true;
    });
    while (!settled) await vi.advanceTimersByTimeAsync(50);
    expect(await granted).toMatchObject({ probe: true });
    expect(asked.length).toBeGreaterThan(0);
    for (const ms of asked) expect(ms).toBeLessThanOrEqual(300);
  });
});

/**
 * The line's waits pass on a fake clock, and only as the limits ask for them (their injected sleep
 * moves it): the order, places and estimates checked are the logic's, whatever the machine's load.
 */
function useLineClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Limits of `text` on a fresh counters file whose waits move the fake clock (useLineClock). */
function lineLimits(text: string) {
  return limits(text, fileLimitStore(freshDataDir(), 'h', silentLogger), {
    sleep: async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
    },
  });
}

describe('waiting callers', () => {
  useLineClock();

  it('are served in arrival order, and one that gives up (abort) leaves the line at once', async () => {
    const l = lineLimits('2/1s');
    const key = freshKey();
    await l.acquire(key, 0); // 2/1s: one more has room now, then the window (3 s with the margin) is full
    const order: string[] = [];
    const started = Date.now();
    const first = l.acquire(key, 60_000).then(() => order.push('first'));
    // Behind `first` in line (the window full after it, for about 3 s): gives up after 200 ms.
    const giveUp = new AbortController();
    setTimeout(() => giveUp.abort(new DOMException('timed out', 'TimeoutError')), 200);
    let gaveUpAt = 0;
    const gaveUp = l.acquire(key, 60_000, giveUp.signal).then(
      () => 'granted',
      (e: unknown) => {
        gaveUpAt = Date.now();
        return e instanceof Error ? e.name : String(e);
      },
    );
    const second = l.acquire(key, 60_000).then(() => order.push('second'));
    expect(await gaveUp).toBe('TimeoutError');
    expect(gaveUpAt - started).toBeLessThan(1_000);
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  }, 15_000);
});

describe('a fair line between the people asking (the wait context)', () => {
  useLineClock();

  it("takes turns: one person's many reads do not starve another's one; each is told its place and wait", async () => {
    const l = lineLimits('1/1s'); // one request in every 3 s (the second plus the margin)
    const key = freshKey();
    await l.acquire(key, 0); // the window is full for 3 s
    const order: string[] = [];
    const told = new Map<string, Array<[number, number]>>();
    const ask = (who: string, n: number) => {
      const name = `${who}${n}`;
      told.set(name, []);
      const onWait = (position: number, etaMs: number) => told.get(name)?.push([position, etaMs]);
      return withWait({ who, onWait }, () => l.acquire(key, 60_000)).then(() => order.push(name));
    };
    const a = [1, 2, 3, 4].map((n) => ask('a', n));
    const b = ask('b', 1);
    await Promise.all([...a, b]);
    // a1 was already being served when b1 came: b1 goes next, before a's other reads.
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
    const b1 = told.get('b1') ?? [];
    expect(b1[0]?.[0]).toBe(2);
    // Once a1's wait for the window is known: about 3 s for a1, and one window (3 s) more.
    const eta = Math.max(...b1.filter(([p]) => p === 2).map(([, ms]) => ms));
    expect(eta).toBeGreaterThan(3_000);
    expect(eta).toBeLessThanOrEqual(6_000);
    expect(told.get('b1')?.at(-1)).toEqual([0, 0]); // served: no longer waiting
    // a4 was 4th; b1 then came in ahead of it (5th); from there its place only moves up.
    const a4 = (told.get('a4') ?? []).map(([p]) => p).filter((p) => p > 0);
    expect(a4.slice(0, 2)).toEqual([4, 5]);
    expect(a4.slice(1)).toEqual([...a4.slice(1)].sort((x, y) => y - x));
    expect(a4.at(-1)).toBe(1);
  }, 15_000);

  it('tells each waiter when it goes, from the times the window holds (requests spread through it)', async () => {
    const l = lineLimits('5/10s'); // five in every 12 s (the window and the margin)
    const key = freshKey();
    // Five requests, one every 2 s: the window is full, its oldest leaves 4 s after the last.
    for (let i = 0; i < 5; i++) {
      await l.acquire(key, 0);
      if (i < 4) await vi.advanceTimersByTimeAsync(2_000);
    }
    const asked = Date.now();
    const told = new Map<string, Array<{ at: number; position: number; etaMs: number }>>();
    const grantedAt = new Map<string, number>();
    const ask = (who: string) => {
      told.set(who, []);
      const onWait = (position: number, etaMs: number) =>
        told.get(who)?.push({ at: Date.now(), position, etaMs });
      return withWait({ who, onWait }, () => l.acquire(key, 60_000)).then(() =>
        grantedAt.set(who, Date.now()),
      );
    };
    await Promise.all(['a', 'b', 'c', 'd'].map(ask));
    // Each goes as the next oldest leaves: 4, 6, 8 and 10 s after they asked.
    expect(['a', 'b', 'c', 'd'].map((who) => (grantedAt.get(who) ?? 0) - asked)).toEqual([
      4_000, 6_000, 8_000, 10_000,
    ]);
    // Once the head's wait is known, every waiter is told exactly when it goes, never a time
    // that passes while it still waits.
    for (const who of ['b', 'c', 'd']) {
      const waiting = (told.get(who) ?? []).filter((t) => t.position > 0 && t.at > asked);
      expect(waiting.length).toBeGreaterThan(0);
      for (const t of waiting) expect(t.at + t.etaMs).toBe(grantedAt.get(who));
    }
  }, 15_000);

  it('refuses at once a read whose place in line already says it would wait longer than allowed', async () => {
    const l = lineLimits('1/1s');
    const key = freshKey();
    await l.acquire(key, 0);
    const queued = [1, 2, 3].map(() =>
      withWait({ who: 'a', onWait: () => {} }, () => l.acquire(key, 60_000)),
    );
    const started = Date.now();
    const late = await outcome(withWait({ who: 'b', onWait: () => {} }, () => l.acquire(key, 500)));
    expect(late).toBe('busy');
    expect(Date.now() - started).toBeLessThan(200);
    await Promise.all(queued);
  }, 15_000);
});

describe('a flood of one person does not turn others away', () => {
  useLineClock();

  it("admits another person's read by its fair place, not by the flood's length", async () => {
    const l = lineLimits('3/1s'); // 1 request a second
    const key = freshKey();
    await l.acquire(key, 0);
    const flood = Array.from({ length: 8 }, () =>
      withWait({ who: 'a', onWait: () => {} }, () => l.acquire(key, 60_000)).catch(() => undefined),
    );
    const order: string[] = [];
    void Promise.all(flood.map((p, i) => p.then(() => order.push(`a${i + 1}`))));
    // b's one read comes right after a's first: about 2 s away, within its 4 s, though a has 7 more.
    const b = await outcome(
      withWait({ who: 'b', onWait: () => {} }, () => l.acquire(key, 4_000)).then(() => order.push('b1')),
    );
    expect(b).not.toBe('busy');
    expect(order.slice(0, 2)).toEqual(['a1', 'b1']);
    await Promise.all(flood);
  }, 30_000);
});

describe('pace', () => {
  it('spreads what is left, less a 20% reserve, over the time left; one refresh per turn', async () => {
    const clock = fakeClock(Date.parse('2026-11-21T00:00:00Z')); // 10 days left in November
    const l = limits('100/month', fileLimitStore(freshDataDir(), 'h', silentLogger), { now: clock.now });
    const key = freshKey();
    expect(await l.pace(key)).toEqual({ ok: true });
    const refused = await l.pace(key);
    expect(refused).toMatchObject({ ok: false, reason: 'pace' });
    // 80 spendable over 10 days: one refresh every 3 h.
    const wait = (refused as { nextAt: number }).nextAt - clock.now();
    expect(wait).toBeGreaterThan(3 * 3_600_000 - 5_000);
    expect(wait).toBeLessThanOrEqual(3 * 3_600_000 + 1_000);
    const [month] = await l.status(key);
    expect(month?.pace).toMatchObject({ intervalMs: 3 * 3_600_000 });
  });

  it('keeps the reserve for reads of things never seen, and says when the allowance is spent', async () => {
    const clock = fakeClock(Date.parse('2026-11-21T00:00:00Z'));
    const l = limits('5/month', fileLimitStore(freshDataDir(), 'h', silentLogger), { now: clock.now });
    const key = freshKey();
    for (let i = 0; i < 4; i++) await l.acquire(key, 0);
    expect(await l.pace(key)).toMatchObject({ ok: false, reason: 'pace' }); // 1 left = the reserve
    await l.acquire(key, 0); // a never-seen read may still spend it
    expect(await l.pace(key)).toEqual({
      ok: false,
      reason: 'spent',
      nextAt: Date.parse('2026-12-01T00:00:00Z'),
    });
  });
});

describe('warnings', () => {
  it('logs at 80% and at 100% of the monthly allowance, once each', async () => {
    const { logger, lines } = captureLogger();
    const marks: unknown[] = [];
    const clock = fakeClock(Date.parse('2026-11-21T00:00:00Z'));
    const l = new ApiLimits({
      specs: specs('5/month'),
      store: fileLimitStore(freshDataDir(), 'h', silentLogger),
      logger,
      now: clock.now,
      onAllowanceMark: (mark) => marks.push(mark),
    });
    opened.push(l);
    const key = freshKey();
    for (let i = 0; i < 7; i++) await outcome(l.acquire(key, 0));
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((r) => r.level === 40);
    expect(warnings.map((w) => w.msg)).toEqual([
      'monthly API allowance 80% spent',
      'monthly API allowance spent',
    ]);
    const resetAt = Date.parse('2026-12-01T00:00:00Z');
    expect(marks).toEqual([
      { share: 0.8, used: 4, points: 5, resetAt },
      { share: 1, used: 5, points: 5, resetAt },
    ]);
    expect(MESSAGES.allowanceMark(4, 5, resetAt / 1000)).toBe(
      `Rollcall has spent 4 of this community server's 5 API requests for the month; saved data is shown more often until the allowance starts again <t:${resetAt / 1000}:f>.`,
    );
  });
});

/** A Redis store that is connected (before that, the counters answer from memory; see sharedLimitStore). */
const redisStore = (): Promise<LimitStore> => sharedLimitStore(REDIS_URL);

describe('DATA_DIR', () => {
  it('is created at start, and one that cannot be written is refused with one sentence', async () => {
    const dir = join(freshDataDir(), 'nested', 'data');
    const l = limits('1/month', fileLimitStore(dir, 'h', silentLogger));
    await l.acquire(freshKey(), 0);
    expect(readdirSync(dir).sort()).toEqual(['limits-h.json', 'limits.lock']);
    const file = join(freshDataDir(), 'a-file');
    writeFileSync(file, '');
    expect(() => fileLimitStore(join(file, 'data'), 'h', silentLogger)).toThrow(
      /^DATA_DIR .* cannot be created or written \(ENOTDIR\); set DATA_DIR to a directory Rollcall may write, or CACHE_URL/,
    );
  });
});
