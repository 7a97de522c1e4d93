/**
 * Who may use Rollcall beyond Discord's own command permissions: optionally only holders of one of
 * the given Discord roles (free: every interaction carries the member's roles), optionally only
 * members of the community server, optionally only those holding one of the given community roles.
 * Every configured gate must pass. The community member is looked up by Discord user id (an
 * 'access-lookup' read: ReadOptions in src/api/types.ts says what it may rest on and spend). Fails
 * closed: when the API cannot answer, the refusal says why.
 *
 * Linked roles cost nothing: a community role whose `linkedChatRoleId` names a Discord role of this
 * server (the community server keeps the two in step) is held by whoever holds that Discord role, as
 * the interaction says. A holder is let in with no lookup; when every access role is linked, anyone
 * else is refused with no lookup. Only access roles with no usable link (none, not a Discord id, a
 * role not on this server) fall back to member lookups. The links come from the one roles list of
 * src/api/roles.ts (the guard's 'access-roles' read); /rollcall-admin settings and /rollcall status
 * read it again when asked, so a changed link counts from then on.
 *
 * An access role the roles list does not hold is a mistyped setting: a Discord role id (what
 * "Copy Role ID" gives) or a role's name. It is named in a warn line (once an hour per server and
 * role) and, when no access role is left to check, refuses without a lookup with the sentence naming
 * the setting to use. The role ids of a quota setting (single-community mode's REPORTS_QUOTAS) are
 * checked at the same reads: one that is no community role gets its own warn line and is named in
 * /rollcall status.
 *
 * Anyone who can run a command can make the community gates look them up, so a lookup costs little:
 * - first checks spend only part of the access checks' share, so re-checks of users a lookup allowed
 *   always find the rest (allowance.ts, FIRST_CHECKS_PART); every lookup's answer is kept to the
 *   month's end (LOOKUP_KEEP_MS), so a moderator let in once this month is re-checked from that
 *   rest, however long ago: strangers cannot lock them out;
 * - a first check is spent only on a user holding a Discord role that the community's roles list
 *   links to a community role (`linkedChatRoleId`: the one list the guard reads anyway), with access
 *   roles set and for /me alike (`spendRefusal`, the one rule; /me asks it through `firstCheck`):
 *   anyone else, holding only unlinked Discord roles or none, is refused without a lookup, with the
 *   remedy; when the community links no role to a Discord role of this server nobody is (the
 *   sentence says so), and when the list cannot be read nobody is either (fail closed). A user a
 *   lookup let in before is re-checked whatever they hold: re-checks are no first checks;
 * - while the share is spent, a user whose last lookup allowed them is let in on that answer for
 *   ACCESS_GRACE_SECONDS (a demotion then reaches Rollcall only when the grace runs out);
 * - a user refused REFUSALS_BEFORE_HOLD times within REFUSAL_WINDOW_MS is refused without a lookup
 *   for the rest of that window (Refusals).
 *
 * Every refusal names its cause: one sentence for the user (`RefusalCause`, each its own) and a warn
 * line for the operator (who, which rule, what would let them in; at most one per user and cause
 * every REFUSAL_WARN_MS), and the last refusals of each server are kept for /rollcall status.
 */
import type { Interaction } from 'discord.js';
import { AccessSpentError, FirstCheckSkippedError, isApiError } from '../api/errors.js';
import { type ReadRolesOptions, type RolesList, readRoles, rolesRetryAt } from '../api/roles.js';
import type { Resources } from '../api/types.js';
import { SNOWFLAKE } from '../base/discord-limits.js';
import type { Logger } from '../base/log.js';
import type { AccessRoleLink, AccessRolesRead, RefusalCause, RefusalRecord } from '../render/access.js';
import { errorText, say, type Text } from './replies.js';

export type {
  AccessRoleLink,
  AccessRolesRead,
  LinkProblem,
  RefusalCause,
  RefusalRecord,
} from '../render/access.js';

/** The names an admin knows the access settings by (environment variables, or the admin options). */
interface AccessSettingNames {
  roles: string;
  discordRoles: string;
}

/** Single-community mode's: the environment. */
export const ENV_SETTING_NAMES: AccessSettingNames = {
  roles: 'ACCESS_ROLE_IDS',
  discordRoles: 'ACCESS_DISCORD_ROLE_IDS',
};
/** Hosted mode's: /rollcall-admin settings' options. */
export const ADMIN_SETTING_NAMES: AccessSettingNames = {
  roles: 'access-roles',
  discordRoles: 'discord-roles',
};

