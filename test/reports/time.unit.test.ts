import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shift } from '../../generated/api.js';
import {
  mergeIntervals,
  netByParts,
  netWithin,
  shiftSpan,
  shiftsInPeriod,
  shiftTotals,
} from '../../src/reports/time.js';

const H = 3600;
const T0 = 1_790_000_000; // a Unix second in 2026

function shift(over: Partial<Shift>): Partial<Shift> {
  return { id: 's', memberId: 'm1', serverId: 'x', type: 'patrol', wave: 1, ...over };
}

describe('time on duty net of breaks', () => {
  it('splits a shift crossing the period boundary', () => {
    const s = shiftSpan(shift({ createdAt: T0 - 2 * H, endedAt: T0 + 3 * H }), T0 + 10 * H);
    if (!s) throw new Error('unreadable');
    expect(netWithin(s, T0, T0 + 100 * H)).toBe(3 * H);
    expect(netWithin(s, T0 - 100 * H, T0)).toBe(2 * H);
    expect(netByParts(s, T0 - 100 * H, T0 + 100 * H, [T0])).toEqual([2 * H, 3 * H]);
  });

  it('clips breaks to the shift and to the period, counting overlaps once', () => {
    const s = shiftSpan(
      shift({
        createdAt: T0,
        endedAt: T0 + 10 * H,
        breakTimestamps: [
          { startedAt: T0 - 5 * H, endedAt: T0 - 4 * H }, // wholly before the shift: ignored
          { startedAt: T0 - H, endedAt: T0 + H }, // straddles the start: 1 h counts
          { startedAt: T0 + 4 * H, endedAt: T0 + 6 * H },
          { startedAt: T0 + 5 * H, endedAt: T0 + 7 * H }, // overlaps the one before: 4..7 = 3 h
          { startedAt: T0 + 12 * H, endedAt: T0 + 13 * H }, // after the shift: ignored
        ],
      }),
      T0 + 20 * H,
    );
    if (!s) throw new Error('unreadable');
    expect(s.breaks).toEqual([
      [T0, T0 + H],
      [T0 + 4 * H, T0 + 7 * H],
    ]);
    expect(netWithin(s, 0, T0 + 100 * H)).toBe(6 * H);
    // A period cutting through the second break: 3..5 has 1 h of work and 1 h of break.
    expect(netWithin(s, T0 + 3 * H, T0 + 5 * H)).toBe(H);
  });

  it('counts an active shift to now, and a break that never ended to the shift end', () => {
    const now = T0 + 5 * H;
    const active = shiftSpan(shift({ createdAt: T0, endedAt: 0 }), now);
    expect(active).toMatchObject({ active: true, end: now });
    if (!active) throw new Error('unreadable');
    expect(netWithin(active, 0, now + 100 * H)).toBe(5 * H);
    const onBreak = shiftSpan(shift({ createdAt: T0, breakTimestamps: [{ startedAt: T0 + 4 * H }] }), now);
    if (!onBreak) throw new Error('unreadable');
    expect(netWithin(onBreak, 0, now)).toBe(4 * H);
    const ended = shiftSpan(
      shift({ createdAt: T0, endedAt: T0 + 8 * H, breakTimestamps: [{ startedAt: T0 + 6 * H }] }),
      now + 100 * H,
    );
    if (!ended) throw new Error('unreadable');
    expect(netWithin(ended, 0, now + 100 * H)).toBe(6 * H);
  });

  it('counts no time for shifts whose times cannot be read', () => {
    expect(shiftSpan(shift({ createdAt: 0, endedAt: T0 }), T0)).toBeUndefined();
    expect(shiftSpan(shift({ createdAt: T0, endedAt: T0 - 1 }), T0)).toBeUndefined();
    expect(shiftSpan(shift({ createdAt: T0, endedAt: -5 }), T0)).toBeUndefined();
  });

  it('ranks members by net time, counting shifts and the longest within the period', () => {
    const shifts = [
      shift({ id: 'a', memberId: 'm1', createdAt: T0, endedAt: T0 + 2 * H }),
      shift({ id: 'b', memberId: 'm1', createdAt: T0 + 3 * H, endedAt: T0 + 4 * H }),
      shift({ id: 'c', memberId: 'm2', createdAt: T0 - 10 * H, endedAt: T0 + 5 * H, type: 'court' }),
      shift({ id: 'd', memberId: 'm3', createdAt: T0 - 10 * H, endedAt: T0 - 9 * H }), // before the period
      shift({ id: 'e', memberId: 'm3', createdAt: T0, endedAt: T0 + H, breakTimestamps: [{ bogus: true }] }),
    ];
    const period = { start: T0, end: T0 + 24 * H };
    const totals = shiftTotals(shifts, period, T0 + 30 * H);
    expect(totals).toEqual([
      { memberId: 'm2', seconds: 5 * H, shifts: 1, longest: 5 * H, active: 0, approximate: false },
      { memberId: 'm1', seconds: 3 * H, shifts: 2, longest: 2 * H, active: 0, approximate: false },
      { memberId: 'm3', seconds: H, shifts: 1, longest: H, active: 0, approximate: true },
    ]);
    expect(shiftTotals(shifts, period, T0 + 30 * H, { type: 'court' }).map((t) => t.memberId)).toEqual([
      'm2',
    ]);
    expect(shiftTotals(shifts, period, T0 + 30 * H, { wave: 2 })).toEqual([]);
    expect(shiftsInPeriod(shifts, period, T0 + 30 * H, { memberId: 'm1' }).map((s) => s.id)).toEqual([
      'b',
      'a',
    ]);
  });
});

