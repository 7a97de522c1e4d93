/**
 * /log: moderation logs — one log, or every log of one game username, optionally only of one type
 * code or since a date. The API has no query parameters for type or time, so a filtered list is
 * the user's logs gathered in pages of 100 (at most LOG_SEARCH_MAX_PAGES) and filtered here; each
 * page read is saved, so paging the filtered list reads nothing more. Before reading, the search
 * counts the pages not saved and spends requests on them only when they fit what may be spent of the
 * month (the export's rule, `exportVerdict`); otherwise it searches the saved pages and says so.
 * See docs/api-decisions.md.
 */

import { type APIApplicationCommandOptionChoice, ApplicationCommandOptionType } from 'discord.js';
import type { Log, LogPage } from '../generated/api.js';
import { isNotSaved } from '../src/api/errors.js';
import {
  cutPage,
  GATHER_PAGE_SIZE,
  gatherPages,
  mergeSources,
  pageItems,
  pageOfItems,
} from '../src/api/pages.js';
import type { Fetched, Resources } from '../src/api/types.js';
import { uniqueById } from '../src/api/unique.js';
import { argumentsOf, type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { checkedUsername, parseId, parseUsername } from '../src/discord/input.js';
import { type HoldMonth, planHold } from '../src/discord/paging/allowance.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListEnvelope, ListView } from '../src/discord/paging/views.js';
import { say, UserError } from '../src/discord/replies.js';
import type { Words } from '../src/i18n/words.js';
import { type CsvColumn, isoTime } from '../src/render/csv.js';
import { openLabel, plainText } from '../src/render/format.js';
import { type CodeLabels, codeLabel, plainCodeLabel } from '../src/render/labels.js';
import { plainLogType, renderLog, renderLogList } from '../src/render/log.js';
import { playerPickView, playerView } from './player.js';
import { VIEW } from './view-ids.js';

const open: ListView<Log>['open'] = {
  detailView: VIEW.log,
  option: ({ item: log, labels, who }) => {
    if (typeof log.id !== 'string') return undefined;
    const t = who.t;
    return {
      label: openLabel([
        t.log.openKind,
        t.log.openType(plainLogType(log, labels)),
        plainText(log.username, 40),
        t.f.day(log.createdAt) || plainText(log.id, 40),
      ]),
      value: log.id,
      description: plainText(log.text, 100),
    };
  },
};

/** The columns of a log export: every field, codes as numbers, times in ISO 8601 UTC. */
const logCsv: CsvColumn<Log>[] = [
  { header: 'id', value: (l) => l.id },
  { header: 'username', value: (l) => l.username },
  { header: 'gameId', value: (l) => l.gameId },
  { header: 'type', value: (l) => l.type },
  { header: 'typeId', value: (l) => l.typeId },
  { header: 'text', value: (l) => l.text },
  { header: 'description', value: (l) => l.description },
  { header: 'createdAt', value: (l) => isoTime(l.createdAt) },
  { header: 'createdBy', value: (l) => l.createdBy },
  { header: 'completedBy', value: (l) => l.completedBy },
  { header: 'hidden', value: (l) => l.hidden },
  { header: 'hiddenBy', value: (l) => l.hiddenBy },
  { header: 'expired', value: (l) => l.expired },
  { header: 'expiredAt', value: (l) => isoTime(l.expiredAt) },
  { header: 'expiredBy', value: (l) => l.expiredBy },
  { header: 'tempBan', value: (l) => l.tempBan },
  { header: 'unbanAt', value: (l) => isoTime(l.unbanAt) },
  { header: 'proof', value: (l) => (l.proof === undefined ? '' : JSON.stringify(l.proof)) },
  { header: 'editedBy', value: (l) => (l.editedBy === undefined ? '' : JSON.stringify(l.editedBy)) },
];

export const logUserView: ListView<Log> = {
  kind: 'list',
  id: VIEW.userLogs,
  takesArg: true,
  fetch: ({ resources: api }, username, query, options) => api.listUserLogs(username, query, options),
  // A ban is said as of now: a saved page's unban time may have passed since it was read.
  render: ({ items, info, source, arg: username }) =>
    renderLogList(items, info, source, username, false, Date.now()),
  open,
  csv: logCsv,
};

/** Pages of 100 a filtered search reads at most (the user's first 1,000 logs). */
const LOG_SEARCH_MAX_PAGES = 10;

/** What `/log user` filters on: a type code and/or a time (Unix seconds), for one username. */
interface LogSearch {
  username: string;
  type: number | undefined;
  since: number | undefined;
  /**
   * Set when the month cannot spare the pages not saved: only saved pages are searched, and a full
   * search is possible at this time (Unix seconds, the month's reset).
   */
  savedOnlyUntil?: number | undefined;
}

/**
 * The search as a view argument: "<type>:<since>:<username>" (digits or empty, then the name),
 * led by "s<seconds>:" when only saved pages are searched.
 */
export function searchArg(s: LogSearch): string {
  const savedOnly = s.savedOnlyUntil === undefined ? '' : `s${s.savedOnlyUntil}:`;
  return `${savedOnly}${s.type ?? ''}:${s.since ?? ''}:${s.username}`;
}

/** The search an argument names; undefined when it is not one `searchArg` wrote. */
export function parseSearchArg(arg: string): LogSearch | undefined {
  const m = /^(?:s(0|[1-9]\d{0,11}):)?(0|[1-9]\d{0,8})?:(0|[1-9]\d{0,11})?:(.+)$/s.exec(arg);
  if (!m) return undefined;
  return {
    type: m[2] === undefined ? undefined : Number(m[2]),
    since: m[3] === undefined ? undefined : Number(m[3]),
    username: m[4] as string,
    ...(m[1] === undefined ? {} : { savedOnlyUntil: Number(m[1]) }),
  };
}

const SINCE_UNITS: Record<string, number> = { h: 3600, d: 86_400, w: 7 * 86_400 };

/**
 * `since` as typed: a UTC date (2026-11-01, or 2026-11-01T18:30) or a period back from `nowMs`
 * (12h, 7d, 30d, 4w; up to ten years), as Unix seconds; a UserError for anything else.
 */
export function parseSince(text: string, nowMs: number): number {
  const value = text.trim().toLowerCase();
  const relative = /^([1-9]\d{0,5})\s*([hdw])$/.exec(value);
  if (relative) {
    const seconds = Number(relative[1]) * (SINCE_UNITS[relative[2] as string] as number);
    if (seconds <= 3650 * 86_400) return Math.floor(nowMs / 1000) - seconds;
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2}))?$/.exec(value);
  if (date) {
    const [y, mo, d, h, mi] = date.slice(1).map((p) => (p === undefined ? 0 : Number(p))) as number[];
    const ms = Date.UTC(y as number, (mo as number) - 1, d, h, mi);
    const back = new Date(ms);
    // Refuse dates that roll over (2026-02-30) and hours past 23:59.
    if (
      back.getUTCFullYear() === y &&
      back.getUTCMonth() === (mo as number) - 1 &&
      back.getUTCDate() === d &&
      back.getUTCHours() === h &&
      back.getUTCMinutes() === mi &&
      (y as number) >= 1970
    )
      return ms / 1000;
  }
  throw new UserError(say.badSince);
}

