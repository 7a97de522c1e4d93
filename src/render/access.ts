/**
 * Which access roles the guard checks for free (their linked Discord role, carried by every
 * interaction) and which cost a member lookup, and why; when the roles list this rests on was read
 * and will be read again; the access rules and the last refusals: lines for /rollcall status and
 * /rollcall-admin settings. Pure.
 */
import type { Words } from '../i18n/words.js';
import { code, roleMention, safeLine } from './format.js';

/**
 * Why an access role costs a member lookup: it has no linked Discord role, its `linkedChatRoleId`
 * is not a Discord role id (or is the server's @everyone), that Discord role is not on this server,
 * the role is not among the community's roles (a Discord role id given instead, a role's name given
 * instead of its id, or nothing known), or the roles list could not be read.
 */
export type LinkProblem =
  | 'unlinked'
  | 'bad-id'
  | 'gone'
  | 'unknown-role'
  | 'discord-id'
  | 'role-name'
  | 'unread';

/** An access role as the guard checks it: free through its linked Discord role, or by a lookup. */
export interface AccessRoleLink {
  id: string;
  /** The community role's name (its id when it has none, or it was not found). */
  name: string;
  /** The Discord role whose holders hold it (set only when usable). */
  discordRoleId?: string;
  /** Why it costs a lookup (unset when linked). */
  problem?: LinkProblem;
  /** `gone`: the Discord role id it is linked to, which this server does not have. */
  linkedTo?: string;
  /** `role-name`: the id of the community role of that name. */
  suggestion?: string;
}

/** The access roles against the roles list, and what that read covers (or why it could not be read). */
export interface AccessRolesRead {
  links: AccessRoleLink[];
  /** The roles list read: when, when it is read again, whether a saved copy stands in, and why. */
  list?: {
    readAt: number;
    nextReadAt: number;
    complete: boolean;
    count: number;
    standIn?: 'failing' | 'spent' | 'paced';
  };
  /** The roles list could not be read and nothing was saved: when it is tried again, and why. */
  unread?: { retryAt: number; reason: (t: Words) => string };
  /** Quota roles (`setting`: REPORTS_QUOTAS) the roles list read does not hold, and what they look like. */
  quotaRoles?: { setting: string; links: AccessRoleLink[] };
}

/**
 * Why a user was refused, each with its own sentence: no Discord role of ACCESS_DISCORD_ROLE_IDS;
 * none of the Discord roles linked to the access roles (every one linked); not a member of the
 * community (no member linked to their Discord account); a member holding no access role; refused
 * again and again lately (no lookup); the access setting names no community role; the month's first
 * checks spent; no first check spent on them (src/discord/access.ts, spendRefusal): they hold no
 * Discord role the community links to a community role, the community links none to a Discord role
 * of this server, or its roles list could not be read; every access check spent; the API not answering.
 */
export type RefusalCause =
  | 'discord-role'
  | 'linked-role'
  | 'not-member'
  | 'no-access-role'
  | 'held'
  | 'misconfigured'
  | 'first-checks-spent'
  | 'unlinked-user'
  | 'no-links'
  | 'roles-unread'
  | 'checks-spent'
  | 'unchecked';

/** One refusal, as /rollcall status shows it. */
export interface RefusalRecord {
  cause: RefusalCause;
  at: number;
  userId: string;
}

/** The access rules of a community, as /rollcall status lists them (AccessRules of src/discord/access.ts). */
export interface AccessRulesShown {
  requireMember: boolean;
  discordRoleIds: readonly string[];
  settingNames: { roles: string; discordRoles: string };
}

/** Why a role costs a lookup, in words. */
function why(link: AccessRoleLink, t: Words): string {
  const words = t.access;
  switch (link.problem ?? 'unlinked') {
    case 'unlinked':
      return words.unlinked;
    case 'bad-id':
      return words.badId;
    case 'gone':
      return words.notOnServer(code(link.linkedTo ?? '?'));
    case 'discord-id':
      return words.discordId;
    case 'role-name':
      return words.roleName(code(link.suggestion ?? '?'));
    case 'unread':
      return words.unread;
    default:
      return words.unknownRole;
  }
}

/**
 * Each access role as one short text: free ones with their Discord role (`discordRole`: a role
 * mention in a message, which pings nobody; its id in an embed), the others with why.
 */
