/**
 * The month survives losing its counters: with a ledger in the database (the store's allowance
 * table), an emptied Redis (FLUSHALL, a restart without persistence) or a removed counters file
 * does not start the month again, and two processes on one Redis still share one month.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { ApiLimits, type Limits, type MonthLedger } from '../../src/api/limits/limits.js';
import { fileLimitStore, type LimitStore, redisLimitStore } from '../../src/api/limits/store.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { openStore, type Store } from '../../src/store/index.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import { freshDataDir, silentLogger } from './helpers.js';

let store: Store;
let ledger: MonthLedger;
const opened: Limits[] = [];

beforeAll(async () => {
  store = await openStore({ dataDir: freshDataDir() });
  ledger = {
    used: (key, month) => store.allowance.used(key, month),
    raise: (key, month, used) => store.allowance.raise(key, month, used),
  };
});
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
  await store?.close();
});

function limits(text: string, limitStore: LimitStore, withLedger = true): Limits {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const created = new ApiLimits({
    specs: parsed.limits,
    store: limitStore,
    logger: silentLogger,
    ...(withLedger ? { ledger } : {}),
  });
  opened.push(created);
  return created;
}

const freshKey = () => `ledger-${randomBytes(6).toString('hex')}`;
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof ApiError ? e.kind : 'other'),
  );
async function spend(l: Limits, key: string, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await outcome(l.acquire(key, 0)));
  return out;
}

/**
 * `run` against a redis-server of its own (to flush), given two "processes" on it: two limits, each
 * with its own connection, both with the ledger.
 */
async function onOwnRedis(
  text: string,
  run: (two: [Limits, Limits], redis: OwnRedis) => Promise<void>,
): Promise<void> {
  const redis = await OwnRedis.create();
  await redis.start();
  try {
    const open = async () => {
      const s = redisLimitStore(redis.url, silentLogger);
      await s.ready();
      return limits(text, s);
    };
    await run([await open(), await open()], redis);
  } finally {
    await redis.stop();
  }
}

describe('the month kept in the database', () => {
  it('is raised before each request goes out, and never lowered', async () => {
    const key = freshKey();
    const l = limits('10/month,1000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger));
    await spend(l, key, 3);
    const month = new Date().toISOString().slice(0, 7);
    expect(await store.allowance.used(key, month)).toBe(3);
    await store.allowance.raise(key, month, 1);
    expect(await store.allowance.used(key, month)).toBe(3);
  });

  it('a removed counters file does not start the month again', async () => {
    const dir = freshDataDir();
    const key = freshKey();
    const first = limits('10/month,1000/1s', fileLimitStore(dir, 'h', silentLogger));
    expect(await spend(first, key, 8)).toEqual(Array(8).fill('ok'));
    await first.close();
    rmSync(join(dir, 'limits-h.json'));
    const next = limits('10/month,1000/1s', fileLimitStore(dir, 'h', silentLogger));
    expect((await next.status(key))[0]).toMatchObject({ used: 8, left: 2 });
    expect(await spend(next, key, 4)).toEqual(['ok', 'ok', 'quota', 'quota']);
  });

  it.runIf(hasRedisServer)(
    'an emptied Redis (FLUSHALL) mid-month: two processes on it spend no more than the month',
    () =>
      onOwnRedis('10/month,1000/1s', async ([a, b], redis) => {
        const key = freshKey();
        const before = [...(await spend(a, key, 3)), ...(await spend(b, key, 3))];
        expect(before).toEqual(Array(6).fill('ok'));
        redis.cli('FLUSHALL');
        const after = [...(await spend(a, key, 5)), ...(await spend(b, key, 5))];
        expect(after.filter((o) => o === 'ok')).toHaveLength(4);
        expect(after.filter((o) => o !== 'ok' && o !== 'quota')).toEqual([]);
      }),
    30_000,
  );

  it.runIf(hasRedisServer)(
    'never runs ahead of the requests made: two processes spending at once are granted the whole month, and a flush restores it once',
    () =>
      onOwnRedis('30/month,1000/1s', async ([a, b], redis) => {
        const key = freshKey();
        // Both at once, each checking the month (ledger and Redis) while the other spends.
        const race = (n: number) =>
          Promise.all(
            Array.from({ length: n }, (_, i) => outcome((i % 2 === 0 ? a : b).acquire(key, 10_000))),
          );
        expect((await race(20)).filter((o) => o === 'ok')).toHaveLength(20);
        expect((await a.status(key))[0]).toMatchObject({ used: 20 });
        redis.cli('FLUSHALL');
        // After the flush, many callers of both restore at once: the month is 20, not 40 or 60.
        const after = (await race(20)).filter((o) => o === 'ok').length;
        expect(after).toBeGreaterThanOrEqual(6);
        expect(after).toBeLessThanOrEqual(10);
      }),
    60_000,
  );

  it.runIf(hasRedisServer)(
    'without the ledger, the same flush starts the month again (what it prevents)',
    async () => {
      const redis = await OwnRedis.create();
      await redis.start();
      try {
        const key = freshKey();
        const s = redisLimitStore(redis.url, silentLogger);
        await s.ready();
        const l = limits('10/month,1000/1s', s, false);
        await spend(l, key, 6);
        redis.cli('FLUSHALL');
        expect((await spend(l, key, 10)).filter((o) => o === 'ok')).toHaveLength(10);
      } finally {
        await redis.stop();
      }
    },
    30_000,
  );
});