/** Whether a log passes the search's filters. */
export function matchesSearch(log: Log, s: Pick<LogSearch, 'type' | 'since'>): boolean {
  if (s.type !== undefined && log.type !== s.type) return false;
  if (s.since !== undefined && !(typeof log.createdAt === 'number' && log.createdAt >= s.since)) return false;
  return true;
}

/** Page `page` (of 100) of the user's logs as saved, or undefined when it is not saved. */
async function savedLogPage(api: Resources, username: string, page: number) {
  try {
    return await api.listUserLogs(username, { page, limit: GATHER_PAGE_SIZE }, { purpose: 'saved-only' });
  } catch (error) {
    if (isNotSaved(error)) return undefined;
    throw error;
  }
}

/** Pages of the user's logs a search reads (at most LOG_SEARCH_MAX_PAGES), from page 1's count. */
function searchPages(first: Fetched<LogPage>): { pages: number; complete: boolean } {
  const { totalPages } = cutPage<Log>(first.data, 1, Number.POSITIVE_INFINITY).info;
  return { pages: Math.min(totalPages, LOG_SEARCH_MAX_PAGES), complete: totalPages <= LOG_SEARCH_MAX_PAGES };
}

/**
 * Plan a search before spending anything, by the export's rule (`exportVerdict`: only what is left
 * of the month above the pace's reserve, less what other whole-list reads hold in every process;
 * `planHold`). Page 1 says how many pages there are: when it is not saved and even one request
 * cannot be spared, one sentence says when the search is possible. When the other pages not saved
 * do not fit, the search is marked to read only saved pages; when they do, they are held until
 * `release` (after the search's reads, whether they succeed or fail).
 */
