import {
  type APIGuildMember,
  type APIInteractionDataResolvedChannel,
  type APIInteractionDataResolvedGuildMember,
  type APIInteractionGuildMember,
  type APIOverwrite,
  type APIRole,
  type APITextChannel,
  type APIUser,
  type ChannelFlags,
  ChannelType,
  type GatewayGuildCreateDispatchData,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  type GuildMemberFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  Locale,
  PermissionFlagsBits,
  type RoleFlags,
  type UserFlags,
} from 'discord-api-types/v10';
import { UPLOAD_LIMIT } from './payloads.js';
import type { SnowflakeFactory } from './snowflake.js';

/** Every permission bit Discord knows of. */
export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

const P = PermissionFlagsBits;
const EVERYONE_PERMISSIONS =
  P.ViewChannel |
  P.SendMessages |
  P.ReadMessageHistory |
  P.UseApplicationCommands |
  P.EmbedLinks |
  P.AddReactions;
const MODERATOR_PERMISSIONS =
  EVERYONE_PERMISSIONS | P.KickMembers | P.BanMembers | P.ModerateMembers | P.ManageMessages | P.ViewAuditLog;
const BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P.AttachFiles | P.UseExternalEmojis;
/** What `app_permissions` carries in a DM with the bot. */
const DM_APP_PERMISSIONS =
  P.AddReactions | P.ViewChannel | P.SendMessages | P.EmbedLinks | P.AttachFiles | P.ReadMessageHistory;

/** A role of a guild of the double. `permissions` defaults to nothing beyond @everyone. */
export interface RoleSpec {
  id?: string;
  name: string;
  permissions?: bigint;
}

/** A text channel of a guild of the double. */
export interface ChannelSpec {
  id?: string;
  name: string;
  /** The channel's permission overwrites (none by default). */
  permissionOverwrites?: APIOverwrite[];
}

/** A guild the bot is in. Roles and channels default to `Moderator` and `Member`, `#general` and `#mod-log`. */
export interface GuildSpec {
  id?: string;
  name?: string;
  roles?: RoleSpec[];
  channels?: ChannelSpec[];
  preferredLocale?: Locale;
}

/** A user the harness acts as. */
export interface UserSpec {
  id?: string;
  username?: string;
  globalName?: string | null;
  /** Role names or ids; in each guild the ones that exist there are given to the member. */
  roles?: string[];
  /** Explicit member permissions (overrides what the roles give). */
  permissions?: bigint | string;
  locale?: Locale;
  /** Guild ids this user is a member of; default every guild of the double. */
  guilds?: string[];
  nick?: string | null;
  bot?: boolean;
}

/** A user of the double (the result of `double.user()`). */
export interface DoubleUser {
  readonly id: string;
  readonly username: string;
  readonly globalName: string | null;
  readonly roles: readonly string[];
  readonly permissions: bigint | null;
  readonly locale: Locale;
  readonly guilds: readonly string[] | 'all';
  readonly nick: string | null;
  readonly bot: boolean;
}

/** A guild as the double holds it. */
export interface GuildState {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly preferredLocale: Locale;
  readonly roles: APIRole[];
  readonly channels: APITextChannel[];
  readonly joinedAt: string;
  readonly botRoleId: string;
}

function role(
  id: string,
  name: string,
  permissions: bigint,
  position: number,
  extra?: Partial<APIRole>,
): APIRole {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
    ...extra,
  };
}

/**
 * The guilds, channels, roles and users the double knows, and the payloads derived from them
 * (GUILD_CREATE, interaction members, resolved data, permissions).
 */
export class World {
  readonly guilds = new Map<string, GuildState>();
  readonly users = new Map<string, DoubleUser>();
  readonly bot: APIUser;
  readonly defaultGuildId: string;
  /** Largest file the bot may upload (each interaction's attachment_size_limit; over it: 413). */
  uploadLimit = UPLOAD_LIMIT;
  readonly #dmChannels = new Map<string, string>();

  constructor(
    private readonly ids: SnowflakeFactory,
    readonly applicationId: string,
    botUserId: string,
    guilds: GuildSpec[],
  ) {
    this.bot = {
      id: botUserId,
      username: 'Rollcall',
      discriminator: '0000',
      global_name: null,
      avatar: null,
      bot: true,
      flags: 0 as UserFlags,
      public_flags: 0 as UserFlags,
    };
    const owner = this.addUser({ username: 'guild-owner', roles: [] });
    for (const spec of guilds) this.addGuild(spec, owner.id);
    const first = this.guilds.keys().next().value;
    if (!first) throw new Error('the double needs at least one guild');
    this.defaultGuildId = first;
  }

