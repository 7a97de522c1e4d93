/**
 * Holds on the monthly allowance (Limits.holdMonth, paging/allowance.ts planHold): whole-list reads
 * (exports, log searches) hold what they plan in the limits' store, so two processes of one token
 * on one Redis cannot both plan into the reserve; a hold lapses when not given back; it is given
 * back after the reads, also when they fail; the file backend keeps them for one process; with
 * Redis not answering, a whole-list read is refused.
 */

import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { log, planSearch } from '../../commands/log.js';
import { NotSavedError } from '../../src/api/errors.js';
import type { Limits, LimitsOptions } from '../../src/api/limits/limits.js';
import { fileLimitStore, type LimitStore, redisLimitStore } from '../../src/api/limits/store.js';
import type { Fetched } from '../../src/api/types.js';
import { type HoldMonth, planHold, UNSURE_RETRY_MS } from '../../src/discord/paging/allowance.js';
import { exportList } from '../../src/discord/paging/export.js';
import type { ListEnvelope, ListView, ShowContext } from '../../src/discord/paging/views.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { chatInput, fakeResources, showContext } from '../commands/roster-fakes.js';
import { hasRedisServer, OwnRedis, reachable, sharedLimitStore } from '../support/redis.js';
import { freshDataDir, limitsOf, silentLogger } from './helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = await reachable(6379);

const opened: Limits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

function limits(text: string, store: LimitStore, extra: Partial<LimitsOptions> = {}) {
  const created = limitsOf(text, store, extra);
  opened.push(created);
  return created;
}

/** A store on the shared Redis that stays shared under a starved CPU (see sharedLimitStore). */
const redisStore = (): Promise<LimitStore> => sharedLimitStore(REDIS_URL);

/** A token hash no other test (or earlier run on the shared Redis) has used. */
const freshKey = () => `test-holds-${randomBytes(6).toString('hex')}`;

const holdOf =
  (l: Limits, key: string): HoldMonth =>
  (n) =>
    l.holdMonth(key, n);

/** Spend `n` requests of `key`'s month. */
async function spend(l: Limits, key: string, n: number) {
  for (let i = 0; i < n; i++) await l.acquire(key, 0);
}

/** Requests `key`'s month has left for whole-list reads, as a plan of 1 sees them (then given back). */
async function spareFor(l: Limits, key: string): Promise<number> {
  const planned = await planHold(holdOf(l, key), 1_000_000);
  if (planned.ok) throw new Error('a plan of a million fitted');
  return planned.spare;
}

