/** /loa: leaves of absence — the whole list, one LOA, or one member's LOAs. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Loa } from '../generated/api.js';
import { isApiError } from '../src/api/errors.js';
import {
  argumentsOf,
  type Command,
  defineCommand,
  publicOption,
  userOrId,
  userOrIdOptions,
} from '../src/discord/command.js';
import { parseId } from '../src/discord/input.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListView, ShowContext } from '../src/discord/paging/views.js';
import { MESSAGES, UserError } from '../src/discord/replies.js';
import { plainText, safeLine } from '../src/render/format.js';
import { loaState } from '../src/render/labels.js';
import { renderLoa, renderLoaList } from '../src/render/loa.js';
import { renderLeave } from '../src/render/reports.js';
import { onLeaveAt, startingWithin } from '../src/reports/leave.js';
import { factsOf, reportInput, reportPage } from './report-data.js';
import { VIEW } from './view-ids.js';

const open: ListView<Loa>['open'] = {
  detailView: VIEW.loa,
  option: (loa) =>
    typeof loa.id === 'string'
      ? {
          label: `${loaState(loa)} · ${plainText(loa.id, 40)}`,
          value: loa.id,
          description: plainText(loa.reason, 100),
        }
      : undefined,
};

export const loaListView: ListView<Loa> = {
  kind: 'list',
  id: VIEW.loas,
  takesArg: false,
  fetch: (api, _arg, query, options) => api.listLoas(query, options),
  render: (items, info, source) => renderLoaList(items, info, source),
  open,
};

export const loaMemberView: ListView<Loa> = {
  kind: 'list',
  id: VIEW.memberLoas,
  takesArg: true,
  fetch: (api, memberId, query, options) => api.listMemberLoas(memberId, query, options),
  render: (items, info, source, memberId) =>
    renderLoaList(items, info, source, `Leaves of absence of member ${safeLine(memberId, 64)}`),
  open,
};

/** The report's "days" argument, 1 to 365. */
function readDays(text: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 365)
    throw new UserError(MESSAGES.badDays);
  return Number(text);
}

/** Who is on leave now (from the reports' snapshot), returning soonest first. */
export const loaActiveView: ListView<Loa> = {
  kind: 'list',
  id: VIEW.loasActive,
  takesArg: false,
  async fetch(resources, _arg, query, options) {
    const input = await reportInput(resources, options);
    return reportPage(onLeaveAt(input.data.loas, input.now), query, input);
  },
  render: (items, info, source) => renderLeave(items, info, source, 'active', 0, factsOf(source)),
  open,
};

/** Leave starting within N days (from the reports' snapshot), soonest first. */
export const loaUpcomingView: ListView<Loa> = {
  kind: 'list',
  id: VIEW.loasUpcoming,
  takesArg: true,
  async fetch(resources, arg, query, options) {
    const days = readDays(arg);
    const input = await reportInput(resources, options);
    return reportPage(startingWithin(input.data.loas, input.now, days), query, input);
  },
  render: (items, info, source, arg) =>
    renderLeave(items, info, source, 'upcoming', readDays(arg), factsOf(source)),
  open,
};

/** The LOA's member, when it names one. */
const memberIdOf = (loa: Loa) =>
  typeof loa.memberId === 'string' && loa.memberId !== '' ? loa.memberId : undefined;

export const loaDetailView: DetailView<Loa> = {
  kind: 'detail',
  id: VIEW.loa,
  fetch: (api, id, options) => api.getLoa(id, options),
  render: renderLoa,
  shortcuts: [
    // The member view is reached through the LOA's id, so it can lead back to this LOA.
    {
      label: 'Member',
      view: VIEW.memberOfLoa,
      arg: (loa) => (memberIdOf(loa) && typeof loa.id === 'string' && loa.id !== '' ? loa.id : undefined),
    },
    { label: "Member's LOAs", view: VIEW.memberLoas, arg: memberIdOf },
  ],
  notFound: MESSAGES.loaNotFound,
};

/** `/loa member user:`: the LOAs of a Discord user's member record (also their right-click "LOAs"). */
export async function showLoasOfUser(userId: string, show: ShowContext) {
  try {
    const member = await show.resources.getMemberByChatId(userId);
    return await showList(loaMemberView, show, { arg: member.data.id });
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new UserError(MESSAGES.memberNotFound);
    throw error;
  }
}

const data = defineCommand({
  name: 'loa',
  description: 'Leaves of absence (LOAs) of the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: 'List all LOAs, newest first',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'view',
      description: 'Show one LOA',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'id',
          description: 'The LOA id',
          required: true,
          max_length: 64,
        },
        publicOption,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'member',
      description: "List one member's LOAs",
      options: [
        ...userOrIdOptions(
          'member-id',
          "The member's id on the community server (instead of a Discord user)",
        ),
        publicOption,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'active',
      description: 'Who is on leave now, with return dates',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'upcoming',
      description: 'Leave starting within the next days',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'days',
          description: 'How many days ahead (default 7)',
          required: false,
          min_value: 1,
          max_value: 365,
        },
        publicOption,
      ],
    },
  ],
});

export const loa: Command = {
  data,
  views: [loaListView, loaMemberView, loaDetailView, loaActiveView, loaUpcomingView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    const sub = args.subcommand();
    if (sub === 'active') return showList(loaActiveView, show);
    if (sub === 'upcoming') {
      const days = interaction.options.getInteger('days') ?? 7;
      return showList(loaUpcomingView, show, { arg: String(readDays(String(days))) });
    }
    if (sub === 'list') return showList(loaListView, show);
    if (sub === 'view') return showDetail(loaDetailView, parseId(args.string('id'), 'LOA id'), show);
    const target = userOrId(args, 'member-id', 'member id');
    if ('id' in target) return showList(loaMemberView, show, { arg: target.id });
    return showLoasOfUser(target.user, show);
  },
};
