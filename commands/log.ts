/** /log: moderation logs — one log, or every log of one game username. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { Log } from '../generated/api.js';
import { argumentsOf, type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { checkedUsername, parseId, parseUsername } from '../src/discord/input.js';
import { showDetail, showList } from '../src/discord/paging/show.js';
import type { DetailView, ListView } from '../src/discord/paging/views.js';
import { MESSAGES } from '../src/discord/replies.js';
import { plainText } from '../src/render/format.js';
import { plainLogType, renderLog, renderLogList } from '../src/render/log.js';
import { VIEW } from './view-ids.js';

const open: ListView<Log>['open'] = {
  detailView: VIEW.log,
  option: (log, _context, labels) =>
    typeof log.id === 'string'
      ? {
          label: `Type ${plainLogType(log, labels)} · ${plainText(log.username, 40)} · ${plainText(log.id, 40)}`,
          value: log.id,
          description: plainText(log.text, 100),
        }
      : undefined,
};

export const logUserView: ListView<Log> = {
  kind: 'list',
  id: VIEW.userLogs,
  takesArg: true,
  fetch: (api, username, query, options) => api.listUserLogs(username, query, options),
  render: (items, info, source, username) => renderLogList(items, info, source, username),
  open,
};

export const logDetailView: DetailView<Log> = {
  kind: 'detail',
  id: VIEW.log,
  fetch: (api, id, options) => api.getLog(id, options),
  render: renderLog,
  // The username as Rollcall would accept it typed, so the list it opens is one a moderator could ask for.
  shortcuts: [
    { label: 'All logs of this player', view: VIEW.userLogs, arg: (log) => checkedUsername(log.username) },
  ],
  notFound: MESSAGES.logNotFound,
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
        publicOption,
      ],
    },
  ],
});

export const log: Command = {
  data,
  views: [logUserView, logDetailView],
  async execute({ interaction, show }) {
    const args = argumentsOf(interaction, data);
    const sub = args.subcommand();
    if (sub === 'view') return showDetail(logDetailView, parseId(args.string('id'), 'log id'), show);
    return showList(logUserView, show, { arg: parseUsername(args.string('username')) });
  },
};