describe.runIf(redisUp)('two processes of one token on one Redis', () => {
  it('two exports planned at once cannot both take what only one may', async () => {
    for (let round = 0; round < 10; round++) {
      const key = freshKey();
      // Two "processes": each its own connection, store and limits, the same token hash.
      const a = limits('50/month,1000/1s', await redisStore());
      const b = limits('50/month,1000/1s', await redisStore());
      await spend(a, key, 2); // 48 left, 10 kept in reserve: 38 may be spent
      // 29 pages each: either fits alone, both together do not.
      const plans = await Promise.all([planHold(holdOf(a, key), 29), planHold(holdOf(b, key), 29)]);
      const granted = plans.filter((p) => p.ok);
      expect(granted.length).toBeLessThanOrEqual(1);
      for (const p of plans) if (!p.ok) expect(p.spare).toBeLessThan(29);
      // What one holds the other sees, until it is given back.
      if (granted[0]?.ok) {
        expect(await spareFor(b, key)).toBe(38 - 29);
        await granted[0].hold.release();
      }
      expect(await spareFor(a, key)).toBe(38);
      expect(await spareFor(b, key)).toBe(38);
    }
  }, 60_000);

  it('many plans from both at once (exports and searches alike) never hold more than may be spent', async () => {
    const key = freshKey();
    const a = limits('50/month,1000/1s', await redisStore());
    const b = limits('50/month,1000/1s', await redisStore());
    await spend(a, key, 2); // 38 may be spent
    // A log search holds 1 for its first page, then what its other pages need: the same plan.
    const sizes = [10, 1, 10, 7, 10, 1, 10, 7, 10, 3, 10, 5];
    const plans = await Promise.all(
      sizes.map((n, i) => planHold(holdOf(i % 2 === 0 ? a : b, key), n).then((p) => ({ n, p }))),
    );
    const held = plans.reduce((sum, { n, p }) => sum + (p.ok ? n : 0), 0);
    expect(held).toBeLessThanOrEqual(38);
    expect(held).toBeGreaterThan(0);
    // The holds granted are what the other process sees as held.
    expect(await spareFor(b, key)).toBe(38 - held);
    await Promise.all(plans.map(({ p }) => (p.ok ? p.hold.release() : undefined)));
    expect(await spareFor(a, key)).toBe(38);
  }, 30_000);

  it('requests spent are no longer held; what is still held goes back once', async () => {
    const key = freshKey();
    const a = limits('50/month,1000/1s', await redisStore());
    const b = limits('50/month,1000/1s', await redisStore());
    const planned = await planHold(holdOf(a, key), 20); // 40 may be spent
    if (!planned.ok) throw new Error('refused');
    for (let i = 0; i < 5; i++) {
      await a.acquire(key, 0); // spent: counted by the month…
      await planned.hold.spent(); // …then no longer held
    }
    // 45 left: 35 may be spent, of which 15 are still held.
    expect(await spareFor(b, key)).toBe(35 - 15);
    await planned.hold.release();
    await planned.hold.release();
    expect(await spareFor(b, key)).toBe(35);
  });

  it('a hold never given back (a crashed process) lapses after its time', async () => {
    const key = freshKey();
    const holdMs = 1_500;
    // The slots read the limits' clock, injected here: the machine's load cannot move them, and the
    // Redis driver keeps its own timers. (Redis keeps each slot's counter past the slot's end, so
    // its own clock cannot end one early.)
    const started = Date.now();
    let t = started;
    const clock = () => t;
    const a = limits('50/month,1000/1s', await redisStore(), { monthHoldMs: holdMs, clock });
    const b = limits('50/month,1000/1s', await redisStore(), { monthHoldMs: holdMs, clock });
    const crashed = await planHold(holdOf(a, key), 30); // 40 may be spent; never given back
    expect(crashed.ok).toBe(true);
    expect(await planHold(holdOf(b, key), 30)).toMatchObject({ ok: false, spare: 10 });
    // Still held within its time…
    t = started + holdMs - 1;
    expect(await spareFor(b, key)).toBe(10);
    // …and gone a slot (a third) after it.
    t = started + (holdMs * 4) / 3;
    const later = await planHold(holdOf(b, key), 30);
    expect(later.ok).toBe(true);
    if (later.ok) await later.hold.release();
  }, 15_000);
});

describe('Redis not answering', () => {
  it('refuses a whole-list read (what others hold is unknown) instead of planning into the reserve', async () => {
    const l = limits('50/month,1000/1s', redisLimitStore('redis://127.0.0.1:1', silentLogger));
    const before = Date.now();
    const planned = await planHold(holdOf(l, freshKey()), 1);
    expect(planned).toMatchObject({ ok: false, spare: 0 });
    if (!planned.ok) expect(planned.possibleAt).toBeGreaterThanOrEqual(before + UNSURE_RETRY_MS);
  });

  it('without a monthly limit there is no reserve to keep: nothing is refused', async () => {
    const l = limits('1000/1s', redisLimitStore('redis://127.0.0.1:1', silentLogger));
    expect((await planHold(holdOf(l, freshKey()), 500)).ok).toBe(true);
  });
});

