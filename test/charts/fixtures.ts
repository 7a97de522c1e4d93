/** Chart data made the way the reports make it: a small community's shifts and leave, and its names. */
import type { Loa, Shift } from '../../generated/api.js';
import type { ChartData } from '../../src/render/charts/index.js';
import { dayEdges, leaveAcross, leaveByDay, onDutyByDay, pastDays } from '../../src/reports/charts.js';
import { type QuotaRow, type QuotaStatus, quotaCheck } from '../../src/reports/leave.js';
import { type MemberTotal, shiftTotals } from '../../src/reports/time.js';

/**
 * The charts' settings for tests that are not about how long an answer waits for its chart: a
 * thread started cold through tsx on a loaded machine may take longer than CHART_WAIT_MS, and the
 * chart must still be drawn (the wait's own test uses a fake clock).
 */
export const UNHURRIED = { waitMs: 120_000 };

/** Thursday 2026-11-26 12:00 UTC. */
export const NOW = 1_795_694_400;
const DAY = 86_400;
const TIME_ZONE = 'Europe/Berlin';

export const NAMES: Record<string, string> = {
  m1: 'Ålice Ünïcode',
  m2: 'Дмитрий Иванов',
  m3: 'محمد علي',
  m4: 'יוסי כהן',
  m5: 'Zoë 王小明',
  m6: 'A'.repeat(32),
};
export const name = (id: string) => ({ name: NAMES[id], short: id });

/** Each member's shifts: member i works i hours every other day over the last five weeks. */
export function shifts(): Partial<Shift>[] {
  const out: Partial<Shift>[] = [];
  let id = 1;
  Object.keys(NAMES).forEach((memberId, i) => {
    for (let day = 1; day <= 35; day += 2) {
      const start = NOW - day * DAY + i * 600;
      out.push({
        id: `${id++}`,
        memberId,
        createdAt: start,
        endedAt: start + (i + 1) * 3600,
        type: 'default',
      });
    }
  });
  return out;
}

export function loas(): Partial<Loa>[] {
  return [
    { id: '1', memberId: 'm2', startedAt: NOW - 6 * DAY, endAt: NOW + 2 * DAY },
    { id: '2', memberId: 'm4', startAt: NOW + 3 * DAY, endAt: NOW + 9 * DAY, reviewedAt: NOW - DAY },
  ];
}

const week = { start: NOW - 7 * DAY, end: NOW };
const QUOTAS = { staff: 8, senior: 20 };
const members = Object.keys(NAMES).map((id, i) => ({ id, roles: [i % 2 === 0 ? 'staff' : 'senior'] }));

export function chartData(): ChartData {
  const all = shifts();
  const past28 = pastDays(NOW, TIME_ZONE, 28);
  const past7 = pastDays(NOW, TIME_ZONE, 7);
  const ahead = dayEdges(NOW, TIME_ZONE, 0, 7);
  return {
    totals: { period: 'Nov 19 – Nov 26', rows: shiftTotals(all, week, NOW), name },
    quota: { period: 'Nov 19 – Nov 26', rows: quotaCheck(members, QUOTAS, all, loas(), week, NOW), name },
    member: {
      who: name('m2'),
      timeZone: TIME_ZONE,
      edges: past28,
      seconds: onDutyByDay(all, past28, NOW, { memberId: 'm2' }),
      leave: leaveByDay(loas(), 'm2', past28),
    },
    digest: {
      timeZone: TIME_ZONE,
      name,
      past: { edges: past7, seconds: onDutyByDay(all, past7, NOW) },
      ahead: { edges: ahead, away: leaveAcross(loas(), ahead) },
    },
  };
}

/** Each member's time as a quota row of one role's hour, all of them with `status`. */
export function quotaRowsOf(rows: readonly MemberTotal[], status: QuotaStatus): QuotaRow[] {
  return rows.map((r) => ({ memberId: r.memberId, required: 3600, roleId: 'r', done: r.seconds, status }));
}
