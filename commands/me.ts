/**
 * /me: the caller's own staff record (the staff record's views: time on duty this week and rank,
 * quota, leave), with their LOAs and this week's shifts paged, always private. It needs no access
 * role, so it spends by its own rule: the one read is the caller's member lookup by their Discord
 * account, an access check's lookup (never the reserve; a first one only from the first checks'
 * part, and only on a caller the guard's spending rule allows: holding a Discord role that the
 * community's roles list links to a community role, `firstCheck` in src/discord/access.ts), whose
 * answer, a record or a 404, decides until the month ends: one lookup per Discord user per month. A
 * caller the rule refuses is told why (they hold no linked role; the community links none; its roles
 * cannot be read) with no lookup, and the refusal is in /rollcall status's last refusals. Everything
 * else comes from the report snapshot (the record's standing as saved; the LOAs and shifts as the
 * reports read it, paced), reached only by a caller the lookup found.
 */
import type { Interaction } from 'discord.js';
import type { Loa } from '../generated/api.js';
import { AccessSpentError, FirstCheckSkippedError, isApiError } from '../src/api/errors.js';
import type { ReadOptions } from '../src/api/types.js';
import { LOOKUP_KEEP_MS, type SpendRefusal } from '../src/discord/access.js';
import { type Command, defineCommand } from '../src/discord/command.js';
import type { Community } from '../src/discord/community.js';
import { showDetail } from '../src/discord/paging/show.js';
import type { DetailView, ListView } from '../src/discord/paging/views.js';
import { say, UserError } from '../src/discord/replies.js';
import { safeLine } from '../src/render/format.js';
import { renderLoaList } from '../src/render/loa.js';
import { renderMember } from '../src/render/member.js';
import { loaStateAt, readStatusCodes } from '../src/reports/leave.js';
import { hasStanding, type MemberWithRoles, withStanding } from './member.js';
import { joinArg, type ReportPage, reportInput, reportPage } from './report-data.js';
import { recordShiftsView } from './shift.js';
import { VIEW } from './view-ids.js';

