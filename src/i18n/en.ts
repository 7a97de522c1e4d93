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
 *
 * Each section is a function of its own, `const loa = (f: Formats) => ({ … })` (`_f` when none of
 * its words needs a format), listed under its key in ENGLISH_SECTIONS at the end of this file and
 * called by `composeWords` (sections.ts). A section too long for one function (the house test's
 * limit) is written in areas, as `sentences` is, spread into the one section. A new word goes in
 * the section, or area, of what it is about. A catalogue has the same functions in the same order,
 * each returning English's type for it (`Section<'loa'>`, `Area<'accessSentences'>`), so the type check
 * names a missing or extra key, or a sentence's wrong values, in the section that has it.
 */
import type { LimitsProblem } from '../base/limits-spec.js';
import type { Formats } from './formats.js';
import { channelMention, dateTime, fromNow, typed, userMention } from './markup.js';
import type { Composed } from './sections.js';
import type { DigestState, ExportDone, LabelTables, LinkState, SettingsState } from './values.js';

/** Every section of words, as English has them (a catalogue's sections write the same). */
export type Sections = Composed<typeof ENGLISH_SECTIONS>;

/** One section as English has it: what a catalogue's function for that section returns (`Section<'loa'>`). */
export type Section<K extends keyof Sections> = Sections[K];

/** One area of `sentences` as English has it (`Area<'accessSentences'>`). */
export type Area<K extends keyof (typeof ENGLISH_SECTIONS)['sentences']> = ReturnType<
  (typeof ENGLISH_SECTIONS)['sentences'][K]
>;

/** Words every view may use. */
const common = (f: Formats) => ({
  yes: 'Yes',
  no: 'No',
  never: 'never',
  /** Age of data: "under a minute", "12 min", "3 h", "2 d". */
  underAMinute: 'under a minute',
  minutes: (n: number) => `${f.count(n)} min`,
  hours: (n: number) => `${f.count(n)} h`,
  days: (n: number) => `${f.count(n)} d`,
});

/** The footer every list, detail and report shares (src/render/page.ts). */
const page = (f: Formats) => ({
  /** "Page 2 of 15". */
  pageOf: (page: number, pages: number) => `Page ${f.count(page)} of ${f.count(pages)}`,
  /** A list posted to a channel (a digest), which cannot be paged: "10 of 156 shown · /loa active for all". */
  shownOf: (shown: number, total: number, command: string) =>
    `${f.count(shown)} of ${f.count(total)} shown · ${command} for all`,
  incomplete: 'not every page read yet: totals may be low',
  /** Shifts whose start or end is no date (src/reports/time.ts `unreadableShifts`): left out of the time. */
  shiftsLeftOut: (n: number) =>
    `${f.count(n)} ${f.plural(n, { one: 'shift', other: 'shifts' })} left out (no valid start or end)`,
  spentUntil: (utc: string) => `this server's monthly API allowance is spent until ${utc} UTC`,
  savingFor: (age: string) => `saving this server's monthly API allowance: fresh data in ${age}`,
  /** The footer's last words: Discord shows the embed's timestamp right after them. */
  apiUnavailable: 'API unavailable: saved data as of',
  dataAsOf: 'Data as of',
  savedAsOf: 'Saved data as of',
  savedAgedAsOf: (age: string) => `Saved data (${age} old) as of`,
});

/** Paging controls (src/discord/paging). */
const paging = (f: Formats) => ({
  refresh: '🔄 Refresh',
  exportCsv: '📄 Export CSV',
  backToList: '↩ Back to list',
  open: 'Open…',
  goToPage: 'Go to page',
  pageNumber: 'Page number',
  /** The go-to-page field's hint: "1–15". */
  pageRangeHint: (last: number) => `1 to ${f.count(last)}`,
});

/**
 * Sentences about what was asked for: a record not found, an id, name or option value that cannot be
 * read as given, a page out of range, controls out of date.
 */
const inputSentences = (f: Formats) => ({
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
  /** What `giveId`, `badId` and `userOrId` name: the id asked for. */
  idName: 'id',
  loaIdName: 'LOA id',
  memberIdName: 'member id',
  shiftIdName: 'shift id',
  logIdName: 'log id',
  userIdName: 'user id',
  roleIdName: 'role id',
  applicationIdName: 'application id',
  /** What several records sharing a name are called (`nameMatchesSeveral`). */
  rolesName: 'roles',
  applicationFormsName: 'application forms',
  recordsName: 'records',
  giveUsername: 'Give the game username.',
  badUsername: (max: number) =>
    `That is not a valid game username: use up to ${f.count(max)} visible characters.`,
  notYours: 'These controls belong to the moderator who ran the command; run it yourself to page through.',
  expired: 'These controls have expired; run the command again.',
  oldVersion: 'These controls are from an older version of Rollcall; run the command again.',
  unknownCommand:
    'That command is not known to this version of Rollcall; the commands may need re-deploying.',
  /** `option` and `choices` come from the command's definition (never typed), shown as code. */
  /**
   * The report settings' refusals of a channel Rollcall cannot post in (the form and the slash
   * options): `missing` are permissions by the names Discord shows (src/base/permissions.ts).
   */
  cannotPostIn: (channelId: string, missing: string[]) =>
    `Rollcall cannot post in <#${channelId}> (missing ${f.list(missing)}); give it ${missing.length === 1 ? 'that permission' : 'those permissions'} there or pick another channel. Nothing was saved.`,
  /** Charts on, and the digest's channel takes everything but the chart's picture. */
  chartCannotPost: (channelId: string, missing: string[]) =>
    `Rollcall cannot post the digest’s chart in <#${channelId}> (missing ${f.list(missing)}); give it ${missing.length === 1 ? 'that permission' : 'those permissions'} there, pick another channel, or turn charts off. Nothing was saved.`,
  /** A settings form's refusals (/rollcall-admin reports with no option): nothing is saved. */
  formNotThisServer: 'That channel is not one of this server’s; pick one of its own. Nothing was saved.',
  formForged: 'The form sent a value it does not offer; open it again and pick from it. Nothing was saved.',
  notAChoice: (option: string, choices: readonly string[]) =>
    `That value is not one of the choices of \`${option}\`; pick one of ${choices.map((c) => `\`${c}\``).join(', ')}. Nothing was done.`,
  optionOutOfRange: (option: string, min: number, max: number, whole: boolean) =>
    `\`${option}\` takes a ${whole ? 'whole number' : 'number'} from ${f.count(min)} to ${f.count(max)}. Nothing was done.`,
  badOptionValue: (option: string) => `That is not a value \`${option}\` takes. Nothing was done.`,
  pageRange: (last: number) =>
    last === 1 ? 'This list has only page 1.' : `Enter a page number from 1 to ${f.count(last)}.`,
  badSince:
    'That is not a valid since: give a date (2026-11-01, UTC) or a period back from now (12h, 7d, 30d, 4w).',
  badReport: 'That report link is not valid any more; run the command again.',
  badWave: 'The wave is a whole number from 0 to 100000.',
  noPlayerLogs: 'No logs for that player.',
  /** The envelope counts logs but the pages read held none of them (a list that shifted while read). */
  playerLogsNotSent: (total: number) =>
    `The community server API counts ${f.count(total)} ${f.plural(total, { one: 'log', other: 'logs' })} for that player but sent none of them; try again in a moment.`,
  noPlayerNames: 'That message names no username; use Type a username… or /log user.',
  reportRoleUnknown: 'No community role has that name or id; /role list shows them.',
  badDays: 'The number of days is a whole number from 1 to 365.',
});

/**
 * Sentences about whether Rollcall can answer here and now: the community server API's refusals and
 * faults, the monthly allowance and the wait for it, the server's link and token, who may use Rollcall
 * and which access roles cost a lookup.
 */
