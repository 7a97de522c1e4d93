/**
 * Reports, snapshots and CSV exports work in slices (src/base/slices.ts): at most `every` records
 * between two pauses, so a community of 100,000 shifts never holds the event loop. Held here by
 * counting, through an injected pause, how many records were touched between pauses (no timing),
 * and that the sliced forms give exactly what the whole-list forms give.
 */
import { describe, expect, it } from 'vitest';
import type { Loa, Member, Shift } from '../../generated/api.js';
import { eachSliced, SLICE_ITEMS, Slicer, type Slicing } from '../../src/base/slices.js';
import { csvFiles, csvFilesSliced, genericColumns, genericColumnsSliced } from '../../src/render/csv.js';
import { quotaCheck, quotaCheckSliced } from '../../src/reports/leave.js';
import { shiftsInPeriodSliced, shiftTotals, shiftTotalsSliced } from '../../src/reports/time.js';

const H = 3600;
const T0 = 1_790_000_000;
const PERIOD = { start: T0 - 30 * 24 * H, end: T0 };

/** A pause that records how many records `touched()` counted since the previous pause. */
function counting(every: number, touched: () => number) {
  const between: number[] = [];
  let last = 0;
  const slicing: Slicing = {
    every,
    pause: async () => {
      between.push(touched() - last);
      last = touched();
    },
  };
  return { slicing, between, rest: () => touched() - last };
}

/** `count` shifts over 40 members; `touched()`: how many distinct shifts had their `memberId` (the first thing looked at) read. */
function shifts(count: number) {
  const touched = new Set<number>();
  const list = Array.from({ length: count }, (_, i) => {
    const createdAt = T0 - ((i * 7919) % (40 * 24 * H));
    const base: Partial<Shift> = {
      id: `s${i}`,
      type: 'patrol',
      createdAt,
      endedAt: i % 13 === 0 ? 0 : createdAt + (i % 5) * H + 600,
      breakTimestamps: i % 3 === 0 ? [{ startedAt: createdAt + 60, endedAt: createdAt + 300 }] : [],
    };
    const memberId = `m${i % 40}`;
    return Object.defineProperty(base, 'memberId', {
      enumerable: true,
      get() {
        touched.add(i);
        return memberId;
      },
    }) as Partial<Shift>;
  });
  return { list, touched: () => touched.size, reset: () => touched.clear() };
}

describe('slices', () => {
  it('eachSliced pauses after every `every` items, never before the first or after the last', async () => {
    let done = 0;
    const c = counting(3, () => done);
    const seen: number[] = [];
    await eachSliced(
      Array.from({ length: 10 }, (_, i) => i),
      (item) => {
        seen.push(item);
        done++;
      },
      c.slicing,
    );
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(c.between).toEqual([3, 3, 3]);
    expect(c.rest()).toBe(1);
  });

  it('a Slicer pauses once a slice of records is counted, pages counting their records', async () => {
    let done = 0;
    const c = counting(250, () => done);
    const slicer = new Slicer(c.slicing);
    for (const records of [100, 100, 100, 100, 100, 40]) {
      done += records;
      await slicer.step(records);
    }
    // 300 reaches 250: pause; 100 + 100 + 40 does not.
    expect(c.between).toEqual([300]);
    expect(c.rest()).toBe(240);
  });

  it('the default slice is small enough for 1–10 µs records to stay far under 50 ms', () => {
    expect(SLICE_ITEMS).toBeLessThanOrEqual(1_000);
    expect(SLICE_ITEMS).toBeGreaterThanOrEqual(100);
  });
});

