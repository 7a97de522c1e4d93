/**
 * Every sentence a moderator can see when something goes wrong, in one table,
 * and the payload helpers that make every reply safe (no pings, ephemeral by default).
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  channelMention,
  TimestampStyles,
  time,
  userMention,
} from 'discord.js';
import { isApiError } from '../api/errors.js';
import { formatCount, safeLine } from '../render/format.js';

/** What a handler produces; the router decides whether it is a reply, an edit or an update. */
export interface Payload {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  /** Files attached to the message (an export). */
  files?: { name: string; attachment: Buffer }[];
  /** Further messages sent after this one, to the same person (an export in several files). */
  followUps?: Payload[];
}

/** Unix seconds as a Discord timestamp: the date and time in the reader's own time zone. */
const dateTime = (seconds: number) => time(seconds, TimestampStyles.ShortDateTime);
/** Unix seconds as a Discord timestamp relative to the reader's now ("in 3 days"). */
const fromNow = (seconds: number) => time(seconds, TimestampStyles.RelativeTime);

/** Nobody is ever pinged by anything Rollcall sends, whatever the text contains. */
export const NO_MENTIONS = { parse: [], users: [], roles: [], repliedUser: false } as const;

/**
 * What a moderator or admin typed, quoted back in a sentence: text, never markup or a mention (a
 * typed `<@&id>` or `@everyone` shows as typed and pings nobody). Every sentence below that quotes
 * typed text passes it through here, so callers give the text as typed.
 */
