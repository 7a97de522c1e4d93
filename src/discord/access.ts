/**
 * Who may use Rollcall beyond Discord's own command permissions: optionally only holders of one of
 * the given Discord roles (free: every interaction carries the member's roles), optionally only
 * members of the community server, optionally only those holding one of the given community roles.
 * Every configured gate must pass. The community member is looked up by Discord user id through the
 * API layer, accepting a saved record only up to ACCESS_MAX_AGE_SECONDS old and never the copy kept
 * for when the API fails. Fails closed: when the API cannot answer, the refusal says why.
 *
 * Anyone who can run a command can make the community gates look them up, so a lookup costs little:
 * - it spends from the access checks' share of the monthly allowance, never from the rest or the
 *   reserve (the `access` read option; Limits.takeAccess); when that share is spent, a user with no
 *   saved answer young enough is told so in one sentence (a saved positive answer still lets in);
 * - a refusal rests on a saved answer ("not a member", or the member's roles) up to the same maximum
 *   age, so a stranger asking again within it costs no request;
 * - a user refused REFUSALS_BEFORE_HOLD times within REFUSAL_WINDOW_MS is refused without a lookup
 *   for the rest of that window (Refusals).
 */
import type { Interaction } from 'discord.js';
import { AccessSpentError, isApiError } from '../api/errors.js';
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
  /**
   * Who was refused lately (default: this process's, shared by every guard: in hosted mode a guard
   * is built for each interaction).
   */
  refusals?: Refusals;
  /** Clock of the refusal window (ms since epoch). */
  now?: () => number;
}

/** The router's guard: a refusal sentence, or undefined to allow. */
export type AccessGuard = (
  interaction: Pick<Interaction, 'user'> & Partial<Pick<Interaction, 'member' | 'guildId'>>,
) => Promise<string | undefined>;

/** Default of ACCESS_MAX_AGE_SECONDS, in ms. */
export const DEFAULT_ACCESS_MAX_AGE_MS = 300_000;
/** Refusals within REFUSAL_WINDOW_MS after which a user is refused without a lookup. */
export const REFUSALS_BEFORE_HOLD = 3;
export const REFUSAL_WINDOW_MS = 10 * 60_000;
/** Users whose refusals are remembered at most (the least recently refused are forgotten first). */
const MAX_REFUSED_USERS = 10_000;

/**
 * Users refused lately, by key (server, gates and user): after `limit` refusals within `windowMs`,
 * `held` says so until the window since the first of them has passed (refusals told meanwhile are
 * not counted, so the hold ends). In memory and bounded: it only ever saves a lookup, never lets
 * anyone in.
 */
export interface Refusals {
  held(key: string, at: number): boolean;
  refused(key: string, at: number): void;
  /** The user was let in: their refusals no longer count. */
  forget(key: string): void;
}

export function createRefusals(
  limit = REFUSALS_BEFORE_HOLD,
  windowMs = REFUSAL_WINDOW_MS,
  maxUsers = MAX_REFUSED_USERS,
): Refusals {
  /** The times of each user's last `limit` refusals, oldest first; Map order is refusal order. */
  const byKey = new Map<string, number[]>();
  return {
    held(key, at) {
      const times = byKey.get(key);
      const first = times?.length === limit ? times[0] : undefined;
      return first !== undefined && at - first < windowMs;
    },
    refused(key, at) {
      const times = (byKey.get(key) ?? []).filter((t) => at - t < windowMs);
      times.push(at);
      byKey.delete(key);
      byKey.set(key, times.slice(-limit));
      for (const oldest of byKey.keys()) {
        if (byKey.size <= maxUsers) break;
        byKey.delete(oldest);
      }
    },
    forget(key) {
      byKey.delete(key);
    },
  };
}

const processRefusals = createRefusals();

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
  const refusals = options.refusals ?? processRefusals;
  const now = options.now ?? Date.now;
  /** A refusal counts for these gates only: changed settings start the count again. */
  const gates = `${options.requireMember ? 'member' : ''}:${[...wanted].sort().join(',')}`;

  /** The community gates' answer: let in, refused, or the sentence saying why it cannot be checked. */
  async function lookUp(userId: string): Promise<'in' | 'refused' | { unchecked: string }> {
    let roles: unknown;
    try {
      const fetched = await options.resources.getMemberByChatId(userId, { maxAgeMs, access: true });
      if (fetched.stale) throw new Error('a saved member record was offered for an access check');
      roles = fetched.data.roles;
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        options.logger.debug({ user: userId }, 'access refused: not a member');
        return 'refused';
      }
      if (error instanceof AccessSpentError) {
        options.logger.debug({ user: userId }, 'access unchecked: the access checks allowance is spent');
        return { unchecked: MESSAGES.accessChecksSpent(Math.floor(error.nextAt / 1000)) };
      }
      options.logger.warn({ user: userId, err: error }, 'access check failed; refusing');
      return { unchecked: MESSAGES.accessUnchecked(errorMessage(error)) };
    }
    if (wanted.size === 0) return 'in';
    const held = Array.isArray(roles) && roles.some((id) => typeof id === 'string' && wanted.has(id));
    if (!held) {
      options.logger.debug({ user: userId }, 'access refused: no allowed role');
      return 'refused';
    }
    return 'in';
  }

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
    const key = `${interaction.guildId ?? ''}:${gates}:${userId}`;
    if (refusals.held(key, now())) {
      options.logger.debug({ user: userId }, 'access refused: refused again and again lately (no lookup)');
      return MESSAGES.notAllowed;
    }
    const answer = await lookUp(userId);
    if (answer === 'in') {
      refusals.forget(key);
      return undefined;
    }
    if (answer === 'refused') {
      refusals.refused(key, now());
      return MESSAGES.notAllowed;
    }
    return answer.unchecked;
  };
}
