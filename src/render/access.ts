/**
 * Which access roles the guard checks for free (their linked Discord role, carried by every
 * interaction) and which cost a member lookup, and why: lines for /rollcall status and
 * /rollcall-admin settings. Pure.
 */
import { ENGLISH, type Words } from '../i18n/words.js';
import { code, roleMention, safeLine } from './format.js';

/**
 * Why an access role costs a member lookup: it has no linked Discord role, its `linkedChatRoleId`
 * is not a Discord role id (or is the server's @everyone), that Discord role is no longer on this
 * server, the role is not among the community's roles, or the roles list could not be read.
 */
export type LinkProblem = 'unlinked' | 'bad-id' | 'gone' | 'unknown-role' | 'unread';

/** An access role as the guard checks it: free through its linked Discord role, or by a lookup. */
export interface AccessRoleLink {
  id: string;
  /** The community role's name (its id when it has none, or it was not found). */
  name: string;
  /** The Discord role whose holders hold it (set only when usable). */
  discordRoleId?: string;
  /** Why it costs a lookup (unset when linked). */
  problem?: LinkProblem;
}

/** Why a role costs a lookup, in words. */
function why(problem: LinkProblem, t: Words): string {
  const words = t.access;
  return {
    unlinked: words.unlinked,
    'bad-id': words.badId,
    gone: words.gone,
    'unknown-role': words.unknownRole,
    unread: words.unread,
  }[problem];
}

/**
 * Each access role as one short text: free ones with their Discord role (`discordRole`: a role
 * mention in a message, which pings nobody; its id in an embed), the others with why.
 */
export function accessRoleLines(
  links: readonly AccessRoleLink[],
  discordRole: (id: string) => string = roleMention,
  t: Words = ENGLISH,
): { free: string[]; lookups: string[] } {
  const name = (link: AccessRoleLink) => safeLine(link.name, 80);
  return {
    free: links
      .filter((link) => link.discordRoleId !== undefined)
      .map((link) => `${name(link)} (${discordRole(link.discordRoleId as string)})`),
    lookups: links
      .filter((link) => link.discordRoleId === undefined)
      .map((link) => `${name(link)} (${why(link.problem ?? 'unlinked', t)})`),
  };
}

/** The status field's text; undefined when there are no access roles. */
export function accessRolesText(links: readonly AccessRoleLink[], t: Words = ENGLISH): string | undefined {
  if (links.length === 0) return undefined;
  // Embeds show no mention syntax (test/render/limits.ts): the Discord role by id.
  const { free, lookups } = accessRoleLines(links, (id) => t.access.discordRole(code(id)), t);
  const lines = [];
  if (free.length > 0) lines.push(t.access.checkedFree(free.join(', ')));
  if (lookups.length > 0) {
    lines.push(t.access.costLookup(lookups.join(', ')));
    lines.push(t.access.linkTip);
  }
  return lines.join('\n');
}