const accessSentences = (f: Formats) => ({
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
  accessNoDiscordRole:
    'Rollcall is for holders of certain Discord roles on this server, and you hold none of them: a server admin can give you one.',
  /** `roles`: the access roles' names, from the API. */
  accessNoLinkedRole: (roles: string[]) =>
    `Rollcall is for holders of the community role${roles.length === 1 ? '' : 's'} ${roles.join(', ')}, and you hold none of the Discord roles linked to ${roles.length === 1 ? 'it' : 'them'}: if you hold one on the community server, ask its admins to give you the linked Discord role here.`,
  accessNotMember:
    'Rollcall found no community member linked to your Discord account: link your Discord account to your member record on the community server, then try again.',
  accessNoRole:
    "Your member record on the community server holds none of Rollcall's access roles: ask an admin of the community server for one, then try again.",
  accessHeld: (untilSeconds: number) =>
    `You were refused several times in a row, so Rollcall checks you again ${fromNow(untilSeconds)}; if you were given an access role meanwhile, it counts then.`,
  /** `value`: what the setting holds, as an admin typed it. */
  accessMisconfigured: (setting: string, value: string, discordId: boolean, discordSetting: string) =>
    discordId
      ? `Rollcall's access setting ${setting} holds ${typed(value, 100)}, which is no community role: it looks like a Discord role id, and Discord roles go in ${discordSetting}. A server admin must fix the setting; until then nobody is let in.`
      : `Rollcall's access setting ${setting} holds ${typed(value, 100)}, a role's name: it takes community role ids (/rollcall status shows the right one). A server admin must fix the setting; until then nobody is let in.`,
  accessFirstChecksSpent: (resetAtSeconds: number, discordSetting: string) =>
    `Rollcall cannot check you before ${dateTime(resetAtSeconds)}: this month's checks of users it has not let in before are spent (a moderator it let in this month is still checked). To be checked free, a server admin can link the access role to a Discord role in the community server, or choose Discord roles with ${discordSetting}.`,
  accessNotSpender: (discordSetting: string) =>
    `Rollcall spends a check only on someone holding a Discord role that the community server links to one of its roles; you hold none, and it has not let you in before. An admin of the community server can link its roles to Discord roles of this server (their holders are then checked), or a server admin can choose Discord roles with ${discordSetting}.`,
  accessNoLinks: (discordSetting: string) =>
    `Rollcall spends a check only on someone holding a Discord role that the community server links to one of its roles, and this community links none of its roles to a Discord role of this server, so Rollcall checks nobody it has not let in before. An admin of the community server can link its roles to Discord roles of this server, or a server admin can choose Discord roles with ${discordSetting}.`,
  accessRolesUnread: (retryAtSeconds: number) =>
    `Rollcall cannot read the community server's roles just now, so it cannot tell whether you hold a Discord role linked to one of them, and until it can it checks nobody it has not let in before; try again ${fromNow(retryAtSeconds)}.`,
  meNotMember:
    "No member of this server's community is linked to your Discord account, so Rollcall has no record of yours here (if you are staff of this community, link your Discord account to your member record on its community server; Rollcall looks again next month).",
  meNotSpender:
    'Rollcall looks up the record of someone holding a Discord role that the community server links to one of its roles, and you hold none: an admin of the community server can link its roles to Discord roles of this server.',
  meNoLinks:
    'Rollcall looks up the record of someone holding a Discord role that the community server links to one of its roles, and this community links none of its roles to a Discord role of this server, so it looks nobody up: an admin of the community server can link its roles to Discord roles here.',
  meRolesUnread: (retryAtSeconds: number) =>
    `Rollcall cannot read the community server's roles just now, so it cannot tell whether it may look up your record; try again ${fromNow(retryAtSeconds)}.`,
  meSpent: (resetAtSeconds: number) =>
    `Rollcall cannot look up your record before ${dateTime(resetAtSeconds)}: the share of this community server's monthly API allowance kept for looking people up is spent.`,
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
  restarting: 'Rollcall is restarting; run the command again in a minute.',
  settingsUnreadable:
    "This server's Rollcall settings cannot be read, so Rollcall refuses for safety; an admin must save them again with /rollcall-admin settings.",
  serverInstallOnly:
    'Rollcall answers only through the app this server added, not through an app added to your own account.',
  searchNeeds: (possibleAtSeconds: number) =>
    `Searching this player's logs needs at least 1 request to the community server API (none of their log pages is saved) but none can be spared from this month's allowance; it will be possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  searchPartial: (searched: number, pages: number, needed: number, possibleAtSeconds: number) =>
    `Searched the ${f.count(searched)} saved ${f.plural(searched, { one: 'page', other: 'pages' })} of ${f.count(pages)}; a full search needs ${f.count(needed)} more ${f.plural(needed, { one: 'request', other: 'requests' })} to the community server API, possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  reportsUnavailable: 'Reports are not available on this server.',
  /** The place-in-line notice; the wait is said roughly: "5 s" steps under a minute, then minutes. */
  queued: (position: number, etaSeconds: number) =>
    `Waiting for the API allowance: you are ${f.ordinal(position)} in line, about ${
      etaSeconds < 57.5
        ? `${f.count(Math.max(5, Math.ceil(etaSeconds / 5) * 5))} s`
        : `${f.count(Math.max(1, Math.round(etaSeconds / 60)))} min`
    }.`,
  /** "Export CSV" of /quota inactive while the lists it needs are not read whole (as the report's `inactiveNeedsEveryPage`). */
  inactiveExportReading: (read: number, total: number | undefined, roles: boolean) =>
    `There is nothing to export yet: who went quiet needs every page of the shifts, LOAs${roles ? ', members and roles' : ' and members'}, and Rollcall has read ${total === undefined ? f.count(read) : `${f.count(read)} of ${f.count(total)}`} so far; export again once every page is read.`,
});

/** Sentences answering /rollcall-admin setup and unlink: the link, and the checks of its token. */
const linkSentences = (f: Formats) => ({
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
  nothingToUnlink: 'No API token is linked on this server; any settings saved here are deleted.',
  setupMalformed:
    'That is not an API token: a token is letters, digits and symbols only, with no space or line break inside. Nothing was saved.',
  setupSaving: (left: number, points: number, nextAtSeconds: number) =>
    left <= 0
      ? `That token has no API requests left this month (its monthly allowance of ${f.count(points)} is spent), so it could not be checked with a request. Nothing was saved; try again ${fromNow(nextAtSeconds)}.`
      : `That token has ${f.count(left)} of its ${f.count(points)} API requests left this month, all kept in reserve for what moderators have not read before, so it could not be checked with a request. Nothing was saved; try again ${fromNow(nextAtSeconds)}.`,
  setupTooOften: (checks: number, minutes: number) =>
    `This server has had ${f.count(checks)} tokens checked in the last few minutes; try again in ${f.count(minutes)} min. Nothing was saved.`,
});

