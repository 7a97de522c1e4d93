/**
 * English: every word Rollcall shows, by key. It is the source the other catalogues translate and
 * the type they must match (`Words`): a key English has and a catalogue lacks, or one a catalogue
 * has and English lacks, is a compile error there, and so is a template's value used wrongly.
 *
 * A string is said as it is; a function is a sentence with values (counts, names, timestamps),
 * written with `f`, the formats of the catalogue's own language. Values that come from the API or
 * from what someone typed are made safe by the caller before they are given here.
 *
 * Sections follow the screens: `common` and `paging` for the frame every view shares, then one
 * section per area. CSV column headers are not here: they stay English (docs/commands.md).
 */
import type { Formats } from './formats.js';
import { channelMention, dateTime, fromNow, typed, userMention } from './markup.js';
import type { DigestState, ExportDone, LabelTables, LinkState, SettingsState } from './values.js';

export function english(f: Formats) {
  return {
    /** Words every view may use. */
    common: {
      yes: 'Yes',
      no: 'No',
      never: 'never',
      /** Age of data: "under a minute", "12 min", "3 h", "2 d". */
      underAMinute: 'under a minute',
      minutes: (n: number) => `${f.count(n)} min`,
      hours: (n: number) => `${f.count(n)} h`,
      days: (n: number) => `${f.count(n)} d`,
    },
    /** The footer every list, detail and report shares (src/render/page.ts). */
    page: {
      /** "Page 2 of 15". */
      pageOf: (page: number, pages: number) => `Page ${f.count(page)} of ${f.count(pages)}`,
      incomplete: 'not every page read yet: totals may be low',
      spentUntil: (utc: string) => `this server's monthly API allowance is spent until ${utc} UTC`,
      savingFor: (age: string) => `saving this server's monthly API allowance: fresh data in ${age}`,
      /** The footer's last words: Discord shows the embed's timestamp right after them. */
      apiUnavailable: 'API unavailable: saved data as of',
      dataAsOf: 'Data as of',
      savedAsOf: 'Saved data as of',
      savedAgedAsOf: (age: string) => `Saved data (${age} old) as of`,
    },
    /** Paging controls (src/discord/paging). */
    paging: {
      refresh: '🔄 Refresh',
      exportCsv: '📄 Export CSV',
      backToList: '↩ Back to list',
      open: 'Open…',
      goToPage: 'Go to page',
      pageNumber: 'Page number',
      /** The go-to-page field's hint: "1–15". */
      pageRangeHint: (last: number) => `1 to ${f.count(last)}`,
    },
    /**
     * Every sentence a moderator or admin can see when something goes wrong, or as an admin
     * command's answer (src/discord/replies.ts: `say.notFound`, `say.rateLimited(5)`).
     */
    sentences: {
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
        `${typed(name)} is the name of ${f.count(candidates.length + more)} ${plural}: ${candidates.join(', ')}${more > 0 ? ` and ${f.count(more)} more` : ''}. Pick one from the list, or give its id.`,
      cannotOpen:
        'That record cannot be opened: the community server API gave it an id Rollcall cannot ask for. It is still shown in the list.',
      auditEntryMoved:
        'That audit log entry is no longer on the page it was listed on; run /audit-log list again.',
      userOrId: (idName: string) => `Give either a Discord user or a ${idName} (one of the two).`,
      giveId: (what: string) => `Give the ${what}.`,
      badId: (what: string, max: number) =>
        `That is not a valid ${what}: use up to ${f.count(max)} letters, digits, dashes or underscores.`,
      giveUsername: 'Give the game username.',
      badUsername: (max: number) =>
        `That is not a valid game username: use up to ${f.count(max)} visible characters.`,
      badRequest: 'The community server API refused that request as invalid; check the id or name you gave.',
      unauthorized:
        "The community server API rejected Rollcall's token (invalid or expired). Ask a server admin to update API_TOKEN.",
      forbidden:
        "Rollcall's API token lacks permission for this. Ask a server admin to give the token's owner that permission.",
      rateLimited: (seconds: number) =>
        `The community server API is busy with Rollcall's requests; try again in ${f.count(seconds)} s.`,
      unavailable: 'The community server API is not answering right now; try again in a minute.',
      allowanceMark: (used: number, points: number, resetAtSeconds: number) =>
        used >= points
          ? `Rollcall has spent all ${f.count(points)} of this community server's API requests for the month; it shows saved data until the allowance starts again ${dateTime(resetAtSeconds)}.`
          : `Rollcall has spent ${f.count(used)} of this community server's ${f.count(points)} API requests for the month; saved data is shown more often until the allowance starts again ${dateTime(resetAtSeconds)}.`,
      allowanceSpent: (resetAtSeconds: number) =>
        `This community server's monthly API allowance is spent and Rollcall has no saved copy of this; it can read new data again ${dateTime(resetAtSeconds)} (${fromNow(resetAtSeconds)}).`,
      reportPaced: (nextAtSeconds: number) =>
        `Rollcall has not read this community's records for reports yet: to make the monthly API allowance last the month it reads them a page at a time, and can start ${fromNow(nextAtSeconds)}.`,
      malformed: 'The community server API sent an answer Rollcall could not read; try again in a minute.',
      tooLarge:
        'The community server API sent an answer too large for Rollcall to read; a server admin can raise API_MAX_RESPONSE_BYTES.',
      internal: "Something went wrong on Rollcall's side; it has been logged. Try again.",
      notYours:
        'These controls belong to the moderator who ran the command; run it yourself to page through.',
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
        `Linked: this server now reads community server ${communityId ?? (roleCount === 0 ? '(unknown: it has no roles)' : '(unknown)')} (${f.count(roleCount)} ${f.plural(roleCount, { one: 'role', other: 'roles' })}).`,
      setupRejected:
        'The community server API rejected that token (401): check that it was copied whole and is still valid. Nothing was saved.',
      setupForbidden:
        "That token lacks permission to read the community server's records (403). Nothing was saved.",
      setupUnavailable:
        'The community server API is not answering, so the token could not be checked. Nothing was saved; try again in a minute.',
      setupEmpty: 'Paste the API token into the field. Nothing was saved.',
      unlinked: "Unlinked: this server's API token and settings are deleted.",
      linkState: (link: LinkState) =>
        [
          `Linked to community server ${link.communityId ?? '(unknown)'} since ${dateTime(link.linkedAt)}, by ${userMention(link.linkedBy)}.`,
          `Token fingerprint: ${link.fingerprint}`,
          link.invalidAt
            ? `The API rejected this token ${fromNow(link.invalidAt)}; moderators are refused until it is replaced.`
            : 'Status: in use.',
        ].join('\n'),
      settingsState: (s: SettingsState) =>
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
        `\`${option}\` takes a ${whole ? 'whole number' : 'number'} from ${f.count(min)} to ${f.count(max)}. Nothing was done.`,
      badOptionValue: (option: string) => `That is not a value \`${option}\` takes. Nothing was done.`,
      pageRange: (last: number) =>
        last === 1 ? 'This list has only page 1.' : `Enter a page number from 1 to ${f.count(last)}.`,
      labelsState: (tables: LabelTables) =>
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
      labelBadLength: (max: number) =>
        `A label has 1 to ${f.count(max)} visible characters. Nothing was saved.`,
      labelBadText:
        'A label is plain text: no markdown characters (` * _ ~ | \\ [ ]), mentions (< > @), links or invisible characters. Nothing was saved.',
      unknownDiscordRoles: (names: string[]) =>
        `This server has no role called ${names.map((n) => typed(n)).join(', ')}; pick roles from the list as you type, or none. Nothing was saved.`,
      setupMalformed:
        'That is not an API token: a token is letters, digits and symbols only, with no space or line break inside. Nothing was saved.',
      setupSaving: (left: number, points: number, nextAtSeconds: number) =>
        left <= 0
          ? `That token has no API requests left this month (its monthly allowance of ${f.count(points)} is spent), so it could not be checked with a request. Nothing was saved; try again ${fromNow(nextAtSeconds)}.`
          : `That token has ${f.count(left)} of its ${f.count(points)} API requests left this month, all kept in reserve for what moderators have not read before, so it could not be checked with a request. Nothing was saved; try again ${fromNow(nextAtSeconds)}.`,
      setupTooOften: (checks: number, minutes: number) =>
        `This server has had ${f.count(checks)} tokens checked in the last few minutes; try again in ${f.count(minutes)} min. Nothing was saved.`,
      settingsUnreadable:
        "This server's Rollcall settings cannot be read, so Rollcall refuses for safety; an admin must save them again with /rollcall-admin settings.",
      tooManyRoles: (max: number) => `Give at most ${f.count(max)} roles of each kind. Nothing was saved.`,
      serverInstallOnly:
        'Rollcall answers only through the app this server added, not through an app added to your own account.',
      labelTooMany: (max: number) =>
        `A table holds at most ${f.count(max)} labels; clear some first. Nothing was saved.`,
      badSince:
        'That is not a valid since: give a date (2026-11-01, UTC) or a period back from now (12h, 7d, 30d, 4w).',
      searchNeeds: (possibleAtSeconds: number) =>
        `Searching this player's logs needs at least 1 request to the community server API (none of their log pages is saved) but none can be spared from this month's allowance; it will be possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
      searchPartial: (searched: number, pages: number, needed: number, possibleAtSeconds: number) =>
        `Searched the ${f.count(searched)} saved ${f.plural(searched, { one: 'page', other: 'pages' })} of ${f.count(pages)}; a full search needs ${f.count(needed)} more ${f.plural(needed, { one: 'request', other: 'requests' })} to the community server API, possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
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
      digestState: (d: DigestState | undefined) =>
        d === undefined
          ? 'Digest: none.'
          : `Digest: ${d.when} in ${channelMention(d.channelId)}: ${d.reports.join(', ')}.${d.problem ? `\n⚠️ ${d.problem}` : ''}`,
      /** The place-in-line notice; the wait is said roughly: "5 s" steps under a minute, then minutes. */
      queued: (position: number, etaSeconds: number) =>
        `Waiting for the API allowance: you are ${f.ordinal(position)} in line, about ${
          etaSeconds < 57.5
            ? `${f.count(Math.max(5, Math.ceil(etaSeconds / 5) * 5))} s`
            : `${f.count(Math.max(1, Math.round(etaSeconds / 60)))} min`
        }.`,
    },
    /** "Export CSV" (src/discord/paging/export.ts). The CSV column headers stay English. */
    export: {
      done: (e: ExportDone) =>
        `Exported ${f.count(e.rows)} ${f.plural(e.rows, { one: 'row', other: 'rows' })} in ${f.count(e.files)} CSV ${f.plural(e.files, { one: 'file', other: 'files' })}; it took ${f.count(e.requests)} ${f.plural(e.requests, { one: 'request', other: 'requests' })} to the community server API (data as of ${fromNow(e.fetchedAtSeconds)}).${e.capped === undefined ? '' : ` Only the first ${f.count(e.capped)} of ${f.count(e.total)} rows: an export reads at most that many.`}`,
      needs: (needed: number, spare: number, possibleAtSeconds: number) =>
        `Exporting this whole list needs ${f.count(needed)} more ${f.plural(needed, { one: 'request', other: 'requests' })} to the community server API (pages Rollcall has not saved) but only ${f.count(spare)} can be spared from this month's allowance; it will be possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
      tooLarge: (rows: number) =>
        `This list (${f.count(rows)} rows) is too large to send as CSV files within Discord's upload limit; narrow it down first.`,
      /** The file's name after `rollcall-<view>-<argument>` (letters, digits and dashes only). */
      fileName: (base: string, part: number, parts: number) =>
        parts > 1 ? `${base}-part${part}of${parts}.csv` : `${base}.csv`,
    },
    loa: {},
    shift: {},
    member: {},
    role: {},
    log: {},
    auditLog: {},
    application: {},
    joinRequest: {},
    player: {},
    people: {},
    labels: {},
    reports: {},
    digest: {},
    help: {},
    status: {},
    access: {},
    admin: {},
  };
}

/** Every section of words, as English has them (the shape each catalogue's `words` returns). */
export type Sections = ReturnType<typeof english>;
