/**
 * Who may use Rollcall beyond Discord's own command permissions: optionally only holders of one of
 * the given Discord roles (free: every interaction carries the member's roles), optionally only
 * members of the community server, optionally only those holding one of the given community roles.
 * Every configured gate must pass. The community member is looked up by Discord user id through the
 * API layer, accepting a saved record only up to ACCESS_MAX_AGE_SECONDS old and never the copy kept
 * for when the API fails. Fails closed: when the API cannot answer, the refusal says why.
 *
 * Linked roles cost nothing: a community role whose `linkedChatRoleId` names a Discord role of this
 * server (the community server keeps the two in step) is held by whoever holds that Discord role, as
 * the interaction says. A holder is let in with no lookup; when every access role is linked, anyone
 * else is refused with no lookup. Only access roles with no usable link (none, not a Discord id, a
 * role no longer on the server) fall back to member lookups. The roles list this rests on is one
 * saved read, shared by every process (the cache), read again at most once a day (ROLES_FRESH_MS)
 * and only as the month's pace and the access share (as a first check) allow: the saved list stands
 * in meanwhile (up to ROLES_KEEP_MS). /rollcall-admin settings and /rollcall status read it again
 * when it is older than CACHE_TTL_STABLE_SECONDS (as the pace allows), so a changed link shows there.
 *
 * Anyone who can run a command can make the community gates look them up, so a lookup costs little:
 * - it spends from the access checks' share of the monthly allowance, never from the rest or the
 *   reserve (the `access` read option; Limits.takeAccess); when that share is spent, a user with no
 *   saved answer young enough is told so in one sentence (a saved positive answer still lets in);
 * - first checks (anyone no saved answer allowed: every stranger) spend only part of that share, so
 *   re-checks of users a lookup allowed always find the rest (allowance.ts, FIRST_CHECKS_PART);
 * - the one place a saved answer may allow: when the share is spent, a user whose last lookup allowed
 *   them is let in on that answer while it is younger than ACCESS_GRACE_SECONDS (a demotion then
 *   reaches Rollcall only when the grace runs out; a lookup that refused them since ends it);
 * - a refusal rests on a saved answer ("not a member", or the member's roles) up to the same maximum
 *   age, so a stranger asking again within it costs no request;
 * - a user refused REFUSALS_BEFORE_HOLD times within REFUSAL_WINDOW_MS is refused without a lookup
 *   for the rest of that window (Refusals).
 */
import type { Interaction } from 'discord.js';
import type { Role } from '../../generated/api.js';
import { AccessSpentError, isApiError } from '../api/errors.js';
import type { Resources } from '../api/types.js';
import { SNOWFLAKE } from '../base/discord-limits.js';
import type { Logger } from '../base/log.js';
import type { AccessRoleLink } from '../render/access.js';
import { errorText, say, type Text } from './replies.js';

export type { AccessRoleLink, LinkProblem } from '../render/access.js';

export interface AccessOptions {
  /** Discord role ids of which the user must hold at least one (ACCESS_DISCORD_ROLE_IDS); empty = any. */
  discordRoleIds?: readonly string[];
  /** Oldest saved member record an access decision may rest on, ms (ACCESS_MAX_AGE_SECONDS). */
  maxAgeMs?: number;
  /**
   * How long a user a lookup allowed is let in on that saved answer while the access share is spent,
   * ms (ACCESS_GRACE_SECONDS); 0: never.
   */
  graceMs?: number;
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
  /**
   * Servers whose roles list did not read lately, until when (default: this process's, shared by
   * every guard); within that time their access roles go to lookups without a read.
   */
  rolesUnread?: Map<string, number>;
  /** Clock of the refusal window and of the roles list's retry (ms since epoch). */
  now?: () => number;
}

/** The router's guard: a refusal sentence (said in the reader's language), or undefined to allow. */
export type AccessGuard = (interaction: AccessInteraction) => Promise<Text | undefined>;

/** What the guard reads of an interaction: the user, and (in a server) the member and the server. */
export type AccessInteraction = Pick<Interaction, 'user'> &
  Partial<Pick<Interaction, 'member' | 'guildId' | 'guild'>>;

/** Default of ACCESS_MAX_AGE_SECONDS, in ms. */
export const DEFAULT_ACCESS_MAX_AGE_MS = 300_000;
/** Default of ACCESS_GRACE_SECONDS, in ms. */
export const DEFAULT_ACCESS_GRACE_MS = 86_400_000;
/**
 * How long the community's roles list (which access roles are linked to which Discord roles) is used
 * before it is read again. Links change rarely; /rollcall-admin settings and /rollcall status read
 * it again sooner (when older than CACHE_TTL_STABLE_SECONDS), as the month's pace allows.
 */