/** The access rules of a community, as configured (what /rollcall status lists). */
export interface AccessRules {
  requireMember: boolean;
  /** Community role ids (ACCESS_ROLE_IDS; access-roles). */
  roleIds: readonly string[];
  /** Discord role ids of the server (ACCESS_DISCORD_ROLE_IDS; discord-roles). */
  discordRoleIds: readonly string[];
  settingNames: AccessSettingNames;
  /** Community role ids that have a quota (single-community mode's REPORTS_QUOTAS), checked at each read. */
  quotaRoles?: QuotaRoles;
}

/** Role ids a reports setting names (`setting`: REPORTS_QUOTAS), checked against the roles list. */
interface QuotaRoles {
  setting: string;
  ids: readonly string[];
}

interface AccessOptions {
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
  /**
   * The community the checks read (its credential's hash, never the token): refusals counted under
   * one token do not hold a user back once the server links another.
   */
  community?: string;
  /** Community role ids of which the member must hold at least one (ACCESS_ROLE_IDS); empty = any. */
  roleIds: readonly string[];
  /** What the settings are called where the admin sets them (default: the environment's names). */
  settingNames?: AccessSettingNames;
  /** Quota roles checked (and warned of) when the guard reads the roles list. */
  quotaRoles?: QuotaRoles;
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
  /** The last refusals of each server, for /rollcall status (default: this process's). */
  journal?: AccessJournal;
  /** Which warn lines may be written now (default: this process's, REFUSAL_WARN_MS per key). */
  warnGate?: WarnGate;
  /** Clock of the refusal window and of the roles list's retry (ms since epoch). */
  now?: () => number;
}

/** What the guard reads of an interaction: the user, and (in a server) the member and the server. */
export type AccessInteraction = Pick<Interaction, 'user'> &
  Partial<Pick<Interaction, 'member' | 'guildId' | 'guild'>>;

/** Default of ACCESS_MAX_AGE_SECONDS, in ms. */
const DEFAULT_ACCESS_MAX_AGE_MS = 300_000;
/** Default of ACCESS_GRACE_SECONDS, in ms. */
const DEFAULT_ACCESS_GRACE_MS = 86_400_000;
/**
 * How long every lookup's answer is kept (not how long it may decide: ACCESS_MAX_AGE_SECONDS): past
 * the month's end, so a user a lookup let in this month is re-checked from the re-checks' part.
 */
export const LOOKUP_KEEP_MS = 35 * 86_400_000;
/** This process's servers whose roles list did not read lately, and until when (bounded, oldest first). */
const processRolesUnread = new Map<string, number>();

/**
 * How often each server's entry of a "roles unread" map was forgotten: a read that began before
 * (with the token replaced since) and fails after must not write its failure back.
 */
const forgettings = new WeakMap<Map<string, number>, Map<string, number>>();
const forgottenCount = (rolesUnread: Map<string, number>, server: string) =>
  forgettings.get(rolesUnread)?.get(server) ?? 0;

/**
 * Forget that a server's roles list did not read (its token replaced, or the server unlinked): its
 * next check reads the list, with the token linked now, rather than after the old token's retry time.
 */
export function forgetRolesUnread(server: string, rolesUnread = processRolesUnread): void {
  rolesUnread.delete(server);
  const forgotten = forgettings.get(rolesUnread) ?? new Map<string, number>();
  forgettings.set(rolesUnread, forgotten);
  forgotten.set(server, (forgotten.get(server) ?? 0) + 1);
}

/** Refusals within REFUSAL_WINDOW_MS after which a user is refused without a lookup. */
export const REFUSALS_BEFORE_HOLD = 3;
export const REFUSAL_WINDOW_MS = 10 * 60_000;
/** Users whose refusals are remembered at most (the least recently refused are forgotten first). */
const MAX_REFUSED_USERS = 10_000;
/** At most one warn line per server, user and refusal cause (or mistyped role) in this time. */
const REFUSAL_WARN_MS = 60 * 60_000;
/** Refusals kept per server for /rollcall status. */
const JOURNAL_PER_SERVER = 20;

/** The last refusals of each server (in memory, this process's; bounded). */
interface AccessJournal {
  record(guildId: string, refusal: RefusalRecord): void;
  /** The server's last refusals, newest first. */
  recent(guildId: string): RefusalRecord[];
}

