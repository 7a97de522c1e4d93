/**
 * The month's count in the ledger (the store's `month_counts`) without a monthly limit: nothing is
 * refused, so the ledger is not read and written on every request (src/api/limits/month.ts): at a
 * key's first request in the process, then at most once every UNLIMITED_LEDGER_EVERY_MS, and when
 * the limits close. With a monthly limit every request still reads and raises it before it goes out.
 * The statements are counted with the store's own `onStatement` hook; the limits' clock is injected.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiLimits, type Limits, type MonthLedger } from '../../src/api/limits/limits.js';
import { UNLIMITED_LEDGER_EVERY_MS } from '../../src/api/limits/month.js';
import { fileLimitStore, type LimitStore } from '../../src/api/limits/store.js';
import { limitsProblemText, monthOf, parseLimits } from '../../src/base/limits-spec.js';
import { openStore, type Store } from '../../src/store/index.js';
import { freshDataDir, silentLogger } from './helpers.js';

/** Mid-month, far from a month's turn whatever the machine's date. */
const START = Date.UTC(2026, 2, 14, 12);
let clock = START;
const now = () => clock;
const MONTH = monthOf(START);

let store: Store;
let ledger: MonthLedger;
/** The store's statements since the last reset. */
let statements: string[] = [];

beforeAll(async () => {
  store = await openStore({ dataDir: freshDataDir(), onStatement: (text) => statements.push(text) });
  ledger = {
    used: (key, month) => store.allowance.used(key, month),
    raise: (key, month, used) => store.allowance.raise(key, month, used),
  };
});
afterAll(async () => {
  await store?.close();
});

function limits(text: string, limitStore: LimitStore): Limits {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return new ApiLimits({ specs: parsed.limits, store: limitStore, logger: silentLogger, ledger, now });
}

const freshKey = () => `unlimited-${randomBytes(6).toString('hex')}`;
async function spend(l: Limits, key: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await l.acquire(key, 0);
}

describe("the month's ledger without a monthly limit", () => {
  it('is written at the first request, then at most once an interval, and when the limits close', async () => {
    clock = START;
    const key = freshKey();
    const l = limits('100000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger));
    statements = [];
    await spend(l, key, 50);
    // The first request's read and raise; the 49 after it are counted in the counters file alone.
    expect(statements).toHaveLength(2);
    expect(await store.allowance.used(key, MONTH)).toBe(1);
    clock += UNLIMITED_LEDGER_EVERY_MS - 1;
    statements = [];
    await spend(l, key, 1);
    expect(statements).toHaveLength(0);
    clock += 1;
    await spend(l, key, 1);
    expect(statements).toHaveLength(2);
    expect(await store.allowance.used(key, MONTH)).toBe(52);
    await spend(l, key, 5);
    await l.close();
    expect(await store.allowance.used(key, MONTH)).toBe(57);
  });

  it('a clock stepped back writes the ledger at the next request rather than skipping it for long', async () => {
    clock = START;
    const key = freshKey();
    const l = limits('100000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger));
    await spend(l, key, 3);
    clock -= 1_000;
    await spend(l, key, 1);
    expect(await store.allowance.used(key, MONTH)).toBe(4);
    await l.close();
  });

  it("while the counters are not every process's (Redis failed over to memory), every request raises the ledger", async () => {
    clock = START;
    const key = freshKey();
    const file = fileLimitStore(freshDataDir(), 'h', silentLogger);
    let shared = true;
    const l = limits('100000/1s', Object.assign(Object.create(file) as LimitStore, { shared: () => shared }));
    await spend(l, key, 3);
    expect(await store.allowance.used(key, MONTH)).toBe(1);
    shared = false;
    await spend(l, key, 2);
    expect(await store.allowance.used(key, MONTH)).toBe(5);
    shared = true;
    await spend(l, key, 1);
    expect(await store.allowance.used(key, MONTH)).toBe(5);
    await l.close();
    expect(await store.allowance.used(key, MONTH)).toBe(6);
  });

  it('a plan declared later still applies to every request, the ones the ledger has not seen included', async () => {
    clock = START;
    const dir = freshDataDir();
    const key = freshKey();
    const before = limits('100000/1s', fileLimitStore(dir, 'h', silentLogger));
    await spend(before, key, 5);
    // The same counters, now with a month (an admin declared 12/month): 7 more, not 11.
    const after = limits('12/month,100000/1s', fileLimitStore(dir, 'h', silentLogger));
    expect((await after.status(key))[0]).toMatchObject({ used: 5, left: 7 });
    await before.close();
    await after.close();
    // And after the limits closed, with the counters file gone: the ledger has all five.
    rmSync(join(dir, 'limits-h.json'));
    const reopened = limits('12/month,100000/1s', fileLimitStore(dir, 'h', silentLogger));
    expect((await reopened.status(key))[0]).toMatchObject({ used: 5, left: 7 });
    await reopened.close();
  });
});

describe("the month's ledger with a monthly limit", () => {
  it('is read and raised before every request, exact after each', async () => {
    clock = START;
    const key = freshKey();
    const l = limits('100/month,100000/1s', fileLimitStore(freshDataDir(), 'h', silentLogger));
    for (let i = 1; i <= 5; i++) {
      statements = [];
      await spend(l, key, 1);
      expect(statements.filter((text) => /month_counts/.test(text)).length).toBeGreaterThanOrEqual(2);
      expect(statements.some((text) => /^insert into "month_counts"/.test(text))).toBe(true);
      expect(await store.allowance.used(key, MONTH)).toBe(i);
    }
    await l.close();
  });
});
