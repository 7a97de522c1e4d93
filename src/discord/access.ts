/**
 * Who may use Rollcall beyond Discord's own command permissions: optionally only holders of one of
 * the given Discord roles (free: every interaction carries the member's roles), optionally only
 * members of the community server, optionally only those holding one of the given community roles.
 * Every configured gate must pass. The community member is looked up by Discord user id through the
 * API layer, accepting a saved record only up to ACCESS_MAX_AGE_SECONDS old and never the copy kept
 * for when the API fails. Fails closed: when the API cannot answer, the refusal says why.
 */
import type { Interaction } from 'discord.js';
import { isApiError } from '../api/errors.js';
import type { Resources } from '../api/types.js';
import type { Logger } from '../log.js';
import { errorMessage, MESSAGES } from './replies.js';

export interface AccessOptions {
  /** Discord role ids of which the user must hold at least one (ACCESS_DISCORD_ROLE_IDS); empty = any. */
  discordRoleIds?: readonly string[];
  /** Oldest saved member record an access decision may rest on, ms (ACCESS_MAX_AGE_SECONDS). */
  maxAgeMs?: number;
  /** Only members of the community server (ACCESS_REQUIRE_MEMBER). */
  requireMember: boolean;
  /** Community role ids of which the member must hold at least one (ACCESS_ROLE_IDS); empty = any. */
  roleIds: readonly string[];
  resources: Resources;
  logger: Pick<Logger, 'debug' | 'warn'>;
}

/** The router's guard: a refusal sentence, or undefined to allow. */
export type AccessGuard = (
  interaction: Pick<Interaction, 'user'> & Partial<Pick<Interaction, 'member'>>,
) => Promise<string | undefined>;

/** Default of ACCESS_MAX_AGE_SECONDS, in ms. */
export const DEFAULT_ACCESS_MAX_AGE_MS = 300_000;

/** The Discord role ids an interaction's member holds (a cached GuildMember or the raw API member). */
function discordRolesOf(member: Interaction['member'] | undefined): ReadonlySet<string> {
  if (!member) return new Set();
  const roles: unknown = member.roles;
  if (Array.isArray(roles)) return new Set(roles.filter((id): id is string => typeof id === 'string'));
  if (roles && typeof roles === 'object' && 'cache' in roles) {
    const cache = (roles as { cache: Map<string, unknown> }).cache;
    return new Set(cache.keys());
  }
  return new Set();
}

export function createAccessGuard(options: AccessOptions): AccessGuard {
  const wanted = new Set(options.roleIds);
  const discordWanted = new Set(options.discordRoleIds ?? []);
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_ACCESS_MAX_AGE_MS;
  const apiGate = options.requireMember || wanted.size > 0;
  if (!apiGate && discordWanted.size === 0) return async () => undefined;
  return async (interaction) => {
    const userId = interaction.user.id;
    if (discordWanted.size > 0) {
      const held = discordRolesOf(interaction.member);
      if (![...discordWanted].some((id) => held.has(id))) {
        options.logger.debug({ user: userId }, 'access refused: no allowed Discord role');
        return MESSAGES.notAllowed;
      }
    }
    if (!apiGate) return undefined;
    let roles: unknown;
    try {
      const fetched = await options.resources.getMemberByChatId(userId, { maxAgeMs });
      if (fetched.stale) throw new Error('a saved member record was offered for an access check');
      roles = fetched.data.roles;
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        options.logger.debug({ user: userId }, 'access refused: not a member');
        return MESSAGES.notAllowed;
      }
      options.logger.warn({ user: userId, err: error }, 'access check failed; refusing');
      return MESSAGES.accessUnchecked(errorMessage(error));
    }
    if (wanted.size === 0) return undefined;
    const held = Array.isArray(roles) && roles.some((id) => typeof id === 'string' && wanted.has(id));
    if (!held) {
      options.logger.debug({ user: userId }, 'access refused: no allowed role');
      return MESSAGES.notAllowed;
    }
    return undefined;
  };
}
