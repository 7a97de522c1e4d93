/**
 * The staff record's standing (`/member view`, right-click "Staff record", `/me`) when it has none:
 * each reason of the closed set (src/render/member.ts `StandingGap`) is one line where the hours
 * would be, never an empty record that reads as "no hours"; an unexpected error is logged once at
 * warn and said as "could not be worked out", and the rest of the record is shown.
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { me, myLoasView, myShiftsView } from '../../commands/me.js';
import { member } from '../../commands/member.js';
import type { Member } from '../../generated/api.js';
import { NotSavedError } from '../../src/api/errors.js';
import type { Community } from '../../src/discord/community.js';
import { showDetail, showList } from '../../src/discord/paging/show.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import type { ReportData } from '../../src/reports/source.js';
import { NOW_S, recordShow, reportSource, snapshotAt } from './record-fakes.js';
import { buttons, chatInput, OWNER } from './roster-fakes.js';

const members: Member[] = [
  { id: 'm1', serverId: 's', roles: [] },
  { id: '', serverId: 's', roles: [] },
];
const W = ENGLISH.member;

/** A snapshot as saved (`pages`: how far each list is read). */
function snapshot(pages: ReportData['pages'], more: Partial<ReportData> = {}): ReportData {
  return snapshotAt({
    shifts: [{ id: 'a', memberId: 'm1', createdAt: NOW_S - 7200, endedAt: NOW_S - 3600 }] as never,
    members,
    ...(pages ? { pages } : {}),
    ...more,
  });
}

const whole = { read: 1, total: 1 };
const notYet = { read: 0, total: undefined };

function fields(embed: APIEmbed | undefined): Record<string, string> {
  return Object.fromEntries((embed?.fields ?? []).map((f) => [f.name, f.value]));
}

/** `/member view member-id:` and `/me` (the caller linked to `id`), each as shown. */
async function both(more: Partial<Community>, id = 'm1') {
  const show = recordShow({ members, linked: id }, more);
  // A member with no id is reached by their Discord user (no id could be typed).
  const input =
    id === '' ? { sub: 'view', users: { user: OWNER } } : { sub: 'view', strings: { 'member-id': id } };
  const view = await member.execute({ interaction: chatInput(input), show });
  const mine = await me.execute({ interaction: chatInput({ sub: '' }), show });
  return [view, mine];
}

