/**
 * The charts' jobs (spec.ts, pure): their numbers are the reports' own (the text's rows say the
 * same lengths of time; the days add up to the period's total), and bad input gives a readable
 * chart or none: any number of members (at most MAX_ROWS drawn, with a line saying so), 0 s to
 * 300 h, names of 32 characters in any script.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import { type BarRow, drawnName, MAX_ROWS, SPECS, totalsSpec } from '../../src/render/charts/spec.js';
import { totalsRow } from '../../src/render/reports.js';
import { onDutyByDay, onDutyByDaySliced, pastDays } from '../../src/reports/charts.js';
import { shiftTotals } from '../../src/reports/time.js';
import { chartData, NOW, quotaRowsOf, shifts } from '../charts/fixtures.js';

type Spec = ReturnType<typeof totalsSpec>;
/** The bars a totals or quota job draws, in order. */
const rowsOf = (spec: Spec): BarRow[] => {
  const part = 'job' in spec ? spec.job.parts[0] : undefined;
  return part?.type === 'bars' ? part.rows : [];
};

describe('the charts draw the reports numbers', () => {
  it('a totals bar says what its text row says, in the same order', () => {
    const data = chartData().totals;
    const rows = rowsOf(totalsSpec(data, ENGLISH));
    expect(rows).toHaveLength(data.rows.length);
    data.rows.forEach((row, i) => {
      expect(rows[i]?.hours).toBeCloseTo(row.seconds / 3600, 2);
      expect(totalsRow(row, i + 1, undefined, ENGLISH)).toContain(rows[i]?.label as string);
    });
  });

  it('a member’s days add up to their total over the same days, breaks taken off, sliced or not', async () => {
    const withBreak = [
      ...shifts(),
      {
        id: '999',
        memberId: 'm1',
        createdAt: NOW - 5000,
        endedAt: NOW - 1000,
        breakTimestamps: [{ start: NOW - 4000, end: NOW - 3000 }],
      },
    ];
    const edges = pastDays(NOW, 'Europe/Berlin', 28);
    for (const memberId of ['m1', 'm2', 'm6']) {
      const days = onDutyByDay(withBreak, edges, NOW, { memberId });
      const range = { start: edges[0] as number, end: edges.at(-1) as number };
      const total = shiftTotals(withBreak, range, NOW, { memberId })[0]?.seconds ?? 0;
      expect(days.reduce((a, b) => a + b, 0)).toBe(total);
      expect(await onDutyByDaySliced(withBreak, edges, NOW, { memberId })).toEqual(days);
      expect(total).toBeGreaterThan(0);
    }
  });

  it('numbers on the axes are written the reader’s way', () => {
    const numbers = (locale: string) => {
      const spec = totalsSpec(chartData().totals, wordsFor(locale));
      return 'job' in spec ? spec.job.numbers : undefined;
    };
    expect(numbers('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(numbers('de')).toEqual({ decimal: ',', group: '.' });
  });
});

describe('bad input', () => {
  const anyName = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 32 }),
    fc.constantFrom('محمد علي', 'יוסי כהן', '王小明', '🎉🎉', '', ' ', 'A'.repeat(32), 'Ünïcødé‮evil'),
  );

  it('any number of members, any names, 0 s to 300 h: at most MAX_ROWS named rows, a line when cut', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(anyName, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 300 * 3600 }),
        (count, names, seconds) => {
          const rows = Array.from({ length: count }, (_, i) => ({
            memberId: `m${i}`,
            seconds: i === 0 ? seconds : seconds % (i + 1),
            shifts: 1,
            longest: 0,
            active: 0,
            approximate: false,
          }));
          const name = (id: string) => ({ name: names[Number(id.slice(1)) % names.length], short: id });
          const t = wordsFor('fr');
          for (const kind of ['totals', 'quota'] as const) {
            const spec =
              kind === 'totals'
                ? SPECS.totals({ period: 'p', rows, name }, t)
                : SPECS.quota({ period: 'p', name, rows: quotaRowsOf(rows, 'fail') }, t);
            if (count === 0) {
              expect(spec).toEqual({ omitted: 'noData' });
              continue;
            }
            if (!('job' in spec)) throw new Error('no chart');
            const drawn = rowsOf(spec);
            expect(drawn).toHaveLength(Math.min(count, MAX_ROWS));
            for (const row of drawn) {
              expect(row.name.length).toBeGreaterThan(0);
              expect(drawnName({ name: row.name, short: 'x' }, t)).toBe(row.name);
            }
            expect(spec.job.subtitle === t.charts.firstOf(MAX_ROWS, count)).toBe(count > MAX_ROWS);
            expect(JSON.parse(JSON.stringify(spec.job))).toEqual(spec.job);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a name the fonts cannot draw loses what they cannot draw, or becomes the member’s short id', () => {
    const as = (name: string | undefined) => drawnName({ name, short: '…4748bbfd' }, ENGLISH);
    expect(as('Zoë 王小明')).toBe('Zoë');
    expect(as('王小明')).toBe('member …4748bbfd');
    expect(as(undefined)).toBe('member …4748bbfd');
    expect(as('🎉 party')).toBe('party');
    expect(as('محمد علي')).toBe('محمد علي');
  });

  it("the staff record's title names the member as the bars do: what the fonts cannot draw left out, else the short id", () => {
    const data = chartData().member;
    const title = (name: string | undefined) => {
      const spec = SPECS.member({ ...data, who: { name, short: '…4748bbfd' } }, ENGLISH);
      return 'job' in spec ? spec.job.title : undefined;
    };
    expect(title('🎉 Zoë 王小明')).toBe(ENGLISH.charts.memberTitle('Zoë'));
    expect(title('王小明')).toBe(ENGLISH.charts.memberTitle('member …4748bbfd'));
    expect(title(undefined)).toBe(ENGLISH.charts.memberTitle('member …4748bbfd'));
  });

  it('nothing to draw: no chart', () => {
    const data = chartData();
    const zero = data.member.seconds.map(() => 0);
    expect(SPECS.member({ ...data.member, seconds: zero, leave: zero.map(() => false) }, ENGLISH)).toEqual({
      omitted: 'noData',
    });
    const past = { ...data.digest.past, seconds: data.digest.past.seconds.map(() => 0) };
    expect(
      SPECS.digest({ ...data.digest, past, ahead: { ...data.digest.ahead, away: [] } }, ENGLISH),
    ).toEqual({ omitted: 'noData' });
  });

  it('a day or a year of days: every day has its label', () => {
    const data = chartData().member;
    for (const days of [1, 365]) {
      const edges = pastDays(NOW, 'America/New_York', days);
      const spec = SPECS.member(
        { ...data, edges, seconds: edges.slice(1).map(() => 3600), leave: edges.slice(1).map(() => false) },
        ENGLISH,
      );
      const part = 'job' in spec ? spec.job.parts[0] : undefined;
      const drawn = part?.type === 'days' ? part.days : [];
      expect(drawn).toHaveLength(days);
      for (const day of drawn) expect(day.day).not.toBe('');
    }
  });
});