/** How long the caller's lookup decides: since the calendar month began (UTC), so once a month. */
function sinceMonthStart(now: number): number {
  const at = new Date(now);
  return Math.max(1, now - Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The caller's member record by their Discord account, or the sentence saying why there is none. */
async function lookUpSelf(community: Community, chatId: string, firstCheck: boolean) {
  const options: ReadOptions = {
    purpose: 'access-lookup',
    maxAgeMs: sinceMonthStart(Date.now()),
    keepMs: LOOKUP_KEEP_MS,
    allowedBy: (saved) => typeof saved === 'object' && saved !== null,
    noFirstCheck: !firstCheck,
  };
  try {
    return await community.resources.getMemberByChatId(chatId, options);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new UserError(say.meNotMember);
    if (error instanceof AccessSpentError) throw new UserError(say.meSpent(Math.floor(error.nextAt / 1000)));
    throw error;
  }
}

/** Why no first check may be spent on the caller, in /me's words. */
function meRefusal(refusal: SpendRefusal): UserError {
  switch (refusal.cause) {
    case 'unlinked-user':
      return new UserError(say.meNotSpender);
    case 'no-links':
      return new UserError(say.meNoLinks);
    case 'roles-unread':
      return new UserError(say.meRolesUnread(Math.ceil(refusal.retryAt / 1000)));
  }
}

/**
 * The caller's lookup as /me's first answer makes it: from what this month saved (no request), else
 * a first check only when the spending rule allows it (none when the community offers no rule).
 */
async function firstLookUp(community: Community, interaction: Interaction) {
  const self = interaction.user.id;
  try {
    return await lookUpSelf(community, self, false);
  } catch (error) {
    if (!(error instanceof FirstCheckSkippedError)) throw error;
  }
  const refusal = community.firstCheck
    ? await community.firstCheck(interaction)
    : ({ cause: 'unlinked-user' } as const);
  if (refusal) throw meRefusal(refusal);
  return lookUpSelf(community, self, true);
}

/** The caller's member id, from the lookup `/me` made (saved: no request). */
async function ownMemberId(community: Community, chatId: string): Promise<string> {
  const id = (await lookUpSelf(community, chatId, false)).data.id;
  if (typeof id !== 'string' || id === '') throw new UserError(say.meNotMember);
  return id;
}

type OwnRecord = MemberWithRoles & { chatId: string };

const myRecordView: DetailView<OwnRecord> = {
  kind: 'detail',
  id: VIEW.me,
  own: true,
  async fetch(community, chatId) {
    // The lookup /me made (or a saved answer of this month): a view spends no first check.
    const fetched = await withStanding(community, lookUpSelf(community, chatId, false));
    return { ...fetched, data: { ...fetched.data, chatId } };
  },
  render: ({ member, roles, standing }, source) => renderMember(member, source, roles, standing),
  people: ({ member }) => [member.id],
  shortcuts: [
    { label: (t) => t.member.loas, view: VIEW.myLoas, arg: ({ chatId }) => chatId },
    {
      label: (t) => t.member.shiftsThisWeek,
      view: VIEW.myShifts,
      arg: ({ chatId, standing }) => (hasStanding(standing) ? chatId : undefined),
    },
  ],
};

type LoaPage = ReportPage<Loa> & {
  memberId: string;
  states: (loa: Partial<Loa>) => ReturnType<typeof loaStateAt>;
};

/** The caller's LOAs from the snapshot, newest first (no "Open…": an LOA's own view is a moderator's). */
export const myLoasView: ListView<Loa, unknown, LoaPage> = {
  kind: 'list',
  id: VIEW.myLoas,
  own: true,
  takesArg: true,
  async fetch(community, chatId, query) {
    const memberId = await ownMemberId(community, chatId);
    const input = await reportInput(community);
    const statuses = readStatusCodes(input.data.loas);
    const rows = input.data.loas
      .filter((loa) => loa.memberId === memberId)
      .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
    const states = (loa: Partial<Loa>) => loaStateAt(loa, statuses, input.now);
    return { ...reportPage(rows, query, input, ['loas']), memberId, states };
  },
  render: ({ items, info, source }) =>
    renderLoaList(
      items,
      info,
      source,
      source.states,
      (t) => t.loa.titleOfMember(safeLine(source.memberId, 64)),
      source.report,
    ),
  people: (loa) => [loa.memberId],
};

type ShiftsOf = typeof recordShiftsView;

/** The caller's shifts this week, from the snapshot, with the way back to their record. */
export const myShiftsView: DetailView<
  Parameters<ShiftsOf['render']>[0] & { chatId?: string },
  Awaited<ReturnType<ShiftsOf['fetch']>>
> = {
  ...recordShiftsView,
  id: VIEW.myShifts,
  own: true,
  async fetch(community, chatId) {
    const memberId = await ownMemberId(community, chatId);
    const fetched = await recordShiftsView.fetch(
      community,
      joinArg(['this-week', undefined, undefined, memberId]),
      { purpose: 'ask' },
    );
    return { ...fetched, data: { ...fetched.data, chatId } };
  },
  shortcuts: [
    { label: (t) => t.member.backToRecord, view: VIEW.me, arg: ({ chatId }) => chatId },
    { label: (t) => t.member.loas, view: VIEW.myLoas, arg: ({ chatId }) => chatId },
  ],
};

const data = defineCommand({ name: 'me', description: 'Your own staff record (only you see it)' });

export const me = {
  data,
  own: true,
  views: [myRecordView, myLoasView, myShiftsView],
  async execute({ interaction, show }) {
    // The one lookup (or this month's saved answer), as the spending rule allows; the view reads it.
    await firstLookUp(show.community, interaction);
    return showDetail(myRecordView, interaction.user.id, show);
  },
} satisfies Command;
