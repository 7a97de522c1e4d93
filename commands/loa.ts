/** /loa: leaves of absence — the whole list (or those of one state), one LOA, or one member's LOAs. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Loa } from '../generated/api.js';
import { isApiError } from '../src/api/errors.js';
import { API_PAGE_SIZE } from '../src/api/pages.js';
import type { Fetched, Resources } from '../src/api/types.js';
import {
  argumentsOf,
  type Command,
  defineCommand,
  publicOption,
  userOrId,
  userOrIdOptions,
} from '../src/discord/command.js';
import { parseId } from '../src/discord/input.js';
import { argWithBack, splitBack } from '../src/discord/paging/back.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListEnvelope, ListView, ShowContext, Who } from '../src/discord/paging/views.js';
import { say, UserError } from '../src/discord/replies.js';
import type { Words } from '../src/i18n/words.js';
import { NONE, plainText, safeLine } from '../src/render/format.js';
import { loaOptionLabel, type ReviewClock, renderLoa, renderLoaList } from '../src/render/loa.js';
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
  type StartReadings,
  type StatusReadings,
  startingWithin,
} from '../src/reports/leave.js';
import { oldestFirst } from '../src/reports/review.js';
import { allRows, type ReportPage, reportInput, reportPage } from './report-data.js';
import { VIEW } from './view-ids.js';

/** The clock LOAs are classified at (Unix seconds): on leave now or not. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * How a read's LOAs are read (src/reports/leave.ts): a view's fetch puts it beside the records, and
 * the rows, the title and the "Open…" labels all decide each LOA's state from it, so they agree.
 */
interface LoaReading {
  statuses: StatusReadings;
  starts: StartReadings;
  /** Unix seconds. */
  now: number;
  /** The admins' review threshold (hours), where the read knows the report settings. */
  afterHours?: number | undefined;
}

type Read<F> = F & { reading: LoaReading };

/** An LOA's state by a read's reading; without one (a read that said nothing), by its own fields alone. */
function stateIn(loa: Partial<Loa>, reading: LoaReading | undefined): LoaState {
  return loaStateAt(loa, reading?.statuses ?? new Map(), reading?.now ?? nowSeconds());
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
      const read = await resources.listLoas({ page, limit: API_PAGE_SIZE }, { purpose: 'saved-only' });
      loas.push(...read.data.data);
      if (page >= (read.data.totalPages ?? 1)) break;
    } catch {
      // Not saved (or the cache did not answer): the codes are read from what is at hand.
      break;
    }
  }
  return loas;
}

/** How `loas` read, by the status codes and start types read from them and every saved LOA page. */
async function readingWithSaved(resources: Resources, loas: readonly Loa[]): Promise<LoaReading> {
  const known = [...(await savedLoas(resources)), ...loas];
  return { statuses: readStatusCodes(known), starts: readStartTypes(known), now: nowSeconds() };
}

/**
 * How `all` (the reports' snapshot) reads, at the snapshot's moment. Start types are said only by
 * one LOA's view, so a report list leaves them unread.
 */
function readingOf(all: readonly Loa[], now: number, afterHours?: number): LoaReading {
  return { statuses: readStatusCodes(all), starts: new Map(), now, afterHours };
}

type ReadPage = Read<Fetched<ListEnvelope<Loa>>>;

/** An LOA in the "Open…" select: what it is, in the reader's words, its state as its page's rows say it. */
function openOption({ item: loa, who, source }: { item: Loa; who: Who; source: Partial<ReadPage> }) {
  return typeof loa.id === 'string'
    ? {
        label: loaOptionLabel(loa, stateIn(loa, source.reading), who.people, who.names, who.t),
        value: loa.id,
        description: describeOption(loa, who.t),
      }
    : undefined;
}

const open = { detailView: VIEW.loa, option: openOption };

/** The member an LOA is shown by in a list (its directory lookup; the export's discord_user_id). */
const loaPerson = (loa: Loa): unknown[] => [loa.memberId];

