/**
 * A shift whose end is 2^53 − 1 (a JSON integer the contract allows, past year 9999) or any other
 * number that is no date counts no time, and the views made from its list say how many were left
 * out (docs/api-decisions.md "Shift state and length"), /shift totals and the staff record alike.
 * A held clock: the snapshot's `servedAt` is the views' now, and every date is made around it.
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { member } from '../../commands/member.js';
import { shiftTotalsView } from '../../commands/shift.js';
import type { Shift } from '../../generated/api.js';
import type { Community } from '../../src/discord/community.js';
import { ENGLISH } from '../../src/i18n/words.js';
import type { ReportData } from '../../src/reports/source.js';
import { shiftTotals, unreadableShifts } from '../../src/reports/time.js';
import { chatInput, fakeResources, showContext } from '../commands/roster-fakes.js';
import { reportData, reportSourceOf } from './report-data.js';

const NOW = 1_800_000_000;
const H = 3600;
const MAX = Number.MAX_SAFE_INTEGER;
const shifts = [
  { id: 'ok', memberId: 'm1', createdAt: NOW - 3 * H, endedAt: NOW - 2 * H },
  { id: 'huge-end', memberId: 'm1', createdAt: NOW - 5 * H, endedAt: MAX },
  { id: 'ms-end', memberId: 'm2', createdAt: NOW - 5 * H, endedAt: (NOW - H) * 1000 },
  { id: 'running', memberId: 'm2', createdAt: NOW - H },
] as Shift[];

function data(): ReportData {
  return reportData(NOW, { shifts, members: [{ id: 'm1', serverId: 's', roles: [] }] });
}

const reports = reportSourceOf(data);

describe('shifts whose times are no dates', () => {
  it('count no time, and are counted as left out (of everyone, or of one member)', () => {
    const rows = shiftTotals(shifts, { start: NOW - 24 * H, end: NOW }, NOW);
    expect(rows.map((r) => [r.memberId, r.seconds, r.shifts])).toEqual([
      ['m1', H, 1],
      ['m2', H, 1],
    ]);
    expect(unreadableShifts(shifts)).toBe(2);
    expect(unreadableShifts(shifts, 'm1')).toBe(1);
    expect(unreadableShifts([{ createdAt: NOW, endedAt: NOW - 1 }, { endedAt: NOW }])).toBe(2);
    expect(unreadableShifts([{ createdAt: NOW - H, endedAt: 0 }, { createdAt: NOW - H }])).toBe(0);
  });

  it('/shift totals says how many were left out, in its footer', async () => {
    const c = { reports } as unknown as Community;
    const page = await shiftTotalsView.fetch(c, '7-days||', { page: 1, limit: 10 }, { purpose: 'ask' });
    const rows = page.data.data ?? [];
    const info = { page: 1, totalPages: 1, total: rows.length };
    const embed: APIEmbed = shiftTotalsView.render({
      items: rows,
      info,
      source: { ...page, t: ENGLISH },
      arg: '7-days||',
      context: undefined,
    });
    expect(embed.footer?.text).toContain('2 shifts left out (no valid start or end)');
  });

  it("the staff record says how many of the member's were left out", async () => {
    const show = showContext(fakeResources({ members: data().members }), { reports });
    const answer = await member.execute({
      interaction: chatInput({ sub: 'view', strings: { 'member-id': 'm1' } }),
      show,
    });
    expect(answer.embeds?.[0]?.footer?.text).toContain('1 shift left out (no valid start or end)');
  });
});
