import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Loa, Member, Shift } from '../../generated/api.js';
import { BOM, CRLF, csvFiles, genericColumns } from '../../src/render/csv.js';
import {
  isQuotaHours,
  LOA_FILTERS,
  leaveSpan,
  leaveState,
  loaStateAt,
  matchesLoaFilter,
  onLeaveAt,
  quotaCheck,
  quotaSeconds,
  readStartTypes,
  readStatusCodes,
  startingWithin,
} from '../../src/reports/leave.js';
import { MAX_QUOTA_HOURS } from '../../src/reports/source.js';

const H = 3600;
const D = 86_400;
const T0 = 1_790_000_000;
const loa = (over: Partial<Loa>): Partial<Loa> => ({ id: 'l', memberId: 'm1', serverId: 'x', ...over });

describe('leave: one rule per LOA state (README "Reports")', () => {
  const plan = { startAt: T0, endAt: T0 + D };
  const cases: Array<[string, Partial<Loa>, { start: number; end: number } | undefined]> = [
    ['pending review: no leave', plan, undefined],
    [
      'pending review, cancelled after its planned start: no leave',
      { ...plan, cancelledAt: T0 + H },
      undefined,
    ],
    ['approved (reviewed): its planned dates', { ...plan, reviewedAt: T0 - D }, { start: T0, end: T0 + D }],
    ['approved, no end date: open-ended', { startAt: T0, reviewedAt: T0 - D }, { start: T0, end: Infinity }],
    ['approved, no start date: no leave', { endAt: T0 + D, reviewedAt: T0 - D }, undefined],
    ['denied (a deny reason): no leave', { ...plan, reviewedAt: T0, denyReason: 'no' }, undefined],
    [
      'a blank deny reason is none: reviewed reads as approved',
      { ...plan, reviewedAt: T0, denyReason: ' ' },
      { start: T0, end: T0 + D },
    ],
    ['denied, started anyway: no leave', { ...plan, startedAt: T0, denyReason: 'no' }, undefined],
    ['started: from its start, not its plan', { ...plan, startedAt: T0 - H }, { start: T0 - H, end: T0 + D }],
    ['started, never reviewed: approved', { startedAt: T0, endAt: T0 + D }, { start: T0, end: T0 + D }],
    ['started, no end: open-ended', { startedAt: T0 }, { start: T0, end: Infinity }],
    ['ended early', { ...plan, startedAt: T0, endedAt: T0 + H }, { start: T0, end: T0 + H }],
    ['expired', { ...plan, startedAt: T0, expiredAt: T0 + D, endedAt: T0 + D }, { start: T0, end: T0 + D }],
    [
      'cancelled before its planned start: no leave',
      { ...plan, reviewedAt: T0 - D, cancelledAt: T0 - H },
      undefined,
    ],
    ['cancelled at its planned start: no leave', { ...plan, reviewedAt: T0 - D, cancelledAt: T0 }, undefined],
    [
      'approved, cancelled after its planned start, never started: leave up to the cancellation',
      { ...plan, reviewedAt: T0 - D, cancelledAt: T0 + H },
      { start: T0, end: T0 + H },
    ],
    [
      'started, cancelled: leave up to the cancellation',
      { ...plan, startedAt: T0, cancelledAt: T0 + H },
      { start: T0, end: T0 + H },
    ],
    [
      'the first stop wins',
      { ...plan, startedAt: T0, endedAt: T0 + 3 * H, cancelledAt: T0 + 2 * H },
      { start: T0, end: T0 + 2 * H },
    ],
  ];
  it.each(cases)('%s', (_name, fields, span) => {
    expect(leaveSpan(loa(fields))).toEqual(span);
  });

  it('names the state a report reads', () => {
    expect(leaveState(loa(plan))).toBe('pending');
    expect(leaveState(loa({ ...plan, reviewedAt: T0 }))).toBe('approved');
    expect(leaveState(loa({ ...plan, startedAt: T0 }))).toBe('approved');
    expect(leaveState(loa({ ...plan, reviewedAt: T0, denyReason: 'no' }))).toBe('denied');
  });
});

