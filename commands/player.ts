/**
 * "Check player" (right-click a message → Apps): the game usernames the message names, offered in
 * a select, each opening that player's record from their moderation logs (one request per 100 of
 * the player's logs, as the month allows, saved like every list); "Type a username…" opens a modal, and so does the command itself when the
 * message names nobody.
 */
import { ApplicationCommandType, ComponentType } from 'discord.js';
import type { Log, LogPage } from '../generated/api.js';
import { isNotSaved } from '../src/api/errors.js';
import { cutPage, GATHER_PAGE_SIZE, mergeSources, pageItems, pageOfItems } from '../src/api/pages.js';
import type { Fetched, ReadOptions, Resources } from '../src/api/types.js';
import { uniqueById } from '../src/api/unique.js';
import type { MessageMenu } from '../src/discord/command.js';
import type { Community } from '../src/discord/community.js';
import { parseUsername } from '../src/discord/input.js';
import { planHold } from '../src/discord/paging/allowance.js';
import { askButton, askModal } from '../src/discord/paging/controller.js';
import { showList } from '../src/discord/paging/show.js';
import type { DetailView, ListEnvelope, ListView } from '../src/discord/paging/views.js';
import { playerNames } from '../src/discord/player-names.js';
import { say, UserError } from '../src/discord/replies.js';
import { code, plainText } from '../src/render/format.js';
import { listEmbed } from '../src/render/page.js';
import { type PlayerRecord, renderPlayer } from '../src/render/player.js';
import { joinArg, splitArgs } from './report-data.js';
import { VIEW } from './view-ids.js';

/** Pages of 100 "Check player" reads at most: a player's first 1,000 logs. */
const PLAYER_MAX_PAGES = 10;

/** Page `page` of the player's logs as saved, or undefined when it is not saved (no request). */
async function savedPage(api: Resources, username: string, page: number) {
  try {
    return await api.listUserLogs(username, { page, limit: GATHER_PAGE_SIZE }, { purpose: 'saved-only' });
  } catch (error) {
    if (isNotSaved(error)) return undefined;
    throw error;
  }
}

/**
 * Every page of the player's logs (at most PLAYER_MAX_PAGES), each entry once: the API gives no
 * order, so the newest entries and a ban in effect can be on any page (docs/api-decisions.md).
 * Page 1 is read as any record is; the pages not saved are planned by the export's rule
 * (`planHold`: what the month can spare above the pace's reserve); when they do not fit, only the
 * saved pages are read and the record says how many, and when every page can be.
 */
async function readPlayer(
  { resources, allowance }: Community,
  username: string,
  options: ReadOptions,
): Promise<Fetched<PlayerRecord>> {
  const first = await resources.listUserLogs(username, { page: 1, limit: GATHER_PAGE_SIZE }, options);
  const { items: firstLogs, info } = cutPage<Log>(first.data, 1, Number.POSITIVE_INFINITY);
  // An empty page 1 is "no logs" only when the envelope counts none: a list that shifted while read
  // may hold them on the pages after it.
  if (firstLogs.length === 0 && info.total === 0 && info.totalPages <= 1)
    throw new UserError(say.noPlayerLogs);
  const pages = Math.min(info.totalPages, PLAYER_MAX_PAGES);
  const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
  const saved = await Promise.all(rest.map((page) => savedPage(resources, username, page)));
  // A refresh reads every page again; otherwise only the pages not saved cost a request.
  const bought = (i: number) => options.purpose === 'refresh' || saved[i] === undefined;
  const planned = await planHold(allowance.holdMonth, rest.filter((_, i) => bought(i)).length);
  let reads: Fetched<LogPage>[];
  if (planned.ok) {
    try {
      reads = await Promise.all(
        rest.map(async (page, i) => {
          const read = await resources.listUserLogs(username, { page, limit: GATHER_PAGE_SIZE }, options);
          if (!read.fromCache && bought(i)) await planned.hold.spent();
          return read;
        }),
      );
    } finally {
      await planned.hold.release();
    }
  } else {
    reads = saved.filter((page): page is Fetched<LogPage> => page !== undefined);
  }
  const logs = uniqueById([firstLogs, ...reads.map((read) => pageItems<Log>(read.data))].flat());
  if (logs.length === 0) throw new UserError(say.playerLogsNotSent(info.total));
  const record: PlayerRecord = {
    username,
    logs,
    total: Math.max(info.total, logs.length),
    ...(planned.ok ? {} : { possibleAt: Math.floor(planned.possibleAt / 1000) }),
    // Past its first pages the record never reads: a later read is of those only.
    ...(info.totalPages > PLAYER_MAX_PAGES ? { readsAtMost: PLAYER_MAX_PAGES * pageSizeOf(first.data) } : {}),
  };
  return { ...mergeSources([first, ...reads]), data: record };
}

/** Entries a page holds, as the API echoes it (an empty page 1 says nothing of the size). */
function pageSizeOf(envelope: { pageSize?: unknown }): number {
  const size = envelope.pageSize;
  return typeof size === 'number' && Number.isInteger(size) && size > 0 ? size : GATHER_PAGE_SIZE;
}

/** A player's record: every page of their logs, as the month allows (saved like every list). */
export const playerView: DetailView<PlayerRecord> = {
  kind: 'detail',
  id: VIEW.player,
  fetch: readPlayer,
  // A ban is said as of now: saved pages' unban times may have passed since they were read.
  render: (record, source) => renderPlayer(record, source, Date.now()),
  shortcuts: [{ label: (t) => t.player.allTheirLogs, view: VIEW.userLogs, arg: ({ username }) => username }],
  ask: {
    title: (t) => t.player.checkPlayer,
    label: (t) => t.player.gameUsername,
    maxLength: 100,
    parse: parseUsername,
  },
};

/** The usernames a message names, each opening the player's record. */
export const playerPickView: ListView<{ name: string }> = {
  kind: 'list',
  id: 'log.player.named',
  takesArg: true,
  async fetch(_community, arg, query) {
    const names = splitArgs(arg).map((n) => ({ name: parseUsername(n) }));
    const data: ListEnvelope<{ name: string }> = pageOfItems(names, query);
    // Nothing is read: the names came with the message.
    return { data, fetchedAt: Date.now(), fromCache: false, stale: false };
  },
  render: ({ items: names, info, source }) => {
    const t = source.t;
    return listEmbed({
      title: t.player.namedTitle,
      rows: names.map(({ name }, i) => `**${t.f.count((info.page - 1) * 10 + i + 1)}.** ${code(name, 40)}`),
      info,
      total: t.player.usernames(info.total),
      source,
      emptyText: t.player.noUsername,
      colour: 0xfee75c,
      t,
    });
  },
  open: {
    detailView: VIEW.player,
    option: ({ item: { name }, who }) => ({
      label: plainText(name, 100),
      value: name,
      description: who.t.player.theirRecord,
    }),
  },
};

export const checkPlayer = {
  data: { type: ApplicationCommandType.Message, name: 'Check player' } as const,
  modal: ({ message, owner, t }) =>
    playerNames(message).length === 0 ? askModal(playerView, owner, t) : undefined,
  async execute({ message, show }) {
    const names = playerNames(message);
    if (names.length === 0) throw new UserError(say.noPlayerNames);
    const payload = await showList(playerPickView, show, { arg: joinArg(names) });
    const row = {
      type: ComponentType.ActionRow as const,
      components: [askButton(playerView, show.owner, show.t.player.typeUsername)],
    };
    return { ...payload, components: [...(payload.components ?? []), row] };
  },
} satisfies MessageMenu;
