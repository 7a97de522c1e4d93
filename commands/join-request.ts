/** /join-request: the join request of one user. */
import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { JoinRequest } from '../generated/api.js';
import { type Command, publicOption, userOrId, userOrIdOptions } from '../src/discord/command.js';
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
        ...userOrIdOptions(
          'user-id',
          "The user's id (instead of picking a Discord user)",
          'The user on Discord',
        ),
        publicOption,
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const joinRequest: Command = {
  data,
  views: [joinRequestView],
  async execute({ interaction, show }) {
    const target = userOrId(interaction, 'user-id', 'user id');
    return showDetail(joinRequestView, 'user' in target ? target.user : target.id, show);
  },
};
