/**
 * /loa, /shift, /member and /role through their commands in the reader's language (the
 * interaction's words in `show.t`): the embeds, the "Open…" options, the shortcut buttons and the
 * staff record say the reader's words, and none of English's is left.
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { loa } from '../../commands/loa.js';
import { member } from '../../commands/member.js';
import { role } from '../../commands/role.js';
import { recordShiftsView, shift } from '../../commands/shift.js';
import type { Loa, Member, Role, Shift } from '../../generated/api.js';
import type { Fetched, PageQuery, Resources } from '../../src/api/types.js';
import type { Command } from '../../src/discord/command.js';
import { showDetail } from '../../src/discord/paging/show.js';
import type { Payload } from '../../src/discord/replies.js';
import { type Words, wordsFor } from '../../src/i18n/words.js';
import { DEFAULT_REPORT_SETTINGS, type ReportSource } from '../../src/reports/source.js';
import { englishLeft, visibleText } from '../render/roster-words.js';
import {
  buttons,
  type CommandInput,
  chatInput,
  fakeResources,
  linkOf,
  selectOptions,
  showContext,
} from './roster-fakes.js';

// The views classify LOAs at the clock's time: the records are made around it.
const NOW = Math.floor(Date.now() / 1000);
const AT = NOW * 1000;
const D = 86_400;

const roles: Role[] = [{ id: 'r-mod', serverId: 's', name: 'Mod' }];
const members: Member[] = [
  { id: 'm1', serverId: 's', roles: ['r-mod'], createdAt: NOW - 100 * D },
  { id: 'm2', serverId: 's', roles: [] },
];
const chat = { '222222222222222222': 'm1' };
const loas: Loa[] = [
  {
    id: 'a1',
    serverId: 's',
    memberId: 'm1',
    status: 3,
    startAt: NOW - D,
    endAt: NOW + D,
    reason: 'Prüfungen',
  },
  { id: 'h1', serverId: 's', memberId: 'm2', status: 3, startedAt: NOW - 30 * D, endedAt: NOW - 20 * D },
  { id: 'p1', serverId: 's', memberId: 'm2', createdAt: NOW - D, startAt: NOW + D, endAt: NOW + 2 * D },
];
const shifts: Shift[] = [
  { id: 'sh1', serverId: 's', memberId: 'm1', type: 'patrol', wave: 2, createdAt: NOW - 7200, endedAt: 0 },
  {
    id: 'sh2',
    serverId: 's',
    memberId: 'm2',
    type: 'patrol',
    createdAt: NOW - 9 * 3600,
    endedAt: NOW - 3600,
  },
];

function fetched<T>(data: T): Fetched<T> {
  return { data, fetchedAt: AT, fromCache: false, stale: false };
}

function pageOf<T>(items: T[], q: PageQuery) {
  return fetched({
    data: items.slice((q.page - 1) * q.limit, q.page * q.limit),
    page: q.page,
    pageSize: q.limit,
    total: items.length,
    totalPages: Math.max(1, Math.ceil(items.length / q.limit)),
  });
}

function resources(): Resources {
  const r = fakeResources({ roles, members, chat });
  r.listLoas = async (q) => pageOf(loas, q);
  r.getLoa = async (id) => fetched(loas.find((l) => l.id === id) as Loa);
  r.listShifts = async (q) => pageOf(shifts, q);
  r.getShift = async (id) => fetched(shifts.find((s) => s.id === id) as Shift);
  return r;
}

const reports: ReportSource = {
  data: async () => ({
    shifts: shifts as never,
    loas: loas as never,
    members,
    roles,
    source: { fetchedAt: AT - 5 * 60_000, fromCache: true, stale: false },
    servedAt: AT,
    complete: true,
    requests: 0,
  }),
  settings: async () => ({ ...DEFAULT_REPORT_SETTINGS, quotas: { 'r-mod': 2 } }),
};

/** Who m1 and m2 are on Discord, and their display names (else the people helper says "member m1"). */
const USERS: Record<string, string> = { m1: '323456789012345678', m2: '423456789012345678' };
const directory = {
  lookup: async (ids: readonly string[]) =>
    new Map(ids.flatMap((id) => (USERS[id] ? [[id, USERS[id]] as const] : []))),
  remember: () => {},
};
const names = (userId: string) => (userId === USERS.m1 ? 'Sam' : 'Alex');

async function run(command: Command, input: CommandInput, t: Words, known = true): Promise<Payload> {
  const show = {
    ...showContext(resources(), { reports, ...(known ? { directory } : {}) }),
    t,
    ...(known ? { names } : {}),
  };
  return command.execute({ interaction: chatInput(input), show });
}

/** Everything a payload shows: its embeds, the select's placeholder and options, the buttons. */
function shown(payload: Payload): string {
  const options = selectOptions(payload).flatMap((o) => [o.label, o.description ?? '']);
  return [
    visibleText((payload.embeds ?? []) as APIEmbed[]),
    ...options,
    ...buttons(payload).map((b) => b.label),
  ].join('\n');
}