/** Sentences answering /rollcall-admin settings and labels: who may read, the API limits, the codes' labels. */
const settingsSentences = (f: Formats) => ({
  settingsState: (s: SettingsState) =>
    [
      `Answers: ${s.visibility} by default (moderators can still choose with the public option).`,
      `Access: ${
        s.accessRoles.length > 0
          ? `holders of the community role(s) ${s.accessRoles.join(', ')}${s.requireMember ? ', who are members of the community server, as this bot requires on every server (ACCESS_REQUIRE_MEMBER)' : ''}`
          : s.requireMember
            ? 'only members of the community server, as this bot requires on every server (ACCESS_REQUIRE_MEMBER); the command permissions still apply'
            : 'everyone the command permissions allow'
      }.`,
      `Discord roles: ${(s.discordRoles ?? []).length > 0 ? `only holders of ${(s.discordRoles ?? []).join(', ')} on this server` : 'no Discord role needed'}.`,
      `API limits: ${s.limits ?? "the bot's default"}.`,
    ].join('\n'),
  settingsSaved: 'Settings saved.',
  /**
   * `problem` is parseLimits's: the limit at fault by its place, and as typed only when its `quote`
   * is there (never a secret: limits-spec.ts decides).
   */
  badLimits: (problem: LimitsProblem) => {
    const detail = () => {
      if (problem.kind === 'none') return 'no limit is given';
      const which = problem.of === 1 ? 'the limit' : `the ${f.ordinal(problem.place)} limit`;
      const limit = problem.quote === undefined ? which : `${which} ("${typed(problem.quote, 40)}")`;
      return {
        shape: `${limit} is not a number of requests, a slash and a window`,
        unit: `${limit} has a window unit other than \`s\`, \`m\`, \`h\`, \`d\` or \`month\``,
        zero: `${limit} allows no request, and a limit allows at least 1`,
        window: `${limit} has a window outside 1 second to 24 days (write \`month\` for the monthly allowance)`,
        twoMonths: `${limit} is a second monthly limit, and only one may be given`,
      }[problem.kind];
    };
    return `Those API limits are not valid: ${detail()} (for example 100/month,30/1m, or default). Nothing was saved.`;
  },
  /** `names`: what was typed in access-roles (or quota-role) that is a Discord role, not a community role. */
  accessRoleIsDiscord: (names: string[], discordSetting: string) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'is' : 'are'} a Discord role of this server (or a Discord role id), not a community role: community roles are named as the community server names them, and Discord roles go in ${discordSetting}. Nothing was saved.`,
  unknownRoles: (names: string[]) =>
    `No community role is called ${names.map((n) => typed(n)).join(', ')}; give role names or ids from the community server, or none. Nothing was saved.`,
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
  labelBadLength: (max: number) => `A label has 1 to ${f.count(max)} visible characters. Nothing was saved.`,
  labelBadText:
    'A label is plain text: no markdown characters (` * _ ~ | \\ [ ]), mentions (< > @), links or invisible characters. Nothing was saved.',
  unknownDiscordRoles: (names: string[]) =>
    `This server has no role called ${names.map((n) => typed(n)).join(', ')}; pick roles from the list as you type, or none. Nothing was saved.`,
  /**
   * `names`: roles of this server named or picked in discord-roles that are a bot's own (Discord
   * gives each to its bot alone; an integration's or the boosters' role may be named), at most five,
   * by their names, shown as typed text is (never a mention).
   */
  botDiscordRoles: (names: string[]) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'is a role of a bot, held by that bot alone,' : 'are roles of bots, each held by its bot alone,'} which no member can be given; pick another role, or none. Nothing was saved.`,
  /** `name`: the name of this server's @everyone role (every member holds it), named in discord-roles. */
  everyoneDiscordRole: (name: string) =>
    `${typed(name)} stands for everyone on this server, so access cannot be limited to it; pick another role, or none. Nothing was saved.`,
  tooManyRoles: (max: number) => `Give at most ${f.count(max)} roles of each kind. Nothing was saved.`,
  labelTooMany: (max: number) =>
    `A table holds at most ${f.count(max)} labels; clear some first. Nothing was saved.`,
  /**
   * Settings' and setup's warning: access roles set, and the community links none of its roles to a
   * Discord role of this server (the spending rule lets no first check through).
   */
  accessNobodyPasses:
    "Nobody Rollcall has not let in before will pass the access check until a role is linked: a check is spent only on someone holding a Discord role that the community server links to one of its roles, and it links none (these access roles included) to a Discord role of this server; link an access role to a Discord role of this server in the community server's panel, then run /rollcall-admin settings so that Rollcall reads the roles again, or choose discord-roles and set access-roles to none.",
});

/** Sentences answering /rollcall-admin reports: the report settings and the digest. */
const reportSentences = (f: Formats) => ({
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
    `Rollcall cannot post the digest in ${channelMention(channelId)}: missing ${f.list(missing)}.`,
  digestFailed:
    'The last digest could not be posted (Discord or the API did not answer); the next one will be tried.',
  digestNeedsChannel:
    'A digest needs a channel, a schedule and an hour (and a day for a weekly one). Nothing was saved.',
  digestState: (d: DigestState | undefined) =>
    d === undefined
      ? 'Digest: none.'
      : `Digest: ${d.when} in ${channelMention(d.channelId)}: ${d.reports.join(', ')}.${d.problem ? `\n⚠️ ${d.problem}` : ''}`,
});

/** "Export CSV" (src/discord/paging/export.ts). The CSV column headers stay English. */
const csvExport = (f: Formats) => ({
  done: (e: ExportDone) =>
    `Exported ${f.count(e.rows)} ${f.plural(e.rows, { one: 'row', other: 'rows' })} in ${f.count(e.files)} CSV ${f.plural(e.files, { one: 'file', other: 'files' })}; it took ${f.count(e.requests)} ${f.plural(e.requests, { one: 'request', other: 'requests' })} to the community server API (data as of ${fromNow(e.fetchedAtSeconds)}).${e.capped === undefined ? '' : ` Only the first ${f.count(e.capped)} of ${f.count(e.total)} rows: an export reads at most that many.`}`,
  needs: (needed: number, spare: number, possibleAtSeconds: number) =>
    `Exporting this whole list needs ${f.count(needed)} more ${f.plural(needed, { one: 'request', other: 'requests' })} to the community server API (pages Rollcall has not saved) but only ${f.count(spare)} can be spared from this month's allowance; it will be possible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  tooLarge: (rows: number) =>
    `This list (${f.count(rows)} rows) is too large to send as CSV files within Discord's upload limit; narrow it down first.`,
  /** The file's name after `rollcall-<view>-<argument>` (letters, digits and dashes only). */
  fileName: (base: string, part: number, parts: number) =>
    parts > 1 ? `${base}-part${part}of${parts}.csv` : `${base}.csv`,
});

/** Leaves of absence: /loa lists, one LOA, its "Open…" option (src/render/loa.ts, commands/loa.ts). */
const loa = (f: Formats) => ({
  title: 'Leaves of absence',
  /** The title of one member's LOAs: "Leaves of absence of member 66c7…". */
  titleOfMember: (memberId: string) => `Leaves of absence of member ${memberId}`,
  /** The title of `/loa list status:`: "Leaves of absence · Pending review". */
  titleFiltered: (filter: string) => `Leaves of absence · ${filter}`,
  /** How each `/loa list status:` filter is titled. */
  filters: { pending: 'Pending review', active: 'Active: on leave now', ended: 'Ended' },
  /** The list's total in the footer: "150 LOAs". */
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
  empty: 'No leaves of absence found.',
  /** A pending LOA's wait since its request, in its row: "waiting 3 d". */
  waiting: (waited: string) => `waiting ${waited}`,
  /** In its row, a pending LOA with no request time, or one after now: how long it has waited is not known. */
  waitNotKnown: 'wait not known',
  /** Beside a wait longer than the admins' threshold: "⏰ over 48 h". */
  overdue: (hours: number) => `⏰ over ${f.count(hours)} h`,
  /** The digest's review queue; while the snapshot is partial, its lines are of the LOAs read. */
  queueTitle: 'Waiting for review',
  queueEmpty: 'Nothing waits for review.',
  queueOldest: (who: string, waited: string, partial: boolean) =>
    `${partial ? 'Oldest of those read' : 'Oldest'}: ${who}, waiting ${waited}.`,
  queueOverdue: (n: number, hours: number, partial: boolean) =>
    `⏰ ${f.count(n)}${partial ? ' of those read' : ''} waited longer than ${f.count(hours)} h.`,
  /** An LOA's state as Rollcall reads it (src/reports/leave.ts loaStateAt). */
  states: {
    cancelled: 'Cancelled',
    denied: 'Denied',
    ended: 'Ended',
    expired: 'Expired',
    active: 'Active',
    approved: 'Approved',
    pendingReview: 'Pending review',
  },
  /** One LOA's title: "LOA 66c7… · Active". */
  detailTitle: (id: string, state: string) => `LOA ${id} · ${state}`,
  member: 'Member',
  statusCode: 'Status code',
  startType: 'Start type',
  requested: 'Requested',
  starts: 'Starts',
  ends: 'Ends',
  started: 'Started',
  ended: 'Ended',
  length: 'Length',
  reviewed: 'Reviewed',
  reviewedBy: 'Reviewed by',
  endedBy: 'Ended by',
  cancelled: 'Cancelled',
  expired: 'Expired',
  denyReason: 'Deny reason',
  reasonHistory: 'Reason history',
  extensionRequests: 'Extension requests',
  /** A start type beside what the community's own LOAs say of it: "0 (reads as starting when requested)". */
  readsAs: (code: string, reading: string) => `${code} (reads as ${reading})`,
  /**
   * A status code beside the review's outcome the community's LOAs give it: "4 (approved)" (the
   * title says where the leave stands, "Ended"; the code says how it was reviewed).
   */
  reviewOutcome: {
    approved: (code: string) => `${code} (approved)`,
    denied: (code: string) => `${code} (denied)`,
  },
  /** What a status code or start type reads as (src/reports/leave.ts). */
  readings: {
    approved: 'approved',
    denied: 'denied',
    startingWhenRequested: 'starting when requested',
    startingLater: 'starting later',
  },
  /** In an entry of the reason history or the extension requests: "end 10 Mar → 14 Mar". */
  entryEnd: (from: string, to: string) => `end ${from} → ${to}`,
  /** "reviewed 6 Mar 2026 by @Sam": `what` is the entry's key in words (API data). */
  entryAtBy: (what: string, day: string, by: string) => `${what} ${day} by ${by}`,
  /** An entry's time with no one named: "requested 3 Mar 2026" (`what`: the API's key in words). */
  entryAt: (what: string, day: string) => `${what} ${day}`,
  /** Who an entry names: "approved by @Sam". */
  entryBy: (what: string, by: string) => `${what} ${by}`,
  /** Any other key of an entry and its value: "days: 3". */
  entryValue: (what: string, value: string) => `${what}: ${value}`,
  /** "3 Mar–10 Mar 2026" in an "Open…" label. */
  dateRange: (from: string, to: string) => `${from}–${to}`,
  dateFrom: (day: string) => `from ${day}`,
  dateUntil: (day: string) => `until ${day}`,
  /** The kind word an "Open…" option starts with. */
  optionKind: 'LOA',
  /** An "Open…" option's second line when the LOA has no reason. */
  optionId: (id: string) => `id ${id}`,
  /** Buttons on one LOA. */
  memberShortcut: 'Member',
  membersLoas: "Member's LOAs",
});

