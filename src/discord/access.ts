/**
 * Who may use Rollcall beyond Discord's own command permissions: optionally only members of the
 * community server, optionally only those holding one of the given community roles. The member is
 * looked up by Discord user id through the API layer (cached). Fails closed: when the API cannot
 * answer, the refusal says why.
 */
import type { Interaction } from 'discord.js';
import { isApiError } from '../api/errors.js';
import type { Resources } from '../api/types.js';
import type { Logger } from '../log.js';
import { errorMessage, MESSAGES } from './replies.js';

export interface AccessOptions {
  /** Only members of the community server (ACCESS_REQUIRE_MEMBER). */
  requireMember: boolean;
  /** Community role ids of which the member must hold at least one (ACCESS_ROLE_IDS); empty = any. */
  roleIds: readonly string[];
  resources: Resources;
  logger: Pick<Logger, 'debug' | 'warn'>;
}

/** The router's guard: a refusal sentence, or undefined to allow. */
export type AccessGuard = (interaction: Pick<Interaction, 'user'>) => Promise<string | undefined>;

export function createAccessGuard(options: AccessOptions): AccessGuard {
  const wanted = new Set(options.roleIds);
  if (!options.requireMember && wanted.size === 0) return async () => undefined;
  return async (interaction) => {
    const userId = interaction.user.id;
    let roles: unknown;
    try {
      roles = (await options.resources.getMemberByChatId(userId)).data.roles;
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        options.logger.debug({ user: userId }, 'access refused: not a member');
        return MESSAGES.notAllowed;
      }
      options.logger.warn({ user: userId, err: error }, 'access check failed; refusing');
      return errorMessage(error);
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
