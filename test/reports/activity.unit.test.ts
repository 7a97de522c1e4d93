/** Who is on duty now and who went quiet: the arithmetic over a snapshot (src/reports/activity.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Loa, Member, Shift } from '../../generated/api.js';
import { inactiveMembers, onDuty } from '../../src/reports/activity.js';

const NOW = 1_800_000_000;
const DAY = 86_400;
const shift = (id: string, memberId: string, createdAt: number, endedAt = 0, extra: Partial<Shift> = {}) =>
  ({ id, memberId, createdAt, endedAt, ...extra }) as Shift;
const member = (id: string, roles: string[] = []) => ({ id, roles }) as Member;
/** An approved (started) leave from `start` to `end`. */
const leave = (memberId: string, start: number, end: number) =>
  ({
    id: `l-${memberId}`,
    memberId,
    startAt: start,
    startedAt: start,
    endAt: end,
    status: 1,
  }) as unknown as Loa;

describe('onDuty', () => {
  it('lists running shifts only, longest running first, with time net of breaks', () => {
    const shifts = [
      shift('a', 'm1', NOW - 600),
      shift('b', 'm2', NOW - 7200, 0, {
        breakTimestamps: [{ startedAt: NOW - 3600, endedAt: NOW - 1800 }] as never,
      }),
      shift('c', 'm3', NOW - 9000, NOW - 100),
      shift('d', 'm4', NOW + 60),
    ];
    const rows = onDuty(shifts, NOW);
    expect(rows.map((r) => r.shift.id)).toEqual(['b', 'a']);
    expect(rows[0]?.net).toBe(7200 - 1800);
    expect(rows[1]?.net).toBe(600);
  });

  it('never lists an ended shift, and orders by start for any data', () => {
    const arb = fc.array(
      fc.record({
        start: fc.integer({ min: NOW - 30 * DAY, max: NOW + DAY }),
        ended: fc.oneof(fc.constant(0), fc.integer({ min: NOW - 30 * DAY, max: NOW })),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const shifts = specs.map((s, i) => shift(`s${i}`, `m${i}`, s.start, s.ended));
        const rows = onDuty(shifts, NOW);
        for (const r of rows) expect(r.shift.endedAt).toBe(0);
        for (let i = 1; i < rows.length; i++)
          expect((rows[i] as { start: number }).start).toBeGreaterThanOrEqual(
            (rows[i - 1] as { start: number }).start,
          );
        expect(rows.length).toBe(shifts.filter((s) => s.endedAt === 0 && (s.createdAt ?? 0) <= NOW).length);
      }),
    );
  });
});

describe('inactiveMembers', () => {
  const members = [
    member('never', ['r1']),
    member('old', ['r1']),
    member('recent', ['r1']),
    member('other', ['r2']),
  ];
  const shifts = [
    shift('s1', 'old', NOW - 20 * DAY, NOW - 20 * DAY + 3600),
    shift('s2', 'recent', NOW - 2 * DAY, NOW - 2 * DAY + 3600),
    shift('s3', 'other', NOW - 40 * DAY, NOW - 40 * DAY + 3600),
  ];

  it('lists members idle over the days, "never" first, then the longest idle', () => {
    const rows = inactiveMembers(members, shifts, [], NOW, { days: 14, includeLeave: false });
    expect(rows.map((r) => [r.memberId, r.lastShift])).toEqual([
      ['never', undefined],
      ['other', NOW - 40 * DAY],
      ['old', NOW - 20 * DAY],
    ]);
  });

  it('counts the days: a shift within them keeps a member off the list', () => {
    const rows = inactiveMembers(members, shifts, [], NOW, { days: 30, includeLeave: false });
    expect(rows.map((r) => r.memberId)).toEqual(['never', 'other']);
  });

  it('filters by community role', () => {
    const rows = inactiveMembers(members, shifts, [], NOW, { days: 14, roleId: 'r2', includeLeave: false });
    expect(rows.map((r) => r.memberId)).toEqual(['other']);
  });

  it('leaves out members on leave now, unless asked, and then says until when', () => {
    const loas = [leave('old', NOW - DAY, NOW + 3 * DAY), leave('other', NOW - 30 * DAY, NOW - 10 * DAY)];
    expect(
      inactiveMembers(members, shifts, loas, NOW, { days: 14, includeLeave: false }).map((r) => r.memberId),
    ).toEqual(['never', 'other']);
    const kept = inactiveMembers(members, shifts, loas, NOW, { days: 14, includeLeave: true });
    expect(kept.find((r) => r.memberId === 'old')?.onLeaveUntil).toBe(NOW + 3 * DAY);
    expect(kept.find((r) => r.memberId === 'other')?.onLeaveUntil).toBeUndefined();
  });

  it('a member on duty now is not idle, however long ago the shift started', () => {
    const running = [...shifts, shift('s4', 'old', NOW - 20 * DAY)];
    expect(
      inactiveMembers(members, running, [], NOW, { days: 14, includeLeave: false }).map((r) => r.memberId),
    ).toEqual(['never', 'other']);
  });
});
