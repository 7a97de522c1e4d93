/**
 * What discord.js keeps of Discord (the client's `makeCache`). Rollcall reads the guild list, each
 * guild's roles and channels (the settings forms, the permissions of a channel it posts to) and its
 * own member; every other cache is kept empty.
 *
 * An empty cache costs memory all the same: discord.js makes one per manager, and a guild has a
 * dozen managers (emojis, stickers, invites, voice states, bans…) and each text channel two more.
 * A collection of size 0 never holds anything (LimitedCollection drops every `set`), so each
 * kind of manager shares one: at 10,000 servers that is 140,000 collections and their tables fewer
 * (about 26 MB of heap; docs/deploy.md, "Memory").
 */
import { type CacheFactory, LimitedCollection, Options } from 'discord.js';

/** The managers whose caches stay empty, one shared collection each. */
const NEVER_KEPT = [
  'MessageManager',
  'PresenceManager',
  'ReactionManager',
  'GuildEmojiManager',
  'GuildStickerManager',
  'StageInstanceManager',
  'ThreadManager',
  'VoiceStateManager',
  'GuildInviteManager',
  'GuildScheduledEventManager',
  'AutoModerationRuleManager',
  'GuildBanManager',
  'GuildSoundboardSoundManager',
  'ApplicationCommandManager',
  'GuildApplicationCommandManager',
] as const;

/** The caches that keep something, by discord.js's own factory. */
const kept = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  // Its own member only (the permissions of a channel it posts to).
  GuildMemberManager: { maxSize: 0, keepOverLimit: (m) => m.id === m.client.user?.id },
  UserManager: { maxSize: 0, keepOverLimit: (u) => u.id === u.client.user?.id },
});

/** The client's `makeCache`: one empty collection per kind of NEVER_KEPT manager, the rest as `kept`. */
export function rollcallCaches(): CacheFactory {
  const empty = new Map<string, LimitedCollection<unknown, unknown>>();
  const never = new Set<string>(NEVER_KEPT);
  return ((managerType, holds, manager) => {
    // discord.js looks a setting up by the manager's name, then by the class it caches as (the base
    // class for messages and threads: GuildMessageManager caches as MessageManager).
    const name = never.has(manager.name)
      ? manager.name
      : never.has(managerType.name)
        ? managerType.name
        : undefined;
    if (name === undefined) return kept(managerType, holds, manager);
    let cache = empty.get(name);
    if (!cache) {
      cache = new LimitedCollection({ maxSize: 0 });
      empty.set(name, cache);
    }
    return cache;
  }) as CacheFactory;
}