function typed(text: string, max = 100): string {
  return safeLine(text, max);
}

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
  /** `candidates` are shown as given: the caller makes them safe (API names, ids in code spans). */
  nameMatchesSeveral: (name: string, plural: string, candidates: readonly string[], more: number) =>
    `${typed(name)} is the name of ${candidates.length + more} ${plural}: ${candidates.join(', ')}${more > 0 ? ` and ${more} more` : ''}. Pick one from the list, or give its id.`,
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
      ? `Rollcall has spent all ${formatCount(points)} of this community server's API requests for the month; it shows saved data until the allowance starts again ${dateTime(resetAtSeconds)}.`
      : `Rollcall has spent ${formatCount(used)} of this community server's ${formatCount(points)} API requests for the month; saved data is shown more often until the allowance starts again ${dateTime(resetAtSeconds)}.`,
  allowanceSpent: (resetAtSeconds: number) =>
    `This community server's monthly API allowance is spent and Rollcall has no saved copy of this; it can read new data again ${dateTime(resetAtSeconds)} (${fromNow(resetAtSeconds)}).`,
  reportPaced: (nextAtSeconds: number) =>
    `Rollcall has not read this community's records for reports yet: to make the monthly API allowance last the month it reads them a page at a time, and can start ${fromNow(nextAtSeconds)}.`,
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
  tokenHeld: (nextAtSeconds: number) =>
    `The community server API rejected this server's API token just now; Rollcall will try it again by itself ${fromNow(nextAtSeconds)}. An admin needs to run /rollcall-admin setup only if it is still rejected then.`,
  tokenUnreadable:
    "This server's stored API token cannot be read; an admin must run /rollcall-admin setup again.",
  adminOnly: 'Only members with the Manage Server permission can set Rollcall up on this server.',
  setupLinked: (communityId: string | undefined, roleCount: number) =>
    `Linked: this server now reads community server ${communityId ?? (roleCount === 0 ? '(unknown: it has no roles)' : '(unknown)')} (${roleCount.toLocaleString('en-US')} role${roleCount === 1 ? '' : 's'}).`,
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
      `Linked to community server ${link.communityId ?? '(unknown)'} since ${time(link.linkedAt, TimestampStyles.ShortDateTime)}, by ${userMention(link.linkedBy)}.`,
      `Token fingerprint: ${link.fingerprint}`,
      link.invalidAt
        ? `The API rejected this token ${time(link.invalidAt, TimestampStyles.RelativeTime)}; moderators are refused until it is replaced.`
        : 'Status: in use.',
    ].join('\n'),
  settingsState: (s: {
    visibility: 'private' | 'public';
    accessRoles: string[];
    limits: string | undefined;
    /** Discord roles (as role mentions, which ping nobody: replies allow no mentions). */
    discordRoles?: string[];
  }) =>
    [
      `Answers: ${s.visibility} by default (moderators can still choose with the public option).`,
      `Access: ${s.accessRoles.length > 0 ? `holders of the community role(s) ${s.accessRoles.join(', ')}` : 'everyone the command permissions allow'}.`,
      `Discord roles: ${(s.discordRoles ?? []).length > 0 ? `only holders of ${(s.discordRoles ?? []).join(', ')} on this server` : 'no Discord role needed'}.`,
      `API limits: ${s.limits ?? "the bot's default"}.`,
    ].join('\n'),
  settingsSaved: 'Settings saved.',
  /** `problem` is parseLimits's, which quotes what was typed. */
  badLimits: (problem: string) =>
    `Those API limits are not valid: they ${typed(problem, 400)} (for example 100/month,30/1m, or default). Nothing was saved.`,
  unknownRoles: (names: string[]) =>
    `No community role is called ${names.map((n) => typed(n)).join(', ')}; give role names or ids from the community server, or none. Nothing was saved.`,
  nothingToUnlink: 'No API token is linked on this server; any settings saved here are deleted.',
  notAllowed: 'Only staff of the community server can use Rollcall.',
  accessUnchecked: (reason: string) =>
    `Rollcall cannot check your staff access right now, so it refuses for safety. ${reason}`,
  accessChecksSpent: (resetAtSeconds: number) =>
    `Rollcall cannot check your staff access until ${dateTime(resetAtSeconds)}: the share of this community server's monthly API allowance kept for access checks is spent.`,
  accessRolesTip:
    "An access role linked to a Discord role of this server (the community server keeps the two in step) is checked free from the roles every interaction carries, and a role taken away counts at once. Each other one costs an API request to check someone, from a tenth of the monthly allowance: link it to a Discord role in the community server, or choose with discord-roles (this server's roles) instead.",
  /** Which access roles are checked free and which cost a lookup (names from the API, not typed). */
  accessRolesChecked: (free: string[], lookups: string[]) =>
    [
      ...(free.length > 0 ? [`Checked free (linked Discord role): ${free.join(', ')}.`] : []),
      ...(lookups.length > 0 ? [`Cost a member lookup: ${lookups.join(', ')}.`] : []),
    ].join('\n'),
  unknownCommand:
    'That command is not known to this version of Rollcall; the commands may need re-deploying.',
  restarting: 'Rollcall is restarting; run the command again in a minute.',
  /** `option` and `choices` come from the command's definition (never typed), shown as code. */
  notAChoice: (option: string, choices: readonly string[]) =>
    `That value is not one of the choices of \`${option}\`; pick one of ${choices.map((c) => `\`${c}\``).join(', ')}. Nothing was done.`,
  optionOutOfRange: (option: string, min: number, max: number, whole: boolean) =>
    `\`${option}\` takes a ${whole ? 'whole number' : 'number'} from ${formatCount(min)} to ${formatCount(max)}. Nothing was done.`,
  badOptionValue: (option: string) => `That is not a value \`${option}\` takes. Nothing was done.`,
  pageRange: (last: number) =>
    last === 1 ? 'This list has only page 1.' : `Enter a page number from 1 to ${formatCount(last)}.`,
  labelsState: (tables: Array<{ name: string; labels: Array<[string, string]> }>) =>
    tables.some((t) => t.labels.length > 0)
      ? tables
          .filter((t) => t.labels.length > 0)
          .map((t) => `${t.name}: ${t.labels.map(([code, label]) => `${code} = ${label}`).join(', ')}`)
          .join('\n')
      : 'No code has a label on this server: codes are shown as numbers. Name one with /rollcall-admin labels table code label.',
  labelSaved: (code: string, shown: string) => `Saved: code ${code} is now shown as ${shown}.`,
  labelCleared: (code: string) => `Cleared: code ${code} is shown as its number again.`,
  labelsTableCleared: (table: string) =>
    `Cleared every ${table} label: those codes are shown as numbers again.`,
  labelNeedsTable: 'Choose which codes the label is for (the table option). Nothing was saved.',
  labelNeedsCode:
    'Give the code to name (the code option), or clear with no code to clear the whole table. Nothing was saved.',
  labelBadCode: 'The code must be a whole number, like 3 or -1 (up to ten digits). Nothing was saved.',
  labelNeedsText: 'Give the label (the label option), or set clear to remove one. Nothing was saved.',
  labelBoth: 'Give either a label or clear, not both. Nothing was saved.',
  labelBadLength: (max: number) => `A label has 1 to ${max} visible characters. Nothing was saved.`,
  labelBadText:
    'A label is plain text: no markdown characters (` * _ ~ | \\ [ ]), mentions (< > @), links or invisible characters. Nothing was saved.',
  unknownDiscordRoles: (names: string[]) =>
    `This server has no role called ${names.map((n) => typed(n)).join(', ')}; pick roles from the list as you type, or none. Nothing was saved.`,
  setupMalformed:
    'That is not an API token: a token is letters, digits and symbols only, with no space or line break inside. Nothing was saved.',
  setupSaving: (left: number, points: number, nextAtSeconds: number) =>
    left <= 0
      ? `That token has no API requests left this month (its monthly allowance of ${formatCount(points)} is spent), so it could not be checked with a request. Nothing was saved; try again ${fromNow(nextAtSeconds)}.`
      : `That token has ${formatCount(left)} of its ${formatCount(points)} API requests left this month, all kept in reserve for what moderators have not read before, so it could not be checked with a request. Nothing was saved; try again ${fromNow(nextAtSeconds)}.`,
  setupTooOften: (checks: number, minutes: number) =>
    `This server has had ${checks} tokens checked in the last few minutes; try again in ${minutes} min. Nothing was saved.`,
  settingsUnreadable:
    "This server's Rollcall settings cannot be read, so Rollcall refuses for safety; an admin must save them again with /rollcall-admin settings.",
  tooManyRoles: (max: number) => `Give at most ${max} roles of each kind. Nothing was saved.`,
  serverInstallOnly:
    'Rollcall answers only through the app this server added, not through an app added to your own account.',
  labelTooMany: (max: number) => `A table holds at most ${max} labels; clear some first. Nothing was saved.`,
  exportDone: (e: {
    rows: number;
    total: number;
    files: number;
    requests: number;
    fetchedAtSeconds: number;
    capped: number | undefined;
  }) =>
    `Exported ${formatCount(e.rows)} row${e.rows === 1 ? '' : 's'} in ${e.files === 1 ? '1 CSV file' : `${e.files} CSV files`}; it took ${formatCount(e.requests)} request${e.requests === 1 ? '' : 's'} to the community server API (data as of ${fromNow(e.fetchedAtSeconds)}).${e.capped === undefined ? '' : ` Only the first ${formatCount(e.capped)} of ${formatCount(e.total)} rows: an export reads at most that many.`}`,
  exportNeeds: (needed: number, spare: number, possibleAtSeconds: number) =>
    `Exporting this whole list needs ${formatCount(needed)} more request${needed === 1 ? '' : 's'} to the community server API (pages Rollcall has not saved) but only ${formatCount(spare)} can be spared from this month's allowance; it will be possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  badSince:
    'That is not a valid since: give a date (2026-11-01, UTC) or a period back from now (12h, 7d, 30d, 4w).',
  searchNeeds: (possibleAtSeconds: number) =>
    `Searching this player's logs needs at least 1 request to the community server API (none of their log pages is saved) but none can be spared from this month's allowance; it will be possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  searchPartial: (searched: number, pages: number, needed: number, possibleAtSeconds: number) =>
    `Searched the ${formatCount(searched)} saved page${searched === 1 ? '' : 's'} of ${formatCount(pages)}; a full search needs ${formatCount(needed)} more request${needed === 1 ? '' : 's'} to the community server API, possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  exportTooLarge: (rows: number) =>
    `This list (${formatCount(rows)} rows) is too large to send as CSV files within Discord's upload limit; narrow it down first.`,
  reportsUnavailable: 'Reports are not available on this server.',
  badReport: 'That report link is not valid any more; run the command again.',
  badWave: 'The wave is a whole number from 0 to 100000.',
  noPlayerLogs: 'No logs for that player.',
  noPlayerNames: 'That message names no username; use Type a username… or /log user.',
  reportRoleUnknown: 'No community role has that name or id; /role list shows them.',
  badDays: 'The number of days is a whole number from 1 to 365.',
  badTimeZone: (zone: string) =>
    `${typed(zone)} is not a time zone Rollcall knows; use an IANA name such as Europe/London, America/New_York or UTC. Nothing was saved.`,
  badQuotaHours:
    'A quota is a number of hours over 0 and at most 168, with at most two decimals. Nothing was saved.',
  tooManyQuotas: 'At most 25 roles can have a quota; remove one first. Nothing was saved.',
  unknownRole: 'No community role has that name or id. Nothing was saved.',
  quotaNeedsBoth: 'Give both quota-role and quota-hours (0 hours removes the quota). Nothing was saved.',
  reportSettingsState: (s: { timeZone: string; weekStart: string; quotas: string[] }) =>
    [
      `Time zone: ${s.timeZone}.`,
      `Weeks start on ${s.weekStart[0]?.toUpperCase()}${s.weekStart.slice(1)}.`,
      `Quotas: ${s.quotas.length > 0 ? s.quotas.join(', ') : 'none'}.`,
    ].join('\n'),
  digestNoChannel: (channelId: string) =>
    `Rollcall cannot post the digest in ${channelMention(channelId)}: the channel is gone or is not a text channel of this server; choose another.`,
  digestMissing: (channelId: string, missing: string[]) =>
    `Rollcall cannot post the digest in ${channelMention(channelId)}: missing ${missing.join(', ')}.`,
  digestFailed:
    'The last digest could not be posted (Discord or the API did not answer); the next one will be tried.',
  digestNeedsChannel:
    'A digest needs a channel, a schedule and an hour (and a day for a weekly one). Nothing was saved.',
  digestState: (d: { channelId: string; when: string; reports: string[]; problem?: string } | undefined) =>
    d === undefined
      ? 'Digest: none.'
      : `Digest: ${d.when} in ${channelMention(d.channelId)}: ${d.reports.join(', ')}.${d.problem ? `\n⚠️ ${d.problem}` : ''}`,
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
