/**
 * Room for a read that must be made now (a link check, Limits.room): whatever the pace of refreshes,
 * yes while anything is left above the 20% reserve and what whole-list reads hold; no, with what is
 * left and when room comes back, once only the reserve (or held requests) remain or the month is
 * spent. On the counters file, with the limits' calendar clock injected (mid-month).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiLimits, type Limits } from '../../src/api/limits/limits.js';
import { fileLimitStore } from '../../src/api/limits/store.js';
import { limitsProblemText, nextMonthStart, parseLimits } from '../../src/base/limits-spec.js';
import { freshDataDir, silentLogger } from './helpers.js';

const NOW = Date.UTC(2026, 2, 14, 12);
const opened: Limits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

function limits(text: string): Limits {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const created = new ApiLimits({
    specs: parsed.limits,
    store: fileLimitStore(freshDataDir(), 'h', silentLogger),
    logger: silentLogger,
    now: () => NOW,
  });
  opened.push(created);
  return created;
}

const key = () => `room-${randomBytes(6).toString('hex')}`;

describe('room for a link check', () => {
  it('is there while the pace refuses a refresh, and until only the reserve is left', async () => {
    const l = limits('10/month,1000/1s'); // reserve: 2
    const k = key();
    for (let i = 0; i < 2; i++) await l.acquire(k, 0);
    expect(await l.pace(k)).toEqual({ ok: true }); // the pace's turn is taken…
    expect((await l.pace(k)).ok).toBe(false); // …so a refresh waits
    expect(await l.room(k)).toEqual({ ok: true }); // a check does not
    for (let i = 0; i < 5; i++) await l.acquire(k, 0);
    expect(await l.room(k)).toEqual({ ok: true }); // 3 left, 1 above the reserve
    await l.acquire(k, 0);
    expect(await l.room(k)).toEqual({
      ok: false,
      reason: 'reserve',
      left: 2,
      points: 10,
      nextAt: nextMonthStart(NOW),
    });
  });

  it('is not there when what is left is held by a whole-list read; it comes back when the hold goes', async () => {
    const l = limits('10/month,1000/1s');
    const k = key();
    const hold = await l.holdMonth(k, 8); // all above the reserve
    const refused = await l.room(k);
    expect(refused).toMatchObject({ ok: false, reason: 'reserve', left: 10, points: 10 });
    if (!refused.ok) expect(refused.nextAt).toBeLessThan(nextMonthStart(NOW));
    await hold.release();
    expect(await l.room(k)).toEqual({ ok: true });
  });

  it('says the month is spent, with nothing left, when it is', async () => {
    const l = limits('1/month,1000/1s');
    const k = key();
    await l.acquire(k, 0);
    expect(await l.room(k)).toEqual({
      ok: false,
      reason: 'spent',
      left: 0,
      points: 1,
      nextAt: nextMonthStart(NOW),
    });
  });

  it('is always there without a monthly limit', async () => {
    const l = limits('1000/1s');
    const k = key();
    for (let i = 0; i < 20; i++) await l.acquire(k, 0);
    expect(await l.room(k)).toEqual({ ok: true });
  });
});
