/** Join-request renderer: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { JoinRequest } from '../../generated/api.js';
import type { Source } from '../api/pages.js';
import { code, field, plainText, timestamp, userMention } from './format.js';
import { detailEmbed } from './page.js';

const COLOUR = 0xeb459e;

export function renderJoinRequest(request: JoinRequest, source: Source): APIEmbed {
  return detailEmbed(
    {
      title: 'Join request',
      color: COLOUR,
      fields: [
        field('User', userMention(request.userId)),
        field('User id', code(request.userId)),
        field('Join code', code(request.joinCode)),
        field('Requested', timestamp(request.createdAt)),
      ],
    },
    source,
    `Server ${plainText(request.serverId, 40)}`,
  );
}
