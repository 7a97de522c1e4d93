/**
 * The access checks' share of the monthly allowance (Limits.takeAccess): at most a tenth of the
 * month (rounded up, at least one) per month and token, counted in the limit store beside the month
 * (in the counters file across a restart, in Redis across processes), never taken from the reserve,
 * and not limited at all without a monthly limit. First checks (every stranger's) take at most half
 * of it (rounded up): the rest is kept for re-checks of users a lookup allowed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type AccessKind, type Limits, PACE_RESERVE } from '../../src/api/limits/limits.js';
import { fileLimitStore } from '../../src/api/limits/store.js';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { reachable, sharedLimitStore } from '../support/redis.js';
import { fakeClock, freshDataDir, limitsOf, silentLogger } from './helpers.js';

const redisUp = await reachable(6379);
const opened: Limits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

function limits(...args: Parameters<typeof limitsOf>): Limits {
  const made = limitsOf(...args);
  opened.push(made);
  return made;
}

/** A key no other test (or earlier run on the shared Redis) has used. */
const freshKey = () => `access-${randomBytes(6).toString('hex')}`;

/** How many of `n` access checks in a row (re-checks unless told) may spend a request. */
async function granted(l: Limits, key: string, n: number, kind: AccessKind = 'recheck'): Promise<number> {
  let ok = 0;
  for (let i = 0; i < n; i++) if ((await l.takeAccess(key, kind)).ok) ok++;
  return ok;
}

describe('the access checks share of the month', () => {
  it('is a tenth of the month, rounded up, at least one; then says when it starts again', async () => {
    const clock = fakeClock(Date.parse('2026-11-25T12:00:00Z'));
    const key = freshKey();
    expect(await granted(limits('20/month', undefined, { now: clock.now }), key, 30)).toBe(2);
    expect(await granted(limits('100/month', undefined, { now: clock.now }), key, 30)).toBe(10);
    expect(await granted(limits('15/month', undefined, { now: clock.now }), key, 30)).toBe(2);
    const small = limits('5/month', undefined, { now: clock.now });
    expect(await granted(small, key, 3)).toBe(1);
    expect(await small.takeAccess(key, 'recheck')).toEqual({
      ok: false,
      reason: 'spent',
      nextAt: nextMonthStart(clock.now()),
    });
    // A new month, a new share.
    clock.advance(nextMonthStart(clock.now()) - clock.now());
    expect(await granted(small, key, 3)).toBe(1);
  });

  it('first checks take at most half of it (rounded up); the rest is for re-checks', async () => {
    const clock = fakeClock(Date.parse('2026-11-25T12:00:00Z'));
    const key = freshKey();
    const hundred = limits('100/month', undefined, { now: clock.now });
    expect(await granted(hundred, key, 30, 'first')).toBe(5);
    expect(await granted(hundred, key, 30)).toBe(5);
    // Re-checks may also take what first checks left; first checks never what re-checks took.
    const twenty = limits('20/month', undefined, { now: clock.now });
    const other = freshKey();
    expect(await granted(twenty, other, 2)).toBe(2);
    expect(await granted(twenty, other, 1, 'first')).toBe(0);
    // The default is a first check; a share of one is the first checks' too.
    const five = limits('5/month', undefined, { now: clock.now });
    const third = freshKey();
    expect((await five.takeAccess(third)).ok).toBe(true);
    expect(await granted(five, third, 3)).toBe(0);
  });

  it('is counted apart from the month: taking it spends none of the month', async () => {
    const key = freshKey();
    const l = limits('20/month,1000/1s');
    await granted(l, key, 5);
    expect((await l.status(key))[0]).toMatchObject({ used: 0, left: 20 });
  });

  it('never takes from the reserve, nor from what whole-list reads hold', async () => {
    const key = freshKey();
    const l = limits('20/month,1000/1s');
    const reserve = Math.ceil(20 * PACE_RESERVE);
    for (let i = 0; i < 20 - reserve; i++) await l.acquire(key, 0);
    expect(await l.takeAccess(key)).toMatchObject({ ok: false, reason: 'spent' });

    const other = freshKey();
    const hold = await l.holdMonth(other, 20 - reserve);
    expect(await l.takeAccess(other)).toMatchObject({ ok: false });
    await hold.release();
    expect(await l.takeAccess(other)).toEqual({ ok: true });
  });

  it('does not apply without a monthly limit', async () => {
    expect(await granted(limits('5/1s'), freshKey(), 50)).toBe(50);
  });

  it('survives a restart in the counters file', async () => {
    const key = freshKey();
    const dir = freshDataDir();
    const first = limits('20/month', fileLimitStore(dir, 'h', silentLogger));
    expect(await granted(first, key, 1)).toBe(1);
    await first.close();
    const second = limits('20/month', fileLimitStore(dir, 'h', silentLogger));
    expect(await granted(second, key, 5)).toBe(1);
  });

  it.runIf(redisUp)('is shared by two processes on one Redis', async () => {
    const key = freshKey();
    const stores = await Promise.all([sharedLimitStore(), sharedLimitStore()]);
    const [a, b] = stores.map((s) => limits('100/month', s)) as [Limits, Limits];
    const all = (kind: AccessKind) =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).takeAccess(key, kind).then((v) => v.ok)),
      );
    // Both parts are counted once for both processes: 5 first checks, then the 5 left for re-checks.
    expect((await all('first')).filter(Boolean)).toHaveLength(5);
    expect((await all('recheck')).filter(Boolean)).toHaveLength(5);
  });
});