function describeOption(loa: Loa, t: Words): string {
  const reason = plainText(loa.reason, 100);
  return reason === NONE ? plainText(t.loa.optionId(String(loa.id)), 100) : reason;
}

const statesOf =
  (source: Partial<ReadPage>) =>
  (loa: Partial<Loa>): LoaState =>
    stateIn(loa, source.reading);

/** The clock a pending row's wait is counted to (the read's), and the admins' threshold. */
const reviewOf = (source: Partial<ReadPage>): ReviewClock => ({
  now: source.reading?.now ?? nowSeconds(),
  afterHours: source.reading?.afterHours,
});

export const loaListView: ListView<Loa, unknown, ReadPage> = {
  kind: 'list',
  id: 'loa.all',
  takesArg: false,
  async fetch({ resources: api }, _arg, query, options) {
    const page = await api.listLoas(query, options);
    return { ...page, reading: await readingWithSaved(api, page.data.data) };
  },
  render: ({ items, info, source }) =>
    renderLoaList(items, info, source, statesOf(source), undefined, undefined, reviewOf(source)),
  people: loaPerson,
  open,
};

const loaMemberView: ListView<Loa, unknown, ReadPage> = {
  kind: 'list',
  id: VIEW.memberLoas,
  takesArg: true,
  async fetch({ resources: api }, memberId, query, options) {
    const page = await api.listMemberLoas(memberId, query, options);
    return { ...page, reading: await readingWithSaved(api, page.data.data) };
  },
  render: ({ items, info, source, arg: memberId }) =>
    renderLoaList(
      items,
      info,
      source,
      statesOf(source),
      (t) => t.loa.titleOfMember(safeLine(memberId, 64)),
      undefined,
      reviewOf(source),
    ),
  people: loaPerson,
  open,
};

function parseFilter(text: string): LoaFilter {
  const filter = LOA_FILTERS.find((f) => f === text);
  if (!filter) throw new UserError(say.badReport);
  return filter;
}

/**
 * `/loa list status:`: the LOAs of one state, newest first (pending ones oldest first: the review
 * queue, src/reports/review.ts). The API cannot filter, so they come from
 * the reports' snapshot (every LOA, read as the pace allows and shared with the reports), classified
 * by the reports' rule; the filter rides in the controls' custom_id, so paging keeps it.
 */
export const loaByStatusView: ListView<Loa, unknown, Read<ReportPage<Loa>>> = {
  kind: 'list',
  id: 'loa.status',
  takesArg: true,
  everyRow: allRows,
  async fetch(community, arg, query, options) {
    const filter = parseFilter(arg);
    const input = await reportInput(community, options);
    const all = input.data.loas;
    const reading = readingOf(all, input.now, input.settings.reviewAfterHours);
    const matching = all.filter((loa) => matchesLoaFilter(loa, filter, reading.statuses, input.now));
    const rows =
      filter === 'pending'
        ? oldestFirst(matching)
        : matching.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
    return { ...reportPage(rows, query, input, LEAVE_NEEDS), reading };
  },
  render: ({ items, info, source, arg }) =>
    renderLoaList(
      items,
      info,
      source,
      statesOf(source),
      (t) => t.loa.titleFiltered(t.loa.filters[parseFilter(arg)]),
      source.report,
      reviewOf(source),
    ),
  people: loaPerson,
  open,
};

/** The lists the leave views are made from: the LOAs (their status codes read from all of them). */
const LEAVE_NEEDS = ['loas'] as const;

function readDays(text: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 365) throw new UserError(say.badDays);
  return Number(text);
}

/** Who is on leave now (from the reports' snapshot), returning soonest first. */
export const loaActiveView: ListView<Loa, unknown, Read<ReportPage<Loa>>> = {
  kind: 'list',
  id: 'loa.active',
  takesArg: false,
  everyRow: allRows,
  async fetch(community, _arg, query, options) {
    const input = await reportInput(community, options);
    const page = reportPage(onLeaveAt(input.data.loas, input.now), query, input, LEAVE_NEEDS);
    return { ...page, reading: readingOf(input.data.loas, input.now) };
  },
  render: ({ items, info, source }) => renderLeave(items, info, source, 'active', 0, source.report),
  people: loaPerson,
  open,
};