/** Shifts: /shift lists, one shift, their "Open…" options (src/render/shift.ts, commands/shift.ts). */
const shift = (f: Formats) => ({
  title: 'Shifts',
  /** The list's total in the footer: "1,204 shifts". */
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'shift', other: 'shifts' })}`,
  empty: 'No shifts found.',
  states: { active: 'Active', ended: 'Ended', unknown: 'Unknown' },
  /** One shift's title: "Shift 66c7… · Active". */
  detailTitle: (id: string, state: string) => `Shift ${id} · ${state}`,
  /** A list row's type and wave: "patrol (wave 2)". */
  typeInWave: (type: string, wave: string) => `${type} (wave ${wave})`,
  member: 'Member',
  type: 'Type',
  wave: 'Wave',
  autoEnd: 'Auto end',
  started: 'Started',
  ended: 'Ended',
  stillOnDuty: 'Still on duty',
  endedBy: 'Ended by',
  length: 'Length',
  breaks: 'Breaks',
  netTime: 'Net time on duty',
  breakEntries: 'Break entries',
  /** The length of a running shift: "2h so far". */
  soFar: (length: string) => `${length} so far`,
  breakCount: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'break', other: 'breaks' })}`,
  /** "2 breaks (times unreadable)". */
  timesUnreadable: (breaks: string) => `${breaks} (times unreadable)`,
  onBreakNow: 'on break now',
  oneNeverEnded: 'one never ended',
  unreadable: (n: number) => `${f.count(n)} unreadable`,
  /** Net time when some breaks could not be read: "at most 1h 20m". */
  atMost: (length: string) => `at most ${length}`,
  /** The kind word an "Open…" option starts with. */
  optionKind: 'Shift',
  /** An "Open…" option naming a member the directory does not know: "Member 66c7…". */
  optionMember: (memberId: string) => `Member ${memberId}`,
  /** The second line of a member's "Open…" option in /shift totals. */
  theirShifts: 'Their shifts in this period',
  membersLoas: "Member's LOAs",
});

/** Members: /member list, one member and their staff record (src/render/member.ts, commands/member.ts). */
const member = (f: Formats) => ({
  title: 'Members',
  /** The list's total in the footer: "312 members". */
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'member', other: 'members' })}`,
  empty: 'No members found.',
  /** In a list row: the join date ("joined 3 Mar 2026"). */
  joinedOn: (day: string) => `joined ${day}`,
  noRolesInRow: 'no roles',
  /** One member's title: "Member 66c7…". */
  detailTitle: (id: string) => `Member ${id}`,
  id: 'Id',
  joined: 'Joined',
  /** The Discord user the directory knows the member as (the id is in the title). */
  discordUser: 'Discord user',
  roles: 'Roles',
  linkedRoles: 'Linked Discord roles',
  none: 'None',
  /** The staff record's period: "This week (23 Nov 2026 – 29 Nov 2026, UTC)". */
  thisWeek: (from: string, to: string, timeZone: string) => `This week (${from} – ${to}, ${timeZone})`,
  /** Time on duty in the period: "4h 6m in 3 shifts". */
  timeInShifts: (time: string, shifts: number) =>
    `${time} in ${f.count(shifts)} ${f.plural(shifts, { one: 'shift', other: 'shifts' })}`,
  /** Their place among staff: "#2 of 14". */
  rank: (place: number, of: number) => `#${f.count(place)} of ${f.count(of)}`,
  noTimeOnDuty: 'no time on duty',
  /** Time on duty from a partial read: "at least 4h 6m in 3 shifts so far". */
  timeInShiftsSoFar: (time: string, shifts: number) =>
    `at least ${time} in ${f.count(shifts)} ${f.plural(shifts, { one: 'shift', other: 'shifts' })} so far`,
  rankNotKnownYet: 'rank not known yet',
  quotaNotMetSoFar: 'not met so far',
  /** A field whose answer is on pages not read yet (quota, leave). */
  notKnownYet: 'not known yet',
  onDutyNow: 'on duty now',
  quota: 'Quota',
  quotaMet: 'met',
  quotaNotMet: 'not met',
  quotaExempt: 'exempt (on leave)',
  /** "2h of 5h". */
  quotaDone: (done: string, required: string) => `${done} of ${required}`,
  onLeave: 'On leave',
  nextLeave: 'Next leave',
  noReturnDate: 'no return date',
  /** On leave now: "until <date>". */
  leaveUntil: (back: string) => `until ${back}`,
  /** Leave to come: "from <date> · back <date>". */
  leaveFromBack: (start: string, back: string) => `from ${start} · back ${back}`,
  /** The field of a staff record shown without its standing: one line saying why (src/render/member.ts `gapField`). */
  timeOnDuty: 'Time on duty',
  standingReportsOff: 'Not shown: reports are not available on this server.',
  standingNotRead:
    "Not known yet: Rollcall has not read this community's report data yet. It is read when a report is asked for (such as /shift totals), a page at a time as the monthly API allowance's pace allows.",
  /** None of the shifts, LOAs and members is read yet; `readSoFar`: how far reading is. */
  standingPartsNotRead: (readSoFar: string) =>
    `Not known yet: none of this community's shifts, LOAs and members is read yet. ${readSoFar}`,
  standingMemberId: "Not shown: this member's id cannot be looked up in the report data.",
  standingFailed:
    'Could not be worked out: something went wrong while reading the report data (it is logged for the operator). The rest of the record is as read.',
  /** In the footer of a staff record: "report data 12 min old". */
  reportDataAge: (age: string) => `report data ${age} old`,
  /** An "Open…" option naming a member the directory does not know: "Member 66c7…". */
  optionMember: (memberId: string) => `Member ${memberId}`,
  /** An "Open…" option's second line for a member without roles. */
  noRoles: 'No roles',
  /** Buttons on a member's record. */
  loas: 'LOAs',
  shiftsThisWeek: 'Shifts this week',
  backToLoa: '↩ Back to LOA',
  /** On "Shifts this week" opened from a staff record: the way back to it. */
  backToRecord: '↩ Back to staff record',
});