describe('the staff record without its standing', () => {
  it('says the snapshot is not read yet, on /member view and /me', async () => {
    const reports = reportSource(async () => {
      throw new NotSavedError('no report snapshot saved');
    });
    for (const answer of await both({ reports })) {
      const embed = answer.embeds?.[0];
      expect(embed?.title).toContain('m1');
      expect(fields(embed)['Time on duty']).toBe(W.standingNotRead);
      // No way to "Shifts this week" (it would say the same); the LOAs stay.
      expect(buttons(answer).map((b) => b.label)).not.toContain('Shifts this week');
      expect(buttons(answer).map((b) => b.label)).toContain('LOAs');
    }
  });

  it('says none of the lists it needs is read yet, with how far reading is', async () => {
    const pages = { shifts: notYet, loas: notYet, members: notYet, roles: whole };
    const reports = reportSource(async () => snapshot(pages, { complete: false }));
    for (const answer of await both({ reports })) {
      const line = fields(answer.embeds?.[0])['Time on duty'];
      expect(line).toMatch(/^Not known yet: none of this community's shifts, LOAs and members is read yet\./);
      expect(line).toContain('Rollcall has read 0 pages so far');
    }
  });

  it('shows the hours once the snapshot is read', async () => {
    const pages = { shifts: whole, loas: whole, members: whole, roles: whole };
    for (const answer of await both({ reports: reportSource(async () => snapshot(pages)) })) {
      const f = fields(answer.embeds?.[0]);
      expect(f['Time on duty']).toBeUndefined();
      expect(Object.entries(f).find(([name]) => name.startsWith('This week'))?.[1]).toContain(
        '1h in 1 shift',
      );
      expect(buttons(answer).map((b) => b.label)).toContain('Shifts this week');
    }
  });

  it('says reports are not available where there are none', async () => {
    for (const answer of await both({})) {
      expect(fields(answer.embeds?.[0])['Time on duty']).toBe(W.standingReportsOff);
    }
  });

  it("says the member's id cannot be looked up when the record has none", async () => {
    for (const answer of await both({ reports: reportSource(async () => snapshot(undefined)) }, '')) {
      expect(fields(answer.embeds?.[0])['Time on duty']).toBe(W.standingMemberId);
    }
  });

  it('says the sentence of a refusal (the store not answering)', async () => {
    const reports = reportSource(async () => {
      throw new UserError(MESSAGES.storeUnavailable);
    });
    for (const answer of await both({ reports })) {
      expect(fields(answer.embeds?.[0])['Time on duty']).toBe(MESSAGES.storeUnavailable);
    }
  });

  it('logs an unexpected error once at warn, says it could not be worked out, and shows the rest', async () => {
    const warn = vi.fn();
    const failure = new Error('boom');
    const reports = reportSource(async () => {
      throw failure;
    });
    const [view] = await both({ reports, logger: { warn } });
    const embed = view?.embeds?.[0];
    expect(embed?.title).toContain('m1');
    expect(fields(embed).Roles).toBe('None');
    expect(fields(embed)['Time on duty']).toBe(W.standingFailed);
    // Once per record shown (the /member view, then /me).
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ err: failure });
    expect(JSON.stringify(warn.mock.calls[0]?.[1])).toMatch(/standing could not be worked out/);
  });

  it('logs a failure of the computation itself the same way (an unreadable shift list)', async () => {
    const warn = vi.fn();
    const pages = { shifts: whole, loas: whole, members: whole, roles: whole };
    const unreadable = {
      get memberId(): string {
        throw new TypeError('an unreadable shift');
      },
    };
    const reports = reportSource(async () => snapshot(pages, { shifts: [unreadable] as never }));
    const [view] = await both({ reports, logger: { warn } });
    expect(fields(view?.embeds?.[0])['Time on duty']).toBe(W.standingFailed);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0].err).toBeInstanceOf(Error);
  });
});

describe("/me's own lists before the snapshot is read", () => {
  const pages = { shifts: notYet, loas: notYet, members: notYet, roles: whole };
  const reports = reportSource(async () => snapshot(pages, { shifts: [], complete: false }));
  const show = () => recordShow({ members, linked: 'm1' }, { reports });

  it('"LOAs" says they are not known yet, never "No LOAs found"', async () => {
    const loas = await showList(myLoasView, show(), { arg: OWNER });
    const embed = loas.embeds?.[0];
    expect(embed?.title).toBe('Leaves of absence of member m1');
    expect(embed?.description).toMatch(/^Not known yet: Rollcall has read 0 pages so far/);
    expect(JSON.stringify(embed)).not.toMatch(/No LOAs|no LOAs/);
  });

  it('"Shifts this week" says the time is not known yet, never "no shifts"', async () => {
    const shifts = await showDetail(myShiftsView, OWNER, show());
    const description = shifts.embeds?.[0]?.description ?? '';
    expect(description).toContain('Not known yet: Rollcall has read 0 pages so far');
    expect(description).not.toMatch(/[Nn]o shifts/);
  });

  it('with nothing saved and the pace refusing a first read, they say when it can start', async () => {
    const paced = reportSource(async () => {
      throw new UserError(MESSAGES.reportPaced(NOW_S + 3600));
    });
    const s = recordShow({ members, linked: 'm1' }, { reports: paced });
    await expect(showList(myLoasView, s, { arg: OWNER })).rejects.toThrow(
      new UserError(MESSAGES.reportPaced(NOW_S + 3600)),
    );
  });
});
