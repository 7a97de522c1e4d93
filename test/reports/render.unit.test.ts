/** Report embeds: within Discord's limits whatever the API's ids and names, no markup or pings from data, the age in the footer. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import { person } from '../../src/render/people.js';
import { ageText, renderMemberPeriod, renderQuota, renderTotals } from '../../src/render/reports.js';
import { periodOf } from '../../src/reports/period.js';
import { nastyString, PROPS, pageInfoArb, sourceArb } from '../render/arbitraries.js';
import { embedLimitProblems } from '../render/limits.js';

const T = 1_790_000_000;
const period = periodOf('this-week', T, { timeZone: 'UTC', weekStart: 'monday' });

const totalArb = fc.record({
  memberId: nastyString,
  seconds: fc.nat({ max: 10_000_000 }),
  shifts: fc.nat({ max: 10_000 }),
  longest: fc.nat({ max: 1_000_000 }),
  active: fc.nat({ max: 3 }),
  approximate: fc.boolean(),
});

describe('report embeds', () => {
  it('write the period in the title as plain dates of the time zone (titles render no <t:…> timestamps)', () => {
    // 2026-10 in Europe/London: the month starts at 1 Oct 00:00 BST and ends on 31 Oct.
    const month = periodOf('last-month', Date.UTC(2026, 10, 15) / 1000, {
      timeZone: 'Europe/London',
      weekStart: 'monday',
    });
    const heading = { period: month, timeZone: 'Europe/London' };
    const info = { page: 1, totalPages: 1, total: 0 } as Parameters<typeof renderTotals>[1];
    const source = { fetchedAt: Date.UTC(2026, 10, 15), stale: false, t: ENGLISH } as Parameters<
      typeof renderTotals
    >[2];
    const embed = renderTotals(
      [],
      info,
      source,
      heading,
      { servedAt: Date.UTC(2026, 10, 15), complete: true },
      1,
    );
    expect(embed.title).toBe('Time on duty · Last month (1 Oct 2026 – 31 Oct 2026, Europe/London)');
    const facts = { servedAt: Date.UTC(2026, 10, 15), complete: true };
    const none = { pass: 0, fail: 0, leave: 0 };
    const quota = renderQuota(
      [],
      info,
      source,
      { ...heading, settingsFrom: 'admins' },
      facts,
      new Map(),
      none,
    );
    expect(quota.title).not.toContain('<t:');
  });

  it('says where quotas are set in each mode when no member holds a role with one', () => {
    const period = periodOf('last-week', Date.UTC(2026, 10, 15) / 1000, {
      timeZone: 'UTC',
      weekStart: 'monday',
    });
    const facts = { servedAt: Date.UTC(2026, 10, 15), complete: true };
    const none = { pass: 0, fail: 0, leave: 0 };
    const info = { page: 1, totalPages: 1, total: 0 };
    const source = { fetchedAt: Date.UTC(2026, 10, 15), fromCache: false, stale: false };
    const quota = (settingsFrom: 'admins' | 'environment') =>
      renderQuota(
        [],
        info,
        { ...source, t: ENGLISH },
        { period, timeZone: 'UTC', settingsFrom },
        facts,
        new Map(),
        none,
      ).description;
    // Hosted mode: the admins' command. Single-community mode has no such command: the environment.
    expect(quota('admins')).toContain('admins set quotas with /rollcall-admin reports');
    expect(quota('environment')).toContain('REPORTS_QUOTAS');
    expect(quota('environment')).not.toContain('/rollcall-admin');
  });

  it('stay within Discord limits and never carry a live mention from the data', () => {
    fc.assert(
      fc.property(
        fc.array(totalArb, { maxLength: 10 }),
        pageInfoArb,
        sourceArb,
        nastyString,
        fc.boolean(),
        (rows, info, source, type, complete) => {
          const facts = { servedAt: source.fetchedAt + 7_200_000, complete };
          const heading = { period, timeZone: 'UTC', type };
          for (const embed of [
            renderTotals(rows, info, { ...source, t: ENGLISH }, heading, facts, 1),
            renderMemberPeriod(
              rows[0]?.memberId ?? 'm',
              rows[0],
              [],
              { ...source, t: ENGLISH },
              heading,
              facts,
            ),
            renderQuota(
              rows.map((r) => ({
                memberId: r.memberId,
                required: 3600,
                roleId: type,
                done: r.seconds,
                status: 'fail' as const,
              })),
              info,
              { ...source, t: ENGLISH },
              { period, timeZone: 'UTC', settingsFrom: 'admins' },
              facts,
              new Map([[type, type]]),
              { pass: 0, fail: rows.length, leave: 0 },
            ),
          ]) {
            expect(embedLimitProblems(embed)).toEqual([]);
            // Members the directory does not know are shown by short ids in code spans (person(), tested
            // in test/render/people.test.ts): take them out, then nothing left may render as a mention.
            for (const text of [embed.title, embed.description, embed.footer?.text]) {
              let rest = text ?? '';
              const spans = rows
                .map((r) => person(r.memberId, undefined))
                .sort((x, y) => y.length - x.length);
              for (const span of spans) rest = rest.split(span).join('');
              expect(rest).not.toMatch(/(^|[^\\])<@|@(everyone|here)/);
            }
            // The age is said once, in the footer's last words (page.ts footerText).
            const age = (source.saving?.servedAt ?? facts.servedAt) - source.fetchedAt;
            const saved = source.fromCache || source.saving !== undefined || age >= 60_000;
            expect(embed.footer?.text).toMatch(
              source.stale
                ? /(^| · )API unavailable: saved data as of$/
                : saved
                  ? new RegExp(`(^| · )Saved data \\(${ageText(age, ENGLISH)} old\\) as of$`)
                  : /(^| · )Data as of$/,
            );
            expect(embed.footer?.text).not.toMatch(/ old .* old /);
            if (!complete) expect(embed.footer?.text).toContain('not every page read yet');
          }
        },
      ),
      PROPS,
    );
  });

  it('writes the age of the data plainly', () => {
    expect(ageText(30_000, ENGLISH)).toBe('under a minute');
    expect(ageText(12 * 60_000, ENGLISH)).toBe('12 min');
    expect(ageText(3 * 3_600_000 + 5, ENGLISH)).toBe('3 h');
    expect(ageText(2 * 86_400_000, ENGLISH)).toBe('2 d');
  });
});
