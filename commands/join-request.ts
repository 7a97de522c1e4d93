/** /join-request: the join request of one user. */
import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { JoinRequest } from '../generated/api.js';
import { type Command, publicOption } from '../src/discord/command.js';
import { parseId } from '../src/discord/input.js';
import { UserError } from '../src/discord/replies.js';
import { type DetailView, showDetail } from '../src/discord/views.js';
import { renderJoinRequest } from '../src/render/join-request.js';

export const joinRequestView: DetailView<JoinRequest> = {
  kind: 'detail',
  id: 'join-request',
  fetch: (r, userId, options) => r.getJoinRequest(userId, options),
  render: renderJoinRequest,
  shortcuts: (request) =>
    typeof request.userId === 'string' && /^\d{17,20}$/.test(request.userId)
      ? [{ label: 'Member record', view: 'member.chat', arg: request.userId }]
      : [],
  notFound: 'No join request from that user was found on this community server.',
};

const data = {
  name: 'join-request',
  description: 'Join requests to the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'view',
      description: "Show a user's join request, by Discord user or user id",
      options: [
        {
          type: ApplicationCommandOptionType.User,
          name: 'user',
          description: 'The user on Discord',
          required: false,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'user-id',
          description: "The user's id (instead of picking a Discord user)",
          required: false,
          max_length: 64,
        },
        publicOption,
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const joinRequest: Command = {
  data,
  views: [joinRequestView],
  async execute({ interaction, show }) {
    const user = interaction.options.getUser('user');
    const userIdText = interaction.options.getString('user-id');
    if ((user === null) === (userIdText === null)) {
      throw new UserError('Give either a Discord user or a user id (one of the two).');
    }
    const userId = user ? user.id : parseId(userIdText, 'user id');
    return showDetail(joinRequestView, userId, show);
  },
};
