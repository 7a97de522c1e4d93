/** /loa: leaves of absence — the whole list (or those of one state), one LOA, or one member's LOAs. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Loa } from '../generated/api.js';
import { isApiError } from '../src/api/errors.js';
import { API_PAGE_SIZE } from '../src/api/pages.js';
import type { Resources } from '../src/api/types.js';
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
import { say, UserError } from '../src/discord/replies.js';
import { NONE, plainText, safeLine } from '../src/render/format.js';
import { loaOptionLabel, renderLoa, renderLoaList } from '../src/render/loa.js';
import { renderLeave } from '../src/render/reports.js';
import {
  LOA_FILTERS,
  type LoaFilter,
  type LoaState,
  loaStateAt,
  matchesLoaFilter,
  onLeaveAt,
  readStartTypes,
  readStatusCodes,
  type StartReading,
  type StatusReading,
  type StatusReadings,
  startingWithin,
} from '../src/reports/leave.js';
import { allRows, type ReportPage, reportInput, reportPage } from './report-data.js';
import { VIEW } from './view-ids.js';

/** The clock LOAs are classified at (Unix seconds): on leave now or not. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Each LOA's state as its view's read decided it (src/reports/leave.ts loaStateAt, the reports' own
 * rule), kept beside the records it was read with until they are shown, so rows, titles and "Open…"
 * labels say the same. Weak: it goes with the records.
 */
const states = new WeakMap<object, LoaState>();
/** What each LOA's status code reads as, by the same reading (shown beside the code in /loa view). */
const statusReads = new WeakMap<object, StatusReading>();
/** What each LOA's start type reads as, from the same LOAs (shown beside the code in /loa view). */
const startReads = new WeakMap<object, StartReading>();

function classify<L extends Loa>(loas: readonly L[], readings: StatusReadings, now: number): void {
  for (const loa of loas) {
    states.set(loa, loaStateAt(loa, readings, now));
    const reading = typeof loa.status === 'number' ? readings.get(loa.status) : undefined;
    // The same record can come back from the cache to a later read: each read says it anew.
    if (reading) statusReads.set(loa, reading);
    else statusReads.delete(loa);
  }
}

/** An LOA's state as classified by its read; one never classified, by its own fields alone. */
function stateOf(loa: Partial<Loa>): LoaState {
  return states.get(loa) ?? loaStateAt(loa, new Map(), nowSeconds());
}

/** Pages of 100 LOAs looked through for saved copies: the community's first 1,000. */
const SAVED_PAGES = 10;

/**
 * Every LOA page already saved (lists and the reports' snapshot read the same pages), without a
 * request: the status codes are read from them as the reports read them from the snapshot.
 */
async function savedLoas(resources: Resources): Promise<Loa[]> {
  const loas: Loa[] = [];
  for (let page = 1; page <= SAVED_PAGES; page++) {
    try {
      const read = await resources.listLoas({ page, limit: API_PAGE_SIZE }, { savedOnly: true });
      loas.push(...read.data.data);
      if (page >= (read.data.totalPages ?? 1)) break;
    } catch {
      // Not saved (or the cache did not answer): the codes are read from what is at hand.
      break;
    }
  }
  return loas;
}

/** Classify `loas` with the status codes read from them and every saved LOA page. */
async function classifyWithSaved(resources: Resources, loas: readonly Loa[]): Promise<void> {
  const known = await savedLoas(resources);
  classify(loas, readStatusCodes([...known, ...loas]), nowSeconds());
  const starts = readStartTypes([...known, ...loas]);
  for (const loa of loas) {
    const reading = typeof loa.startType === 'number' ? starts.get(loa.startType) : undefined;
    if (reading) startReads.set(loa, reading);
    else startReads.delete(loa);
  }
}

const open: ListView<Loa>['open'] = {
  detailView: VIEW.loa,
  option: (loa, _context, _labels, who) =>
    typeof loa.id === 'string'
      ? {
          label: loaOptionLabel(loa, stateOf(loa), who?.people, who?.names),
          value: loa.id,
          description: describeOption(loa),
        }
      : undefined,
};

/** The member an LOA is shown by in a list (its directory lookup; the export's discord_user_id). */
const loaPerson = (loa: Loa): unknown[] => [loa.memberId];

/** The select option's second line: the reason, else the id. */
function describeOption(loa: Loa): string {
  const reason = plainText(loa.reason, 100);
  return reason === NONE ? plainText(`id ${loa.id}`, 100) : reason;
}

export const loaListView: ListView<Loa> = {
  kind: 'list',
  id: VIEW.loas,
  takesArg: false,
  async fetch({ resources: api }, _arg, query, options) {
    const page = await api.listLoas(query, options);
    await classifyWithSaved(api, page.data.data);
    return page;
  },
  render: (items, info, source) => renderLoaList(items, info, source, stateOf),
  people: loaPerson,
  open,
};

export const loaMemberView: ListView<Loa> = {
  kind: 'list',
  id: VIEW.memberLoas,
  takesArg: true,
  async fetch({ resources: api }, memberId, query, options) {
    const page = await api.listMemberLoas(memberId, query, options);
    await classifyWithSaved(api, page.data.data);
    return page;
  },
  render: (items, info, source, memberId) =>
    renderLoaList(items, info, source, stateOf, `Leaves of absence of member ${safeLine(memberId, 64)}`),
  people: loaPerson,
  open,
};

/** How each filter is titled. */
const FILTER_TITLES: Record<LoaFilter, string> = {
  pending: 'Pending review',
  active: 'Active: on leave now',
  ended: 'Ended',
};

