/**
 * Reports in the reader's language (src/render/reports.ts): every title, row, total, empty list and
 * footer is said with the reader's words (`source.t`), so a German moderator reads no English; with
 * the pseudo-locale, every letter left outside ⟦brackets⟧ is data (ids, role names, shift types),
 * a Discord timestamp or a formatted number. Also the alerts and the digest's language line.
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { quotaCheckView, quotaInactiveView } from '../../commands/quota.js';
import type { Loa } from '../../generated/api.js';
import type { Source } from '../../src/api/pages.js';
import { allowanceAlertText } from '../../src/discord/alerts.js';
import { ENGLISH, pseudoWords, type Words, wordsFor } from '../../src/i18n/words.js';
import {
  renderInactive,
  renderLeave,
  renderMemberPeriod,
  renderOnDuty,
  renderQuota,
  renderTotals,
} from '../../src/render/reports.js';
import type { InactiveRow, OnDutyRow } from '../../src/reports/activity.js';
import type { QuotaRow } from '../../src/reports/leave.js';
import { periodOf } from '../../src/reports/period.js';
import { DEFAULT_REPORT_SETTINGS, readReportSettings } from '../../src/reports/source.js';
import type { MemberTotal } from '../../src/reports/time.js';

/** A page's fetch, which these options do not read. */
const NO_SOURCE = undefined as never;

const NOW = Date.UTC(2026, 9, 14, 12) / 1000;
const facts = { servedAt: NOW * 1000 + 600_000, complete: false };
const info = (total: number) => ({ page: 1, totalPages: 2, total });
/** Data, never translated: member ids, a role name, a shift type, the time zone. */
const DATA = ['m-alpha', 'm-bravo', 'm-charlie', 'Staff', 'Patrol', 'Europe/Berlin'];

const totals: MemberTotal[] = [
  { memberId: 'm-alpha', seconds: 14_760, shifts: 3, longest: 7_200, active: 1, approximate: true },
  { memberId: 'm-bravo', seconds: 3_600, shifts: 1, longest: 3_600, active: 0, approximate: false },
];
const quota: QuotaRow[] = [
  { memberId: 'm-alpha', required: 36_000, roleId: 'r1', done: 40_000, status: 'pass' },
  { memberId: 'm-bravo', required: 36_000, roleId: 'r1', done: 7_200, status: 'fail' },
  { memberId: 'm-charlie', required: 36_000, roleId: 'r2', done: 0, status: 'on leave' },
];
const loas = [
  { id: 'l1', memberId: 'm-alpha', startAt: NOW - 86_400, endAt: NOW + 86_400 },
  { id: 'l2', memberId: 'm-bravo', startAt: NOW + 86_400 },
] as Loa[];
const onDuty = [
  { shift: { id: 's1', memberId: 'm-alpha', type: 'Patrol', wave: 3 }, start: NOW - 3_000, net: 2_900 },
  { shift: { id: 's2', memberId: 'm-bravo' }, start: NOW - 9 * 86_400, net: 9 * 86_400 },
] as OnDutyRow[];
const inactive: InactiveRow[] = [
  { memberId: 'm-alpha', lastShift: undefined, roles: ['r1'] },
  { memberId: 'm-bravo', lastShift: NOW - 40 * 86_400, roles: ['r1'], onLeaveUntil: Infinity },
  { memberId: 'm-charlie', lastShift: NOW - 20 * 86_400, roles: ['r1'], onLeaveUntil: NOW + 86_400 },
];
const roles = new Map([['r1', 'Staff']]);