export async function planSearch(
  api: Resources,
  s: LogSearch,
  holdMonth: HoldMonth | undefined,
): Promise<{ search: LogSearch; release: () => Promise<void>; pages: number }> {
  const plain = { username: s.username, type: s.type, since: s.since };
  const none = async () => {};
  if (!holdMonth) return { search: plain, release: none, pages: LOG_SEARCH_MAX_PAGES };
  let first = await savedLogPage(api, s.username, 1);
  if (!first) {
    const page1 = await planHold(holdMonth, 1);
    if (!page1.ok) throw new UserError(say.searchNeeds(Math.floor(page1.possibleAt / 1000)));
    try {
      first = await api.listUserLogs(s.username, { page: 1, limit: GATHER_PAGE_SIZE });
    } finally {
      await page1.hold.release();
    }
  }
  const { pages } = searchPages(first);
  const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
  const saved = await Promise.all(rest.map((page) => savedLogPage(api, s.username, page)));
  const needed = saved.filter((page) => page === undefined).length;
  const planned = await planHold(holdMonth, needed);
  if (!planned.ok)
    return {
      search: { ...plain, savedOnlyUntil: Math.floor(planned.possibleAt / 1000) },
      release: none,
      pages,
    };
  return { search: plain, release: () => planned.hold.release(), pages };
}

/** How much of the user's logs a search read, when it read only saved pages. */
interface SearchedSaved {
  searched: number;
  pages: number;
  possibleAt: number;
}

/** The pages the running /log command planned for its search (its requests are held). */
interface PlannedSearch {
  arg: string;
  pages: number;
}

/** The user's logs, gathered (pages of 100, saved like any list page) and filtered. */
async function searchLogs(
  api: Resources,
  s: LogSearch,
  options: Parameters<Resources['getLog']>[1],
  /** The pages the running command planned (undefined: a later read, planned by nobody). */
  planned: number | undefined,
) {
  if (s.savedOnlyUntil !== undefined) return searchSavedLogs(api, s, s.savedOnlyUntil);
  if (planned === undefined) {
    // A later read of a full search: while a page has gone from the saved ones (a day later, or
    // evicted), the saved pages are searched and the list says so; run the command again to plan.
    const saved = await searchSavedLogs(api, s, Math.floor(Date.now() / 1000));
    if (saved.savedOnly.searched < saved.savedOnly.pages) return saved;
  }
  // Page 1 read again may be newer than the one the command planned from and count more pages:
  // those were not planned, so only their saved copies are read; one missing, the saved pages are
  // searched instead.
  const unplanned = (page: number) => planned !== undefined && page > planned;
  try {
    const gathered = await gatherPages<Log>(
      (query) =>
        api.listUserLogs(s.username, query, unplanned(query.page) ? { purpose: 'saved-only' } : options),
      LOG_SEARCH_MAX_PAGES,
    );
    return { ...gathered, items: gathered.items.filter((log) => matchesSearch(log, s)) };
  } catch (error) {
    if (planned === undefined || !isNotSaved(error)) throw error;
    return searchSavedLogs(api, s, Math.floor(Date.now() / 1000));
  }
}