function parseFilter(text: string): LoaFilter {
  const filter = LOA_FILTERS.find((f) => f === text);
  if (!filter) throw new UserError(say.badReport);
  return filter;
}

/**
 * `/loa list status:`: the LOAs of one state, newest first. The API cannot filter, so they come from
 * the reports' snapshot (every LOA, read as the pace allows and shared with the reports), classified
 * by the reports' rule; the filter rides in the controls' custom_id, so paging keeps it.
 */
export const loaByStatusView: ListView<Loa, unknown, ReportPage<Loa>> = {
  kind: 'list',
  id: VIEW.loasByStatus,
  takesArg: true,
  everyRow: allRows,
  async fetch(community, arg, query, options) {
    const filter = parseFilter(arg);
    const input = await reportInput(community, options);
    const all = input.data.loas;
    const readings = readStatusCodes(all);
    const rows = all
      .filter((loa) => matchesLoaFilter(loa, filter, readings, input.now))
      .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
    const page = reportPage(rows, query, input);
    classify(page.data.data, readings, input.now);
    return page;
  },
  render: (items, info, source, arg) =>
    renderLoaList(
      items,
      info,
      source,
      stateOf,
      `Leaves of absence · ${FILTER_TITLES[parseFilter(arg)]}`,
      source.report,
    ),
  people: loaPerson,
  open,
};

/** The report's "days" argument, 1 to 365. */
function readDays(text: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 365) throw new UserError(say.badDays);
  return Number(text);
}

/** Who is on leave now (from the reports' snapshot), returning soonest first. */
export const loaActiveView: ListView<Loa, unknown, ReportPage<Loa>> = {
  kind: 'list',
  id: VIEW.loasActive,
  takesArg: false,
  everyRow: allRows,
  async fetch(community, _arg, query, options) {
    const input = await reportInput(community, options);
    const page = reportPage(onLeaveAt(input.data.loas, input.now), query, input);
    classify(page.data.data, readStatusCodes(input.data.loas), input.now);
    return page;
  },
  render: (items, info, source) => renderLeave(items, info, source, 'active', 0, source.report),
  people: loaPerson,
  open,
};

/** Leave starting within N days (from the reports' snapshot), soonest first. */
export const loaUpcomingView: ListView<Loa, unknown, ReportPage<Loa>> = {
  kind: 'list',
  id: VIEW.loasUpcoming,
  takesArg: true,
  everyRow: allRows,
  async fetch(community, arg, query, options) {
    const days = readDays(arg);
    const input = await reportInput(community, options);
    const page = reportPage(startingWithin(input.data.loas, input.now, days), query, input);
    classify(page.data.data, readStatusCodes(input.data.loas), input.now);
    return page;
  },
  render: (items, info, source, arg) =>
    renderLeave(items, info, source, 'upcoming', readDays(arg), source.report),
  people: loaPerson,
  open,
};

/** The LOA's member, when it names one. */
const memberIdOf = (loa: Loa) =>
  typeof loa.memberId === 'string' && loa.memberId !== '' ? loa.memberId : undefined;

export const loaDetailView: DetailView<Loa> = {
  kind: 'detail',
  id: VIEW.loa,
  async fetch({ resources: api }, id, options) {
    const read = await api.getLoa(id, options);
    await classifyWithSaved(api, [read.data]);
    return read;
  },
  render: (loa, source) => renderLoa(loa, source, stateOf(loa), statusReads.get(loa), startReads.get(loa)),
  people: (loa) => [loa.memberId, loa.reviewedBy, loa.endedBy],
  shortcuts: [
    // The member view is reached through the LOA's id, so it can lead back to this LOA.
    {
      label: 'Member',
      view: VIEW.memberOfLoa,
      arg: (loa) => (memberIdOf(loa) && typeof loa.id === 'string' && loa.id !== '' ? loa.id : undefined),
    },
    { label: "Member's LOAs", view: VIEW.memberLoas, arg: memberIdOf },
  ],
  notFound: say.loaNotFound,
};

/** `/loa member user:`: the LOAs of a Discord user's member record (also their right-click "LOAs"). */
export async function showLoasOfUser(userId: string, show: ShowContext) {
  try {
    const member = await show.community.resources.getMemberByChatId(userId);
    return await showList(loaMemberView, show, { arg: member.data.id });
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new UserError(say.memberNotFound);
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
      description: 'List all LOAs, newest first, or only those of one state',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'status',
          description: 'Only pending review, on leave now (active), or ended',
          required: false,
          max_length: 64,
          choices: [
            { name: 'Pending review', value: 'pending' },
            { name: 'Active (on leave now)', value: 'active' },
            { name: 'Ended', value: 'ended' },
          ],
        },
        publicOption,
      ],
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
  views: [loaListView, loaMemberView, loaDetailView, loaActiveView, loaUpcomingView, loaByStatusView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    const sub = args.subcommand();
    if (sub === 'active') return showList(loaActiveView, show);
    if (sub === 'upcoming') {
      const days = interaction.options.getInteger('days') ?? 7;
      return showList(loaUpcomingView, show, { arg: String(readDays(String(days))) });
    }
    if (sub === 'list') {
      const status = args.string('status');
      return status
        ? showList(loaByStatusView, show, { arg: parseFilter(status) })
        : showList(loaListView, show);
    }
    if (sub === 'view') return showDetail(loaDetailView, parseId(args.string('id'), 'LOA id'), show);
    const target = userOrId(args, 'member-id', 'member id');
    if ('id' in target) return showList(loaMemberView, show, { arg: target.id });
    return showLoasOfUser(target.user, show);
  },
};