describe.runIf(hasRedisServer)('a Redis of our own, frozen while a second process plans', () => {
  let redis: OwnRedis;
  afterAll(async () => {
    await redis?.stop();
  });

  it("refuses while Redis does not answer, then sees the first process's hold again", async () => {
    redis = await OwnRedis.create();
    await redis.start();
    const key = freshKey();
    const connect = async () => {
      const store = redisLimitStore(redis.url, silentLogger);
      await store.ready();
      return store;
    };
    const a = limits('50/month,1000/1s', await connect());
    const b = limits('50/month,1000/1s', await connect());
    const first = await planHold(holdOf(a, key), 30); // 40 may be spent; 30 held by a
    if (!first.ok) throw new Error('refused');
    redis.freeze(); // connected, nothing answered: b's counts come from its insurance, which knows no holds
    try {
      expect(await planHold(holdOf(b, key), 5)).toMatchObject({ ok: false, spare: 0 });
    } finally {
      redis.thaw();
    }
    // Redis is tried again after a while; then a's hold is seen as before. (b's hold, sent before
    // the freeze was noticed, may reach Redis at the thaw while its give-back went to the insurance:
    // it then holds 5 more until it lapses, on the side of the reserve.)
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const thawed = await planHold(holdOf(b, key), 30);
    expect(thawed.ok).toBe(false);
    if (!thawed.ok) expect([10, 5]).toContain(thawed.spare);
    await first.hold.release();
    expect((await planHold(holdOf(b, key), 30)).ok).toBe(true);
  }, 30_000);
});