describe("status codes read from the community's own LOAs", () => {
  // Codes as one community might use them: nothing in Rollcall knows these numbers.
  const DENIED = 7;
  const ACCEPTED = 3;
  const history = [
    loa({ id: 'h1', status: DENIED, reviewedAt: T0 - 9 * D, denyReason: 'too long' }),
    loa({ id: 'h2', status: ACCEPTED, startedAt: T0 - 9 * D, endedAt: T0 - 8 * D }),
  ];

  it('reads a code only denied LOAs carry as denied, and one only started LOAs carry as approved', () => {
    expect(readStatusCodes(history)).toEqual(
      new Map([
        [DENIED, 'denied'],
        [ACCEPTED, 'approved'],
      ]),
    );
    // A code carried by denied and started LOAs alike, or by neither, says nothing.
    const mixed = [...history, loa({ status: DENIED, startedAt: T0 }), loa({ status: 0, reviewedAt: T0 })];
    expect(readStatusCodes(mixed)).toEqual(new Map([[ACCEPTED, 'approved']]));
  });

  it('a denied status with no deny reason is never approved: not on leave, not upcoming, no exemption', () => {
    const silent = loa({
      id: 'x',
      memberId: 'm1',
      status: DENIED,
      reviewedAt: T0 - D,
      startAt: T0 - H,
      endAt: T0 + 2 * D,
    });
    const soon = loa({
      id: 'y',
      memberId: 'm1',
      status: DENIED,
      reviewedAt: T0 - D,
      startAt: T0 + D,
      endAt: T0 + 2 * D,
    });
    const loas = [...history, silent, soon];
    expect(leaveState(silent, readStatusCodes(loas))).toBe('denied');
    expect(onLeaveAt(loas, T0)).toEqual([]);
    expect(startingWithin(loas, T0, 7)).toEqual([]);
    const [row] = quotaCheck(
      [{ id: 'm1', roles: ['mod'] }],
      { mod: 1 },
      [],
      loas,
      { start: T0, end: T0 + 7 * D },
      T0,
    );
    expect(row?.status).toBe('fail');
  });

  it('an accepted status with no review time is approved: on leave now, upcoming, exempt', () => {
    const now = loa({ id: 'n', memberId: 'm1', status: ACCEPTED, startAt: T0 - H, endAt: T0 + D });
    const later = loa({ id: 'l', memberId: 'm2', status: ACCEPTED, startAt: T0 + D, endAt: T0 + 2 * D });
    const loas = [...history, now, later];
    expect(leaveState(now, readStatusCodes(loas))).toBe('approved');
    expect(onLeaveAt(loas, T0).map((l) => l.id)).toEqual(['n']);
    expect(startingWithin(loas, T0, 7).map((l) => l.id)).toEqual(['l']);
    const [row] = quotaCheck(
      [{ id: 'm1', roles: ['mod'] }],
      { mod: 1 },
      [],
      loas,
      { start: T0, end: T0 + 7 * D },
      T0,
    );
    expect(row?.status).toBe('on leave');
    // The same LOA with a code that says nothing stays pending review.
    expect(onLeaveAt([now], T0)).toEqual([]);
  });
});