/** Roles: /role list and one role (src/render/role.ts). */
const role = (f: Formats) => ({
  title: 'Roles',
  /** The list's total in the footer: "24 roles". */
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'role', other: 'roles' })}`,
  empty: 'No roles found.',
  /** In a list row: "linked @Moderator", "created 3 Mar 2026". */
  linkedTo: (role: string) => `linked ${role}`,
  createdOn: (day: string) => `created ${day}`,
  /** One role's title: "Role Moderator". */
  detailTitle: (name: string) => `Role ${name}`,
  id: 'Id',
  colour: 'Colour',
  linkedRole: 'Linked Discord role',
  permissions: 'Permissions',
  extraPermissions: 'Extra permissions',
  created: 'Created',
});

/**
 * What every record view says around the API's data: the footer's server, and values whose inner
 * shape the API does not describe (src/render/entries.ts, open-values.ts, inline-list.ts).
 */
const records = (f: Formats) => ({
  /** A record's footer: "Server 66c7…". */
  server: (id: string) => `Server ${id}`,
  yes: 'yes',
  no: 'no',
  /** An empty list or object. */
  none: 'None',
  /** An empty list inside a value. */
  noneInValue: 'none',
  entries: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'entry', other: 'entries' })}`,
  items: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'item', other: 'items' })}`,
  fields: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'field', other: 'fields' })}`,
  /** Under the first entries shown: "… and 3 more". */
  andMore: (n: number) => `… and ${f.count(n)} more`,
  /** After the first keys of an object: "… and 3 more fields". */
  andMoreFields: (n: number) => `… and ${f.count(n)} more ${f.plural(n, { one: 'field', other: 'fields' })}`,
  /** After the items that fit: "Moderator, Admin +3 more". */
  plusMore: (n: number) => `+${f.count(n)} more`,
  /** After the first pairs of an entry: "(+3 more)". */
  pairsMore: (n: number) => `(+${f.count(n)} more)`,
  /** When not even one item fits: "12 in total". */
  inTotal: (n: number) => `${f.count(n)} in total`,
});

/** Moderation logs (/log, src/render/log.ts). */
const log = (f: Formats) => ({
  title: 'Moderation logs',
  /** The list of one player's logs (or of a search: "Bob_1 · type 3 · since …"). */
  titleOf: (who: string) => `Moderation logs of ${who}`,
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'log', other: 'logs' })}`,
  empty: 'No moderation logs found.',
  /** An empty search that did not read every log (its title says how much it searched). */
  noneAmongSearched:
    'None of the logs searched match. Not every log was searched and the API gives no order, so a match may be among the others.',
  /** A log's type in a row or a title: "type 3 (Warning)". */
  typeOf: (type: string) => `type ${type}`,
  detailTitle: (id: string, type: string) => `Log ${id} · type ${type}`,
  text: 'Text',
  description: 'Description',
  gameUsername: 'Game username',
  gameId: 'Game id',
  type: 'Type',
  typeId: 'Type id',
  created: 'Created',
  createdBy: 'Created by',
  completedBy: 'Completed by',
  hidden: 'Hidden',
  hiddenBy: 'Hidden by',
  expired: 'Expired',
  expiredAt: 'Expired at',
  expiredBy: 'Expired by',
  temporaryBan: 'Temporary ban',
  proof: 'Proof',
  editedBy: 'Edited by',
  /** The footer's first words: the community server the record belongs to. */
  server: (id: string) => `Server ${id}`,
  /** The "Temporary ban" field; `until` is a Discord timestamp. */
  banStillInEffect: (until: string) => `Temporary ban until ${until}\nStill in effect`,
  banTimePassed: (until: string) => `Temporary ban until ${until}\nUnban time has passed`,
  /** An entry marked expired: its ban is over whatever its unban time says (`until`: when it was set). */
  banExpired: (until: string | undefined) =>
    `${until === undefined ? 'Temporary ban' : `Temporary ban until ${until}`}\nNot in effect: the entry is marked expired`,
  banNoUnbanTime: 'Temporary ban, unban time not set',
  banUnbanTime: (until: string) => `Temporary ban, unban time ${until}`,
  notBannedUnbanSet: (until: string) => `No (unban time set: ${until})`,
  unbanTime: (until: string) => `Unban time ${until}`,
  /** "Open…" option: "Log · Type 3 · Bob_1 · 3 Mar 2026". */
  openKind: 'Log',
  openType: (type: string) => `Type ${type}`,
  allLogsOfPlayer: 'All logs of this player',
  notFound: 'No moderation log with that id was found on this community server.',
  /** A search's title parts after the username. */
  since: (time: string) => `since ${time}`,
  savedPagesSearched: (searched: number, pages: number) =>
    `${f.count(searched)} of ${f.count(pages)} saved pages searched`,
  firstSearched: (n: number) => `first ${f.count(n)} logs searched`,
  savedPagesOnly: 'Saved pages only',
  /** Why a search read only saved pages; `at` is when a full search is possible (Unix seconds). */
  searchPartial: (searched: number, pages: number, needed: number, at: number) =>
    `Searched the ${f.count(searched)} saved ${f.plural(searched, { one: 'page', other: 'pages' })} of ${f.count(pages)}; a full search needs ${f.count(needed)} more ${f.plural(needed, { one: 'request', other: 'requests' })} to the community server API, possible <t:${at}:f> (<t:${at}:R>).`,
});

/** The audit log (/audit-log, src/render/audit-log.ts). */
const auditLog = (f: Formats) => ({
  title: 'Audit log',
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'entry', other: 'entries' })}`,
  empty: 'No audit log entries found.',
  typeOf: (type: string) => `type ${type}`,
  /** Who did it, in a row or an option: "by <@123>". */
  by: (user: string) => `by ${user}`,
  detailTitle: (id: string, type: string) => `Audit log entry ${id} · type ${type}`,
  description: 'Description',
  type: 'Type',
  user: 'User',
  application: 'Application',
  time: 'Time',
  server: (id: string) => `Server ${id}`,
  /** Where the entry was found: "Page 3 of the audit log". */
  pageOf: (page: number) => `Page ${f.count(page)} of the audit log`,
  openKind: 'Audit entry',
  openType: (type: string) => `Type ${type}`,
});

