/**
 * "Check player" (right-click a message → Apps): the game usernames the message names, offered in
 * a select, each opening that player's record from their moderation logs (one request per player,
 * saved like every list); "Type a username…" opens a modal, and so does the command itself when the
 * message names nobody.
 */
import { ApplicationCommandType, ComponentType } from 'discord.js';
import type { Log } from '../generated/api.js';
import { pageItems, pageOfItems } from '../src/api/pages.js';
import type { Fetched } from '../src/api/types.js';
import type { MessageMenu } from '../src/discord/command.js';
import { parseUsername } from '../src/discord/input.js';
import { askButton, askModal } from '../src/discord/paging/controller.js';
import { showList } from '../src/discord/paging/show.js';
import type { DetailView, ListEnvelope, ListView } from '../src/discord/paging/views.js';
import { playerNames } from '../src/discord/player-names.js';
import { say, UserError } from '../src/discord/replies.js';
import { ENGLISH } from '../src/i18n/words.js';
import { code, plainText } from '../src/render/format.js';
import { listEmbed } from '../src/render/page.js';
import { type PlayerRecord, renderPlayer } from '../src/render/player.js';
import { joinArg, splitArgs } from './report-data.js';
import { VIEW } from './view-ids.js';

/** A player's record: the first page of their logs (one request, saved like every list). */
export const playerView: DetailView<PlayerRecord> = {
  kind: 'detail',
  id: VIEW.player,
  async fetch({ resources }, username, options): Promise<Fetched<PlayerRecord>> {
    const fetched = await resources.listUserLogs(username, { page: 1, limit: 100 }, options);
    const logs = pageItems(fetched.data) as Log[];
    if (logs.length === 0) throw new UserError(say.noPlayerLogs);
    const total =
      typeof fetched.data.total === 'number' && fetched.data.total >= logs.length
        ? fetched.data.total
        : logs.length;
    return { ...fetched, data: { username, logs, total } };
  },
  render: renderPlayer,
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
  id: VIEW.playerPick,
  takesArg: true,
  async fetch(_community, arg, query) {
    const names = splitArgs(arg).map((n) => ({ name: parseUsername(n) }));
    const data: ListEnvelope<{ name: string }> = pageOfItems(names, query);
    // Nothing is read: the names came with the message.
    return { data, fetchedAt: Date.now(), fromCache: false, stale: false };
  },
  render: (names, info, source) => {
    const t = source.t ?? ENGLISH;
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
    option: ({ name }, _context, _labels, who) => ({
      label: plainText(name, 100),
      value: name,
      description: (who?.t ?? ENGLISH).player.theirRecord,
    }),
  },
};

export const checkPlayer: MessageMenu = {
  data: { type: ApplicationCommandType.Message, name: 'Check player' },
  modal: ({ message, owner, t }) =>
    playerNames(message).length === 0 ? askModal(playerView, owner, t ?? ENGLISH) : undefined,
  async execute({ message, show }) {
    const names = playerNames(message);
    if (names.length === 0) throw new UserError(say.noPlayerNames);
    const payload = await showList(playerPickView, show, { arg: joinArg(names) });
    const row = {
      type: ComponentType.ActionRow as const,
      components: [askButton(playerView, show.owner, (show.t ?? ENGLISH).player.typeUsername)],
    };
    return { ...payload, components: [...(payload.components ?? []), row] };
  },
};