describe('who is on leave now and who goes next', () => {
  it('lists who is on leave now (returning soonest first) and who goes within N days', () => {
    const loas = [
      loa({ id: 'a', startedAt: T0 - D, endAt: T0 + 5 * D }),
      loa({ id: 'b', startedAt: T0 - D, endAt: T0 + 2 * D }),
      loa({ id: 'c', startedAt: T0 - 3 * D, endedAt: T0 - D }),
      loa({ id: 'd', reviewedAt: T0, startAt: T0 + 3 * D, endAt: T0 + 9 * D }),
      loa({ id: 'e', reviewedAt: T0, startAt: T0 + 10 * D, endAt: T0 + 12 * D }),
      loa({ id: 'f', startAt: T0 + D, endAt: T0 + 2 * D }), // pending review
      // Approved, its planned start passed, cancelled later without ever being started: on leave until then.
      loa({ id: 'g', reviewedAt: T0 - 2 * D, startAt: T0 - D, endAt: T0 + 3 * D, cancelledAt: T0 + H }),
      loa({ id: 'h', reviewedAt: T0 - 2 * D, startAt: T0 + D, endAt: T0 + 3 * D, cancelledAt: T0 - H }), // cancelled before
    ];
    expect(onLeaveAt(loas, T0).map((l) => l.id)).toEqual(['g', 'b', 'a']);
    expect(onLeaveAt(loas, T0 + H).map((l) => l.id)).toEqual(['b', 'a']);
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

  it('accepts quota hours as REPORTS_QUOTAS does: over 0, at most 168, at most two decimals', () => {
    for (const hours of [0.01, 1.1, 4.1, 2.33, 167.99, MAX_QUOTA_HOURS])
      expect(isQuotaHours(hours)).toBe(true);
    for (const hours of [0, -1, 1.005, 1.111, 0.001, MAX_QUOTA_HOURS + 0.01, Number.NaN, Infinity])
      expect(isQuotaHours(hours)).toBe(false);
  });

  it("writes the CSV's required and done columns as whole seconds", () => {
    const rows = quotaCheck(member, { mod: 1.1 }, onDuty(3960), [], window, window.end);
    const [file] = csvFiles(genericColumns(rows), rows, 1_000_000);
    const [header, line] = (file?.toString('utf8') ?? '').replace(BOM, '').split(CRLF);
    const cells = Object.fromEntries(
      (header ?? '').split(',').map((name, i) => [name, (line ?? '').split(',')[i]]),
    );
    expect(cells).toMatchObject({ required: '3960', done: '3960', status: 'pass' });
  });
});

describe("the state every LOA view shows (loaStateAt), by the reports' rule", () => {
  const DENIED = 7;
  const ACCEPTED = 3;
  const history = [
    loa({ id: 'h1', status: DENIED, reviewedAt: T0 - 9 * D, denyReason: 'too long' }),
    loa({ id: 'h2', status: ACCEPTED, startedAt: T0 - 9 * D, endedAt: T0 - 8 * D }),
  ];
  const readings = readStatusCodes(history);
  const plan = { startAt: T0 - H, endAt: T0 + D };

  it('an LOA /loa active lists never reads "Pending review": accepted by its status alone, or past its planned start', () => {
    const accepted = loa({ id: 'a', status: ACCEPTED, ...plan });
    const reviewed = loa({ id: 'r', reviewedAt: T0 - D, ...plan });
    const loas = [...history, accepted, reviewed];
    expect(
      onLeaveAt(loas, T0)
        .map((l) => l.id)
        .sort(),
    ).toEqual(['a', 'r']);
    expect(loaStateAt(accepted, readings, T0)).toBe('Active');
    expect(loaStateAt(reviewed, readings, T0)).toBe('Active');
    // Without the community's codes it reads as the API gives it: nobody reviewed it yet.
    expect(loaStateAt(accepted, new Map(), T0)).toBe('Pending review');
  });

  it('names each state once, by the same rule as the leave', () => {
    const cases: Array<[Partial<Loa>, string]> = [
      [loa(plan), 'Pending review'],
      [loa({ ...plan, cancelledAt: T0 - 2 * H }), 'Cancelled'],
      [loa({ ...plan, status: DENIED }), 'Denied'],
      [loa({ ...plan, startedAt: T0 - H, denyReason: 'no' }), 'Denied'],
      [loa({ startAt: T0 + D, endAt: T0 + 2 * D, reviewedAt: T0 - D }), 'Approved'],
      [loa({ ...plan, startedAt: T0 - H, endedAt: T0 - 1 }), 'Ended'],
      [loa({ startAt: T0 - 2 * D, endAt: T0 - D, reviewedAt: T0 - 3 * D }), 'Ended'],
      [loa({ ...plan, startedAt: T0 - H, expiredAt: T0 - 1 }), 'Expired'],
      [loa({ ...plan, reviewedAt: T0 - D, cancelledAt: T0 - 2 * H }), 'Cancelled'],
      [loa({ ...plan, startedAt: T0 - H, cancelledAt: T0 - 1 }), 'Cancelled'],
    ];
    for (const [item, state] of cases)
      expect(loaStateAt(item, readings, T0), JSON.stringify(item)).toBe(state);
  });

  it('the filters pick by the same rule: active is exactly who is on leave now (property)', () => {
    const ts = fc.option(fc.integer({ min: T0 - 3 * D, max: T0 + 3 * D }), { nil: undefined });
    const loaArb = fc.record({
      id: fc.string({ maxLength: 4 }),
      status: fc.option(fc.constantFrom(DENIED, ACCEPTED, 0), { nil: undefined }),
      startAt: ts,
      endAt: ts,
      startedAt: ts,
      endedAt: ts,
      reviewedAt: ts,
      cancelledAt: ts,
      expiredAt: ts,
      denyReason: fc.option(fc.constantFrom('no', ' '), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(loaArb, { maxLength: 12 }), (raw) => {
        const loas = [...history, ...raw.map((r) => loa(r as Partial<Loa>))];
        const read = readStatusCodes(loas);
        const active = new Set(onLeaveAt(loas, T0));
        for (const item of loas) {
          const state = loaStateAt(item, read, T0);
          expect(matchesLoaFilter(item, 'active', read, T0)).toBe(active.has(item));
          if (active.has(item)) expect(state).toBe('Active');
          expect(matchesLoaFilter(item, 'pending', read, T0)).toBe(state === 'Pending review');
          if (leaveState(item, read) !== 'approved')
            expect(matchesLoaFilter(item, 'ended', read, T0)).toBe(false);
          // One filter at most.
          expect(LOA_FILTERS.filter((f) => matchesLoaFilter(item, f, read, T0)).length).toBeLessThanOrEqual(
            1,
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('start type codes read from the LOAs that carry them', () => {
  const at = 1_700_000_000;
  const loa = (startType: number, wait: number): Partial<Loa> => ({
    startType,
    createdAt: at,
    startAt: at + wait,
  });

  it('a code whose LOAs start when requested, or an hour or more later, reads so; mixed or unknown says nothing', () => {
    const readings = readStartTypes([
      loa(0, 0),
      loa(0, 30),
      loa(1, 3 * 86_400),
      loa(1, 3600),
      loa(2, 0),
      loa(2, 86_400), // both: says nothing
      loa(3, 600), // ten minutes: neither
      { startType: 4, createdAt: at }, // no start: nothing
    ]);
    expect(readings).toEqual(
      new Map([
        [0, 'starting when requested'],
        [1, 'starting later'],
      ]),
    );
  });
});