const interval = fc
  .tuple(fc.integer({ min: T0 - 50 * H, max: T0 + 50 * H }), fc.integer({ min: 0, max: 30 * H }))
  .map(([a, len]) => [a, a + len] as const);

const shiftArb = fc
  .record({
    id: fc.uuid(),
    memberId: fc.constantFrom('m1', 'm2', 'm3', 'm4'),
    serverId: fc.constant('x'),
    createdAt: fc.integer({ min: T0 - 50 * H, max: T0 + 50 * H }),
    length: fc.option(fc.integer({ min: 0, max: 40 * H }), { nil: undefined }),
    breaks: fc.array(
      fc.record({
        startedAt: fc.integer({ min: T0 - 60 * H, max: T0 + 100 * H }),
        len: fc.option(fc.integer({ min: 0, max: 10 * H }), { nil: undefined }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(
    ({ length, breaks, ...s }): Partial<Shift> => ({
      ...s,
      endedAt: length === undefined ? 0 : s.createdAt + length,
      breakTimestamps: breaks.map((b) =>
        b.len === undefined
          ? { startedAt: b.startedAt }
          : { startedAt: b.startedAt, endedAt: b.startedAt + b.len },
      ),
    }),
  );

describe('properties', () => {
  const now = T0 + 60 * H;

  it('totals equal the sum of the shifts they came from', () => {
    fc.assert(
      fc.property(fc.array(shiftArb, { maxLength: 30 }), interval, (shifts, [start, end]) => {
        const totals = shiftTotals(shifts, { start, end }, now);
        const sum = totals.reduce((n, t) => n + t.seconds, 0);
        let expected = 0;
        for (const s of shifts) {
          const span = shiftSpan(s, now);
          if (span) expected += netWithin(span, start, end);
        }
        expect(sum).toBe(expected);
        for (const t of totals) {
          const own = shifts.filter((s) => s.memberId === t.memberId);
          const parts = own.map((s) => {
            const span = shiftSpan(s, now);
            return span ? netWithin(span, start, end) : 0;
          });
          expect(t.seconds).toBe(parts.reduce((a, b) => a + b, 0));
          expect(t.longest).toBe(Math.max(0, ...parts));
        }
      }),
    );
  });

  it('clipping is never negative nor more than the period, and parts add up to the whole', () => {
    fc.assert(
      fc.property(
        shiftArb,
        interval,
        fc.array(fc.integer({ min: T0 - 60 * H, max: T0 + 60 * H }), { maxLength: 5 }),
        (s, [start, end], cuts) => {
          const span = shiftSpan(s, now);
          if (!span) return;
          const net = netWithin(span, start, end);
          expect(net).toBeGreaterThanOrEqual(0);
          expect(net).toBeLessThanOrEqual(end - start);
          expect(net).toBeLessThanOrEqual(span.end - span.start);
          const parts = netByParts(
            span,
            start,
            end,
            [...new Set(cuts)].sort((a, b) => a - b),
          );
          expect(parts.reduce((a, b) => a + b, 0)).toBe(net);
          for (const p of parts) expect(p).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('merged breaks cover the same time without overlapping', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 8 }), (list) => {
        const merged = mergeIntervals(list);
        for (let i = 1; i < merged.length; i++)
          expect(merged[i]?.[0]).toBeGreaterThan(merged[i - 1]?.[1] ?? 0);
        const covered = (t: number) => list.some(([a, b]) => a <= t && t < b);
        for (const [a, b] of list) {
          if (b > a) expect(merged.some(([x, y]) => x <= a && b <= y)).toBe(true);
        }
        for (const [a] of merged) expect(covered(a)).toBe(true);
      }),
    );
  });
});