/** Every report view, full and empty, as `t` says them. */
function everyReport(t: Words): APIEmbed[] {
  const source: Source & { t: Words } = { fetchedAt: NOW * 1000, fromCache: true, stale: false, t };
  const period = periodOf('last-week', NOW, { timeZone: 'Europe/Berlin', weekStart: 'monday' });
  const heading = { period, timeZone: 'Europe/Berlin', type: 'Patrol', wave: 2 };
  const counts = { pass: 1, fail: 1, leave: 1 };
  return [
    renderTotals(totals, info(2), source, heading, facts, 1),
    renderTotals([], info(0), source, heading, facts, 1),
    renderMemberPeriod('m-alpha', totals[0], [], source, heading, facts),
    renderMemberPeriod('m-alpha', undefined, [], source, heading, facts),
    renderLeave(loas, info(2), source, 'active', 0, facts),
    renderLeave(loas, info(2), source, 'upcoming', 7, facts),
    renderLeave([], info(0), source, 'active', 0, facts),
    renderLeave([], info(0), source, 'upcoming', 1, facts),
    renderQuota(quota, info(3), source, { ...heading, settingsFrom: 'admins' }, facts, roles, counts),
    renderQuota([], info(0), source, { ...heading, settingsFrom: 'environment' }, facts, roles, counts),
    renderOnDuty(onDuty, info(1), source, facts, NOW),
    renderOnDuty([], info(0), source, facts, NOW),
    renderInactive(inactive, info(3), source, { days: 14, includeLeave: true }, facts, roles),
    renderInactive([], info(0), source, { days: 1, includeLeave: false, roleName: 'Staff' }, facts, roles),
    renderInactive([], info(0), source, { days: 14, includeLeave: false }, facts, roles, {
      read: 3,
      total: 9,
    }),
  ];
}

const textOf = (e: APIEmbed) => [e.title, e.description, e.footer?.text].join('\n');

/** English interface words of the reports (none of them is data here; "type" is French too). */
const ENGLISH_WORDS = [
  'Time on duty',
  'Quota check',
  'On leave now',
  'On duty now',
  'No shift',
  'Last week',
  'Member',
  'members?',
  'shifts?',
  'longest',
  'at most',
  'pass',
  'fail',
  'on leave',
  'back',
  'since',
  'started',
  'never',
  'last shift',
  'no return date',
  'Nobody',
  'Every member',
  'of',
  'wave',
  'Saved data',
  'not every page read yet',
  'admins',
];
const english = new RegExp(`\\b(${ENGLISH_WORDS.join('|')})\\b`, 'i');

describe.each(['de', 'fr', 'es-ES', 'pt-BR'])('reports read in %s', (locale) => {
  it('say no English interface word', () => {
    for (const embed of everyReport(wordsFor(locale))) expect(textOf(embed)).not.toMatch(english);
  });
});

describe('reports read in German', () => {
  it('say German words, the period and its dates the German way', () => {
    const [totalsEmbed, , memberEmbed, , active, upcoming, , , quotaEmbed, , onDutyEmbed, , idle] =
      everyReport(wordsFor('de'));
    expect(totalsEmbed?.title).toBe(
      'Dienstzeit · Letzte Woche (5. Okt. 2026 – 11. Okt. 2026, Europe/Berlin) · Typ Patrol, Welle 2',
    );
    expect(totalsEmbed?.description).toContain('höchstens 4 Std. 6 Min. · 3 Schichten · längste 2 Std.');
    expect(totalsEmbed?.footer?.text).toMatch(/^Seite 1 von 2 · 2 Mitglieder · noch nicht alle Seiten/);
    expect(memberEmbed?.description).toContain('Höchstens 4 Std. 6 Min. im Dienst in 3 Schichten');
    expect(active?.title).toBe('Gerade abwesend');
    expect(upcoming?.title).toBe('Abwesenheiten, die innerhalb von 7 Tagen beginnen');
    expect(quotaEmbed?.description).toMatch(/^1 erfüllt · 1 nicht erfüllt · 1 abwesend\n/);
    expect(quotaEmbed?.description).toContain('✅ erfüllt · 11 Std. 6 Min. von 10 Std. (Staff)');
    expect(onDutyEmbed?.description).toContain('Welle 3 · begonnen <t:');
    expect(idle?.description).toContain('nie im Dienst');
    expect(idle?.description).toContain('🌴 abwesend, ohne Rückkehrdatum');
  });

  it('the English reports are as they were', () => {
    const [totalsEmbed] = everyReport(ENGLISH);
    expect(totalsEmbed?.title).toBe(
      'Time on duty · Last week (5 Oct 2026 – 11 Oct 2026, Europe/Berlin) · type Patrol, wave 2',
    );
    expect(totalsEmbed?.description).toContain('at most 4h 6m · 3 shifts · longest 2h');
  });
});