export function createAccessJournal(perServer = JOURNAL_PER_SERVER, maxServers = 10_000): AccessJournal {
  const byServer = new Map<string, RefusalRecord[]>();
  return {
    record(guildId, refusal) {
      const list = byServer.get(guildId) ?? [];
      byServer.delete(guildId);
      byServer.set(guildId, [refusal, ...list].slice(0, perServer));
      for (const oldest of byServer.keys()) {
        if (byServer.size <= maxServers) break;
        byServer.delete(oldest);
      }
    },
    recent: (guildId) => [...(byServer.get(guildId) ?? [])],
  };
}

/** This process's journal: every guard's, and what /rollcall status reads. */
export const processJournal = createAccessJournal();

/** Whether a warn line under `key` may be written at `at` (and, if so, counts it written). */
type WarnGate = (key: string, at: number) => boolean;

/** Whether `key` may be logged now (once per `everyMs`); bounded, the oldest keys forgotten. */
export function createWarnGate(everyMs = REFUSAL_WARN_MS, max = MAX_REFUSED_USERS): WarnGate {
  const last = new Map<string, number>();
  return (key: string, at: number): boolean => {
    const before = last.get(key);
    if (before !== undefined && at - before < everyMs) return false;
    last.delete(key);
    last.set(key, at);
    for (const oldest of last.keys()) {
      if (last.size <= max) break;
      last.delete(oldest);
    }
    return true;
  };
}

const processWarnGate = createWarnGate();

/**
 * Users refused lately, by key (server, gates and user): after `limit` refusals within `windowMs`,
 * `held` says so until the window since the first of them has passed (refusals told meanwhile are
 * not counted, so the hold ends). In memory and bounded: it only ever saves a lookup, never lets
 * anyone in.
 */
