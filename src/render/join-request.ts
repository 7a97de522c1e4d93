/** Join-request renderer: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { JoinRequest } from '../../generated/api.js';
import type { Source } from '../api/pages.js';
import { code, field, plainText, userMention } from './format.js';
import type { Labelled } from './labels.js';
import { detailEmbed } from './page.js';

const COLOUR = 0xeb459e;

export function renderJoinRequest(request: JoinRequest, source: Source & Labelled): APIEmbed {
  const t = source.t;
  return detailEmbed(
    {
      title: t.joinRequest.title,
      color: COLOUR,
      fields: [
        field(t.joinRequest.user, userMention(request.userId)),
        field(t.joinRequest.userId, code(request.userId)),
        field(t.joinRequest.joinCode, code(request.joinCode)),
        field(t.joinRequest.requested, t.f.when(request.createdAt)),
      ],
    },
    source,
    t.joinRequest.server(plainText(request.serverId, 40)),
    undefined,
    t,
  );
}