export function accessRoleLines(
  links: readonly AccessRoleLink[],
  discordRole: (id: string) => string = roleMention,
  t: Words,
): { free: string[]; lookups: string[] } {
  const name = (link: AccessRoleLink) => safeLine(link.name, 80);
  return {
    free: links
      .filter((link) => link.discordRoleId !== undefined)
      .map((link) => `${name(link)} (${discordRole(link.discordRoleId as string)})`),
    lookups: links
      .filter((link) => link.discordRoleId === undefined)
      .map((link) => `${name(link)} (${why(link, t)})`),
  };
}

/** A Discord timestamp, full and relative, for ms since epoch (the one guarded formatter's). */
function when(ms: number, t: Words): string {
  return t.f.when(Math.floor(ms / 1000));
}

/**
 * When the roles list was read and will be read again, or why it could not be read (and when it is
 * tried again); undefined when there are no access roles to read it for.
 */
export function rolesReadLine(read: AccessRolesRead, t: Words): string | undefined {
  const words = t.access;
  if (read.unread) return words.rolesUnread(read.unread.reason(t), when(read.unread.retryAt, t));
  const list = read.list;
  if (!list) return undefined;
  const count = list.complete ? t.f.count(list.count) : words.firstRoles(list.count);
  const age = words.rolesRead(count, when(list.readAt, t));
  switch (list.standIn) {
    case 'failing':
      return `${age} ${words.rolesFailing(when(list.nextReadAt, t))}`;
    case 'spent':
      return `${age} ${words.rolesSpent(when(list.nextReadAt, t))}`;
    case 'paced':
      return `${age} ${words.rolesPaced(when(list.nextReadAt, t))}`;
    default:
      return `${age} ${words.rolesNext(when(list.nextReadAt, t))}`;
  }
}

/** The status field's text; undefined when there are no access roles. */
export function accessRolesText(read: AccessRolesRead, t: Words): string | undefined {
  const links = read.links;
  if (links.length === 0) return undefined;
  // Embeds show no mention syntax (test/render/limits.ts): the Discord role by id.
  const { free, lookups } = accessRoleLines(links, (id) => t.access.discordRole(code(id)), t);
  const lines = [];
  if (free.length > 0) lines.push(t.access.checkedFree(free.join(', ')));
  if (lookups.length > 0) {
    lines.push(t.access.costLookup(lookups.join(', ')));
    lines.push(t.access.linkTip);
  }
  const readLine = rolesReadLine(read, t);
  if (readLine) lines.push(readLine);
  return lines.join('\n');
}

/**
 * Each access rule and what it costs: the Discord roles (free), the member check (a lookup), the
 * community roles (free when linked, else a lookup); none: everyone the command permissions allow.
 */
export function accessRulesText(rules: AccessRulesShown, read: AccessRolesRead, t: Words): string {
  const words = t.access;
  const lines: string[] = [];
  if (rules.discordRoleIds.length > 0)
    lines.push(
      words.ruleDiscordRoles(
        rules.settingNames.discordRoles,
        rules.discordRoleIds.map((id) => code(id)).join(', '),
      ),
    );
  if (rules.requireMember && read.links.length === 0) lines.push(words.ruleMember);
  if (read.links.length > 0) {
    lines.push(words.ruleRoles(rules.settingNames.roles));
    lines.push(accessRolesText(read, t) ?? '');
  }
  if (lines.length === 0) lines.push(words.ruleNone);
  const quota = quotaRolesLine(read, t);
  if (quota) lines.push(quota);
  return lines.join('\n');
}

/** The quota roles that are no community role, each with what it looks like; undefined when none. */
function quotaRolesLine(read: AccessRolesRead, t: Words): string | undefined {
  const quota = read.quotaRoles;
  if (!quota || quota.links.length === 0) return undefined;
  const words = t.access;
  const each = quota.links.map((link) => {
    const like =
      link.problem === 'discord-id'
        ? words.quotaDiscordId
        : link.problem === 'role-name'
          ? words.roleName(code(link.suggestion ?? '?'))
          : words.unknownRole;
    return `${code(link.id)} (${like})`;
  });
  return words.quotaNotRoles(quota.setting, each.join(', '));
}

/** Why the last refusals happened: each cause, how many, and the latest (newest first). */
export function refusalsText(refusals: readonly RefusalRecord[], t: Words): string {
  if (refusals.length === 0) return t.access.noRefusals;
  const byCause = new Map<RefusalCause, { count: number; last: number }>();
  for (const refusal of refusals) {
    const seen = byCause.get(refusal.cause);
    if (seen) seen.count++;
    else byCause.set(refusal.cause, { count: 1, last: refusal.at });
  }
  return [...byCause]
    .map(([cause, { count, last }]) => t.access.refusalLine(t.access.cause[cause], count, when(last, t)))
    .join('\n');
}