/** Application forms (/application, src/render/application.ts). */
const application = (f: Formats) => ({
  title: 'Applications',
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'application', other: 'applications' })}`,
  empty: 'No applications found.',
  open: 'Open',
  closed: 'Closed',
  untitled: 'Untitled',
  /** `day` is a Discord timestamp. */
  updated: (day: string) => `updated ${day}`,
  detailTitle: (title: string) => `Application: ${title}`,
  id: 'Id',
  acceptingResponses: 'Accepting responses',
  banAppeal: 'Ban appeal',
  cooldown: 'Cooldown',
  maxLogs: 'Max logs',
  minMembership: 'Min. Discord membership',
  resultsChannel: 'Results channel',
  eventsChannel: 'Events channel',
  gameGroup: 'Game group',
  created: 'Created',
  lastUpdated: 'Last updated',
  banner: 'Banner',
  settings: 'Settings',
  onApproval: 'On approval',
  onDenial: 'On denial',
  reviewers: 'Reviewers',
  applicants: 'Applicants',
  mentionedOnSubmit: 'Mentioned on submit',
  closedMessage: 'Closed message',
  submissionMessage: 'Submission message',
  sections: 'Sections',
  questions: 'Questions',
  presets: 'Presets',
  /** The two role lists of one field: "Adds: @a\nRemoves: @b". */
  adds: 'Adds',
  removes: 'Removes',
  review: 'Review',
  reviewOnly: 'Review only',
  mustHave: 'Must have',
  mustNotHave: 'Must not have',
  /** The form's yes/no settings, as the "Settings" field lists them. */
  setting: {
    requireChatMember: 'Must be in the Discord server',
    collectGameAccount: 'Collects the game account',
    stageResponses: 'Staged responses',
    requireApprovedReason: 'Reason required to approve',
    requiredDenialReason: 'Reason required to deny',
    revealReviewer: 'Reveals the reviewer',
    resultsMentionUser: 'Results mention the applicant',
    inviteOnApproval: 'Invite on approval',
    banAppealNote: 'Ban-appeal note',
  },
  server: (id: string) => `Server ${id}`,
  notFound: 'No application with that id or title was found on this community server.',
});

/** Join requests (/join-request, src/render/join-request.ts). */
const joinRequest = (_f: Formats) => ({
  title: 'Join request',
  user: 'User',
  userId: 'User id',
  joinCode: 'Join code',
  requested: 'Requested',
  server: (id: string) => `Server ${id}`,
  memberRecord: 'Member record',
  notFound: 'No join request from that user was found on this community server.',
});

/** "Check player" (commands/player.ts, src/render/player.ts). */
const player = (f: Formats) => ({
  title: (username: string) => `Player ${username}`,
  entries: 'Entries',
  /** After the total when not every log was read: "250 (counts of the 100 read, order unknown)". */
  countsOfRead: (n: number) => `(counts of the ${f.count(n)} read, order unknown)`,
  byType: 'By type',
  temporaryBan: 'Temporary ban',
  /** `until` is a Discord timestamp. */
  banInEffectUntil: (until: string) => `In effect until ${until}`,
  noBanInEffect: 'None in effect',
  /** A temporary ban without an unban time; `when` is when the entry was made (a Discord timestamp). */
  banWithoutEnd: (when: string) => `A temporary ban of ${when} has no unban time: it may still be in effect`,
  /**
   * No ban in effect among the logs read, but not every log was read (`at`: when the rest can be,
   * Unix seconds; `atMost`: the most entries the record reads, when the player has more).
   */
  banUndecided: (read: number, total: number, at: number | undefined, atMost?: number) =>
    `Not known: none in effect among the ${f.count(read)} of ${f.count(total)} entries read${at === undefined ? '' : `; ${atMost === undefined ? 'the rest' : `the first ${f.count(atMost)}`} can be read <t:${at}:f> (<t:${at}:R>)`}`,
  hidden: 'Hidden',
  expired: 'Expired',
  newestShown: (n: number) => `The newest ${f.count(n)} shown`,
  newestOfRead: (n: number, read: number) => `The newest ${f.count(n)} of the ${f.count(read)} read shown`,
  allTheirLogs: 'All their logs',
  /** The modal asking for a username. */
  checkPlayer: 'Check player',
  gameUsername: 'Game username',
  typeUsername: 'Type a username…',
  namedTitle: 'Players named in this message',
  usernames: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'username', other: 'usernames' })}`,
  noUsername: 'No username found.',
  theirRecord: 'Their moderation record',
});

/** Members shown by who they are (src/render/people.ts). */
const people = (_f: Formats) => ({
  /** A member the directory does not know, in plain text: "member …4748bbfd". */
  member: (id: string) => `member ${id}`,
});

/** The code tables a server can name (src/render/labels.ts, /rollcall-admin labels). */
const labels = (_f: Formats) => ({
  table: {
    logTypes: 'Log type',
    loaStatus: 'LOA status',
    loaStartType: 'LOA start type',
    auditTypes: 'Audit type',
    banAppeal: 'Ban appeal',
  },
});

/** Reports (src/render/reports.ts): /shift totals and active, /loa active and upcoming, /quota. */
const reports = (f: Formats) => ({
  /** The report periods, as titles name them. */
  period: {
    thisWeek: 'This week',
    lastWeek: 'Last week',
    last7Days: 'Last 7 days',
    last30Days: 'Last 30 days',
    thisMonth: 'This month',
    lastMonth: 'Last month',
  },
  /** "Last month (1 Oct 2026 – 31 Oct 2026, Europe/London)". */
  periodSpan: (name: string, from: string, to: string, zone: string) => `${name} (${from} – ${to}, ${zone})`,
  /** A totals filter in the title: "type Patrol", "wave 3". */
  filterType: (type: string) => `type ${type}`,
  filterWave: (wave: number) => `wave ${f.count(wave)}`,
  totalsTitle: (period: string) => `Time on duty · ${period}`,
  memberTitle: (memberId: string, period: string) => `Member ${memberId} · ${period}`,
  members: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'member', other: 'members' })}`,
  shifts: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'shift', other: 'shifts' })}`,
  loas: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
  /** A total that may count a shift whose end is unknown as running to now. */
  atMost: (time: string) => `at most ${time}`,
  longest: (time: string) => `longest ${time}`,
  onDutyNowCount: (n: number) => `${f.count(n)} on duty now`,
  noShifts: 'No shifts in this period.',
  /** "Alex: 4h 6m on duty in 3 shifts (longest 2h)." */
  memberTotal: (time: string, shifts: number, longest: string, approximate: boolean) =>
    `${approximate ? 'At most ' : ''}${time} on duty in ${f.count(shifts)} ${f.plural(shifts, { one: 'shift', other: 'shifts' })} (longest ${longest}).`,
  andMore: (n: number) => `… and ${f.count(n)} more`,
  onLeaveTitle: 'On leave now',
  leaveStartingTitle: (days: number) =>
    `Leave starting within ${f.count(days)} ${f.plural(days, { one: 'day', other: 'days' })}`,
  noReturnDate: 'no return date',
  back: (when: string) => `back ${when}`,
  fromBack: (start: string, back: string) => `from ${start} · back ${back}`,
  nobodyOnLeave: 'Nobody is on leave now.',
  noLeaveStarts: 'No leave starts in that time.',
  quotaTitle: (period: string) => `Quota check · ${period}`,
  pass: 'pass',
  fail: 'fail',
  onLeave: 'on leave',
  /** "2h of 10h". */
  doneOf: (done: string, required: string) => `${done} of ${required}`,
  quotaSummary: (pass: number, fail: number, leave: number) =>
    `${f.count(pass)} pass · ${f.count(fail)} fail · ${f.count(leave)} on leave`,
  noQuotaRoles: (where: string) => `No member holds a role with a quota (${where}).`,
  quotasSetByAdmins: 'admins set quotas with /rollcall-admin reports',
  quotasSetInEnvironment: "quotas are set in Rollcall's environment (REPORTS_QUOTAS)",
  onDutyTitle: 'On duty now',
  /** When a shift began, `when` being Discord's relative time ("9 hours ago"). */
  startedAgo: (when: string) => `started ${when}`,
  onDutyFor: (time: string) => `${time} on duty`,
  nobodyOnDuty: 'Nobody is on duty now.',
  inactiveTitle: (days: number) =>
    `No shift in over ${f.count(days)} ${f.plural(days, { one: 'day', other: 'days' })}`,
  leaveLeftOut: 'on leave left out',
  neverOnDuty: 'never on duty',
  lastShift: (when: string) => `last shift ${when}`,
  onLeaveNoReturn: 'on leave, no return date',
  onLeaveUntil: (when: string) => `on leave until ${when}`,
  everyoneActive: 'Every member had a shift in that time.',
  /** /quota inactive on a snapshot whose shifts, LOAs or members are not read whole (`total`: pages there are, when known). */
  inactiveNeedsEveryPage: (read: number, total: number | undefined, roles: boolean) =>
    `Who went quiet needs every page of the shifts, LOAs${roles ? ', members and roles' : ' and members'}, and Rollcall has read ${total === undefined ? f.count(read) : `${f.count(read)} of ${f.count(total)}`} so far (a page at a time, as the monthly API allowance's pace allows). Nobody is listed until then: ask again later.`,
  /** How far a partial read is (src/reports/coverage.ts); `next`: when the pace allows the next read (a Discord timestamp). */
  readSoFar: (read: number, total: number | undefined, next: string | undefined) =>
    `Rollcall has read ${total === undefined ? f.count(read) : `${f.count(read)} of ${f.count(total)}`} pages so far (a page at a time, as the monthly API allowance's pace allows): ask again ${next === undefined ? 'later' : `after ${next}`}.`,
  /** A report with no row from a partial read: it states no absence. */
  notKnownYet: (readSoFar: string) => `Not known yet: ${readSoFar}`,
  /** Above the rows of a report from a partial read. */
  partialRows: (readSoFar: string) => `⚠️ Partial: more may be on pages not read yet. ${readSoFar}`,
  /** A report's total from a partial read: "10 LOAs so far". */
  soFar: (total: string) => `${total} so far`,
  failSoFar: 'not met so far',
  quotaSummarySoFar: (pass: number, fail: number, leave: number) =>
    `${f.count(pass)} pass · ${f.count(fail)} not met so far · ${f.count(leave)} on leave`,
  /** A shift still running after more than 7 days (/shift active). */
  runningLong: (days: number) =>
    `⚠️ running for ${f.count(days)} ${f.plural(days, { one: 'day', other: 'days' })} (auto-end may have failed)`,
  /** The "Open…" select of the quota and inactive reports. */
  memberOption: (memberId: string) => `Member ${memberId}`,
  theirShifts: 'Their shifts in this period',
  theirRecord: 'Their record',
  neverOnDutyOption: 'Never on duty',
});