/** The user's logs on saved pages only (no request), filtered. */
async function searchSavedLogs(api: Resources, s: LogSearch, possibleAt: number) {
  const first = await savedLogPage(api, s.username, 1);
  if (!first) throw new UserError(say.expired);
  const { pages, complete } = searchPages(first);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => savedLogPage(api, s.username, i + 2)),
  );
  const reads = [first, ...rest.filter((r): r is Fetched<LogPage> => r !== undefined)];
  const items = uniqueById(reads.flatMap((r) => pageItems<Log>(r.data))).filter((log) =>
    matchesSearch(log, s),
  );
  const savedOnly: SearchedSaved = { searched: reads.length, pages, possibleAt };
  return { items, complete, savedOnly, ...mergeSources(reads) };
}

/** How a search is named in the list's title. */
function searchTitle(
  s: LogSearch,
  complete: boolean,
  labels: CodeLabels | undefined,
  savedOnly: SearchedSaved | undefined,
  t: Words,
): string {
  const parts = [s.username];
  if (s.type !== undefined) parts.push(t.log.typeOf(codeLabel(labels, 'logTypes', s.type) ?? String(s.type)));
  if (s.since !== undefined) parts.push(t.log.since(String(isoTime(s.since))));
  if (savedOnly) parts.push(t.log.savedPagesSearched(savedOnly.searched, savedOnly.pages));
  if (!complete) parts.push(t.log.firstSearched(LOG_SEARCH_MAX_PAGES * 100));
  return parts.join(' · ');
}

/** A page of a search, with whether every page was searched and, if only saved ones were, how many. */
type SearchPage = Fetched<ListEnvelope<Log>> & { complete: boolean; savedOnly?: SearchedSaved | undefined };

/**
 * The search's list view. Only the view made for the running /log command (`planned`: the search
 * it planned, whose requests are held) may read pages not saved; the registered one (the list's
 * buttons: page turns, refresh, export) reads the search again planned by nobody.
 */
function searchView(planned?: PlannedSearch): ListView<Log, undefined, SearchPage> {
  return {
    kind: 'list',
    id: 'log.user.search',
    takesArg: true,
    async fetch({ resources }, arg, query, options) {
      const s = parseSearchArg(arg);
      if (!s) throw new UserError(say.expired);
      const { items, complete, ...source } = await searchLogs(
        resources,
        s,
        options,
        planned?.arg === arg ? planned.pages : undefined,
      );
      return { ...source, complete, data: pageOfItems(items, query) };
    },
    render: ({ items, info, source, arg }) => {
      const t = source.t;
      const s = parseSearchArg(arg);
      const { complete, savedOnly, labels } = source;
      const embed = renderLogList(
        items,
        info,
        source,
        s ? searchTitle(s, complete, labels, savedOnly, t) : arg,
        !complete || savedOnly !== undefined,
        Date.now(),
      );
      if (!savedOnly) return embed;
      // Discord shows timestamps in field values (not in titles or footers).
      const { searched, pages, possibleAt } = savedOnly;
      const value = t.log.searchPartial(searched, pages, pages - searched, possibleAt);
      return { ...embed, fields: [...(embed.fields ?? []), { name: t.log.savedPagesOnly, value }] };
    },
    open,
    csv: logCsv,
  };
}

export const logSearchView = searchView();