describe('reports in slices', () => {
  it('shift totals touch at most `every` shifts between pauses, and equal the whole-list totals', async () => {
    const data = shifts(2_050);
    const whole = shiftTotals(data.list, PERIOD, T0);
    data.reset();
    const c = counting(200, data.touched);
    const sliced = await shiftTotalsSliced(data.list, PERIOD, T0, {}, c.slicing);
    expect(sliced).toEqual(whole);
    expect(whole.length).toBeGreaterThan(10);
    expect(c.between.length).toBe(10);
    for (const n of c.between) expect(n).toBeLessThanOrEqual(200);
    expect(c.rest()).toBeLessThanOrEqual(200);
  });

  it("one member's shifts are filtered in slices", async () => {
    const data = shifts(1_000);
    const c = counting(100, data.touched);
    const mine = await shiftsInPeriodSliced(data.list, PERIOD, T0, { memberId: 'm7' }, c.slicing);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.memberId === 'm7')).toBe(true);
    expect(c.between.length).toBe(9);
    for (const n of c.between) expect(n).toBeLessThanOrEqual(100);
  });

  it('the quota check touches at most `every` shifts or members between pauses, and equals the whole-list check', async () => {
    const data = shifts(1_500);
    const membersTouched = new Set<number>();
    const members = Array.from({ length: 250 }, (_, i) => {
      const m = { roles: [i % 2 === 0 ? 'r1' : 'r2'] } as Partial<Member>;
      return Object.defineProperty(m, 'id', {
        enumerable: true,
        get() {
          membersTouched.add(i);
          return `m${i}`;
        },
      }) as Partial<Member>;
    });
    const loas: Partial<Loa>[] = [
      { id: 'l1', memberId: 'm3', startedAt: T0 - 5 * 24 * H, endAt: T0 + H, reviewedAt: T0 - 6 * 24 * H },
    ];
    const quotas = { r1: 10, r2: 2.5 };
    const whole = quotaCheck(members, quotas, data.list, loas, PERIOD, T0);
    data.reset();
    membersTouched.clear();
    const c = counting(100, () => data.touched() + membersTouched.size);
    const sliced = await quotaCheckSliced(members, quotas, data.list, loas, PERIOD, T0, c.slicing);
    expect(sliced).toEqual(whole);
    expect(whole.some((r) => r.status === 'on leave')).toBe(true);
    // 1,500 shifts (14 pauses within, one after), then 250 members (2 pauses within).
    expect(c.between.length).toBe(17);
    for (const n of c.between) expect(n).toBeLessThanOrEqual(100);
    expect(c.rest()).toBe(50);
  });
});

describe('CSV in slices', () => {
  it('writes at most `every` rows between pauses, the same files as at once', async () => {
    let cells = 0;
    const columns = [
      {
        header: 'id',
        value: (r: { id: string; n: number }) => {
          cells++;
          return r.id;
        },
      },
      { header: 'n', value: (r: { id: string; n: number }) => r.n },
    ];
    const rows = Array.from({ length: 1_234 }, (_, i) => ({ id: `row-${i}`, n: i }));
    const whole = csvFiles(columns, rows, 4_000);
    const before = cells;
    const c = counting(100, () => cells - before);
    const sliced = await csvFilesSliced(columns, rows, 4_000, c.slicing);
    expect(sliced.map((b) => b.toString('utf8'))).toEqual(whole.map((b) => b.toString('utf8')));
    expect(whole.length).toBeGreaterThan(1);
    expect(c.between).toEqual(Array(12).fill(100));
    expect(c.rest()).toBe(34);
  });

  it('the columns of a generic export: the same as from the whole list, each record looked at in its slice', async () => {
    let looked = 0;
    const records = Array.from({ length: 1_050 }, (_, i) => {
      const record: Record<string, unknown> = { id: `r${i}`, ...(i % 7 === 0 ? { note: 'x' } : {}) };
      return new Proxy(record, {
        ownKeys(target) {
          looked++;
          return Reflect.ownKeys(target);
        },
      });
    });
    const whole = genericColumns(records).map((c) => c.header);
    const before = looked;
    const c = counting(100, () => looked - before);
    const sliced = await genericColumnsSliced(records, c.slicing);
    expect(sliced.map((column) => column.header)).toEqual(whole);
    expect(c.between).toEqual(Array(10).fill(100));
    expect(c.rest()).toBe(50);
  });
});
