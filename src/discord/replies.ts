/**
 * Every sentence a moderator can see when something goes wrong, in one table,
 * and the payload helpers that make every reply safe (no pings, ephemeral by default).
 */
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord.js';
import { isApiError } from '../api/errors.js';
import { formatCount } from '../render/format.js';

/** What a handler produces; the router decides whether it is a reply, an edit or an update. */
export interface Payload {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
}

/** Nobody is ever pinged by anything Rollcall sends, whatever the text contains. */
export const NO_MENTIONS = { parse: [], users: [], roles: [], repliedUser: false } as const;

export const MESSAGES = {
  notFound: 'Nothing with that id was found on this community server.',
  memberNotFound: 'That Discord user is not a member of the community server.',
  memberIdNotFound: 'No member with that id was found on this community server.',
  loaNotFound: 'No LOA with that id was found on this community server.',
  logNotFound: 'No moderation log with that id was found on this community server.',
  shiftNotFound: 'No shift with that id was found on this community server.',
  roleNotFound: 'No role with that id or name was found on this community server.',
  applicationNotFound: 'No application with that id or title was found on this community server.',
  joinRequestNotFound: 'No join request from that user was found on this community server.',
  nameMatchesSeveral: (typed: string, plural: string, candidates: readonly string[], more: number) =>
    `${typed} is the name of ${candidates.length + more} ${plural}: ${candidates.join(', ')}${more > 0 ? ` and ${more} more` : ''}. Pick one from the list, or give its id.`,
  cannotOpen:
    'That record cannot be opened: the community server API gave it an id Rollcall cannot ask for. It is still shown in the list.',
  auditEntryMoved:
    'That audit log entry is no longer on the page it was listed on; run /audit-log list again.',
  userOrId: (idName: string) => `Give either a Discord user or a ${idName} (one of the two).`,
  giveId: (what: string) => `Give the ${what}.`,
  badId: (what: string, max: number) =>
    `That is not a valid ${what}: use up to ${max} letters, digits, dashes or underscores.`,
  giveUsername: 'Give the game username.',
  badUsername: (max: number) => `That is not a valid game username: use up to ${max} visible characters.`,
  badRequest: 'The community server API refused that request as invalid; check the id or name you gave.',
  unauthorized:
    "The community server API rejected Rollcall's token (invalid or expired). Ask a server admin to update API_TOKEN.",
  forbidden:
    "Rollcall's API token lacks permission for this. Ask a server admin to give the token's owner that permission.",
  rateLimited: (seconds: number) =>
    `The community server API is busy with Rollcall's requests; try again in ${seconds} s.`,
  unavailable: 'The community server API is not answering right now; try again in a minute.',
  allowanceMark: (used: number, points: number, resetAtSeconds: number) =>
    used >= points
      ? `Rollcall has spent all ${formatCount(points)} of this community server's API requests for the month; it shows saved data until the allowance starts again <t:${resetAtSeconds}:f>.`
      : `Rollcall has spent ${formatCount(used)} of this community server's ${formatCount(points)} API requests for the month; saved data is shown more often until the allowance starts again <t:${resetAtSeconds}:f>.`,
  allowanceSpent: (resetAtSeconds: number) =>
    `This community server's monthly API allowance is spent and Rollcall has no saved copy of this; it can read new data again <t:${resetAtSeconds}:f> (<t:${resetAtSeconds}:R>).`,
  malformed: 'The community server API sent an answer Rollcall could not read; try again in a minute.',
  tooLarge:
    'The community server API sent an answer too large for Rollcall to read; a server admin can raise API_MAX_RESPONSE_BYTES.',
  internal: "Something went wrong on Rollcall's side; it has been logged. Try again.",
  notYours: 'These controls belong to the moderator who ran the command; run it yourself to page through.',
  expired: 'These controls have expired; run the command again.',
  oldVersion: 'These controls are from an older version of Rollcall; run the command again.',
  dmOnly: 'Rollcall works only inside the community server’s Discord, not in direct messages.',
  wrongGuild: 'Rollcall is not set up on this server.',
  storeUnavailable: 'Rollcall cannot reach its database right now; try again in a minute.',
  notLinked:
    'Rollcall is not linked to a community on this server yet; a server admin (Manage Server) must run /rollcall-admin setup.',
  tokenRejected: "This server's API token was rejected; an admin must run /rollcall-admin setup.",
  tokenUnreadable:
    "This server's stored API token cannot be read; an admin must run /rollcall-admin setup again.",
  adminOnly: 'Only members with the Manage Server permission can set Rollcall up on this server.',
  setupLinked: (communityId: string | undefined, roleCount: number) =>
    `Linked: this server now reads community server ${communityId ?? '(unknown: it has no roles)'} (${roleCount.toLocaleString('en-US')} role${roleCount === 1 ? '' : 's'}).`,
  setupRejected:
    'The community server API rejected that token (401): check that it was copied whole and is still valid. Nothing was saved.',
  setupForbidden:
    "That token lacks permission to read the community server's records (403). Nothing was saved.",
  setupUnavailable:
    'The community server API is not answering, so the token could not be checked. Nothing was saved; try again in a minute.',
  setupEmpty: 'Paste the API token into the field. Nothing was saved.',
  unlinked: "Unlinked: this server's API token and settings are deleted.",
  linkState: (link: {
    fingerprint: string;
    communityId: string | undefined;
    linkedBy: string;
    linkedAt: Date;
    invalidAt: Date | undefined;
  }) =>
    [
      `Linked to community server ${link.communityId ?? '(unknown)'} since <t:${Math.floor(link.linkedAt.getTime() / 1000)}:f>, by <@${link.linkedBy}>.`,
      `Token fingerprint: ${link.fingerprint}`,
      link.invalidAt
        ? `The API rejected this token <t:${Math.floor(link.invalidAt.getTime() / 1000)}:R>; moderators are refused until it is replaced.`
        : 'Status: in use.',
    ].join('\n'),
  settingsState: (s: {
    visibility: 'private' | 'public';
    accessRoles: string[];
    limits: string | undefined;
  }) =>
    [
      `Answers: ${s.visibility} by default (moderators can still choose with the public option).`,
      `Access: ${s.accessRoles.length > 0 ? `holders of the community role(s) ${s.accessRoles.join(', ')}` : 'everyone the command permissions allow'}.`,
      `API limits: ${s.limits ?? "the bot's default"}.`,
    ].join('\n'),
  settingsSaved: 'Settings saved.',
  badLimits: (problem: string) =>
    `Those API limits are not valid: they ${problem} (for example 100/month,30/1m, or default). Nothing was saved.`,
  unknownRoles: (names: string[]) =>
    `No community role is called ${names.join(', ')}; give role names or ids from the community server, or none. Nothing was saved.`,
  nothingToUnlink: 'No API token is linked on this server; nothing was deleted.',
  notAllowed: 'Only staff of the community server can use Rollcall.',
  accessUnchecked: (reason: string) =>
    `Rollcall cannot check your staff access right now, so it refuses for safety. ${reason}`,
  unknownCommand:
    'That command is not known to this version of Rollcall; the commands may need re-deploying.',
  restarting: 'Rollcall is restarting; run the command again in a minute.',
  pageRange: (last: number) =>
    last === 1 ? 'This list has only page 1.' : `Enter a page number from 1 to ${formatCount(last)}.`,
  queued: (position: number, etaSeconds: number) =>
    `Waiting for the API allowance: you are ${ordinal(position)} in line, about ${roughWait(etaSeconds)}.`,
} as const;

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st (with thousands separators). */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${formatCount(n)}${suffix}`;
}

/** A wait said roughly: "5 s" steps under a minute, then whole minutes. */
function roughWait(seconds: number): string {
  if (seconds < 57.5) return `${Math.max(5, Math.ceil(seconds / 5) * 5)} s`;
  return `${Math.max(1, Math.round(seconds / 60))} min`;
}

/** A problem with what the moderator typed; its message is shown as it is. */
export class UserError extends Error {
  override name = 'UserError';
}

/** The one sentence for any error a handler throws. */
export function errorMessage(error: unknown): string {
  if (error instanceof UserError) return error.message;
  if (isApiError(error)) {
    switch (error.kind) {
      case 'http':
        if (error.status === 404) return MESSAGES.notFound;
        if (error.status === 400) return MESSAGES.badRequest;
        if (error.status === 401) return MESSAGES.unauthorized;
        if (error.status === 403) return MESSAGES.forbidden;
        if (error.status === 429) return MESSAGES.rateLimited(Math.max(1, error.retryAfterSeconds ?? 5));
        return MESSAGES.unavailable;
      case 'busy':
        return MESSAGES.rateLimited(Math.max(1, error.retryAfterSeconds ?? 5));
      case 'quota':
        return MESSAGES.allowanceSpent(
          Math.floor((error.resetAt ?? Date.now() + (error.retryAfterSeconds ?? 0) * 1000) / 1000),
        );
      case 'malformed':
        return MESSAGES.malformed;
      case 'too-large':
        return MESSAGES.tooLarge;
      default:
        return MESSAGES.unavailable;
    }
  }
  return MESSAGES.internal;
}

/** True for errors that are the moderator's or the API's, not a bug in Rollcall. */
export function isExpectedError(error: unknown): boolean {
  return error instanceof UserError || isApiError(error);
}

/** A text-only payload that clears any embeds and components. */
export function textPayload(content: string): Payload {
  return { content, embeds: [], components: [] };
}
