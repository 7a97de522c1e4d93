import type { APIApplication, APIGuildMember, ApplicationFlags } from 'discord-api-types/v10';
import type { Answer } from './interactions.js';
import type { World } from './world.js';

const unknown = (code: number, what: string): Answer => ({
  status: 404,
  body: { message: `Unknown ${what}`, code },
});

/** Discord's "Unknown ..." 404 for a resource family the double does not serve. */
export function unknownResource(segments: string[]): Answer {
  switch (segments[0]) {
    case 'channels':
      return segments[2] === 'messages' && segments[3]
        ? unknown(10008, 'Message')
        : unknown(10003, 'Channel');
    case 'guilds':
      return segments[2] === 'members' ? unknown(10007, 'Member') : unknown(10004, 'Guild');
    case 'users':
      return unknown(10013, 'User');
    case 'webhooks':
      return unknown(10015, 'Webhook');
    case 'applications':
      return unknown(10002, 'Application');
    case 'interactions':
      return unknown(10062, 'interaction');
    default:
      return { status: 404, body: { message: '404: Not Found', code: 0 } };
  }
}

/** The bot's application, as GET /applications/@me answers. */
function application(world: World): APIApplication {
  return {
    id: world.applicationId,
    name: world.bot.username,
    icon: null,
    description: '',
    bot_public: false,
    bot_require_code_grant: false,
    summary: '',
    verify_key: '0'.repeat(64),
    team: null,
    flags: 0 as ApplicationFlags,
    flags_new: '0',
    bot: world.bot,
  };
}

/**
 * Read-only bot routes over the double's world: users, guilds, members, roles, channels.
 * Returns null when the route is not one of them.
 */
export function readResource(world: World, method: string, s: string[]): Answer | null {
  if (method !== 'GET') return null;
  const [a, b, c, d] = s;
  if (
    (a === 'applications' && b === '@me' && !c) ||
    (a === 'oauth2' && b === 'applications' && c === '@me' && !d)
  ) {
    return { status: 200, body: application(world) };
  }
  if (a === 'users' && b && s.length === 2) {
    if (b === '@me') return { status: 200, body: world.bot };
    const user = world.users.get(b);
    return user ? { status: 200, body: world.apiUser(user) } : unknown(10013, 'User');
  }
  if (a === 'channels' && b && s.length === 2) {
    for (const guild of world.guilds.values()) {
      const channel = guild.channels.find((ch) => ch.id === b);
      if (channel) return { status: 200, body: channel };
    }
    return unknown(10003, 'Channel');
  }
  if (a !== 'guilds' || !b) return null;
  const guild = world.guilds.get(b);
  if (!guild) return unknown(10004, 'Guild');
  if (s.length === 2) {
    const {
      members: _m,
      channels: _c,
      threads: _t,
      voice_states: _v,
      presences: _p,
      ...rest
    } = world.guildCreate(guild);
    return { status: 200, body: rest };
  }
  if (c === 'roles' && s.length === 3) return { status: 200, body: guild.roles };
  if (c === 'channels' && s.length === 3) return { status: 200, body: guild.channels };
  if (c === 'members' && d && s.length === 4) {
    if (d === world.bot.id) return { status: 200, body: world.botMember(guild) };
    const user = world.users.get(d);
    if (!user || !world.isMember(user, guild.id)) return unknown(10007, 'Member');
    const { permissions: _p, ...member } = world.interactionMember(user, guild);
    return { status: 200, body: member satisfies APIGuildMember };
  }
  return null;
}
