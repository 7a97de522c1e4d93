/**
 * The month's count starts at the month's first request with a token, whether or not a monthly
 * limit is known yet: requests made under limits without a month (API_LIMITS `30/1m`, a server that
 * declared no plan) are counted under the month's keys and in the ledger, and a plan declared later
 * (limits rebuilt with `12/month` on the same counters) applies to what was already spent. The
 * limits' calendar clock is injected (a fixed mid-month), on the file counters, a real Redis and the
 * ledger of a real SQLite store.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { ApiLimits, type Limits, type MonthLedger } from '../../src/api/limits/limits.js';
import { fileLimitStore, type LimitStore, redisLimitStore } from '../../src/api/limits/store.js';
import { limitsProblemText, monthOf, parseLimits } from '../../src/base/limits-spec.js';
import { openStore, type Store } from '../../src/store/index.js';
import { HANG_PATIENCE, reachable } from '../support/redis.js';
import { freshDataDir, silentLogger } from './helpers.js';

const redisUp = await reachable(6379);
/** The limits' clock: mid-month, far from a month's turn whatever the machine's date. */
const NOW = Date.UTC(2026, 2, 14, 12);
const now = () => NOW;

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

function limits(text: string, limitStore: LimitStore): Limits {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const created = new ApiLimits({
    specs: parsed.limits,
    store: limitStore,
    logger: silentLogger,
    ledger,
    now,
  });
  opened.push(created);
  return created;
}

const freshKey = () => `first-${randomBytes(6).toString('hex')}`;
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof ApiError ? e.kind : 'other'),
  );
/** Ask `n` times; how many were let through. */
async function spend(l: Limits, key: string, n: number): Promise<number> {
  let ok = 0;
  for (let i = 0; i < n; i++) if ((await outcome(l.acquire(key, 0))) === 'ok') ok++;
  return ok;
}

const backends: Array<[string, () => Promise<() => LimitStore>]> = [
  [
    'the counters file',
    async () => {
      const dir = freshDataDir();
      return () => fileLimitStore(dir, 'h', silentLogger);
    },
  ],
];
if (redisUp) {
  backends.push([
    'Redis',
    async () => () => redisLimitStore('redis://127.0.0.1:6379', silentLogger, HANG_PATIENCE),
  ]);
}

describe.each(backends)('a plan declared after the first requests (%s)', (_name, open) => {
  it('counts the requests made without a monthly limit: a 12/month declared after 1 allows 11 more', async () => {
    const newStore = await open();
    const key = freshKey();
    const before = limits('1000/1s', newStore());
    expect(await spend(before, key, 1)).toBe(1); // the link check, before any plan
    expect(await before.status(key)).toEqual([expect.objectContaining({ kind: 'span' })]); // no month shown
    expect(await ledger.used(key, monthOf(NOW))).toBe(1); // counted where a flush cannot take it
    const declared = limits('12/month,1000/1s', newStore());
    expect((await declared.status(key))[0]).toMatchObject({ text: '12/month', used: 1, left: 11 });
    expect(await spend(declared, key, 20)).toBe(11);
    expect(await ledger.used(key, monthOf(NOW))).toBe(12);
  });

  it('two servers on one token, one declaring 10/month after both linked and read: 10 in the month', async () => {
    const newStore = await open();
    const key = freshKey();
    const shared = limits('1000/1s', newStore()); // both servers' reads, no plan known
    expect(await spend(shared, key, 2)).toBe(2);
    const declared = limits('10/month,1000/1s', newStore());
    expect(await spend(declared, key, 20)).toBe(8);
    expect((await declared.status(key))[0]).toMatchObject({ used: 10, left: 0 });
  });

  it('a plan declared first counts from its first request as before (the other order)', async () => {
    const newStore = await open();
    const key = freshKey();
    const declared = limits('12/month,1000/1s', newStore());
    expect(await spend(declared, key, 20)).toBe(12);
    // A server without a plan reading the same token meanwhile adds to the same month.
    const unplanned = limits('1000/1s', newStore());
    expect(await spend(unplanned, key, 1)).toBe(1);
    expect(await ledger.used(key, monthOf(NOW))).toBe(13);
  });
});

it('without a monthly limit the count is kept but never refuses, and nothing reports a month', async () => {
  const key = freshKey();
  const l = limits('1000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger));
  expect(await spend(l, key, 30)).toBe(30);
  // The counters file has every request; the ledger the first, and the rest once the limits close
  // (or an interval later: test/api/month-unlimited-ledger.test.ts).
  expect(await ledger.used(key, monthOf(NOW))).toBe(1);
  expect((await l.status(key)).map((s) => s.kind)).toEqual(['span']);
  expect(l.remaining(key)).toBe(1000); // the tightest limit known, not the uncapped count
  await l.close();
  expect(await ledger.used(key, monthOf(NOW))).toBe(30);
});