describe('the file backend (one process)', () => {
  it('holds, sees its own holds, gives back; a new process on the file sees an unfinished hold until it lapses', async () => {
    const dir = freshDataDir();
    const key = freshKey();
    const l = limits('50/month,1000/1s', fileLimitStore(dir, 'h', silentLogger));
    const first = await planHold(holdOf(l, key), 30); // 40 may be spent
    expect(first.ok).toBe(true);
    expect(await planHold(holdOf(l, key), 30)).toMatchObject({ ok: false, spare: 10 });
    // Two planned together in one process: the first gets the room, the second sees its hold.
    const [x, y] = await Promise.all([planHold(holdOf(l, key), 6), planHold(holdOf(l, key), 6)]);
    expect([x.ok, y.ok]).toEqual([true, false]);
    if (first.ok) await first.hold.release();
    if (x.ok) await x.hold.release();
    expect(await spareFor(l, key)).toBe(40);
    // A hold left behind by a process that stopped is in the file; the next process counts it.
    const left = await planHold(holdOf(l, key), 25);
    expect(left.ok).toBe(true);
    await l.close();
    const next = limits('50/month,1000/1s', fileLimitStore(dir, 'h', silentLogger));
    expect(await spareFor(next, key)).toBe(15);
  });

  it('a hold lapses after its time', async () => {
    // The slots and the counters' expiry read one fake clock: the machine's load cannot move them.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const key = freshKey();
      const l = limits('50/month', fileLimitStore(freshDataDir(), 'h', silentLogger), { monthHoldMs: 600 });
      expect((await planHold(holdOf(l, key), 40)).ok).toBe(true);
      expect(await spareFor(l, key)).toBe(0);
      await vi.advanceTimersByTimeAsync(599);
      expect(await spareFor(l, key)).toBe(0); // still held within its time…
      await vi.advanceTimersByTimeAsync(601);
      expect(await spareFor(l, key)).toBe(40); // …and gone a slot (a third) after it
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A list of `pages` pages of 100 where only page 1 is saved; page `failAt` fails when read. */
function fakeList(pages: number, failAt?: number): { view: ListView<{ id: number }>; reads: number[] } {
  const reads: number[] = [];
  const view = {
    kind: 'list',
    id: 'fake',
    async fetch(_api: unknown, _arg: string, query: { page: number }, options: { purpose: string }) {
      const page = query.page;
      if (options.purpose === 'saved-only' && page > 1) throw new NotSavedError('not saved');
      if (page > 1) reads.push(page);
      if (page === failAt) throw new Error('the API failed');
      const envelope: ListEnvelope<{ id: number }> = {
        data: Array.from({ length: 100 }, (_, i) => ({ id: (page - 1) * 100 + i })),
        page,
        pageSize: 100,
        total: pages * 100,
        totalPages: pages,
      };
      return { data: envelope, fetchedAt: Date.now(), fromCache: page === 1, stale: false } satisfies Fetched<
        ListEnvelope<{ id: number }>
      >;
    },
  } as unknown as ListView<{ id: number }>;
  return { view, reads };
}

describe('an export gives its hold back after its reads', () => {
  const context = (l: Limits, key: string) =>
    ({
      community: { resources: {}, state: {}, allowance: { holdMonth: holdOf(l, key) } },
      views: {},
      owner: 'u',
      t: ENGLISH,
    }) as unknown as ShowContext;
  const noWait = { sleep: async () => {} };

  it('when they succeed: page by page as they are spent, the rest at the end', async () => {
    const key = freshKey();
    const l = limits('50/month', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const { view, reads } = fakeList(6);
    const seen: number[] = [];
    // The fake list spends nothing of the month itself: each read is counted here, as the limits do.
    const counted: typeof view = {
      ...view,
      fetch: async (...args) => {
        const fetched = await view.fetch(...args);
        if (!fetched.fromCache) {
          await l.acquire(key, 0);
          seen.push(await spareFor(l, key));
        }
        return fetched;
      },
    };
    await exportList(counted, '', context(l, key), noWait);
    expect(reads).toEqual([2, 3, 4, 5, 6]);
    // 40 may be spent, 5 held: a read is counted as spent, then no longer held (in between it counts
    // twice, never not at all).
    expect(seen).toEqual([34, 34, 34, 34, 34]);
    expect(await spareFor(l, key)).toBe(35);
  });

  it('when one fails: nothing is held after it', async () => {
    const key = freshKey();
    const l = limits('50/month', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const { view, reads } = fakeList(20, 4);
    await expect(exportList(view, '', context(l, key), noWait)).rejects.toThrow('the API failed');
    expect(reads).toEqual([2, 3, 4]);
    expect(await spareFor(l, key)).toBe(40);
  });
});

describe('a log search holds what it plans', () => {
  /** A user with `pages` pages of logs, none saved; reads of page `failAt` fail `failures` times. */
  function fakeLogs(pages: number, failures = 0, failAt = 1) {
    let failing = failures;
    return {
      async listUserLogs(_username: string, query: { page: number }, options?: { purpose: string }) {
        if (options?.purpose === 'saved-only') throw new NotSavedError('not saved');
        if (query.page === failAt && failing-- > 0) throw new Error('the API failed');
        return {
          data: { data: [], page: query.page, pageSize: 100, total: pages * 100, totalPages: pages },
          fetchedAt: Date.now(),
          fromCache: false,
          stale: false,
        };
      },
    } as unknown as Parameters<typeof planSearch>[0];
  }

  it('its first page: held while read, given back after it even when the read fails', async () => {
    const key = freshKey();
    const l = limits('50/month', fileLimitStore(freshDataDir(), 'h', silentLogger));
    await expect(
      planSearch(fakeLogs(5, 1), { username: 'u', type: undefined, since: undefined }, holdOf(l, key)),
    ).rejects.toThrow('the API failed');
    expect(await spareFor(l, key)).toBe(40);
  });

  it('the pages not saved: held until released', async () => {
    const key = freshKey();
    const l = limits('50/month', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const { search, release } = await planSearch(
      fakeLogs(5),
      { username: 'u', type: undefined, since: undefined },
      holdOf(l, key),
    );
    expect(search.savedOnlyUntil).toBeUndefined();
    expect(await spareFor(l, key)).toBe(40 - 4);
    await release();
    expect(await spareFor(l, key)).toBe(40);
  });

  it('after its reads, also when one of them fails (/log with since)', async () => {
    const key = freshKey();
    const l = limits('50/month', fileLimitStore(freshDataDir(), 'h', silentLogger));
    const resources = { ...fakeResources({}), ...fakeLogs(5, 1, 3) } as Parameters<typeof planSearch>[0];
    const show = showContext(resources, { holdMonth: holdOf(l, key) });
    const interaction = chatInput({ sub: 'user', strings: { username: 'u', since: '7d' } });
    await expect(log.execute({ interaction, show } as Parameters<typeof log.execute>[0])).rejects.toThrow(
      'the API failed',
    );
    expect(await spareFor(l, key)).toBe(40);
  });
});
