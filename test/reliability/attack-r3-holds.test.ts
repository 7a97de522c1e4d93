/**
 * Attack (round 3) on the holds of the monthly allowance: two processes of one token on a Redis of
 * our own that restarts empty (no persistence) while a hold is out. The hold given back after the
 * restart must not count below zero in its slot, where it would hide another process's hold.
 */

import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { NotSavedError } from '../../src/api/errors.js';
import type { Limits } from '../../src/api/limits/limits.js';
import { type LimitStore, redisLimitStore } from '../../src/api/limits/store.js';
import { planHold } from '../../src/discord/paging/allowance.js';
import { exportList } from '../../src/discord/paging/export.js';
import type { ListEnvelope, ListView, ShowContext } from '../../src/discord/paging/views.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { limitsOf, silentLogger } from '../api/helpers.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';

const opened: Limits[] = [];
let redis: OwnRedis | undefined;
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
  await redis?.stop();
});

const freshKey = () => `attack-r3-${randomBytes(6).toString('hex')}`;

async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(hasRedisServer)('holds on the month across a Redis restart (data lost)', () => {
  it('a hold given back after the restart does not hide the next hold of another process', async () => {
    redis = await OwnRedis.create();
    await redis.start();
    const own = redis;
    const stores: LimitStore[] = [];
    const process = async () => {
      const store = redisLimitStore(own.url, silentLogger);
      await store.ready();
      stores.push(store);
      const l = limitsOf('50/month,1000/1s', store);
      opened.push(l);
      return l;
    };
    const key = freshKey();
    const a = await process();
    const b = await process();
    const first = await planHold((n) => a.holdMonth(key, n), 30); // 40 may be spent
    if (!first.ok) throw new Error('refused');

    await own.kill();
    await own.start(); // empty: the hold and the month's count are gone
    // Both processes see Redis again (one plan each to notice, then the retry delay).
    await until(async () => {
      const probe = [
        await planHold((n) => a.holdMonth(key, n), 1),
        await planHold((n) => b.holdMonth(key, n), 1),
      ];
      for (const p of probe) if (p.ok) await p.hold.release();
      return probe.every((p) => p.ok) && stores.every((s) => s.shared());
    }, 20_000);

    // The export of process a ends: it gives back its 30.
    await first.hold.release();
    // Process b plans 30 of the 40, then process a plans 30 more: only one of them may hold them.
    const second = await planHold((n) => b.holdMonth(key, n), 30);
    expect(second.ok).toBe(true);
    const third = await planHold((n) => a.holdMonth(key, n), 30);
    expect(third).toMatchObject({ ok: false, spare: 10 });
  }, 40_000);
});

describe('the pace and what whole-list reads hold', () => {
  it('a paced read does not take a request an export holds: together they never spend into the reserve', async () => {
    const l = limitsOf('50/month');
    opened.push(l);
    const key = freshKey();
    // 50 a month, 10 kept in reserve: an export plans (and holds) the 40 that may be spent.
    const planned = await planHold((n) => l.holdMonth(key, n), 40);
    if (!planned.ok) throw new Error('refused');
    // Meanwhile a report refresh (or a saved record's refresh) asks the pace for a request.
    const verdict = await l.pace(key);
    if (verdict.ok) await l.acquire(key, 0);
    // The export reads its 40 pages.
    for (let i = 0; i < 40; i++) {
      await l.acquire(key, 0);
      await planned.hold.spent();
    }
    await planned.hold.release();
    const month = (await l.status(key)).find((s) => s.kind === 'month');
    expect(month?.left).toBeGreaterThanOrEqual(10);
    expect(verdict.ok).toBe(false);
  });
});

describe('the pace while a hold stands in its way', () => {
  it('names the time the hold lapses at the latest, not the month reset', async () => {
    const l = limitsOf('50/month', undefined, { monthHoldMs: 60_000 });
    opened.push(l);
    const key = freshKey();
    const planned = await planHold((n) => l.holdMonth(key, n), 40);
    if (!planned.ok) throw new Error('refused');
    const before = Date.now();
    const verdict = await l.pace(key);
    expect(verdict).toMatchObject({ ok: false, reason: 'pace' });
    if (!verdict.ok) expect(verdict.nextAt).toBeLessThanOrEqual(before + 80_000 + 1_000);
    // /rollcall status says the same: the next fresh read when the holds end, not now.
    const month = (await l.status(key)).find((s) => s.kind === 'month');
    const pace = month?.pace && 'nextAt' in month.pace ? month.pace : undefined;
    expect(pace?.nextAt).toBeGreaterThan(before + 30_000);
    expect(pace?.nextAt).toBeLessThanOrEqual(before + 80_000 + 1_000);
    await planned.hold.release();
    expect((await l.pace(key)).ok).toBe(true);
  });
});

describe('an export whose saved page is refreshed on the way', () => {
  it('keeps holding what its pages not saved still need', async () => {
    const l = limitsOf('50/month');
    opened.push(l);
    const key = freshKey();
    const spare = async () => {
      const p = await planHold((n) => l.holdMonth(key, n), 1_000_000);
      return p.ok ? Number.NaN : p.spare;
    };
    // Four pages of 100: page 1 fresh in the cache, page 2 saved but past its freshness (the read
    // refreshes it: a request the pace allowed, not one the export planned), pages 3 and 4 never read.
    const seen: number[] = [];
    const view = {
      kind: 'list',
      id: 'fake',
      async fetch(_api: unknown, _arg: string, query: { page: number }, options: { purpose: string }) {
        const page = query.page;
        if (options.purpose === 'saved-only' && page > 2) throw new NotSavedError('not saved');
        const fromCache = page === 1 || options.purpose === 'saved-only';
        if (!fromCache) {
          seen.push(await spare()); // what another export would see just before this read
          await l.acquire(key, 0);
        }
        const data: ListEnvelope<{ id: number }> = {
          data: Array.from({ length: 100 }, (_, i) => ({ id: (page - 1) * 100 + i })),
          page,
          pageSize: 100,
          total: 400,
          totalPages: 4,
        };
        return { data, fetchedAt: Date.now(), fromCache, stale: false };
      },
    } as unknown as ListView<{ id: number }>;
    const ctx = {
      community: { resources: {}, state: {}, allowance: { holdMonth: (n: number) => l.holdMonth(key, n) } },
      views: {},
      owner: 'u',
      t: ENGLISH,
    } as unknown as ShowContext;
    await exportList(view, '', ctx, { sleep: async () => {} });
    // 40 may be spent; 2 held for pages 3 and 4 until each is read.
    expect(seen).toEqual([38, 37, 37]);
  });
});

describe('a whole-list read refused only for what others hold', () => {
  it('is told it becomes possible when their holds end at the latest, not at the month reset', async () => {
    const l = limitsOf('50/month');
    opened.push(l);
    const key = freshKey();
    const first = await planHold((n) => l.holdMonth(key, n), 30); // 40 may be spent
    if (!first.ok) throw new Error('refused');
    const before = Date.now();
    const second = await planHold((n) => l.holdMonth(key, n), 20); // fits once the first is done
    expect(second).toMatchObject({ ok: false, spare: 10 });
    if (!second.ok) expect(second.possibleAt).toBeLessThanOrEqual(before + 20 * 60_000 + 1_000);
    // Needing more than the month could ever spare: the month's reset, as before.
    const never = await planHold((n) => l.holdMonth(key, n), 41);
    if (!never.ok) expect(never.possibleAt).toBeGreaterThan(before + 20 * 60_000 + 1_000);
    await first.hold.release();
  });
});
