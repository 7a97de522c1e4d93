/**
 * What the real discord.js client keeps of Discord with Rollcall's caches (src/discord/caches.ts):
 * each guild's roles and channels and the bot's own member, as the settings forms and channel
 * posts read them; the caches it never fills shared by every guild, and still empty after Discord
 * sent something for them.
 */
import { Client, GatewayIntentBits, PermissionFlagsBits, type Snowflake } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { rollcallCaches } from '../../src/discord/caches.js';

const BOT = '900000000000000001';
const OTHER = '900000000000000002';

function role(id: Snowflake, name: string, permissions: bigint) {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: String(permissions),
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

const member = (id: Snowflake, roles: Snowflake[]) => ({
  user: { id, username: `user-${id}`, discriminator: '0', avatar: null, global_name: null },
  roles,
  joined_at: '2026-01-01T00:00:00.000Z',
  deaf: false,
  mute: false,
  flags: 0,
});

/** A GUILD_CREATE's data: roles, a text channel, the bot and another member, and things never kept. */
function guildCreate(n: number) {
  const id = `80000000000000000${n}`;
  return {
    id,
    name: `Community ${n}`,
    icon: null,
    owner_id: OTHER,
    afk_timeout: 300,
    verification_level: 1,
    default_message_notifications: 1,
    explicit_content_filter: 2,
    features: [],
    mfa_level: 0,
    premium_tier: 0,
    preferred_locale: 'en-US',
    nsfw_level: 0,
    system_channel_flags: 0,
    member_count: 2,
    unavailable: false,
    large: false,
    joined_at: '2026-01-01T00:00:00.000Z',
    roles: [
      role(id, '@everyone', PermissionFlagsBits.ViewChannel),
      role(`${id}1`, 'Rollcall', PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks),
    ],
    channels: [
      { id: `${id}2`, type: 0, name: 'digests', position: 0, permission_overwrites: [], guild_id: id },
    ],
    members: [member(BOT, [`${id}1`]), member(OTHER, [])],
    emojis: [
      {
        id: `${id}3`,
        name: 'star',
        roles: [],
        require_colons: true,
        managed: false,
        animated: false,
        available: true,
      },
    ],
    stickers: [],
    threads: [],
    presences: [],
    voice_states: [
      {
        user_id: OTHER,
        channel_id: `${id}2`,
        session_id: 's',
        deaf: false,
        mute: false,
        self_deaf: false,
        self_mute: false,
        self_video: false,
        suppress: false,
        request_to_speak_timestamp: null,
      },
    ],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

describe("Rollcall's caches in the discord.js client", () => {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], makeCache: rollcallCaches() });
  // As after READY: the client knows who it is before any guild arrives.
  type Adds = { _add(data: unknown): unknown };
  (client as unknown as { user: unknown }).user = (client.users as unknown as Adds)._add({
    id: BOT,
    username: 'Rollcall',
    discriminator: '0',
    bot: true,
    avatar: null,
    global_name: null,
  });
  for (const n of [1, 2]) (client.guilds as unknown as Adds)._add(guildCreate(n));
  const [a, b] = [...client.guilds.cache.values()];

  it('keeps each guild its roles, channels and the bot as a member, and what a channel post checks works', () => {
    expect(client.guilds.cache.size).toBe(2);
    for (const guild of [a, b]) {
      expect(guild?.roles.cache.map((r) => r.name).sort()).toEqual(['@everyone', 'Rollcall']);
      expect(guild?.channels.cache.map((c) => c.name)).toEqual(['digests']);
      expect(guild?.members.me?.id).toBe(BOT);
      expect(guild?.members.cache.has(OTHER)).toBe(false);
      const channel = guild?.channels.cache.first();
      const me = guild?.members.me;
      expect(me && channel?.permissionsFor(me)?.has(PermissionFlagsBits.SendMessages)).toBe(true);
    }
    expect(a?.roles.cache).not.toBe(b?.roles.cache);
  });

  it('shares one empty collection per kind of cache it never fills, empty after Discord sent items for it', () => {
    expect(a?.emojis.cache).toBe(b?.emojis.cache);
    expect(a?.voiceStates.cache).toBe(b?.voiceStates.cache);
    expect(a?.bans.cache).toBe(b?.bans.cache);
    expect(a?.invites.cache).toBe(b?.invites.cache);
    expect(a?.commands.cache).toBe(b?.commands.cache);
    expect(a?.emojis.cache.size).toBe(0);
    expect(a?.voiceStates.cache.size).toBe(0);
    const [ca, cb] = [a?.channels.cache.first(), b?.channels.cache.first()];
    if (!ca?.isTextBased() || !cb?.isTextBased()) throw new Error('no text channels');
    expect(ca.messages.cache).toBe(cb.messages.cache);
    expect(ca.messages.cache.size).toBe(0);
  });
});
