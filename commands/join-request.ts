/** /join-request: the join request of one user. */
import { ApplicationCommandOptionType } from 'discord.js';
import type { JoinRequest } from '../generated/api.js';
import { SNOWFLAKE } from '../src/base/discord-limits.js';
import {
  argumentsOf,
  type Command,
  defineCommand,
  publicOption,
  userOrId,
  userOrIdOptions,
} from '../src/discord/command.js';
import { showDetail } from '../src/discord/paging/show.js';
import type { DetailView, ShowContext } from '../src/discord/paging/views.js';
import { say } from '../src/discord/replies.js';
import { renderJoinRequest } from '../src/render/join-request.js';
import { VIEW } from './view-ids.js';

export const joinRequestView: DetailView<JoinRequest> = {
  kind: 'detail',
  id: 'join-request',
  fetch: ({ resources: api }, userId, options) => api.getJoinRequest(userId, options),
  render: renderJoinRequest,
  shortcuts: [
    {
      label: (t) => t.joinRequest.memberRecord,
      view: VIEW.memberByChat,
      arg: (request) =>
        typeof request.userId === 'string' && SNOWFLAKE.test(request.userId) ? request.userId : undefined,
    },
  ],
  notFound: say.joinRequestNotFound,
};

/** `/join-request view`: a user's join request (also their right-click "Join request"). */
export const showJoinRequestOf = (userId: string, show: ShowContext) =>
  showDetail(joinRequestView, userId, show);

const data = defineCommand({
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
});

export const joinRequest = {
  data,
  views: [joinRequestView],
  async execute({ interaction, show }) {
    const target = userOrId(argumentsOf(interaction, data), 'user-id', (t) => t.sentences.userIdName);
    return showJoinRequestOf('user' in target ? target.user : target.id, show);
  },
} satisfies Command;