export const logDetailView: DetailView<Log> = {
  kind: 'detail',
  id: VIEW.log,
  fetch: ({ resources: api }, id, options) => api.getLog(id, options),
  render: (log, source) => renderLog(log, source, Date.now()),
  people: (log) => [log.createdBy, log.completedBy, log.hiddenBy, log.expiredBy],
  // The username as Rollcall would accept it typed, so the list it opens is one a moderator could ask for.
  shortcuts: [
    {
      label: (t) => t.log.allLogsOfPlayer,
      view: VIEW.userLogs,
      arg: (log) => checkedUsername(log.username),
    },
  ],
  notFound: say.logNotFound,
};

const data = defineCommand({
  name: 'log',
  description: 'Moderation logs of the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'view',
      description: 'Show one moderation log',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'id',
          description: 'The log id',
          required: true,
          max_length: 64,
        },
        publicOption,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'user',
      description: "List one player's moderation logs, by game username",
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'username',
          description: "The player's game username (not their Discord name)",
          required: true,
          max_length: 64,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'type',
          description: 'Only logs of this type code',
          required: false,
          min_value: 0,
          max_value: 999_999_999,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'since',
          description: 'Only logs since a date (2026-11-01, UTC) or a period back from now (7d, 30d)',
          required: false,
          max_length: 64,
        },
        publicOption,
      ],
    },
  ],
});

export const log = {
  data,
  // The player's record and the names a message names ("Check player", commands/player.ts).
  views: [logUserView, logSearchView, logDetailView, playerView, playerPickView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    const sub = args.subcommand();
    if (sub === 'view')
      return showDetail(
        logDetailView,
        parseId(args.string('id'), (t) => t.sentences.logIdName),
        show,
      );
    const username = parseUsername(args.string('username'));
    const type = args.integer('type') ?? undefined;
    const sinceText = args.string('since');
    const since = sinceText === null ? undefined : parseSince(sinceText, Date.now());
    if (type === undefined && since === undefined) return showList(logUserView, show, { arg: username });
    const { search, release, pages } = await planSearch(
      show.community.resources,
      { username, type, since },
      show.community.allowance.holdMonth,
    );
    // The planned requests stay held until the search's reads are done.
    const arg = searchArg(search);
    try {
      return await showList(searchView({ arg, pages }), show, { arg });
    } finally {
      await release();
    }
  },
  async autocomplete({ interaction, show }) {
    return typeChoices(
      show.community.resources,
      interaction.options.getString('username'),
      interaction.options.getFocused(),
      show.community.labels,
    );
  },
} satisfies Command;

/**
 * Choices for `type`: the codes with a known label, and the codes seen in the user's saved logs
 * (only what is saved is looked at: typing never spends a request), matching what is typed.
 */
async function typeChoices(
  api: Resources,
  username: string | null,
  typed: string,
  labels?: CodeLabels,
): Promise<APIApplicationCommandOptionChoice[]> {
  const codes = new Set<number>(Object.keys(labels?.logTypes ?? {}).map(Number));
  if (username) {
    // Page by page: a page not saved is skipped, the others still count.
    const page = (n: number) =>
      api.listUserLogs(username.trim(), { page: n, limit: 100 }, { purpose: 'saved-only' }).then(
        (read) => cutPage<Log>(read.data, n, Number.POSITIVE_INFINITY),
        () => undefined,
      );
    const first = await page(1);
    const last = Math.min(first?.info.totalPages ?? 0, LOG_SEARCH_MAX_PAGES);
    const rest = await Promise.all(Array.from({ length: Math.max(0, last - 1) }, (_, i) => page(i + 2)));
    for (const cut of [first, ...rest])
      for (const log of cut?.items ?? [])
        if (Number.isSafeInteger(log.type) && (log.type as number) >= 0) codes.add(log.type as number);
  }
  return [...codes]
    .sort((a, b) => a - b)
    .filter((code) => String(code).startsWith(typed.trim()))
    .slice(0, 25)
    .map((code) => ({ name: plainCodeLabel(labels, 'logTypes', code) ?? String(code), value: code }));
}
