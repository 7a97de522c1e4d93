/**
 * What every /rollcall-admin subcommand module builds on: the command's name and default
 * permission, where its subcommands and controls run (`ADMIN_ROUTE`), the custom_ids of its
 * controls, and what the wiring gives it (`Links`). Each subcommand is a `ServerCommand`
 * (src/discord/command.ts), which the router dispatches as it does every command.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { RolesList } from '../../src/api/roles.js';
import { say, UserError } from '../../src/discord/replies.js';
import type { CodeLabels } from '../../src/render/labels.js';

export const ADMIN_COMMAND = 'rollcall-admin';

/**
 * What each subcommand's definition shares: /rollcall-admin itself. ManageGuild keeps it out of
 * moderators' menus while /rollcall stays theirs (Discord's default permissions apply to a whole
 * command, hence a top-level command of its own).
 */
export const ADMIN_BASE = {
  name: ADMIN_COMMAND,
  description: 'Link this server to its community server (server admins)',
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
} as const;

/**
 * Where every admin subcommand and control runs: in the server alone, before any community is looked
 * up (a server with no link yet has none), for members with Manage Server. The router checks that
 * from the interaction (interaction.memberPermissions), so a server's own override of the command's
 * permissions cannot hand it to someone else.
 */
export const ADMIN_ROUTE = { scope: 'server', requires: 'manage-server' } as const;

/** custom_ids of the admin controls (outside the paging codec's `rc1:` space; old messages keep them). */
export const ADMIN_IDS = {
  modal: 'rca:setup',
  tokenField: 'token',
  replace: 'rca:replace',
  unlink: 'rca:unlink',
  /** The report settings form (/rollcall-admin reports with no option) and its submission. */
  reportsForm: 'rca:reports',
  /** The server settings form (/rollcall-admin settings with no option) and its submission. */
  settingsForm: 'rca:settings',
} as const;

/** The prefix every admin control's custom_id starts with. */
export const ADMIN_ID_PREFIX = 'rca:';

/**
 * The community's roles as `read` gives them, or the refusal to give when they are needed and could
 * not be read: the sentence the read refused with (a server not linked, its token rejected or held,
 * the store unavailable: each says so), else that the API is not answering.
 */
export async function rolesOrRefusal<R>(read: () => Promise<R>): Promise<R | UserError> {
  try {
    return await read();
  } catch (error) {
    return error instanceof UserError ? error : new UserError(say.unavailable);
  }
}

/** The community's roles as the admin commands read them, and what that read covers. */
export interface CommunityRoles {
  roles: Array<{ id: string; name: string; linkedChatRoleId?: unknown }>;
  list: Omit<RolesList, 'roles' | 'byId'>;
}

/** Access roles of each kind a server may keep (the store refuses more). */
export const MAX_ACCESS_ROLES = 25;

/** What may be shown about a server's link: never the token. */
export interface LinkInfo {
  fingerprint: string;
  communityId: string | undefined;
  linkedBy: string;
  linkedAt: Date;
  invalidAt: Date | undefined;
}

/** What checking a token with one API read found. */
export type TokenCheck =
  | {
      ok: true;
      communityId: string | undefined;
      roleCount: number;
      /** The roles that read gave (its first page), with the Discord role each links, and whether that is all of them. */
      roles: { linked: Array<{ linkedChatRoleId?: unknown }>; complete: boolean };
    }
  | { ok: false; reason: 'rejected' | 'forbidden' | 'unavailable' }
  /**
   * The token's monthly allowance has nothing left above its reserve (and what whole-list reads
   * hold): no request was made; `left` of `points` remain this month, room again at `nextFreshAt` (ms).
   */
  | { ok: false; reason: 'saving'; nextFreshAt: number; left: number; points: number };

/** The settings a server's admins choose here. */
export interface ServerSettings {
  accessRoleIds: string[];
  /** Discord role ids of the server (checked from the interaction, no API read). */
  accessDiscordRoleIds: string[];
  defaultVisibility: 'private' | 'public';
  apiLimits?: string | undefined;
  /** The community's names for its integer codes. */
  labels: CodeLabels;
}

/** Where links are kept and how a token is checked (the wiring gives the store and the API). */
export interface Links {
  settings(guildId: string): Promise<ServerSettings>;
  /** Save a change (merged into the stored settings); throws a UserError for invalid limits. */
  saveSettings(guildId: string, change: Partial<ServerSettings>): Promise<unknown>;
  /**
   * The community's roles (the one roles reader: every page), read with the server's own token, with
   * the Discord role each is linked to (as the API has it: checked before use); `refresh` reads the
   * list again now, as the pace allows (true) or at once ('now', as a link check).
   */
  roles(guildId: string, options?: { refresh?: boolean | 'now' }): Promise<CommunityRoles>;
  describe(guildId: string): Promise<LinkInfo | undefined>;
  /** One read with the token, under the server's own limits. */
  check(token: string, guildId: string): Promise<TokenCheck>;
  /** Resolves once the link is durably saved. */
  link(guildId: string, token: string, linkedBy: string, communityId: string | undefined): Promise<unknown>;
  forget(guildId: string): Promise<void>;
  /** The bot's ACCESS_REQUIRE_MEMBER: every server's access asks for membership of its community server too. */
  readonly requireMember: boolean;
}
