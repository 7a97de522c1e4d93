/** /loa: leaves of absence — the whole list, one LOA, or one member's LOAs. */
import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Loa } from '../generated/api.js';
import { ApiError } from '../src/api/errors.js';
import { type Command, publicOption } from '../src/discord/command.js';
import { parseId } from '../src/discord/input.js';
import { MESSAGES, UserError } from '../src/discord/replies.js';
import { type DetailView, type ListView, showDetail, showList } from '../src/discord/views.js';
import { plainText, safeLine } from '../src/render/format.js';
import { loaState } from '../src/render/labels.js';
import { renderLoa, renderLoaList } from '../src/render/loa.js';

const open: ListView<Loa>['open'] = {
  detailView: 'loa',
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
  id: 'loa.all',
  fetch: (r, _arg, query, options) => r.listLoas(query, options),
  render: (items, info, source) => renderLoaList(items, info, source),
  open,
};

export const loaMemberView: ListView<Loa> = {
  kind: 'list',
  id: 'loa.member',
  fetch: (r, memberId, query, options) => r.listMemberLoas(memberId, query, options),
  render: (items, info, source, memberId) =>
    renderLoaList(items, info, source, `Leaves of absence of member ${safeLine(memberId, 64)}`),
  open,
};

export const loaDetailView: DetailView<Loa> = {
  kind: 'detail',
  id: 'loa',
  fetch: (r, id, options) => r.getLoa(id, options),
  render: renderLoa,
  shortcuts: (loa) =>
    typeof loa.memberId === 'string' && loa.memberId !== ''
      ? [{ label: "Member's LOAs", view: 'loa.member', arg: loa.memberId }]
      : [],
  notFound: 'No LOA with that id was found on this community server.',
};

const data = {
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
        {
          type: ApplicationCommandOptionType.User,
          name: 'user',
          description: 'The member on Discord',
          required: false,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'member-id',
          description: "The member's id on the community server (instead of a Discord user)",
          required: false,
          max_length: 64,
        },
        publicOption,
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const loa: Command = {
  data,
  views: [loaListView, loaMemberView, loaDetailView],
  async execute({ interaction, show }) {
    const sub = interaction.options.getSubcommand(true);
    if (sub === 'list') return showList(loaListView, '', 1, show);
    if (sub === 'view')
      return showDetail(loaDetailView, parseId(interaction.options.getString('id'), 'LOA id'), show);
    const user = interaction.options.getUser('user');
    const memberIdText = interaction.options.getString('member-id');
    if ((user === null) === (memberIdText === null)) {
      throw new UserError('Give either a Discord user or a member id (one of the two).');
    }
    let memberId: string;
    if (user) {
      try {
        memberId = (await show.resources.getMemberByChatId(user.id)).data.id;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new UserError(MESSAGES.memberNotFound);
        throw error;
      }
    } else {
      memberId = parseId(memberIdText, 'member id');
    }
    return showList(loaMemberView, memberId, 1, show);
  },
};