interface Refusals {
  held(key: string, at: number): boolean;
  /** When the user's hold ends (ms), or undefined when not held. */
  heldUntil?(key: string, at: number): number | undefined;
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
  const heldUntil = (key: string, at: number) => {
    const times = byKey.get(key);
    const first = times?.length === limit ? times[0] : undefined;
    return first !== undefined && at - first < windowMs ? first + windowMs : undefined;
  };
  return {
    held: (key, at) => heldUntil(key, at) !== undefined,
    heldUntil,
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

/**
 * Why no first check may be spent on a user: they hold no Discord role the roles list links to a
 * community role; the community links none to a Discord role of this server; or the roles list
 * could not be read (tried again at `retryAt`, ms).
 */
export type SpendRefusal =
  | { cause: 'unlinked-user' }
  | { cause: 'no-links' }
  | { cause: 'roles-unread'; retryAt: number };

/** The Discord roles the roles list links community roles to (and whether it was read whole), or when it is read again. */
type LinkedDiscordRoles = { ids: ReadonlySet<string>; complete: boolean } | { unread: { retryAt: number } };

/** Every Discord role id a community role of `roles` is linked to (a Discord id, not @everyone). */
function linkedChatRoleIds(roles: ReadonlyArray<{ linkedChatRoleId?: unknown }>, guildId?: string | null) {
  const ids = new Set<string>();
  for (const { linkedChatRoleId: id } of roles) {
    if (typeof id === 'string' && SNOWFLAKE.test(id) && id !== guildId) ids.add(id);
  }
  return ids;
}

/**
 * The one rule of who may be spent a first check (a lookup no saved answer allowed): a holder of a
 * Discord role that the roles list links to a community role. `serverRoles`, when known, are the
 * server's Discord roles: a link to a role not among them links nothing here. Fails closed: with
 * the list unread, nobody.
 */
export function spendRefusal(
  held: ReadonlySet<string>,
  linked: LinkedDiscordRoles,
  serverRoles?: ReadonlySet<string>,
): SpendRefusal | undefined {
  if ('unread' in linked) return { cause: 'roles-unread', retryAt: linked.unread.retryAt };
  if ([...held].some((id) => linked.ids.has(id))) return undefined;
  const here = serverRoles ? [...linked.ids].filter((id) => serverRoles.has(id)) : [...linked.ids];
  return here.length === 0 && linked.complete ? { cause: 'no-links' } : { cause: 'unlinked-user' };
}

/**
 * Whether the spending rule lets no first check through on this server, whatever a user holds: the
 * community's roles (`complete`: all of them) link none to a Discord role of the server
 * (`serverRoles`, when known). With access roles set, nobody a lookup has not let in before then
 * passes the check: what the admin's answers warn of.
 */
export function nobodySpendable(
  roles: ReadonlyArray<{ linkedChatRoleId?: unknown }>,
  complete: boolean,
  guildId: string | null | undefined,
  serverRoles: ReadonlySet<string> | undefined,
): boolean {
  const linked = { ids: linkedChatRoleIds(roles, guildId), complete };
  return spendRefusal(new Set(), linked, serverRoles)?.cause === 'no-links';
}

/** The Discord roles of the interaction's server (the gateway's cache); undefined when not known. */
export function serverRolesOf(
  interaction: Partial<Pick<Interaction, 'guild'>>,
): ReadonlySet<string> | undefined {
  const cache: unknown = interaction.guild?.roles?.cache;
  return cache instanceof Map ? new Set(cache.keys()) : undefined;
}

/**
 * The access roles against the community's roles list (the one reader): which are checked free (a
 * usable linked Discord role), which cost a lookup and why, and what the read covers (`purpose`: as
 * readRoles'). Never throws: a list that cannot be read leaves every role to lookups, and says when
 * it is tried again.
 */
export async function accessRoles(options: {
  resources: Resources;
  roleIds: readonly string[];
  serverRoles: ReadonlySet<string>;
  guildId?: string | null;
  purpose?: ReadRolesOptions['purpose'];
  now?: () => number;
  logger?: Pick<Logger, 'warn'>;
  settingNames?: AccessSettingNames;
  /** Quota roles to check against the list too: those it does not hold are named (and warned of). */
  quotaRoles?: QuotaRoles;
}): Promise<AccessRolesRead & { linkedChatRoleIds?: ReadonlySet<string> }> {
  const { roleIds, serverRoles, guildId } = options;
  const now = options.now ?? Date.now;
  let list: RolesList;
  try {
    list = await readRoles(options.resources, {
      ...(options.purpose ? { purpose: options.purpose } : {}),
      now,
    });
  } catch (error) {
    options.logger?.warn(
      { err: error },
      'the community roles could not be read; access roles cost lookups (re-checks only: no first check is spent)',
    );
    return {
      links: roleIds.map((id) => ({ id, name: id, problem: 'unread' })),
      unread: { retryAt: rolesRetryAt(error, now()), reason: errorText(error) },
    };
  }
  const links = roleIds.map((id) => linkOf(id, list.byId.get(id), serverRoles, guildId, list));
  warnMistyped(links, guildId ?? '', options, now());
  const quotaRoles = options.quotaRoles ? quotaProblems(options.quotaRoles, list) : undefined;
  if (quotaRoles) warnQuotaRoles(quotaRoles, guildId ?? '', options.logger, now());
  return {
    links,
    linkedChatRoleIds: linkedChatRoleIds(list.roles, guildId),
    ...(quotaRoles && quotaRoles.links.length > 0 ? { quotaRoles } : {}),
    list: {
      readAt: list.readAt,
      nextReadAt: list.nextReadAt,
      complete: list.complete,
      count: list.roles.length,
      ...(list.standIn ? { standIn: list.standIn } : {}),
    },
  };
}

/** A warn line for each access role that is a mistyped setting (once an hour per server and role). */
function warnMistyped(
  links: readonly AccessRoleLink[],
  guildId: string,
  options: { logger?: Pick<Logger, 'warn'>; settingNames?: AccessSettingNames },
  at: number,
) {
  const names = options.settingNames ?? ENV_SETTING_NAMES;
  for (const link of links) {
    if (link.problem !== 'discord-id' && link.problem !== 'role-name' && link.problem !== 'unknown-role')
      continue;
    if (!processWarnGate(`mistyped:${guildId}:${link.id}`, at)) continue;
    const fix =
      link.problem === 'discord-id'
        ? `a Discord role id: Discord roles go in ${names.discordRoles}`
        : link.problem === 'role-name'
          ? `a role's name: give its id ${link.suggestion ?? ''}`
          : 'no community role: give the id of a role of the community server';
    options.logger?.warn(
      { guild: guildId, setting: names.roles, value: link.id },
      `${names.roles} names ${fix}`,
    );
  }
}

/**
 * The quota roles the roles list does not hold (a Discord role id, a role's name, or nothing known);
 * with a partial list, only those named by a role's name (any other may be past what was read).
 */
function quotaProblems(quota: QuotaRoles, list: RolesList): { setting: string; links: AccessRoleLink[] } {
  const links = [...new Set(quota.ids)]
    .filter((id) => !list.byId.has(id))
    .map((id) => notARole(id, list))
    .filter((link) => list.complete || link.problem === 'role-name');
  return { setting: quota.setting, links };
}

/** A warn line for each quota role that is no community role (once an hour per server and role). */
function warnQuotaRoles(
  quota: { setting: string; links: readonly AccessRoleLink[] },
  guildId: string,
  logger: Pick<Logger, 'warn'> | undefined,
  at: number,
) {
  for (const link of quota.links) {
    if (!processWarnGate(`quota-role:${guildId}:${link.id}`, at)) continue;
    const what =
      link.problem === 'discord-id'
        ? 'a Discord role id: quotas take community role ids'
        : link.problem === 'role-name'
          ? `a role's name: give its id ${link.suggestion ?? ''}`
          : 'no community role: give the id of a role of the community server';
    logger?.warn(
      { guild: guildId, setting: quota.setting, value: link.id },
      `${quota.setting} names ${what} (its quota counts nobody)`,
    );
  }
}

/** The community's roles by id and name, and whether that is all of them. */
interface RoleNames {
  roles: ReadonlyArray<{ id: string; name?: unknown }>;
  complete: boolean;
}

/**
 * One access role's link: `role` is the community role (undefined: not among the community's roles),
 * `serverRoles` the Discord roles of the server, `guildId` its @everyone role. `list`, when given, is
 * the whole roles list: an id it does not hold is named for what it looks like (a Discord role id, a
 * role's name) when the list is complete.
 */
export function linkOf(
  id: string,
  role: { name?: unknown; linkedChatRoleId?: unknown } | undefined,
  serverRoles: ReadonlySet<string>,
  guildId?: string | null,
  list?: RoleNames,
): AccessRoleLink {
  if (!role) return notARole(id, list);
  const name = typeof role.name === 'string' && role.name !== '' ? role.name : id;
  const linked = role.linkedChatRoleId;
  if (typeof linked !== 'string' || linked.trim() === '') return { id, name, problem: 'unlinked' };
  if (!SNOWFLAKE.test(linked) || linked === guildId) return { id, name, problem: 'bad-id' };
  if (!serverRoles.has(linked)) return { id, name, problem: 'gone', linkedTo: linked };
  return { id, name, discordRoleId: linked };
}

/** An access role the roles list does not hold: a role's name, a Discord role id, or nothing known. */
function notARole(id: string, list: RoleNames | undefined): AccessRoleLink {
  const byName = list?.roles.find(
    (r) => typeof r.name === 'string' && r.name.trim().toLowerCase() === id.trim().toLowerCase(),
  );
  if (byName) return { id, name: id, problem: 'role-name', suggestion: byName.id };
  if (list?.complete && SNOWFLAKE.test(id)) return { id, name: id, problem: 'discord-id' };
  return { id, name: id, problem: 'unknown-role' };
}

/** A refusal: its cause, its sentence, and what would let the user in (for the operator's log). */
interface Refusal {
  cause: RefusalCause;
  /** Why it could not be checked (the API's failure), for the log line. */
  err?: unknown;
  text: Text;
  letsIn: string;
}

/** What the access roles' links decide: let in, refuse, or undefined (look the member up). */
type LinksVerdict = 'in' | { out: Refusal } | undefined;

/** The router's guard of one community's rules (built per interaction in hosted mode). */
export class AccessGuard {
  /** The options' `roleIds` and `discordRoleIds`. */
  private readonly wanted: ReadonlySet<string>;
  private readonly discordWanted: ReadonlySet<string>;
  /** Whether a community gate is set (membership or a community role): else no API read at all. */
  private readonly apiGate: boolean;
  private readonly names: AccessSettingNames;
  private readonly journal: AccessJournal;
  private readonly warnGate: WarnGate;
  private readonly refusals: Refusals;
  private readonly rolesUnread: Map<string, number>;
  private readonly now: () => number;
  /** A refusal counts for these gates only: changed settings, or another token, start the count again. */
  private readonly gates: string;

  constructor(private readonly options: AccessOptions) {
    this.wanted = new Set(options.roleIds);
    this.discordWanted = new Set(options.discordRoleIds ?? []);
    this.apiGate = options.requireMember || this.wanted.size > 0;
    this.names = options.settingNames ?? ENV_SETTING_NAMES;
    this.journal = options.journal ?? processJournal;
    this.warnGate = options.warnGate ?? processWarnGate;
    this.refusals = options.refusals ?? processRefusals;
    this.rolesUnread = options.rolesUnread ?? processRolesUnread;
    this.now = options.now ?? Date.now;
    this.gates = `${options.community ?? ''}:${options.requireMember ? 'member' : ''}:${[...this.wanted].sort().join(',')}`;
  }

  /**
   * A refusal sentence (said in the reader's language), or undefined to allow; each refusal is
   * journaled and logged. Bound, so it may be handed on as the community's guard.
   */
  readonly check = async (interaction: AccessInteraction): Promise<Text | undefined> => {
    const refusal = await this.refusal(interaction);
    if (!refusal) return undefined;
    this.record(interaction, refusal);
    return refusal.text;
  };

  /**
   * Whether a first check may be spent on the user outside the guard (/me's own lookup): the spending
   * rule over the roles list (read as asked, the one saved copy), undefined when it may; a refusal is
   * journaled and logged as the guard's are. Bound, so it may be handed on with the community.
   */
  readonly firstCheck = async (interaction: AccessInteraction): Promise<SpendRefusal | undefined> => {
    const linked = await this.linkedRoles(interaction.guildId ?? '', () =>
      readRoles(this.options.resources, { now: this.now }).then((list) => ({
        linkedChatRoleIds: linkedChatRoleIds(list.roles, interaction.guildId),
        complete: list.complete,
      })),
    );
    const refusal = spendRefusal(discordRolesOf(interaction.member), linked, serverRolesOf(interaction));
    if (refusal)
      this.record(interaction, { cause: refusal.cause, letsIn: spendLetsIn(refusal) }, { via: 'me' });
    return refusal;
  };

  /** Journal a refusal and write its warn line (at most one per server, user and cause every REFUSAL_WARN_MS). */
  private record(
    interaction: AccessInteraction,
    refusal: Pick<Refusal, 'cause' | 'letsIn' | 'err'>,
    extra: Record<string, string> = {},
  ) {
    const userId = interaction.user.id;
    const guildId = interaction.guildId ?? '';
    const at = this.now();
    this.journal.record(guildId, { cause: refusal.cause, at, userId });
    if (!this.warnGate(`refused:${guildId}:${refusal.cause}:${userId}`, at)) return;
    this.options.logger.warn(
      {
        guild: guildId,
        user: userId,
        rule: refusal.cause,
        letsIn: refusal.letsIn,
        ...extra,
        ...(refusal.err !== undefined ? { err: refusal.err } : {}),
      },
      'access refused',
    );
  }

  /** The checks themselves: undefined to let in, else the refusal. */
  private async refusal(interaction: AccessInteraction): Promise<Refusal | undefined> {
    const { names, discordWanted, refusals, now } = this;
    const held = discordRolesOf(interaction.member);
    if (discordWanted.size > 0 && ![...discordWanted].some((id) => held.has(id))) {
      return {
        cause: 'discord-role',
        text: say.accessNoDiscordRole,
        letsIn: `one of the Discord roles of ${names.discordRoles} (${[...discordWanted].join(', ')})`,
      };
    }
    if (!this.apiGate) return undefined;
    const { verdict, linked } = await this.byLinks(interaction, held);
    if (verdict === 'in') return undefined;
    if (verdict) return verdict.out;
    const key = `${interaction.guildId ?? ''}:${this.gates}:${interaction.user.id}`;
    const heldUntil = refusals.heldUntil?.(key, now()) ?? (refusals.held(key, now()) ? now() : undefined);
    if (heldUntil !== undefined) {
      return {
        cause: 'held',
        text: say.accessHeld(Math.ceil(heldUntil / 1000)),
        letsIn: 'the hold to end (it saves lookups of a user refused again and again)',
      };
    }
    // With access roles set, a first check is spent only as the spending rule allows.
    const spend = linked ? spendRefusal(held, linked, serverRolesOf(interaction)) : undefined;
    const answer = await this.lookUp(interaction.user.id, spend);
    if (answer === 'in') {
      refusals.forget(key);
      return undefined;
    }
    if (answer.cause === 'not-member' || answer.cause === 'no-access-role') refusals.refused(key, now());
    return answer;
  }

  /**
   * The free part of the check: what the access roles' links decide for a user holding `held`, and
   * (with access roles set) the Discord roles the roles list links, for the spending rule.
   */
  private async byLinks(
    interaction: AccessInteraction,
    held: ReadonlySet<string>,
  ): Promise<{ verdict: LinksVerdict; linked?: LinkedDiscordRoles }> {
    if (this.wanted.size === 0) return { verdict: undefined };
    let verdict: LinksVerdict;
    const linked = await this.linkedRoles(interaction.guildId ?? '', async () => {
      const read = await accessRoles({
        resources: this.options.resources,
        roleIds: [...this.wanted],
        // Without the server's roles, a Discord role the user holds is known to exist; others are not.
        serverRoles: serverRolesOf(interaction) ?? held,
        guildId: interaction.guildId,
        purpose: 'access-roles',
        now: this.now,
        logger: this.options.logger,
        settingNames: this.names,
        ...(this.options.quotaRoles ? { quotaRoles: this.options.quotaRoles } : {}),
      });
      if (read.unread) return { unreadUntil: read.unread.retryAt };
      verdict = linksVerdict(read.links, read.list?.complete === true, held, this.names);
      return {
        linkedChatRoleIds: read.linkedChatRoleIds ?? new Set(),
        complete: read.list?.complete === true,
      };
    });
    return { verdict, linked };
  }

  /**
   * The Discord roles the server's roles list links (`read`: the read of it, or when to try again
   * after a failure); without a read while a failed one waits for its retry (ROLES_RETRY_MS, or the
   * allowance's reset), remembered per server.
   */
  private async linkedRoles(
    server: string,
    read: () => Promise<
      { linkedChatRoleIds: ReadonlySet<string>; complete: boolean } | { unreadUntil: number }
    >,
  ): Promise<LinkedDiscordRoles> {
    const { rolesUnread, now } = this;
    const until = rolesUnread.get(server) ?? 0;
    if (until > now()) return { unread: { retryAt: until } };
    const forgotten = forgottenCount(rolesUnread, server);
    let answer: Awaited<ReturnType<typeof read>>;
    try {
      answer = await read();
    } catch (error) {
      this.options.logger.warn(
        { err: error },
        'the community roles could not be read; no first check is spent',
      );
      answer = { unreadUntil: rolesRetryAt(error, now()) };
    }
    if ('linkedChatRoleIds' in answer) return { ids: answer.linkedChatRoleIds, complete: answer.complete };
    const retryAt = Math.max(answer.unreadUntil, now() + 1);
    // Read with a token replaced meanwhile: its failure says nothing of the token linked now.
    if (forgottenCount(rolesUnread, server) !== forgotten) return { unread: { retryAt } };
    rolesUnread.delete(server);
    rolesUnread.set(server, retryAt);
    for (const oldest of rolesUnread.keys()) {
      if (rolesUnread.size <= MAX_REFUSED_USERS) break;
      rolesUnread.delete(oldest);
    }
    return { unread: { retryAt } };
  }

  /** Does a member record hold an access role (or, with none set, is it a record at all)? */
  private allows(record: unknown): boolean {
    if (this.wanted.size === 0) return typeof record === 'object' && record !== null;
    const roles: unknown = (record as { roles?: unknown } | null)?.roles;
    return Array.isArray(roles) && roles.some((id) => typeof id === 'string' && this.wanted.has(id));
  }

  /**
   * The community gates' lookup: let in, or the refusal (not a member, no role, or not checkable).
   * `spend`: why no first check may be spent on the user (a re-check still may), if so.
   */
  private async lookUp(userId: string, spend: SpendRefusal | undefined): Promise<'in' | Refusal> {
    const { names } = this;
    let record: unknown;
    try {
      const fetched = await this.options.resources.getMemberByChatId(userId, {
        purpose: 'access-lookup',
        maxAgeMs: this.options.maxAgeMs ?? DEFAULT_ACCESS_MAX_AGE_MS,
        allowedBy: (saved) => this.allows(saved),
        graceMs: this.options.graceMs ?? DEFAULT_ACCESS_GRACE_MS,
        keepMs: LOOKUP_KEEP_MS,
        noFirstCheck: spend !== undefined,
      });
      if (fetched.stale) throw new Error('a saved member record was offered for an access check');
      if (fetched.saving) {
        this.options.logger.debug(
          { user: userId },
          'access allowed on a saved answer: the access share is spent',
        );
      }
      record = fetched.data;
    } catch (error) {
      if (error instanceof FirstCheckSkippedError && spend) return spendRefused(spend, names);
      return lookupFailure(error, names);
    }
    if (this.allows(record)) return 'in';
    return this.wanted.size === 0
      ? { cause: 'not-member', text: say.accessNotMember, letsIn: 'a community member record' }
      : {
          cause: 'no-access-role',
          text: say.accessNoRole,
          letsIn: `one of the community roles of ${names.roles} on their member record`,
        };
  }
}

/** What would let in a user the spending rule refused (for the operator's log line). */
function spendLetsIn(spend: SpendRefusal, names?: AccessSettingNames): string {
  const or = names ? `, or ${names.discordRoles}` : '';
  switch (spend.cause) {
    case 'unlinked-user':
      return `a Discord role of this server that the community links to one of its roles${or}`;
    case 'no-links':
      return `the community server linking its roles to Discord roles of this server (it links none)${or}`;
    case 'roles-unread':
      return `the community roles list read (tried again at ${new Date(spend.retryAt).toISOString()})`;
  }
}

/** The guard's refusal of a first check the spending rule does not allow. */
function spendRefused(spend: SpendRefusal, names: AccessSettingNames): Refusal {
  const letsIn = spendLetsIn(spend, names);
  switch (spend.cause) {
    case 'unlinked-user':
      return { cause: spend.cause, text: say.accessNotSpender(names.discordRoles), letsIn };
    case 'no-links':
      return { cause: spend.cause, text: say.accessNoLinks(names.discordRoles), letsIn };
    case 'roles-unread':
      return { cause: spend.cause, text: say.accessRolesUnread(Math.ceil(spend.retryAt / 1000)), letsIn };
  }
}

/** The refusal of a lookup that did not answer a record: not a member, a spent share, or unchecked. */
function lookupFailure(error: unknown, names: AccessSettingNames): Refusal {
  if (isApiError(error) && error.status === 404) {
    return {
      cause: 'not-member',
      text: say.accessNotMember,
      letsIn: 'a community member record linked to their Discord account',
    };
  }
  if (error instanceof AccessSpentError) {
    const at = Math.floor(error.nextAt / 1000);
    const letsIn = `a Discord role linked to an access role (free checks), or ${names.discordRoles}`;
    return error.kind === 'first'
      ? { cause: 'first-checks-spent', text: say.accessFirstChecksSpent(at, names.discordRoles), letsIn }
      : { cause: 'checks-spent', text: say.accessChecksSpent(at), letsIn };
  }
  return {
    err: error,
    cause: 'unchecked',
    text: say.accessUnchecked(errorText(error)),
    letsIn: 'the community server API answering',
  };
}

/**
 * What the access roles' links decide for a user holding `held`: 'in' when they hold a linked
 * Discord role, a refusal when every access role is linked (or, the list read whole, none is a
 * community role) and they hold none, else undefined (look up).
 */
function linksVerdict(
  links: readonly AccessRoleLink[],
  complete: boolean,
  held: ReadonlySet<string>,
  names: AccessSettingNames,
): LinksVerdict {
  const linked = links.filter((link) => link.discordRoleId !== undefined);
  if (linked.some((link) => held.has(link.discordRoleId as string))) return 'in';
  const mistyped = links.filter((l) => l.problem === 'discord-id' || l.problem === 'role-name');
  if (linked.length === 0 && mistyped.length === links.length && complete) {
    const first = mistyped[0] as AccessRoleLink;
    return {
      out: {
        cause: 'misconfigured',
        text: say.accessMisconfigured(
          names.roles,
          first.id,
          first.problem === 'discord-id',
          names.discordRoles,
        ),
        letsIn: `${names.roles} naming community role ids (it names ${mistyped.map((l) => l.id).join(', ')})`,
      },
    };
  }
  if (linked.length !== links.length) return undefined;
  const roleNames = links.map((l) => l.name);
  return {
    out: {
      cause: 'linked-role',
      text: say.accessNoLinkedRole(roleNames),
      letsIn: `a Discord role linked to ${roleNames.join(', ')} (${linked.map((l) => l.discordRoleId).join(', ')})`,
    },
  };
}
