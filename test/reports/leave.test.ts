import { describe, expect, it } from 'vitest';
import type { Loa, Member, Shift } from '../../generated/api.js';
import { leaveSpan, onLeaveAt, quotaCheck, quotaSeconds, startingWithin } from '../../src/reports/leave.js';
import { MAX_QUOTA_HOURS } from '../../src/reports/source.js';

const H = 3600;
const D = 86_400;
const T0 = 1_790_000_000;
const loa = (over: Partial<Loa>): Partial<Loa> => ({ id: 'l', memberId: 'm1', serverId: 'x', ...over });

describe('leave from lifecycle timestamps', () => {
  it('reads when a leave runs', () => {
    expect(leaveSpan(loa({ startAt: T0, endAt: T0 + D, reviewedAt: T0 - D }))).toEqual({
      start: T0,
      end: T0 + D,
    });
    // Started early, ended early: the lifecycle points win over the plan.
    expect(leaveSpan(loa({ startAt: T0, startedAt: T0 - H, endAt: T0 + D, endedAt: T0 + H }))).toEqual({
      start: T0 - H,
      end: T0 + H,
    });
    expect(leaveSpan(loa({ startedAt: T0 }))).toEqual({ start: T0, end: Infinity });
    // Pending review, denied, or cancelled before it started: no leave.
    expect(leaveSpan(loa({ startAt: T0, endAt: T0 + D }))).toBeUndefined();
    expect(leaveSpan(loa({ startAt: T0, endAt: T0 + D, reviewedAt: T0, denyReason: 'no' }))).toBeUndefined();
    expect(
      leaveSpan(loa({ startAt: T0, endAt: T0 + D, reviewedAt: T0, cancelledAt: T0 - H })),
    ).toBeUndefined();
    expect(leaveSpan(loa({ startedAt: T0, endAt: T0 + D, cancelledAt: T0 + H }))).toEqual({
      start: T0,
      end: T0 + H,
    });
  });

  it('lists who is on leave now (returning soonest first) and who goes within N days', () => {
    const loas = [
      loa({ id: 'a', startedAt: T0 - D, endAt: T0 + 5 * D }),
      loa({ id: 'b', startedAt: T0 - D, endAt: T0 + 2 * D }),
      loa({ id: 'c', startedAt: T0 - 3 * D, endedAt: T0 - D }),
      loa({ id: 'd', reviewedAt: T0, startAt: T0 + 3 * D, endAt: T0 + 9 * D }),
      loa({ id: 'e', reviewedAt: T0, startAt: T0 + 10 * D, endAt: T0 + 12 * D }),
      loa({ id: 'f', startAt: T0 + D, endAt: T0 + 2 * D }), // pending review
    ];
    expect(onLeaveAt(loas, T0).map((l) => l.id)).toEqual(['b', 'a']);
    expect(startingWithin(loas, T0, 7).map((l) => l.id)).toEqual(['d']);
    expect(startingWithin(loas, T0, 14).map((l) => l.id)).toEqual(['d', 'e']);
  });
});

describe('quota check', () => {
  const period = { start: T0, end: T0 + 7 * D };
  const members: Partial<Member>[] = [
    { id: 'm1', roles: ['mod'] },
    { id: 'm2', roles: ['mod', 'senior'] },
    { id: 'm3', roles: ['mod'] },
    { id: 'm4', roles: ['guest'] },
    { id: 'm5', roles: ['mod'] },
  ];
  const shifts: Partial<Shift>[] = [
    { memberId: 'm1', createdAt: T0 + H, endedAt: T0 + 6 * H },
    { memberId: 'm2', createdAt: T0 + H, endedAt: T0 + 6 * H },
    { memberId: 'm3', createdAt: T0 - 2 * H, endedAt: T0 + H }, // only 1 h inside the period
    { memberId: 'm4', createdAt: T0 + H, endedAt: T0 + 6 * H },
  ];
  const quotas = { mod: 4, senior: 10 };

  it('reads only quotas set: role ids from the API named like Object members owe nothing, and no NaN', () => {
    const hostile: Partial<Member>[] = [
      { id: 'h1', roles: ['constructor', '__proto__', 'toString', 'hasOwnProperty'] },
      { id: 'h2', roles: ['valueOf', 'mod'] },
    ];
    const rows = quotaCheck(hostile, { ...quotas }, [], [], period, T0 + 8 * D);
    expect(rows).toEqual([{ memberId: 'h2', required: 4 * H, roleId: 'mod', done: 0, status: 'fail' }]);
  });

  it('gives required vs done, pass or fail (furthest behind first), the largest quota of several roles', () => {
    const rows = quotaCheck(members, quotas, shifts, [], period, T0 + 8 * D);
    expect(rows).toEqual([
      { memberId: 'm2', required: 10 * H, roleId: 'senior', done: 5 * H, status: 'fail' },
      { memberId: 'm5', required: 4 * H, roleId: 'mod', done: 0, status: 'fail' },
      { memberId: 'm3', required: 4 * H, roleId: 'mod', done: H, status: 'fail' },
      { memberId: 'm1', required: 4 * H, roleId: 'mod', done: 5 * H, status: 'pass' },
    ]);
  });

  it('exempts a member whose leave overlaps the period even partly, and no one else', () => {
    const loas = [
      loa({ memberId: 'm3', startedAt: T0 - 5 * D, endedAt: T0 + H }), // overlaps the first hour
      loa({ memberId: 'm5', startedAt: T0 - 5 * D, endedAt: T0 }), // ends as the period starts
      loa({ memberId: 'm2', startAt: T0 + D, endAt: T0 + 2 * D }), // pending review: no leave
    ];
    const rows = quotaCheck(members, quotas, shifts, loas, period, T0 + 8 * D);
    expect(Object.fromEntries(rows.map((r) => [r.memberId, r.status]))).toEqual({
      m1: 'pass',
      m2: 'fail',
      m3: 'on leave',
      m5: 'fail',
    });
  });
});

describe('quotas in whole seconds', () => {
  const window = { start: 0, end: 1_000_000 };
  const member = [{ id: 'm', roles: ['mod'] }];
  const onDuty = (seconds: number) => [{ id: 's', memberId: 'm', createdAt: 100, endedAt: 100 + seconds }];

  it('a quota met to the second passes and one second short fails, for every two-decimal value accepted', () => {
    let checked = 0;
    for (let hundredths = 1; hundredths <= MAX_QUOTA_HOURS * 100; hundredths++) {
      // The value as the settings hold it: parsed from its two-decimal text.
      const hours = Number((hundredths / 100).toFixed(2));
      const exact = hundredths * 36;
      expect(quotaSeconds(hours)).toBe(exact);
      const [met] = quotaCheck(member, { mod: hours }, onDuty(exact), [], window, window.end);
      const [short] = quotaCheck(member, { mod: hours }, onDuty(exact - 1), [], window, window.end);
      if (met?.status !== 'pass' || met.required !== exact || short?.status !== 'fail')
        expect({ hours, met, short }).toBeUndefined();
      checked++;
    }
    expect(checked).toBe(16_800);
  });

  it('is exact at the edges: 1.1 h, 0.01 h and the largest accepted', () => {
    expect(quotaSeconds(1.1)).toBe(3960);
    expect(quotaSeconds(4.1)).toBe(14_760);
    expect(quotaSeconds(0.01)).toBe(36);
    expect(quotaSeconds(MAX_QUOTA_HOURS)).toBe(MAX_QUOTA_HOURS * 3600);
    expect(Number.isInteger(quotaSeconds(2.33))).toBe(true);
  });
});