  /** Adds a guild with its @everyone role, named roles, the bot's managed role and text channels. */
  addGuild(spec: GuildSpec, ownerId: string): GuildState {
    const id = spec.id ?? this.ids.next();
    const botRoleId = this.ids.next();
    const roleSpecs = spec.roles ?? [
      { name: 'Moderator', permissions: MODERATOR_PERMISSIONS },
      { name: 'Member', permissions: EVERYONE_PERMISSIONS },
    ];
    const roles = [
      role(id, '@everyone', EVERYONE_PERMISSIONS, 0),
      ...roleSpecs.map((r, i) => role(r.id ?? this.ids.next(), r.name, r.permissions ?? 0n, i + 1)),
      role(botRoleId, 'Rollcall', BOT_PERMISSIONS, roleSpecs.length + 1, {
        managed: true,
        tags: { bot_id: this.bot.id },
      }),
    ];
    const channelSpecs = spec.channels ?? [{ name: 'general' }, { name: 'mod-log' }];
    const channels = channelSpecs.map(
      (c, position): APITextChannel => ({
        id: c.id ?? this.ids.next(),
        type: ChannelType.GuildText,
        guild_id: id,
        name: c.name,
        position,
        permission_overwrites: c.permissionOverwrites ?? [],
        nsfw: false,
        topic: null,
        parent_id: null,
        rate_limit_per_user: 0,
        last_message_id: null,
        last_pin_timestamp: null,
        default_auto_archive_duration: 1440,
        flags: 0 as ChannelFlags,
      }),
    );
    const guild: GuildState = {
      id,
      name: spec.name ?? `Guild ${this.guilds.size + 1}`,
      ownerId,
      preferredLocale: spec.preferredLocale ?? Locale.EnglishUS,
      roles,
      channels,
      joinedAt: new Date().toISOString(),
      botRoleId,
    };
    this.guilds.set(id, guild);
    return guild;
  }

  /** Registers a user (ids are fresh snowflakes unless given). */
  addUser(spec: UserSpec = {}): DoubleUser {
    const id = spec.id ?? this.ids.next();
    const user: DoubleUser = {
      id,
      username: spec.username ?? `user${this.users.size + 1}`,
      globalName: spec.globalName ?? null,
      roles: spec.roles ?? [],
      permissions: spec.permissions === undefined ? null : BigInt(spec.permissions),
      locale: spec.locale ?? Locale.EnglishUS,
      guilds: spec.guilds ?? 'all',
      nick: spec.nick ?? null,
      bot: spec.bot ?? false,
    };
    this.users.set(id, user);
    return user;
  }

  /** The guild with this id (default guild without one); throws for an unknown id. */
  /**
   * Adds a role to a guild, below the bot's; `extra` as Discord sends it (a role Server Boosting or an
   * integration manages: `managed`, with its `tags`).
   */
  addRole(guild: GuildState, name: string, extra?: Partial<APIRole>): APIRole {
    const added = role(this.ids.next(), name, 0n, guild.roles.length, extra);
    guild.roles.push(added);
    return added;
  }

  guild(id?: string): GuildState {
    const guild = this.guilds.get(id ?? this.defaultGuildId);
    if (!guild) throw new Error(`the double has no guild ${id}`);
    return guild;
  }

  /** A role of the guild by id or name, or undefined. */
  findRole(guild: GuildState, nameOrId: string): APIRole | undefined {
    return guild.roles.find((r) => r.id === nameOrId || r.name === nameOrId);
  }

  /** A channel of the guild by id or name (default: the first channel); throws if absent. */
  channel(guild: GuildState, nameOrId?: string): APITextChannel {
    const channel = nameOrId
      ? guild.channels.find((c) => c.id === nameOrId || c.name === nameOrId)
      : guild.channels[0];
    if (!channel) throw new Error(`guild ${guild.id} has no channel ${nameOrId ?? '(any)'}`);
    return channel;
  }

  /** The id of the DM channel between the bot and this user (stable per user). */
  dmChannelId(user: DoubleUser): string {
    let id = this.#dmChannels.get(user.id);
    if (!id) {
      id = this.ids.next();
      this.#dmChannels.set(user.id, id);
    }
    return id;
  }

  /** Whether the user is a member of the guild. */
  isMember(user: DoubleUser, guildId: string): boolean {
    return user.guilds === 'all' || user.guilds.includes(guildId);
  }

  /** The role ids the user holds in the guild (never @everyone, as Discord sends it). */
  memberRoleIds(user: DoubleUser, guild: GuildState): string[] {
    const ids: string[] = [];
    for (const name of user.roles) {
      const found = this.findRole(guild, name);
      if (found && found.id !== guild.id) ids.push(found.id);
    }
    return ids;
  }

