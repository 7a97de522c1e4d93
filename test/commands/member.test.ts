import { describe, expect, it } from 'vitest';
import { loaDetailView, loaFromMemberView } from '../../commands/loa.js';
import { member, memberOfLoaView } from '../../commands/member.js';
import { recordShiftsView, shiftMemberPeriodView } from '../../commands/shift.js';
import type { Loa, Member, Role } from '../../generated/api.js';
import { ApiError } from '../../src/api/errors.js';
import { parseCustomId } from '../../src/discord/paging/custom-id.js';
import { showDetail } from '../../src/discord/paging/show.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import { DEFAULT_REPORT_SETTINGS, type ReportSource } from '../../src/reports/source.js';
import {
  buttons,
  type Call,
  chatInput,
  fakeResources,
  linkOf,
  optionNames,
  selectOptions,
  showContext,
} from './roster-fakes.js';

const roles: Role[] = [
  { id: 'r-staff', serverId: 's', name: 'Staff', colour: '#abcdef' },
  { id: 'r-mod', serverId: 's', name: 'Moderator' },
];
const members: Member[] = [
  { id: 'm1', serverId: 's', roles: ['r-mod', 'r-staff', 'r-gone'], createdAt: 1_600_000_000 },
  { id: 'm2', serverId: 's', roles: [] },
];
const chat = { '222222222222222222': 'm1' };

function run(input: Parameters<typeof chatInput>[0], calls: Call[] = [], data = { roles, members, chat }) {
  const show = showContext(fakeResources(data, calls));
  return member.execute({ interaction: chatInput(input), show });
}

function fields(payload: Awaited<ReturnType<typeof run>>): Record<string, string> {
  return Object.fromEntries((payload.embeds?.[0]?.fields ?? []).map((f) => [f.name, f.value]));
}