/**
 * What Rollcall posts to a channel by itself (digests, allowance alerts), in the server's
 * language or the one its admins chose (/rollcall-admin reports language).
 */
const digest = (f: Formats) => ({
  /** QUOTA_ALERT_CHANNEL_ID: the monthly allowance passed 80 % (`reset` is Unix seconds). */
  allowanceMark: (used: number, points: number, reset: number) =>
    `Rollcall has spent ${f.count(used)} of this community server's ${f.count(points)} API requests for the month; saved data is shown more often until the allowance starts again <t:${reset}:f>.`,
  allowanceSpent: (points: number, reset: number) =>
    `Rollcall has spent all ${f.count(points)} of this community server's API requests for the month; it shows saved data until the allowance starts again <t:${reset}:f>.`,
  /** The admins' settings view: the language digests and alerts are posted in. */
  language: (name: string) => `Digest language: ${name}.`,
  /** The language when the admins chose none: the server's own ("server default: Deutsch"). */
  serverDefault: (name: string) => `server default (${name})`,
});

/** /rollcall help (src/render/help.ts); commands' own descriptions come from their localizations. */
const help = (_f: Formats) => ({
  title: 'Rollcall commands',
  intro:
    'Read-only access to the community server’s records. Lists page with the buttons under them; ' +
    '“Open…” shows one record. Add `public:True` to any command to post the answer in the channel ' +
    '(otherwise only you see it).',
  memberMenus: 'Right-click a member → Apps',
  messageMenus: 'Right-click a message → Apps',
  /** After a message command's name. */
  messageMenuLine: 'the players it names, and each one’s record',
  moreCommands: 'More commands',
  /** An example's placeholder for a Discord user option. */
  sampleUser: '@user',
});

/** /rollcall status (src/render/status.ts). */
const status = (f: Formats) => ({
  title: 'Rollcall status',
  footer: 'Counts since Rollcall started',
  api: 'API',
  reachable: '🟢 Reachable',
  notReachable: '🔴 Not reachable',
  roundTrip: 'Round trip',
  milliseconds: (ms: number) => `${f.count(ms)} ms`,
  savedProbe: (relative: string) => `saved answer from ${relative}: no request spent`,
  cache: 'Cache',
  backendMemory: 'In memory',
  backendRedis: 'Redis',
  backendOff: 'Off',
  healthy: 'healthy',
  notAnswering: 'not answering',
  hitRate: 'Cache hit rate',
  noReadsYet: 'no reads yet',
  hits: (percent: number, hits: number, reads: number) =>
    `${new Intl.NumberFormat(f.locale, { maximumFractionDigits: 1 }).format(percent)}% (${f.count(hits)} of ${f.count(reads)} reads)`,
  requestsMade: 'API requests made',
  rateLimited: 'Rate-limited answers',
  staleServed: 'Saved data served (API down)',
  coalesced: 'Requests shared',
  version: 'Version',
  uptime: 'Uptime',
  accessRoles: 'Access roles',
  accessRules: 'Access rules',
  lastRefusals: 'Last refusals (this process)',
  problem: 'Problem',
  leftAsCounted: 'Requests left (as last counted here)',
  leftThisMonth: 'Left this month',
  allowedNow: 'Allowed now',
  leftOf: (left: number, points: number) => `${f.count(left)} of ${f.count(points)}`,
  noMonthlyLimit: 'No monthly limit',
  savedOnlyUntil: (when: string) => `Saved data only, until ${when}`,
  nothingUntil: (when: string, limit: string) => `Nothing until ${when} (${limit})`,
  upToReads: (n: number) => `Up to ${f.count(n)} new reads`,
  anyRead: 'Any read (no limit set)',
  readsAndRefresh: (reads: string, next: string) => `${reads}; refresh of saved data: ${next}`,
  dueNow: 'one is due now',
  next: (when: string) => `next ${when}`,
  monthName: (limit: string) => `API allowance (${limit})`,
  monthLine: (left: number, points: number, used: number, resets: string) =>
    `${f.count(left)} of ${f.count(points)} left this month · ${f.count(used)} used · resets ${resets}`,
  paceSpent: 'Pace: spent; saved data is shown until it resets',
  paceLine: (every: string, next: string) =>
    `Pace: one refresh of saved data every ${every} (20% kept for new reads) · ${next}`,
  windowName: (limit: string) => `Request limit (${limit})`,
  windowLine: (left: string, window: string, used: number, refills: string) =>
    `${left} left in this ${window} window · ${f.count(used)} used · refills ${refills}`,
  leftOfWindow: (left: number, per: number) => `${f.count(left)} of ${f.count(per)}`,
});

/** Which access roles are checked free (src/render/access.ts): status and settings. */
const access = (f: Formats) => ({
  unlinked: 'no linked Discord role',
  badId: 'its linked Discord role is not a role id',
  notOnServer: (id: string) =>
    `its linked Discord role ${id} is not a role of this server (it must exist on every server Rollcall serves)`,
  unknownRole: 'not among the community roles',
  discordId: 'a Discord role id, not a community role: Discord roles go in the Discord roles setting',
  roleName: (id: string) => `a role's name, not its id: the community role of that name is ${id}`,
  unread: 'the community roles could not be read',
  rolesRead: (count: string, when: string) => `Roles list (${count} roles) read ${when};`,
  firstRoles: (count: number) => `the first ${f.count(count)}`,
  rolesNext: (when: string) => `read again at the latest ${when}, or at the next /rollcall status.`,
  rolesFailing: (when: string) =>
    `it could not be read again (the community server API is not answering): tried again ${when}.`,
  rolesSpent: (when: string) => `not read again: the API allowance for it is spent until ${when}.`,
  rolesPaced: (when: string) => `not read again yet: the month's pace allows it ${when}.`,
  rolesUnread: (reason: string, when: string) =>
    `The community roles could not be read, so every access role costs a member lookup: ${reason} Tried again ${when}.`,
  ruleDiscordRoles: (setting: string, ids: string) =>
    `Discord roles (${setting}): ${ids}: checked free from every interaction.`,
  ruleMember: 'Members of the community server only: a member lookup per check.',
  ruleRoles: (setting: string) => `Community roles (${setting}):`,
  ruleNone: 'None: everyone the command permissions allow.',
  quotaNotRoles: (setting: string, roles: string) =>
    `${setting} names roles that are no community role, so their quotas count nobody: ${roles}.`,
  quotaDiscordId: 'a Discord role id: quotas take community role ids',
  noRefusals: 'None since this process started.',
  refusalLine: (cause: string, count: number, when: string) => `${cause}: ${f.count(count)} (last ${when})`,
  cause: {
    'discord-role': 'no Discord role of the Discord roles setting',
    'linked-role': 'none of the linked Discord roles',
    'not-member': 'no community member linked to their Discord account',
    'no-access-role': 'a member holding no access role',
    held: 'refused again and again (no lookup)',
    misconfigured: 'the access setting names no community role',
    'first-checks-spent': "this month's first checks spent",
    'unlinked-user': 'no Discord role linked to a community role (not looked up)',
    'no-links': 'no community role linked to a Discord role of this server (nobody new looked up)',
    'roles-unread': 'the community roles unreadable (nobody new looked up)',
    'checks-spent': "the access checks' share spent",
    unchecked: 'the community server API not answering',
  },
  discordRole: (id: string) => `Discord role ${id}`,
  checkedFree: (roles: string) => `Checked free (linked Discord role): ${roles}`,
  costLookup: (roles: string) => `Cost a member lookup: ${roles}`,
  linkTip: 'Link these to a Discord role in the community server to check them free.',
});