  /** Guild-level permissions of a member: @everyone + roles, everything for the owner or an Administrator. */
  memberPermissions(user: DoubleUser, guild: GuildState): bigint {
    if (user.permissions !== null) return user.permissions;
    if (user.id === guild.ownerId) return ALL_PERMISSIONS;
    let bits = BigInt(guild.roles[0]?.permissions ?? '0');
    for (const id of this.memberRoleIds(user, guild))
      bits |= BigInt(this.findRole(guild, id)?.permissions ?? '0');
    return bits & P.Administrator ? ALL_PERMISSIONS : bits;
  }

  /** `app_permissions` of an interaction: the bot's permissions in the guild, or the DM set. */
  appPermissions(guild: GuildState | null): string {
    if (!guild) return DM_APP_PERMISSIONS.toString();
    const everyone = BigInt(guild.roles[0]?.permissions ?? '0');
    const own = BigInt(this.findRole(guild, guild.botRoleId)?.permissions ?? '0');
    return (everyone | own).toString();
  }

  /** A fresh snowflake (for messages the double creates). */
  nextId(): string {
    return this.ids.next();
  }

  /** The bot's permissions in a channel: its guild permissions, then the channel's overwrites (as Discord computes them). */
  botChannelPermissions(guild: GuildState, channel: APITextChannel): bigint {
    let bits = BigInt(this.appPermissions(guild));
    if (bits & P.Administrator) return ALL_PERMISSIONS;
    const overwrites = channel.permission_overwrites ?? [];
    const apply = (id: string) => {
      const o = overwrites.find((x) => x.id === id);
      if (o) bits = (bits & ~BigInt(o.deny)) | BigInt(o.allow);
    };
    apply(guild.id); // @everyone
    apply(guild.botRoleId);
    apply(this.bot.id);
    return bits;
  }

  /** The APIUser of a double user. */
  apiUser(user: DoubleUser): APIUser {
    return {
      id: user.id,
      username: user.username,
      discriminator: '0',
      global_name: user.globalName,
      avatar: null,
      avatar_decoration_data: null,
      bot: user.bot || undefined,
      public_flags: 0 as UserFlags,
      flags: 0 as UserFlags,
      primary_guild: null,
      collectibles: null,
    };
  }

  #memberBase(user: DoubleUser, guild: GuildState): Omit<APIGuildMember, 'user'> {
    return {
      nick: user.nick,
      avatar: null,
      banner: null,
      roles: this.memberRoleIds(user, guild),
      joined_at: guild.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
      communication_disabled_until: null,
    };
  }

  /** The `member` of an interaction in the guild (user + roles + permissions string). */
  interactionMember(user: DoubleUser, guild: GuildState): APIInteractionGuildMember {
    return {
      ...this.#memberBase(user, guild),
      user: this.apiUser(user),
      permissions: this.memberPermissions(user, guild).toString(),
    };
  }

  /** `resolved.members[id]` for a USER option or user select (no `user`, with `permissions`). */
  resolvedMember(user: DoubleUser, guild: GuildState): APIInteractionDataResolvedGuildMember {
    const { deaf: _deaf, mute: _mute, ...rest } = this.#memberBase(user, guild);
    return { ...rest, permissions: this.memberPermissions(user, guild).toString() };
  }

  /** `resolved.channels[id]` for a CHANNEL option. */
  resolvedChannel(channel: APITextChannel, permissions: string): APIInteractionDataResolvedChannel {
    return { id: channel.id, name: channel.name ?? null, type: channel.type, permissions };
  }

  /** The bot's own member object in a guild. */
  botMember(guild: GuildState): APIGuildMember {
    return {
      user: this.bot,
      nick: null,
      avatar: null,
      banner: null,
      roles: [guild.botRoleId],
      joined_at: guild.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
      communication_disabled_until: null,
    };
  }

  /** The GUILD_CREATE payload of a guild: available, with channels, roles and the bot member. */
  guildCreate(guild: GuildState): GatewayGuildCreateDispatchData {
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      icon_hash: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      region: null,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: GuildVerificationLevel.Low,
      default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
      explicit_content_filter: GuildExplicitContentFilter.AllMembers,
      roles: guild.roles,
      emojis: [],
      features: [],
      mfa_level: GuildMFALevel.None,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
      rules_channel_id: null,
      max_presences: null,
      max_members: 500_000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: GuildPremiumTier.None,
      premium_subscription_count: 0,
      preferred_locale: guild.preferredLocale,
      public_updates_channel_id: null,
      max_video_channel_users: 25,
      max_stage_video_channel_users: 50,
      nsfw_level: GuildNSFWLevel.Default,
      stickers: [],
      premium_progress_bar_enabled: false,
      hub_type: null,
      safety_alerts_channel_id: null,
      incidents_data: null,
      joined_at: guild.joinedAt,
      large: false,
      unavailable: false,
      member_count: 1 + [...this.users.values()].filter((u) => this.isMember(u, guild.id)).length,
      voice_states: [],
      members: [this.botMember(guild)],
      channels: guild.channels,
      threads: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }
}
