/** /member: members of the community server — the whole list, or one member by Discord user or member id. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Member } from '../generated/api.js';
import { isNotSaved } from '../src/api/errors.js';
import { readRolesOrEmpty } from '../src/api/roles.js';
import type { Fetched, ReadOptions, Resources } from '../src/api/types.js';
import {
  argumentsOf,
  type Command,
  defineCommand,
  publicOption,
  userOrId,
  userOrIdOptions,
} from '../src/discord/command.js';
import type { Community } from '../src/discord/community.js';
import { splitBack } from '../src/discord/paging/back.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListView, Shortcut, ShowContext } from '../src/discord/paging/views.js';
import { errorText, say, UserError } from '../src/discord/replies.js';
import { type ChartData, type ChartResult, renderChart, warmCharts } from '../src/render/charts/index.js';
import { plainText, safeLine } from '../src/render/format.js';
import type { Labelled } from '../src/render/labels.js';
import {
  type MemberStanding,
  memberRoleIds,
  type RoleIndex,
  renderMember,
  renderMemberList,
  rolePlainLabel,
  type StandingGap,
} from '../src/render/member.js';
import { type DisplayNames, displayNameOf } from '../src/render/people.js';
import { leaveByDay, onDutyByDaySliced, pastDays } from '../src/reports/charts.js';
import { type Coverage, coverageOf } from '../src/reports/coverage.js';
import { scorecardOf } from '../src/reports/scorecard.js';
import { unreadableShifts } from '../src/reports/time.js';
import { StoreError } from '../src/store/errors.js';
import { chartNames, joinArg, periodFor, type ReportInput, reportInput } from './report-data.js';
import { VIEW } from './view-ids.js';

/** A member with the role index its role names are resolved through, and their standing in the reports. */
export interface MemberWithRoles {
  member: Member;
  roles: RoleIndex;
  /** From the report snapshot, or why there is none (reports unavailable, not read yet, …). */
  standing: Standing | StandingGap;
}

/** Whether the record has its standing (not the reason it has none). */
export function hasStanding(standing: Standing | StandingGap): standing is Standing {
  return !('missing' in standing);
}

/** The standing, and the member's last four weeks by day for the record's chart. */
interface Standing extends MemberStanding {
  /** Absent where the server's admins turned charts off. */
  days?: Omit<ChartData['member'], 'who'>;
}

/**
 * The period a member's record shows their time on duty in (titled `t.member.thisWeek`, and its
 * button `t.member.shiftsThisWeek`: another period needs other words).
 */
const STANDING_PERIOD = 'this-week';

/** The lists a staff record's standing is made from: time on duty, quota (roles), leave. */
const STANDING_NEEDS = ['shifts', 'loas', 'members'] as const;

/**
 * The member's standing from the community's report snapshot as saved: the record spends no request
 * on it (the snapshot is refreshed by the reports, paced). Never fails the record: without a
 * standing it says why, one of `StandingGap`'s closed set (reports unavailable, the snapshot not
 * read yet, none of the lists it needs read yet, an id that cannot be looked up, a refusal such as
 * the store not answering); an unexpected error is logged at warn and said as "could not be worked
 * out".
 */
async function standingOf(community: Community, memberId: unknown): Promise<Standing | StandingGap> {
  if (!community.reports) return { missing: 'reports-off' };
  if (typeof memberId !== 'string' || memberId === '') return { missing: 'member-id' };
  // The chart's thread loads while the member and the snapshot are read.
  warmCharts();
  let input: ReportInput;
  try {
    input = await reportInput(community, { purpose: 'saved-only' });
  } catch (error) {
    if (isNotSaved(error)) return { missing: 'not-read' };
    if (error instanceof UserError || error instanceof StoreError)
      return { missing: 'refused', text: errorText(error) };
    return standingFailed(community, error);
  }
  const coverage = coverageOf(input.data, STANDING_NEEDS);
  // Pages read of other lists (roles) only: there is nothing of the member's to say yet.
  if (input.data.pages !== undefined && coverage.pagesRead === 0 && !coverage.complete)
    return { missing: 'parts-not-read', coverage };
  try {
    return await standingFrom(input, memberId, coverage);
  } catch (error) {
    return standingFailed(community, error);
  }
}