describe("the quota reports' Open… options", () => {
  it("are in the reader's words", () => {
    const t = wordsFor('de');
    const row = { ...quota[1], open: 'last-week|||m-bravo' } as QuotaRow & { open: string };
    expect(
      quotaCheckView.open?.option({
        item: row,
        context: undefined,
        labels: undefined,
        who: { t },
        source: NO_SOURCE,
      }),
    ).toMatchObject({
      label: 'Mitglied m-bravo',
      description: 'Die Schichten in diesem Zeitraum',
    });
    const [never, idle] = inactive;
    if (!never || !idle) throw new Error('no rows');
    expect(
      quotaInactiveView.open?.option({
        item: never,
        context: undefined,
        labels: undefined,
        who: { t },
        source: NO_SOURCE,
      })?.description,
    ).toBe('Nie im Dienst');
    expect(
      quotaInactiveView.open?.option({
        item: idle,
        context: undefined,
        labels: undefined,
        who: { t },
        source: NO_SOURCE,
      })?.description,
    ).toBe('Die Akte des Mitglieds');
    expect(
      quotaInactiveView.open?.option({
        item: idle,
        context: undefined,
        labels: undefined,
        who: { t: ENGLISH },
        source: NO_SOURCE,
      })?.description,
    ).toBe('Their record');
  });
});

describe('the pseudo-locale', () => {
  it('leaves nothing outside its brackets but data, timestamps and numbers', () => {
    for (const embed of everyReport(pseudoWords())) {
      let rest = textOf(embed);
      // Brackets nest (a period's name inside its title): take the innermost out until none is left.
      for (let before = ''; before !== rest; ) {
        before = rest;
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '');
      }
      // Code spans are ids (data); durations are the pseudo-locale's English formats.
      rest = rest
        .replace(/`[^`]*`/g, '')
        .replace(/<t:\d+(:[a-zA-Z])?>/g, '')
        .replace(/\b\d+[dhms]\b/g, '');
      for (const data of DATA) rest = rest.split(data).join('');
      expect(rest, `${textOf(embed)}\nleft: ${rest}`).not.toMatch(/\p{L}/u);
    }
  });
});

describe('posted to a channel', () => {
  const reset = 1_800_000_000;
  it('allowance alerts in the words given: German, or English as before', () => {
    const mark = { share: 0.8 as const, used: 1_600, points: 2_000, resetAt: reset * 1000 };
    expect(allowanceAlertText(mark, wordsFor('de'))).toBe(
      `Rollcall hat 1.600 der 2.000 monatlichen API-Anfragen dieses Community-Servers verbraucht; gespeicherte Daten werden öfter gezeigt, bis das Kontingent <t:${reset}:f> neu beginnt.`,
    );
    expect(allowanceAlertText({ ...mark, share: 1, used: 2_000 }, ENGLISH)).toBe(
      `Rollcall has spent all 2,000 of this community server's API requests for the month; it shows saved data until the allowance starts again <t:${reset}:f>.`,
    );
  });
});

describe("the digest's language in the report settings", () => {
  it('is read back when offered; one no longer offered reads as none and keeps the other settings', () => {
    expect(readReportSettings({ language: 'fr' }, DEFAULT_REPORT_SETTINGS).language).toBe('fr');
    const stale = readReportSettings({ timeZone: 'Europe/London', language: 'xx' }, DEFAULT_REPORT_SETTINGS);
    expect(stale).toEqual({ ...DEFAULT_REPORT_SETTINGS, timeZone: 'Europe/London' });
  });
});