describe.each(['de', 'es-ES'] as const)('the roster commands in %s', (locale) => {
  const t = wordsFor(locale);

  it('/loa list: rows and "Open…" options say the same state, in the reader’s words', async () => {
    const payload = await run(loa, { sub: 'list' }, t);
    expect(payload.embeds?.[0]?.title).toBe(t.loa.title);
    const rows = payload.embeds?.[0]?.description?.split('\n') ?? [];
    const options = selectOptions(payload);
    expect(rows[0]).toContain(`**${t.loa.states.active}**`);
    expect(options[0]?.label).toMatch(new RegExp(`^LOA · .* · ${t.loa.states.active}$`));
    expect(rows[1]).toContain(`**${t.loa.states.ended}**`);
    expect(options[1]?.label.endsWith(t.loa.states.ended)).toBe(true);
    expect(options[2]?.description).toBe(t.loa.optionId('p1'));
    expect(englishLeft(shown(payload), t)).toEqual([]);
  });

  it('/loa list status: the filter in the title, the LOAs by the reports’ rule', async () => {
    const payload = await run(loa, { sub: 'list', strings: { status: 'pending' } }, t);
    expect(payload.embeds?.[0]?.title).toBe(t.loa.titleFiltered(t.loa.filters.pending));
    expect(selectOptions(payload).map((o) => o.value)).toEqual(['p1']);
    expect(englishLeft(shown(payload), t)).toEqual([]);
  });

  it('/loa view: the state, the code in words and the shortcut buttons', async () => {
    const payload = await run(loa, { sub: 'view', strings: { id: 'a1' } }, t);
    expect(payload.embeds?.[0]?.title).toBe(`🟢 ${t.loa.detailTitle('a1', t.loa.states.active)}`);
    const status = payload.embeds?.[0]?.fields?.find((f) => f.name === t.loa.statusCode)?.value;
    expect(status).toBe(t.loa.reviewOutcome.approved('3'));
    expect(buttons(payload).map((b) => b.label)).toEqual([t.loa.memberShortcut, t.loa.membersLoas]);
    expect(englishLeft(shown(payload), t)).toEqual([]);
  });

  it('/loa view of an ended LOA: the title says ended, the status code the review’s outcome', async () => {
    const payload = await run(loa, { sub: 'view', strings: { id: 'h1' } }, t);
    expect(payload.embeds?.[0]?.title).toContain(t.loa.detailTitle('h1', t.loa.states.ended));
    const status = payload.embeds?.[0]?.fields?.find((f) => f.name === t.loa.statusCode)?.value;
    expect(status).toBe(t.loa.reviewOutcome.approved('3'));
    expect(englishLeft(shown(payload), t)).toEqual([]);
  });

  it('/member view: the staff record (hours, rank, quota, leave) and its buttons', async () => {
    const payload = await run(member, { sub: 'view', users: { user: '222222222222222222' } }, t);
    const names = payload.embeds?.[0]?.fields?.map((f) => f.name) ?? [];
    expect(names.some((n) => n.startsWith(t.member.thisWeek('', '', '').split('(')[0] as string))).toBe(true);
    expect(names).toContain(t.member.quota);
    expect(payload.embeds?.[0]?.footer?.text).toContain(t.member.reportDataAge(t.common.minutes(5)));
    expect(buttons(payload).map((b) => b.label)).toEqual([t.member.loas, t.member.shiftsThisWeek]);
    expect(englishLeft(shown(payload), t)).toEqual([]);
    // "Shifts this week" and its way back to the record, in the reader's words.
    const show = { ...showContext(resources(), { reports, directory }), t };
    const week = await linkOf(payload, t.member.shiftsThisWeek, show);
    const shifts = await showDetail(recordShiftsView, week.arg ?? '', show);
    expect(buttons(shifts).map((b) => b.label)).toEqual([t.member.backToRecord, t.shift.membersLoas]);
    expect(englishLeft(shown(shifts), t)).toEqual([]);
  });

  it('/member list, /role list and /role view', async () => {
    for (const payload of [
      await run(member, { sub: 'list' }, t),
      await run(role, { sub: 'list' }, t),
      await run(role, { sub: 'view', strings: { role: 'r-mod' } }, t),
    ])
      expect(englishLeft(shown(payload), t)).toEqual([]);
    const list = await run(member, { sub: 'list' }, t, false);
    expect(selectOptions(list)[1]).toMatchObject({
      label: t.member.optionMember('m2'),
      description: t.member.noRoles,
    });
  });

  it('/shift list, view and active: rows, options and the shortcut', async () => {
    const list = await run(shift, { sub: 'list' }, t);
    expect(selectOptions(list)[0]?.label).toBe(
      `${t.shift.optionKind} · ${t.shift.states.active} · patrol · ${t.f.day(NOW - 7200)}`,
    );
    expect(selectOptions(list)[0]?.description).toBe('Sam');
    const unknown = await run(shift, { sub: 'list' }, t, false);
    expect(selectOptions(unknown)[0]?.description).toBe(t.shift.optionMember('m1'));
    const view = await run(shift, { sub: 'view', strings: { id: 'sh1' } }, t);
    expect(buttons(view).map((b) => b.label)).toEqual([t.shift.membersLoas]);
    const active = await run(shift, { sub: 'active' }, t);
    expect(selectOptions(active)[0]?.label.startsWith(t.shift.optionKind)).toBe(true);
    for (const payload of [list, view]) expect(englishLeft(shown(payload), t)).toEqual([]);
  });
});