/** An unexpected failure of the standing: logged once, at warn, and said as "could not be worked out". */
function standingFailed(community: Community, error: unknown): StandingGap {
  community.logger?.warn(
    { err: error, guild: community.guildId },
    "a staff record's standing could not be worked out; the record is shown without it",
  );
  return { missing: 'failed' };
}

/** The standing, its period and the chart's days, from a snapshot that has some of what it needs. */
async function standingFrom(input: ReportInput, memberId: string, coverage: Coverage): Promise<Standing> {
  const period = periodFor(STANDING_PERIOD, input);
  const card = await scorecardOf(memberId, input.data, input.settings.quotas, period, input.now);
  const zone = input.calendar.timeZone;
  const edges = pastDays(input.now, zone, 28);
  const days = {
    timeZone: zone,
    edges,
    seconds: await onDutyByDaySliced(input.data.shifts, edges, input.now, { memberId }),
    leave: leaveByDay(input.data.loas, memberId, edges),
  };
  return {
    card,
    period: (t) =>
      t.member.thisWeek(t.f.dayIn(period.start, zone), t.f.dayIn(period.end - 1, zone), safeLine(zone, 64)),
    ageMs: Math.max(0, input.data.servedAt - input.data.source.fetchedAt),
    coverage,
    shiftsLeftOut: unreadableShifts(input.data.shifts, memberId),
    ...(input.settings.charts === false ? {} : { days }),
  };
}

/** The record's chart: the member's time on duty per day, leave shaded (none without a standing). */
async function recordChart(
  { member, standing }: MemberWithRoles,
  source: Labelled,
  names: DisplayNames | undefined,
): Promise<ChartResult | undefined> {
  if (!hasStanding(standing) || !standing.days) return undefined;
  const who = chartNames(source.people, names)(member.id);
  return renderChart('member', { ...standing.days, who }, source.t);
}

/** The member read, joined with the role index and their standing. */
export async function withStanding(
  community: Community,
  read: Promise<Fetched<Member>>,
): Promise<Fetched<MemberWithRoles>> {
  const fetched = await withRoles(community.resources, read);
  const standing = await standingOf(community, fetched.data.member.id);
  return { ...fetched, data: { ...fetched.data, standing } };
}

/** The role index; the role list is cached for long by the API layer, and a failure only costs the names. */
async function roleIndex(resources: Resources): Promise<RoleIndex> {
  return (await readRolesOrEmpty(resources)).byId;
}

/** One member read, joined with the role index (read in parallel). */
async function withRoles(
  resources: Resources,
  read: Promise<Fetched<Member>>,
): Promise<Fetched<Omit<MemberWithRoles, 'standing'>>> {
  const [fetched, roles] = await Promise.all([read, roleIndex(resources)]);
  return { ...fetched, data: { member: fetched.data, roles } };
}

/** Members, each page shown with the role index (read once per page, alongside it). */
const memberListView: ListView<Member, RoleIndex> = {
  kind: 'list',
  id: 'member.all',
  takesArg: false,
  fetch: ({ resources: api }, _arg, query, options) => api.listMembers(query, options),
  context: ({ resources }) => roleIndex(resources),
  render: ({ items: members, info, source, context: roles }) =>
    renderMemberList(members, info, source, roles),
  people: (member) => [member.id],
  open: {
    detailView: VIEW.member,
    option: ({ item: member, context: roles, who }) => {
      if (typeof member.id !== 'string') return undefined;
      const t = who.t;
      return {
        label:
          displayNameOf(member.id, who.people, who.names, 80) ??
          t.member.optionMember(plainText(member.id, 80)),
        value: member.id,
        description: plainText(
          memberRoleIds(member)
            .map((id) => rolePlainLabel(id, roles))
            .join(', ') || t.member.noRoles,
          100,
        ),
      };
    },
  },
};