describe('/member', () => {
  it('registers member.all, member, member.chat and member.loa', () => {
    expect(member.views.map((v) => v.id)).toEqual(['member.all', 'member', 'member.chat', 'member.loa']);
    for (const s of member.data.options ?? []) expect(optionNames(s).at(-1)).toBe('public');
  });

  it('views a member by Discord user, with role names and the first valid role colour', async () => {
    const calls: Call[] = [];
    const payload = await run({ sub: 'view', users: { user: '222222222222222222' } }, calls);
    expect(calls.find((c) => c.method === 'getMemberByChatId')?.args[0]).toBe('222222222222222222');
    expect(calls.some((c) => c.method === 'getMember')).toBe(false);
    expect(fields(payload).Roles).toBe('Moderator, Staff, `r-gone`');
    expect(payload.embeds?.[0]?.color).toBe(0xabcdef);
    expect(await linkOf(payload, 'LOAs', showContext(fakeResources({})))).toEqual({
      view: 'loa.member',
      arg: 'm1',
    });
  });

  it('reads the role list through listRoles with pages of 100', async () => {
    const calls: Call[] = [];
    await run({ sub: 'view', strings: { 'member-id': 'm1' } }, calls);
    expect(calls.find((c) => c.method === 'listRoles')?.args[0]).toEqual({ page: 1, limit: 100 });
    expect(calls.find((c) => c.method === 'getMember')?.args[0]).toBe('m1');
  });

  it('wants exactly one of user and member-id', async () => {
    const sentence = 'Give either a Discord user or a member id (one of the two).';
    await expect(run({ sub: 'view' })).rejects.toThrow(new UserError(sentence));
    await expect(
      run({ sub: 'view', users: { user: '222222222222222222' }, strings: { 'member-id': 'm1' } }),
    ).rejects.toThrow(new UserError(sentence));
    await expect(run({ sub: 'view', strings: { 'member-id': 'a/b' } })).rejects.toThrow(UserError);
  });

  it('says when a Discord user is not a member, or a member id is unknown', async () => {
    await expect(run({ sub: 'view', users: { user: '333333333333333333' } })).rejects.toThrow(
      new UserError(MESSAGES.memberNotFound),
    );
    await expect(run({ sub: 'view', strings: { 'member-id': 'nobody' } })).rejects.toThrow(
      new UserError('No member with that id was found on this community server.'),
    );
  });

  it('shows role ids when the role list cannot be read', async () => {
    const resources = fakeResources({ roles, members, chat });
    resources.listRoles = async () => {
      throw new Error('down');
    };
    const payload = await member.execute({
      interaction: chatInput({ sub: 'view', strings: { 'member-id': 'm1' } }),
      show: showContext(resources),
    });
    expect(fields(payload).Roles).toBe('`r-mod`, `r-staff`, `r-gone`');
  });

  it('lists members with role names and an Open select', async () => {
    const payload = await run({ sub: 'list' });
    expect(payload.embeds?.[0]?.description).toContain(
      '`m1` · Moderator, Staff, `r-gone` · joined <t:1600000000:d>',
    );
    expect(payload.embeds?.[0]?.description).toContain('`m2` · no roles');
    expect(selectOptions(payload).find((o) => o.value === 'm1')).toEqual({
      label: 'Member m1',
      value: 'm1',
      description: 'Moderator, Staff, r-gone',
    });
  });

  it('shows an unnamed role by its id, never as a gap between commas', async () => {
    const unnamed: Role[] = [
      ...roles,
      { id: 'r-blank', serverId: 's', name: '' },
      { id: 'r-space', serverId: 's', name: ' \u200B ' },
      { id: 'r-none', serverId: 's' } as Role,
    ];
    const who: Member[] = [{ id: 'm3', serverId: 's', roles: ['r-mod', 'r-blank', 'r-space', 'r-none'] }];
    const data = { roles: unnamed, members: who, chat };
    const list = await run({ sub: 'list' }, [], data);
    expect(list.embeds?.[0]?.description).toContain('`m3` · Moderator, `r-blank`, `r-space`, `r-none`');
    expect(selectOptions(list)[0]?.description).toBe('Moderator, r-blank, r-space, r-none');
    const view = await run({ sub: 'view', strings: { 'member-id': 'm3' } }, [], data);
    expect(fields(view).Roles).toBe('Moderator, `r-blank`, `r-space`, `r-none`');
    for (const text of [
      list.embeds?.[0]?.description,
      selectOptions(list)[0]?.description,
      fields(view).Roles,
    ])
      expect(text).not.toMatch(/,\s*,|,\s*$/);
  });

  it('LOA → Member has a way back: "↩ Back to LOA" returns to that LOA', async () => {
    const resources = fakeResources({ roles, members, chat });
    const loa: Loa = { id: 'loa_1', serverId: 's', memberId: 'm1', reason: 'Exams' };
    resources.getLoa = async (id: string) => {
      if (id !== loa.id) throw new ApiError('http', 'not found', { status: 404 });
      return { data: loa, fetchedAt: 1, fromCache: false, stale: false };
    };
    const show = showContext(resources);
    const loaPage = await showDetail(loaDetailView, 'loa_1', show);
    const toMember = await linkOf(loaPage, 'Member', show);
    // Opened by its id (no list before it): the member's argument carries no way back.
    expect(toMember).toEqual({ view: 'member.loa', arg: 'loa_1|||' });
    const memberPage = await showDetail(memberOfLoaView, toMember.arg!, show);
    expect(memberPage.embeds?.[0]?.title).toBe('Member m1');
    expect(fields(memberPage).Roles).toBe('Moderator, Staff, `r-gone`');
    expect(await linkOf(memberPage, '↩ Back to LOA', show)).toEqual({
      view: 'loa.from-member',
      arg: 'loa_1|||',
    });
    expect(buttons(memberPage).map((b) => b.label)).not.toContain('↩ Back to list');
    expect(await linkOf(memberPage, 'LOAs', show)).toEqual({ view: 'loa.member', arg: 'm1' });
    // An LOA naming no member has no Member button; a vanished LOA says the member is not found.
    expect(
      buttons(
        await showDetail(loaDetailView, 'loa_1', {
          ...show,
          community: {
            ...show.community,
            resources: {
              ...resources,
              getLoa: async () => ({
                data: { ...loa, memberId: '' },
                fetchedAt: 1,
                fromCache: false,
                stale: false,
              }),
            },
          },
        }),
      ).map((b) => b.label),
    ).not.toContain('Member');
    await expect(showDetail(memberOfLoaView, 'gone', show)).rejects.toThrow(
      new UserError(MESSAGES.memberIdNotFound),
    );
  });

  it('LOA list → LOA → Member → "Back to LOA": each step keeps the way back to the list page', async () => {
    const resources = fakeResources({ roles, members, chat });
    const loa: Loa = { id: 'loa_1', serverId: 's', memberId: 'm1' };
    resources.getLoa = async () => ({ data: loa, fetchedAt: 1, fromCache: false, stale: false });
    const show = showContext(resources);
    /** Where a payload's "↩ Back to list" leads: view and page. */
    const backOf = (payload: Awaited<ReturnType<typeof showDetail>>) => {
      const button = buttons(payload).find((b) => b.label === '↩ Back to list');
      const parsed = button && parseCustomId(button.custom_id, show.views.argKindOf);
      return parsed?.ok
        ? { action: parsed.state.action, view: parsed.state.view, page: parsed.state.page }
        : undefined;
    };
    const back = { action: 'b', view: 'loa.all', page: 2 };
    // Opened from page 2 of /loa list.
    const loaPage = await showDetail(loaDetailView, 'loa_1', show, { view: 'loa.all', page: 2, arg: '' });
    expect(backOf(loaPage)).toEqual(back);
    const toMember = await linkOf(loaPage, 'Member', show);
    expect(toMember).toEqual({ view: 'member.loa', arg: 'loa_1|loa.all|2|' });
    const memberPage = await showDetail(memberOfLoaView, toMember.arg!, show);
    expect(memberPage.embeds?.[0]?.title).toBe('Member m1');
    expect(backOf(memberPage)).toEqual(back);
    const toLoa = await linkOf(memberPage, '↩ Back to LOA', show);
    const loaAgain = await showDetail(loaFromMemberView, toLoa.arg!, show);
    expect(loaAgain.embeds?.[0]?.title).toBe('🟡 LOA loa\\_1 · Pending review');
    expect(backOf(loaAgain)).toEqual(back);
    expect(await linkOf(loaAgain, 'Member', show)).toEqual(toMember);
    // A forged way back (no such list, a page 0, a list that takes no argument given one) is refused.
    for (const forged of ['loa_1|nowhere|1|', 'loa_1|loa.all|0|', 'loa_1|loa.all|1|x', 'loa_1|a|b'])
      await expect(showDetail(memberOfLoaView, forged, show)).rejects.toThrow(
        new UserError(MESSAGES.expired),
      );
  });
});