/** Leave starting within N days (from the reports' snapshot), soonest first. */
const loaUpcomingView: ListView<Loa, unknown, Read<ReportPage<Loa>>> = {
  kind: 'list',
  id: 'loa.upcoming',
  takesArg: true,
  everyRow: allRows,
  async fetch(community, arg, query, options) {
    const days = readDays(arg);
    const input = await reportInput(community, options);
    const page = reportPage(startingWithin(input.data.loas, input.now, days), query, input, LEAVE_NEEDS);
    return { ...page, reading: readingOf(input.data.loas, input.now) };
  },
  render: ({ items, info, source, arg }) =>
    renderLeave(items, info, source, 'upcoming', readDays(arg), source.report),
  people: loaPerson,
  open,
};

const memberIdOf = (loa: Loa) =>
  typeof loa.memberId === 'string' && loa.memberId !== '' ? loa.memberId : undefined;

const codeReading = <R>(readings: ReadonlyMap<number, R>, code: unknown): R | undefined =>
  typeof code === 'number' ? readings.get(code) : undefined;

/**
 * An LOA's shortcuts. The member view is reached through the LOA's id (with the list the LOA was
 * opened from, when it was), so it can lead back to this LOA and on to that list.
 */
const loaShortcuts: DetailView<Loa>['shortcuts'] = [
  {
    label: (t) => t.loa.memberShortcut,
    view: VIEW.memberOfLoa,
    arg: (loa, back) =>
      memberIdOf(loa) && typeof loa.id === 'string' && loa.id !== '' ? argWithBack(loa.id, back) : undefined,
  },
  { label: (t) => t.loa.membersLoas, view: VIEW.memberLoas, arg: memberIdOf },
];

export const loaDetailView: DetailView<Loa, Read<Fetched<Loa>>> = {
  kind: 'detail',
  id: VIEW.loa,
  async fetch({ resources: api }, id, options) {
    const read = await api.getLoa(id, options);
    return { ...read, reading: await readingWithSaved(api, [read.data]) };
  },
  render: (loa, source) =>
    renderLoa(
      loa,
      source,
      stateIn(loa, source.reading),
      codeReading(source.reading.statuses, loa.status),
      codeReading(source.reading.starts, loa.startType),
    ),
  people: (loa) => [loa.memberId, loa.reviewedBy, loa.endedBy],
  shortcuts: loaShortcuts,
  notFound: say.loaNotFound,
};

/**
 * The LOA again, from its member's "Back to LOA": the argument is the LOA's id with the list it was
 * first opened from (src/discord/paging/back.ts), so it has "Back to list" as when opened from it.
 */
export const loaFromMemberView: DetailView<Loa, Read<Fetched<Loa>>> = {
  ...loaDetailView,
  id: VIEW.loaFromMember,
  fetch: (community, arg, options) => loaDetailView.fetch(community, splitBack(arg).arg, options),
  backOf: (arg) => splitBack(arg).back,
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
      description: 'List all LOAs (newest first) or those of one state (pending review: oldest first)',
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

export const loa = {
  data,
  views: [
    loaListView,
    loaMemberView,
    loaDetailView,
    loaFromMemberView,
    loaActiveView,
    loaUpcomingView,
    loaByStatusView,
  ],
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
    if (sub === 'view')
      return showDetail(
        loaDetailView,
        parseId(args.string('id'), (t) => t.sentences.loaIdName),
        show,
      );
    const target = userOrId(args, 'member-id', (t) => t.sentences.memberIdName);
    if ('id' in target) return showList(loaMemberView, show, { arg: target.id });
    return showLoasOfUser(target.user, show);
  },
} satisfies Command;