export const ROLES_FRESH_MS = 86_400_000;
/**
 * How long the guard holds on to a roles list it could not read again (the access share spent, the
 * API failing): links keep saving lookups all month, and a removed Discord role still counts at once.
 */
export const ROLES_KEEP_MS = 35 * 86_400_000;
/** Pages of 100 roles read at most to find the access roles. */
const MAX_ROLE_PAGES = 5;
/**
 * After the roles list could not be read for a server, how long this process leaves its access roles
 * to member lookups before trying again (so a failing read is not a request per interaction).
 */
export const ROLES_RETRY_MS = 10 * 60_000;
/** This process's servers whose roles list did not read lately, and until when (bounded, oldest first). */
const processRolesUnread = new Map<string, number>();
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

/** The Discord roles of the interaction's server (the gateway's cache); undefined when not known. */
export function serverRolesOf(
  interaction: Partial<Pick<Interaction, 'guild'>>,
): ReadonlySet<string> | undefined {
  const cache: unknown = interaction.guild?.roles?.cache;
  return cache instanceof Map ? new Set(cache.keys()) : undefined;
}

/**
 * The community's roles among `roleIds`, from the saved roles list (pages of 100, fresh for
 * `freshForMs`, only as many pages as it takes); undefined when the list cannot be read.
 */
async function communityRoles(
  resources: Resources,
  roleIds: readonly string[],
  freshForMs: number | undefined,
): Promise<Map<string, Role> | undefined> {
  const found = new Map<string, Role>();
  for (let page = 1; page <= MAX_ROLE_PAGES; page++) {
    // The guard's reads (`freshForMs`) spend from the access checks' share, as a first check: links
    // save lookups, not the moderators' reads. A saved list is kept when the share is spent.
    const read = await resources.listRoles(
      { page, limit: 100 },
      freshForMs ? { freshForMs, keepMs: ROLES_KEEP_MS, access: true } : undefined,
    );
    for (const role of read.data.data) if (roleIds.includes(role.id)) found.set(role.id, role);
    if (found.size === roleIds.length || page >= read.data.totalPages) break;
  }
  return found;
}

/**
 * Which of `roleIds` are checked for free (a usable linked Discord role) and which cost a lookup.
 * `serverRoles`: the Discord roles of the server (a link to one not among them is gone); `guildId`:
 * its @everyone role, which no member holds as a role. `freshForMs`: how old a saved roles list may be
 * (default: the cache's own freshness for roles, CACHE_TTL_STABLE_SECONDS). Never throws: a roles list
 * that cannot be read leaves every role to lookups.
 */
export async function accessRoleLinks(options: {
  resources: Resources;
  roleIds: readonly string[];
  serverRoles: ReadonlySet<string>;
  guildId?: string | null;
  freshForMs?: number;
  logger?: Pick<Logger, 'warn'>;
}): Promise<AccessRoleLink[]> {
  const { roleIds, serverRoles, guildId } = options;
  if (roleIds.length === 0) return [];
  let roles: Map<string, Role> | undefined;
  try {
    roles = await communityRoles(options.resources, roleIds, options.freshForMs);
  } catch (error) {
    options.logger?.warn({ err: error }, 'the community roles could not be read; access roles cost lookups');
  }
  return roleIds.map((id) => (roles ? linkOf(id, roles.get(id), serverRoles, guildId) : unread(id)));
}

const unread = (id: string): AccessRoleLink => ({ id, name: id, problem: 'unread' });

/**
 * One access role's link: `role` is the community role (undefined: not among the community's roles),
 * `serverRoles` the Discord roles of the server, `guildId` its @everyone role.
 */
export function linkOf(
  id: string,
  role: { name?: unknown; linkedChatRoleId?: unknown } | undefined,
  serverRoles: ReadonlySet<string>,
  guildId?: string | null,
): AccessRoleLink {
  if (!role) return { id, name: id, problem: 'unknown-role' };
  const name = typeof role.name === 'string' && role.name !== '' ? role.name : id;
  const linked = role.linkedChatRoleId;
  if (typeof linked !== 'string' || linked.trim() === '') return { id, name, problem: 'unlinked' };
  if (!SNOWFLAKE.test(linked) || linked === guildId) return { id, name, problem: 'bad-id' };
  if (!serverRoles.has(linked)) return { id, name, problem: 'gone' };
  return { id, name, discordRoleId: linked };
}