/** /rollcall-admin's own controls (its sentences are in `sentences`). */
const admin = (f: Formats) => ({
  setupTitle: 'Link Rollcall to your community',
  tokenLabel: "The community server's API token",
  replaceToken: 'Replace token',
  unlink: 'Unlink',
  noRoleNeeded: 'none (no role needed)',
  /** The digest's schedule in the settings view: "daily at 09:00 Europe/London". */
  digestDaily: (hour: string) => `daily at ${hour}`,
  digestWeekly: (day: string, hour: string) => `every ${day} at ${hour}`,
  /** The days a weekly digest is posted on, as the schedule names them. */
  weekday: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
  /** The reports a digest holds, as the settings view lists them. */
  report: {
    totals: 'time on duty',
    quota: 'quota results',
    leave: 'on leave now',
  },
  /** The report settings form (/rollcall-admin reports with no option). */
  form: {
    reportsTitle: 'Report settings',
    digestChannel: 'Digest channel',
    digestChannelHint: 'Empty: no digest. A new digest needs its cadence and hour (options).',
    reminderChannel: 'Leave reminder channel',
    weekStart: 'First day of the week',
    language: 'Digest language',
    serverLanguage: 'Server default',
    switches: 'Reminders and charts',
    reminders: 'Post leave reminders',
    pings: 'Reminders ping the member',
    charts: 'Charts in reports and digests',
    settingsTitle: 'Server settings',
    accessRoles: 'Community roles with access',
    accessRolesHint: 'None chosen: no community role is needed.',
    accessRolesTyped: 'Names or ids, comma-separated (too many roles to list). Empty: none.',
    /** A saved access role the roles list no longer holds, offered so that keeping it is a choice. */
    staleRole: (id: string) => `${id} (not in the roles list)`,
    discordRoles: 'Discord roles with access',
    discordRolesHint: 'None chosen: no Discord role is needed.',
    visibility: 'Answers by default',
    private: 'Private (only the asker sees them)',
    public: 'Posted for everyone',
    limits: 'API limits',
    limitsHint: 'Like 100/month,30/1m. Empty: the bot’s default.',
    /** The first line of the form's answer: what it changed, in the reader's words. */
    changed: (items: string) => `Changed: ${items}.`,
    nothingChanged: 'Nothing changed.',
    item: {
      digest: 'digest channel',
      reminders: 'leave reminders',
      weekStart: 'first day of the week',
      language: 'digest language',
      charts: 'charts',
      accessRoles: 'community access roles',
      discordRoles: 'Discord access roles',
      visibility: 'default visibility',
      limits: 'API limits',
    },
  },
  reviewAfter: (hours: number | undefined) =>
    hours === undefined
      ? 'Review queue: a pending LOA is never flagged.'
      : `Review queue: a pending LOA waiting longer than ${f.count(hours)} h is flagged.`,
});

/**
 * Leave ahead (src/render/reminders.ts): the digests' "Returning this week" and "Starting this
 * week", and the reminder posted the day before someone's leave ends (in the digest's language);
 * the reminders' lines in the admins' settings view.
 */
const reminders = (f: Formats) => ({
  returningTitle: 'Returning this week',
  startingTitle: 'Starting this week',
  returningEmpty: 'Nobody comes back from leave this week.',
  startingEmpty: 'No leave starts this week.',
  /** The digest's "On leave now" leaves out who is back this week (their own section). */
  alsoReturning: (n: number) => `+ ${f.count(n)} on leave now and back this week: see "Returning this week".`,
  /** A returning row: who, and when they are back (a Discord timestamp or `noReturnDate`). */
  returningRow: (who: string, back: string) => `${who} · back ${back}`,
  /** A starting row: who, when they leave and when they are back. */
  startingRow: (who: string, from: string, back: string) => `${who} · from ${from} · back ${back}`,
  noReturnDate: 'no return date',
  count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
  /** The reminder posted the day before a leave ends. */
  reminder: (who: string, back: string) => `Leave ends tomorrow: ${who} is back ${back}.`,
  /** The admins' settings view; `problem` is the last one recorded, as it was written. */
  state: (r: { channelId: string; pings: boolean; problem?: string } | undefined) =>
    r === undefined
      ? 'Leave reminders: off.'
      : `Leave reminders: in ${channelMention(r.channelId)}, the day before leave ends (${r.pings ? 'pinging the member' : 'no ping'}).${r.problem ? `\n⚠️ ${r.problem}` : ''}`,
  needsChannel: 'Leave reminders need a channel (reminder-channel). Nothing was saved.',
  noChannel: (channelId: string) =>
    `Rollcall cannot post leave reminders in ${channelMention(channelId)}: the channel is gone or is not a text channel of this server; choose another.`,
  missing: (channelId: string, missing: string[]) =>
    `Rollcall cannot post leave reminders in ${channelMention(channelId)}: missing ${f.list(missing)}.`,
  failed: 'The last leave reminder could not be posted (Discord did not answer); the next one will be tried.',
  /** Discord refused a post (403): the permissions it lacks in the channel, by the names admins see. */
  refused: (channelId: string, permissions: string[]) =>
    `Discord refused the last leave reminder in ${channelMention(channelId)} (403): Rollcall lacks ${permissions.join(' or ')} there; give it that permission, and the next one will be tried.`,
});

/** Charts (src/render/charts/): their titles, axes and legends, drawn in the image with the shipped fonts (no emoji). */
const charts = (f: Formats) => ({
  totalsTitle: (period: string) => `Time on duty · ${period}`,
  quotaTitle: (period: string) => `Hours against quota · ${period}`,
  memberTitle: (who: string) => `${who} · time on duty per day, last four weeks`,
  digestDaysTitle: 'Team time on duty per day, past week',
  digestLeaveTitle: 'On leave, coming week',
  hours: 'Hours',
  quota: 'Quota',
  pass: 'met',
  fail: 'not met',
  onLeave: 'on leave',
  onDuty: 'on duty',
  /** Under a chart that draws only the first rows of a longer list. */
  firstOf: (shown: number, total: number) => `The first ${f.count(shown)} of ${f.count(total)}`,
  /** Why an answer has no chart (said once, in the embed's text). */
  noData: 'No chart: nothing to draw.',
  unavailable: 'No chart: charts could not be drawn just now.',
  tooLarge: 'No chart: the picture would be too large to send.',
  /** `/rollcall-admin reports` when the admins turned charts off (on, the default, goes unsaid). */
  off: 'Charts: off (answers and digests go without them).',
});

/** English's section functions by section key, the shape every catalogue's `sections` lists. */
export const ENGLISH_SECTIONS = {
  common,
  page,
  paging,
  /**
   * Every sentence a moderator or admin can see when something goes wrong, or as an admin
   * command's answer (src/discord/replies.ts: `say.notFound`, `say.rateLimited(5)`). Written in
   * areas, spread into one section: a sentence is `say.<key>` whichever area holds it.
   */
  sentences: { inputSentences, accessSentences, linkSentences, settingsSentences, reportSentences },
  export: csvExport,
  loa,
  shift,
  member,
  role,
  records,
  log,
  auditLog,
  application,
  joinRequest,
  player,
  people,
  labels,
  reports,
  digest,
  help,
  status,
  access,
  admin,
  reminders,
  charts,
};