describe('the staff record as a scorecard (from the report snapshot)', () => {
  const AT = Date.parse('2026-11-26T12:00:00Z'); // a Thursday
  const NOW_S = Math.floor(AT / 1000);
  const reports = (over: { fail?: boolean } = {}): ReportSource => ({
    data: async () => {
      if (over.fail) throw new Error('store down');
      return {
        shifts: [
          { id: 'a', memberId: 'm1', createdAt: NOW_S - 7200, endedAt: NOW_S - 3600 },
          { id: 'b', memberId: 'm2', createdAt: NOW_S - 9 * 3600, endedAt: NOW_S - 3600 },
          { id: 'c', memberId: 'm1', createdAt: NOW_S - 600, endedAt: 0 },
        ] as never,
        loas: [
          {
            id: 'l1',
            memberId: 'm1',
            startAt: NOW_S + 86_400,
            endAt: NOW_S + 5 * 86_400,
            reviewedAt: NOW_S - 60,
          },
        ] as never,
        members,
        roles,
        source: { fetchedAt: AT - 5 * 60_000, fromCache: true, stale: false },
        servedAt: AT,
        complete: true,
        requests: 0,
      };
    },
    settings: async () => ({ ...DEFAULT_REPORT_SETTINGS, quotas: { 'r-mod': 2 } }),
  });

  it('shows time on duty this week with rank, the quota, the next leave, the snapshot age and a Shifts button', async () => {
    const show = showContext(fakeResources({ roles, members, chat }), { reports: reports() });
    const payload = await member.execute({
      interaction: chatInput({ sub: 'view', users: { user: '222222222222222222' } }),
      show,
    });
    const f = fields(payload);
    const week = Object.keys(f).find((k) => k.startsWith('This week'));
    expect(week).toBeDefined();
    expect(f[week as string]).toBe('1h 10m in 2 shifts · #2 of 2 · on duty now');
    // The leave overlaps this week, so the quota is not owed (the /quota check rule).
    expect(f.Quota).toBe('🌴 exempt (on leave) · 1h 10m of 2h');
    expect(f['Next leave']).toMatch(/^from <t:\d+:f> \(<t:\d+:R>\) · back <t:\d+:f>/);
    expect(payload.embeds?.[0]?.footer?.text).toContain('report data 5 min old');
    const shiftsLink = await linkOf(payload, 'Shifts this week', showContext(fakeResources({})));
    expect(shiftsLink).toEqual({ view: 'shift.of-record', arg: 'this-week|||m1' });
    // "Shifts this week" leads back to the record.
    const shifts = await showDetail(recordShiftsView, shiftsLink.arg!, show);
    expect(await linkOf(shifts, '↩ Back to staff record', show)).toEqual({ view: 'member', arg: 'm1' });
    // Reached from /shift totals instead, it has no such button.
    const totals = await showDetail(shiftMemberPeriodView, shiftsLink.arg!, show);
    expect(buttons(totals).map((b) => b.label)).not.toContain('↩ Back to staff record');
  });

  it('without a snapshot the record is shown as before, with no scorecard and no Shifts button', async () => {
    const show = showContext(fakeResources({ roles, members, chat }), { reports: reports({ fail: true }) });
    const payload = await member.execute({
      interaction: chatInput({ sub: 'view', strings: { 'member-id': 'm1' } }),
      show,
    });
    const f = fields(payload);
    expect(f.Roles).toBe('Moderator, Staff, `r-gone`');
    expect(Object.keys(f).some((k) => k.startsWith('This week'))).toBe(false);
    expect(buttons(payload).map((b) => b.label)).not.toContain('Shifts this week');
  });
});