export function createAccessGuard(options: AccessOptions): AccessGuard {
  const wanted = new Set(options.roleIds);
  const discordWanted = new Set(options.discordRoleIds ?? []);
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_ACCESS_MAX_AGE_MS;
  const graceMs = options.graceMs ?? DEFAULT_ACCESS_GRACE_MS;
  const apiGate = options.requireMember || wanted.size > 0;
  if (!apiGate && discordWanted.size === 0) return async () => undefined;
  const refusals = options.refusals ?? processRefusals;
  const rolesUnread = options.rolesUnread ?? processRolesUnread;
  const now = options.now ?? Date.now;
  /** A refusal counts for these gates only: changed settings start the count again. */
  const gates = `${options.requireMember ? 'member' : ''}:${[...wanted].sort().join(',')}`;
  /** Does a member record hold an access role (or, with none set, is it a record at all)? */
  const allows = (record: unknown): boolean => {
    if (wanted.size === 0) return typeof record === 'object' && record !== null;
    const roles: unknown = (record as { roles?: unknown } | null)?.roles;
    return Array.isArray(roles) && roles.some((id) => typeof id === 'string' && wanted.has(id));
  };

  /** The community gates' answer: let in, refused, or the sentence saying why it cannot be checked. */
  async function lookUp(userId: string): Promise<'in' | 'refused' | { unchecked: Text }> {
    let record: unknown;
    try {
      const fetched = await options.resources.getMemberByChatId(userId, {
        maxAgeMs,
        access: true,
        allowedBy: allows,
        graceMs,
      });
      if (fetched.stale) throw new Error('a saved member record was offered for an access check');
      if (fetched.saving) {
        options.logger.debug({ user: userId }, 'access allowed on a saved answer: the access share is spent');
      }
      record = fetched.data;
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        options.logger.debug({ user: userId }, 'access refused: not a member');
        return 'refused';
      }
      if (error instanceof AccessSpentError) {
        options.logger.debug({ user: userId }, 'access unchecked: the access checks allowance is spent');
        return { unchecked: say.accessChecksSpent(Math.floor(error.nextAt / 1000)) };
      }
      options.logger.warn({ user: userId, err: error }, 'access check failed; refusing');
      return { unchecked: say.accessUnchecked(errorText(error)) };
    }
    if (!allows(record)) {
      options.logger.debug({ user: userId }, 'access refused: no allowed role');
      return 'refused';
    }
    return 'in';
  }

  /**
   * The access roles' links, for the free part of the check: 'in' when the user holds a linked
   * Discord role, 'out' when every access role is linked and they hold none, else undefined (look up).
   */
  async function byLinks(interaction: AccessInteraction, held: ReadonlySet<string>) {
    if (wanted.size === 0) return undefined;
    const server = interaction.guildId ?? '';
    if ((rolesUnread.get(server) ?? 0) > now()) return undefined;
    const links = await accessRoleLinks({
      resources: options.resources,
      roleIds: [...wanted],
      // Without the server's roles, a Discord role the user holds is known to exist; others are not.
      serverRoles: serverRolesOf(interaction) ?? held,
      guildId: interaction.guildId,
      freshForMs: ROLES_FRESH_MS,
      logger: options.logger,
    });
    if (links.some((link) => link.problem === 'unread')) {
      rolesUnread.delete(server);
      rolesUnread.set(server, now() + ROLES_RETRY_MS);
      for (const oldest of rolesUnread.keys()) {
        if (rolesUnread.size <= MAX_REFUSED_USERS) break;
        rolesUnread.delete(oldest);
      }
      return undefined;
    }
    const linked = links.filter((link) => link.discordRoleId !== undefined);
    if (linked.some((link) => held.has(link.discordRoleId as string))) return 'in' as const;
    return linked.length === links.length ? ('out' as const) : undefined;
  }

  return async (interaction) => {
    const userId = interaction.user.id;
    const held = discordRolesOf(interaction.member);
    if (discordWanted.size > 0) {
      if (![...discordWanted].some((id) => held.has(id))) {
        options.logger.debug({ user: userId }, 'access refused: no allowed Discord role');
        return say.notAllowed;
      }
    }
    if (!apiGate) return undefined;
    const linked = await byLinks(interaction, held);
    if (linked === 'in') return undefined;
    if (linked === 'out') {
      options.logger.debug({ user: userId }, 'access refused: no linked Discord role held (no lookup)');
      return say.notAllowed;
    }
    const key = `${interaction.guildId ?? ''}:${gates}:${userId}`;
    if (refusals.held(key, now())) {
      options.logger.debug({ user: userId }, 'access refused: refused again and again lately (no lookup)');
      return say.notAllowed;
    }
    const answer = await lookUp(userId);
    if (answer === 'in') {
      refusals.forget(key);
      return undefined;
    }
    if (answer === 'refused') {
      refusals.refused(key, now());
      return say.notAllowed;
    }
    return answer.unchecked;
  };
}
