/**
 * The two answers an outside test found wrong (issue #29): /quota inactive on a snapshot not read
 * whole (it listed "never on duty" members and said "Every member had a shift" from a partial read),
 * and /shift active's running shift of over 7 days (marked: its auto-end may have failed). A fake
 * clock throughout: the snapshot's `servedAt` is the report's now.
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { quotaInactiveView } from '../../commands/quota.js';
import type { Member, Shift } from '../../generated/api.js';
import type { Community } from '../../src/discord/community.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import { renderOnDuty } from '../../src/render/reports.js';
import { inactiveReading, onDuty } from '../../src/reports/activity.js';
import type { ReportData } from '../../src/reports/source.js';
import { reportData, reportSourceOf } from './report-data.js';

const NOW = 1_800_000_000;
const DAY = 86_400;
const whole = (n: number) => ({ read: n, total: n });

function data(over: Partial<ReportData>): ReportData {
  return reportData(NOW, over);
}

const community = (d: ReportData) =>
  ({
    reports: reportSourceOf(() => d),
  }) as unknown as Community;

/** The inactive report as a moderator sees it: fetched from the snapshot, rendered. */
async function inactive(
  d: ReportData,
  t = ENGLISH,
  arg = '14||0',
): Promise<{ rows: number; embed: APIEmbed }> {
  const page = await quotaInactiveView.fetch(community(d), arg, { page: 1, limit: 10 }, { purpose: 'ask' });
  const rows = page.data.data ?? [];
  const info = { page: 1, totalPages: 1, total: page.data.total ?? rows.length };
  return {
    rows: rows.length,
    embed: quotaInactiveView.render({ items: rows, info, source: { ...page, t }, arg, context: undefined }),
  };
}

const members = [{ id: 'm-idle' }, { id: 'm-never' }, { id: 'm-busy' }] as Member[];
/** Page 1 of 3 of the shifts: m-idle's last shift read is old; m-never's shifts are on pages not read. */
const shifts = [
  { id: 's1', memberId: 'm-idle', createdAt: NOW - 40 * DAY, endedAt: NOW - 40 * DAY + 3600 },
  { id: 's2', memberId: 'm-busy', createdAt: NOW - DAY, endedAt: NOW - DAY + 3600 },
] as Shift[];

describe('inactiveReading', () => {
  it('is undefined when shifts, LOAs and members are read whole (roles do not matter)', () => {
    expect(inactiveReading(data({ pages: { ...data({}).pages!, roles: { read: 0, total: 2 } } }))).toBe(
      undefined,
    );
  });

  it('says how far the three lists are read together while one is not whole', () => {
    const pages = { shifts: { read: 1, total: 3 }, loas: whole(2), members: whole(1), roles: whole(1) };
    expect(inactiveReading(data({ complete: false, pages }))).toEqual({ read: 4, total: 6 });
  });

  it('knows no total while a list has not its page 1', () => {
    const pages = {
      shifts: { read: 0, total: undefined },
      loas: whole(2),
      members: whole(1),
      roles: whole(1),
    };
    expect(inactiveReading(data({ complete: false, pages }))).toEqual({ read: 3, total: undefined });
  });

  it('a source that does not count pages: its `complete` decides', () => {
    expect(inactiveReading({ complete: true })).toBe(undefined);
    expect(inactiveReading({ complete: false })).toEqual({ read: 0, total: undefined });
  });
});

describe('/quota inactive on a partial snapshot', () => {
  const partial = data({
    shifts,
    members,
    complete: false,
    pages: { shifts: { read: 1, total: 3 }, loas: whole(1), members: whole(1), roles: whole(1) },
  });

  it('lists nobody, claims no idleness, and says how far reading is', async () => {
    const { rows, embed } = await inactive(partial);
    expect(rows).toBe(0);
    expect(embed.description).toBe(
      "Who went quiet needs every page of the shifts, LOAs and members, and Rollcall has read 3 of 5 so far (a page at a time, as the monthly API allowance's pace allows). Nobody is listed until then: ask again later.",
    );
    const text = `${embed.description}\n${embed.footer?.text}`;
    expect(text).not.toMatch(/never on duty|Every member had a shift|0 members/);
    expect(embed.footer?.text).toContain('not every page read yet');
  });

  it('says it in the reader’s language', async () => {
    const { embed } = await inactive(partial, wordsFor('de'));
    expect(embed.description).toContain('3 von 5');
    expect(embed.description).not.toContain('Who went quiet');
  });

  it('a role: not among the roles read so far is not called unknown while roles are unread', async () => {
    const roles = { read: 0, total: undefined };
    const readWhole = { ...partial, complete: false, pages: { ...data({}).pages!, roles } };
    const { rows, embed } = await inactive(readWhole, ENGLISH, '14|Staff|0');
    expect(rows).toBe(0);
    expect(embed.description).toMatch(
      /^Who went quiet needs every page of the shifts, LOAs, members and roles, and Rollcall has read 3 so far/,
    );
    // Every role read: it is unknown, one sentence.
    await expect(
      inactive({ ...partial, complete: true, pages: data({}).pages! }, ENGLISH, '14|Staff|0'),
    ).rejects.toThrow(/role/i);
  });

  it('the same snapshot read whole lists the idle and the never-on-duty', async () => {
    const { rows, embed } = await inactive({ ...partial, complete: true, pages: data({}).pages! });
    expect(rows).toBe(2);
    expect(embed.description).toContain('never on duty');
    expect(embed.description).not.toContain('m-busy');
  });
});

describe('/shift active marks a shift running for more than 7 days', () => {
  const running = [
    { id: 'a', memberId: 'm-long', createdAt: NOW - 9 * DAY - 3600, endedAt: 0 },
    { id: 'b', memberId: 'm-week', createdAt: NOW - 7 * DAY, endedAt: 0 },
    { id: 'c', memberId: 'm-short', createdAt: NOW - 3600, endedAt: 0 },
  ] as Shift[];
  const rows = onDuty(running, NOW);
  const source = { fetchedAt: NOW * 1000, fromCache: true, stale: false };
  const facts = { servedAt: NOW * 1000, complete: true };
  const info = { page: 1, totalPages: 1, total: 3 };
  const lines = (now: number, t = ENGLISH) =>
    (renderOnDuty(rows, info, { ...source, t }, facts, now).description ?? '').split('\n');

  it('by the time the view passes: over 7 days marked, 7 days exactly and less not', () => {
    const [long, week, short] = lines(NOW);
    expect(long).toContain('⚠️ running for 9 days (auto-end may have failed)');
    expect(week).not.toContain('running for');
    expect(short).not.toContain('running for');
    // A day later (the renderer reads no clock: the view's time decides), the week-old one is marked too.
    expect(lines(NOW + DAY)[1]).toContain('running for 8 days (auto-end may have failed)');
  });

  it('in each language', () => {
    expect(lines(NOW, wordsFor('de'))[0]).toContain('läuft seit 9 Tagen');
    expect(lines(NOW, wordsFor('fr'))[0]).toContain('en cours depuis 9 jours');
    expect(lines(NOW, wordsFor('es-ES'))[0]).toContain('en curso desde hace 9 días');
    expect(lines(NOW, wordsFor('pt-BR'))[0]).toContain('em andamento há 9 dias');
  });
});