const shortcuts: Shortcut<MemberWithRoles>[] = [
  {
    label: (t) => t.member.loas,
    view: VIEW.memberLoas,
    arg: ({ member }) => (typeof member.id === 'string' && member.id !== '' ? member.id : undefined),
  },
  {
    label: (t) => t.member.shiftsThisWeek,
    // The member's shifts with a way back to this record.
    view: VIEW.recordShifts,
    arg: ({ member, standing }) =>
      hasStanding(standing) && typeof member.id === 'string' && member.id !== ''
        ? joinArg([STANDING_PERIOD, undefined, undefined, member.id])
        : undefined,
  },
];

const memberDetailView: DetailView<MemberWithRoles> = {
  kind: 'detail',
  id: VIEW.member,
  fetch: (community, memberId, options: ReadOptions) =>
    withStanding(community, community.resources.getMember(memberId, options)),
  render: ({ member, roles, standing }, source) => renderMember(member, source, roles, standing),
  chart: recordChart,
  people: ({ member }) => [member.id],
  shortcuts,
  notFound: say.memberIdNotFound,
};

/** The member whose Discord (chat) user id is the argument; used by `/member view user:` and shortcuts. */
const memberByChatView: DetailView<MemberWithRoles> = {
  kind: 'detail',
  id: VIEW.memberByChat,
  fetch: (community, chatId, options: ReadOptions) =>
    withStanding(community, community.resources.getMemberByChatId(chatId, options)),
  render: ({ member, roles, standing }, source) => renderMember(member, source, roles, standing),
  chart: recordChart,
  people: ({ member }) => [member.id],
  shortcuts,
  notFound: say.memberNotFound,
};

/** A member reached from one of their LOAs, with that LOA's argument for the way back. */
interface MemberOfLoa extends MemberWithRoles {
  /** The LOA's id, with the list it was opened from when it was (src/discord/paging/back.ts). */
  loaArg: string;
}

/**
 * The member an LOA names; the argument is the LOA's id (read first, usually from the cache) with
 * the list the LOA was opened from, so the member view can offer "Back to list" and "Back to LOA"
 * while every piece of state stays in the custom_id.
 */
export const memberOfLoaView: DetailView<MemberOfLoa> = {
  kind: 'detail',
  id: VIEW.memberOfLoa,
  fetch: async (community, arg, options: ReadOptions) => {
    const loa = await community.resources.getLoa(splitBack(arg).arg, options);
    const memberId = loa.data.memberId;
    if (typeof memberId !== 'string' || memberId === '') throw new UserError(say.memberIdNotFound);
    const fetched = await withStanding(community, community.resources.getMember(memberId, options));
    return { ...fetched, stale: fetched.stale || loa.stale, data: { ...fetched.data, loaArg: arg } };
  },
  backOf: (arg) => splitBack(arg).back,
  render: ({ member, roles, standing }, source) => renderMember(member, source, roles, standing),
  chart: recordChart,
  people: ({ member }) => [member.id],
  shortcuts: [
    { label: (t) => t.member.backToLoa, view: VIEW.loaFromMember, arg: ({ loaArg }) => loaArg },
    ...shortcuts,
  ],
  notFound: say.memberIdNotFound,
};

/** `/member view user:`: the member record of a Discord user (also their right-click "Staff record"). */
export const showMemberOfUser = (userId: string, show: ShowContext) =>
  showDetail(memberByChatView, userId, show);

const data = defineCommand({
  name: 'member',
  description: 'Members of the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: 'List all members',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'view',
      description: 'Show one member, by Discord user or member id',
      options: [
        ...userOrIdOptions(
          'member-id',
          "The member's id on the community server (instead of a Discord user)",
        ),
        publicOption,
      ],
    },
  ],
});

export const member = {
  data,
  views: [memberListView, memberDetailView, memberByChatView, memberOfLoaView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    const sub = args.subcommand();
    if (sub === 'list') return showList(memberListView, show);
    const target = userOrId(args, 'member-id', (t) => t.sentences.memberIdName);
    if ('user' in target) return showMemberOfUser(target.user, show);
    return showDetail(memberDetailView, target.id, show);
  },
} satisfies Command;
