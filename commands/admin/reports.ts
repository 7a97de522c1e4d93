/**
 * /rollcall-admin reports (hosted mode, Manage Server): a server's report settings: the community's
 * time zone, the first day of its week, and activity quotas per community role (hours per report
 * period), and the scheduled digest (src/community/digest-scheduler.ts: channel, daily or weekly,
 * day, hour, which reports; with the last problem posting it), the leave reminders
 * (src/community/reminder-scheduler.ts: a channel, pings on or off; with the last problem posting
 * one), the digest's language (the server's preferred locale unless chosen), and the hours a pending
 * LOA may wait before it is flagged (src/reports/review.ts; never, unless set). No option opens the
 * settings form (reports-form.ts, hosted mode), `show` shows
 * them. Included in
 * /rollcall-admin by commands/admin/index.ts when the wiring gives a place for the settings.
 */
import {
  ApplicationCommandOptionType,
  ChannelType,
  type ChatInputCommandInteraction,
  type Client,
} from 'discord.js';
import { SNOWFLAKE } from '../../src/base/discord-limits.js';
import { missingToPost, type PostKind } from '../../src/base/permissions.js';
import { argumentsOf, defineCommand, type ServerCommand } from '../../src/discord/command.js';
import { say, type Text, textPayload, UserError } from '../../src/discord/replies.js';
import { catalogueFor } from '../../src/i18n/catalogue.js';
import type { Words } from '../../src/i18n/words.js';
import { chartsEnabled } from '../../src/render/charts/index.js';
import {
  DIGEST_LANGUAGES,
  DIGEST_REPORTS,
  type DigestLanguage,
  type DigestReport,
  type DigestSettings,
  isDigestLanguage,
} from '../../src/reports/digest.js';
import { isQuotaHours } from '../../src/reports/leave.js';
import { isTimeZone, WEEKDAYS, type Weekday } from '../../src/reports/period.js';
import {
  MAX_QUOTA_HOURS,
  MAX_QUOTA_ROLES,
  MAX_REVIEW_HOURS,
  type ReportSettings,
} from '../../src/reports/source.js';
import { ADMIN_BASE, ADMIN_ROUTE, rolesOrRefusal } from './command.js';

/** The digest's report choices: every non-empty set of the three, as "totals,quota,leave". */
const DIGEST_CHOICES = [
  'totals,quota,leave',
  'totals',
  'quota',
  'leave',
  'totals,quota',
  'totals,leave',
  'quota,leave',
] as const;

/** The `language` choice that removes the admins' choice: digests follow the server's preferred locale. */
export const SERVER_LANGUAGE = 'server';

/** "Digest language: Deutsch." or "…: server default (Français).", in the admin's words. */
function languageLine(language: DigestLanguage | undefined, guildLocale: string | null, t: Words): string {
  if (language !== undefined) return t.digest.language(DIGEST_LANGUAGES[language]);
  const own = catalogueFor(guildLocale)?.locale;
  return t.digest.language(t.digest.serverDefault(DIGEST_LANGUAGES[isDigestLanguage(own) ? own : 'en']));
}

/** The leave reminders' options: their descriptions stay English here (commands' localizations translate them). */
const REMINDER_OPTIONS = {
  'reminder-channel': 'Post a reminder here the day before anyone’s leave ends',
  'reminder-pings': 'Whether a leave reminder pings the member it names (default no)',
  'reminders-off': 'True turns leave reminders off',
} as const;

export const reportsDefinition = defineCommand({
  ...ADMIN_BASE,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'reports',
      description: "Show or change this server's report settings: time zone, week start, quotas, digest",
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'time-zone',
          description: "The community's time zone, an IANA name such as Europe/London",
          required: false,
          max_length: 64,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'week-start',
          description: 'The first day of the week',
          required: false,
          choices: WEEKDAYS.map((d) => ({ name: d, value: d })),
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'quota-role',
          description: 'A community role (name or id) whose holders have a quota',
          required: false,
          max_length: 100,
        },
        {
          type: ApplicationCommandOptionType.Number,
          name: 'quota-hours',
          description: 'Hours on duty that role owes per report period (0 removes its quota)',
          required: false,
          min_value: 0,
          max_value: MAX_QUOTA_HOURS,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'digest',
          description: 'Post reports to a channel on a schedule (off stops it)',
          required: false,
          choices: [
            { name: 'daily', value: 'daily' },
            { name: 'weekly', value: 'weekly' },
            { name: 'off', value: 'off' },
          ],
        },
        {
          type: ApplicationCommandOptionType.Channel,
          name: 'digest-channel',
          description: 'The channel the digest is posted in',
          required: false,
          channel_types: [ChannelType.GuildText, ChannelType.GuildAnnouncement],
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'digest-hour',
          description: "The hour (0-23, the server's report time zone) the digest is posted at",
          required: false,
          min_value: 0,
          max_value: 23,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'digest-day',
          description: 'The day a weekly digest is posted on',
          required: false,
          choices: WEEKDAYS.map((d) => ({ name: d, value: d })),
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'digest-reports',
          description: 'Which reports the digest holds (default all three)',
          required: false,
          choices: DIGEST_CHOICES.map((value) => ({ name: value.replaceAll(',', ', '), value })),
        },
        {
          type: ApplicationCommandOptionType.Channel,
          name: 'reminder-channel',
          description: REMINDER_OPTIONS['reminder-channel'],
          required: false,
          channel_types: [ChannelType.GuildText, ChannelType.GuildAnnouncement],
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'reminder-pings',
          description: REMINDER_OPTIONS['reminder-pings'],
          required: false,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'reminders-off',
          description: REMINDER_OPTIONS['reminders-off'],
          required: false,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'review-after-hours',
          description: 'Hours a pending LOA may wait before it is flagged (0: never)',
          required: false,
          min_value: 0,
          max_value: MAX_REVIEW_HOURS,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'charts',
          description: 'Whether report answers and digests carry charts (default on)',
          required: false,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'show',
          description: 'True shows the settings as text instead of opening the settings form',
          required: false,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'language',
          description: "The language digests are posted in (server default: the server's own language)",
          required: false,
          choices: [
            { name: 'server default', value: SERVER_LANGUAGE },
            ...(Object.keys(DIGEST_LANGUAGES) as DigestLanguage[]).map((value) => ({
              name: DIGEST_LANGUAGES[value],
              value,
            })),
          ],
        },
      ],
    },
  ],
});

/** The options of one `/rollcall-admin reports`, read through its definition. */
const reportsArguments = (interaction: ChatInputCommandInteraction) =>
  argumentsOf(interaction, reportsDefinition);
export type ReportsArguments = ReturnType<typeof reportsArguments>;

/** Where a server's report settings are kept, and its community's roles (the wiring provides them). */
export interface ReportSettingsPlace {
  get(guildId: string): Promise<ReportSettings>;
  save(guildId: string, settings: ReportSettings): Promise<void>;
  /** The community's roles (every page); `refresh`: read again now, as the pace allows. */
  roles(guildId: string, options?: { refresh?: boolean }): Promise<Array<{ id: string; name: string }>>;
  /** The server's scheduled digest (hosted mode): its settings and the last problem posting it. */
  digest?: {
    get(guildId: string): Promise<{ settings: DigestSettings | undefined; problem: string | undefined }>;
    /** Save, or with undefined remove, the server's digest. */
    save(guildId: string, settings: DigestSettings | undefined): Promise<void>;
  };
  /** The server's leave reminders (hosted mode): channel, pings and the last problem posting one. */
  reminders?: {
    get(guildId: string): Promise<ReminderSettings | undefined>;
    /** Save, or with undefined turn off, the server's reminders. */
    save(guildId: string, settings: Omit<ReminderSettings, 'problem'> | undefined): Promise<void>;
  };
  now?: () => number;
}

/** The digest as the options change it: unchanged (no digest option given), removed, or new settings. */
function nextDigest(
  args: ReportsArguments,
  current: DigestSettings | undefined,
  now: number,
): { changed: boolean; settings: DigestSettings | undefined } {
  const cadence = args.string('digest');
  const channel = args.channel('digest-channel');
  const hour = args.integer('digest-hour');
  const day = args.string('digest-day') as Weekday | null;
  const reports = args.string('digest-reports');
  if (cadence === null && channel === null && hour === null && day === null && reports === null)
    return { changed: false, settings: current };
  if (cadence === 'off') return { changed: true, settings: undefined };
  const next = {
    channelId: channel?.id ?? current?.channelId,
    cadence: (cadence ?? current?.cadence) as DigestSettings['cadence'] | undefined,
    day: day ?? current?.day ?? 'monday',
    hour: hour ?? current?.hour,
    reports: reports
      ? (reports
          .split(',')
          .filter((r) => (DIGEST_REPORTS as readonly string[]).includes(r)) as DigestReport[])
      : (current?.reports ?? [...DIGEST_REPORTS]),
    since: now,
  };
  if (
    next.channelId === undefined ||
    next.cadence === undefined ||
    next.hour === undefined ||
    next.reports.length === 0
  )
    throw new UserError(say.digestNeedsChannel);
  return {
    changed: true,
    settings: { ...next, channelId: next.channelId, cadence: next.cadence, hour: next.hour },
  };
}

/** A server's leave reminders as the admins see them. */
interface ReminderSettings {
  channelId: string;
  pings: boolean;
  problem?: string | undefined;
}

/** The reminders as the options change them: unchanged (no reminder option given), off, or new settings. */
function nextReminders(
  args: ReportsArguments,
  current: ReminderSettings | undefined,
): { changed: boolean; settings: ReminderSettings | undefined } {
  const channel = args.channel('reminder-channel');
  const pings = args.boolean('reminder-pings');
  const off = args.boolean('reminders-off');
  if (off === true) return { changed: true, settings: undefined };
  if (channel === null && pings === null) return { changed: false, settings: current };
  const channelId = channel?.id ?? current?.channelId;
  if (channelId === undefined) throw new UserError((t) => t.reminders.needsChannel);
  return { changed: true, settings: { channelId, pings: pings ?? current?.pings ?? false } };
}

/** A quota's hours as the admin's language writes them, up to two decimals ("2.5", "2,5"). */
function quotaHours(h: number, t: Words): string {
  return new Intl.NumberFormat(t.f.locale, { maximumFractionDigits: 2 }).format(h);
}

/** "daily at 09:00 Europe/London", "every Monday at 18:00 UTC", in the admin's words. */
function digestWhen(d: DigestSettings, timeZone: string, t: Words): string {
  const hour = `${String(d.hour).padStart(2, '0')}:00 ${timeZone}`;
  return d.cadence === 'daily'
    ? t.admin.digestDaily(hour)
    : t.admin.digestWeekly(t.admin.weekday[d.day] ?? d.day, hour);
}

/**
 * What the bot lacks to post `kind` in a channel (the chart's needs too when `charts`), by the names
 * Discord shows (src/base/permissions.ts); [] when it lacks nothing.
 */
type PostCheck = (channelId: string, kind: PostKind, charts: boolean) => string[];

/**
 * `PostCheck` over the client's cache: the bot's permissions in the channel as the gateway last told
 * them (a channel the client does not know lacks everything).
 */
export function cachedPostCheck(client: Client): PostCheck {
  return (channelId, kind, charts) => {
    const channel = client.channels.cache.get(channelId);
    const guild = channel && !channel.isDMBased() ? channel : undefined;
    const me = guild?.guild.members.me;
    const allowed = guild && me ? guild.permissionsFor(me) : null;
    return missingToPost(kind, charts, (bit) => allowed?.has(bit) === true);
  };
}

/** Whether posts carry charts with these settings: REPORTS_CHARTS on and the server's not turned off. */
function chartsOn(settings: Pick<ReportSettings, 'charts'>): boolean {
  return chartsEnabled() && settings.charts !== false;
}

/**
 * The refusal of a channel the bot cannot post `kind` in, or undefined: when only the chart's needs
 * are missing, the sentence says so (turning charts off is a remedy too).
 */
function unpostable(check: PostCheck, channelId: string, kind: PostKind, charts: boolean) {
  const missing = check(channelId, kind, charts);
  if (missing.length === 0) return undefined;
  return check(channelId, kind, false).length === 0
    ? say.chartCannotPost(channelId, missing)
    : say.cannotPostIn(channelId, missing);
}

/**
 * Refuse settings that name a channel the bot cannot post in: a digest channel given (as the digest
 * needs it, with its chart when charts are on), charts turned on over a saved digest channel, a
 * reminder channel given. Checked before anything is saved.
 */
function refuseUnpostable(
  args: ReportsArguments,
  check: PostCheck,
  state: { charts: boolean; chartsWere: boolean; digest?: DigestSettings; reminders?: ReminderSettings },
): void {
  const { digest, reminders, charts } = state;
  const digestChannel = args.channel('digest-channel') !== null || (charts && !state.chartsWere);
  const refusals = [
    digest && digestChannel && unpostable(check, digest.channelId, 'digest', charts),
    reminders &&
      args.channel('reminder-channel') !== null &&
      unpostable(check, reminders.channelId, 'reminder', false),
  ];
  const refusal = refusals.find((r) => r !== undefined && r !== false);
  if (refusal) throw new UserError(refusal);
}

export function createReportsCommand(place: ReportSettingsPlace): ServerCommand {
  return {
    ...ADMIN_ROUTE,
    data: reportsDefinition,
    execute: async ({ interaction, guildId }) =>
      textPayload(
        await reportSettings(reportsArguments(interaction), guildId, place, {
          guildLocale: interaction.guildLocale,
          serverRoles: [...(interaction.guild?.roles.cache.values() ?? [])],
          canPost: cachedPostCheck(interaction.client),
        }),
      ),
  };
}

type Role = { id: string; name: string };

/** The quota role the admin named (by id or name), the roles list read again once when it is not there. */
async function quotaRole(
  roleText: string,
  guildId: string,
  place: ReportSettingsPlace,
  listed: { roles: Role[] | undefined; refusal: unknown },
  serverRoles: ReadonlyArray<Role>,
): Promise<Role> {
  // A server not linked is told so (not that the API is not answering).
  if (!listed.roles) throw listed.refusal;
  const lower = roleText.toLowerCase();
  const find = (list: ReadonlyArray<Role>) =>
    list.find((r) => r.id === roleText) ?? list.find((r) => r.name.toLowerCase() === lower);
  let role = find(listed.roles);
  if (!role) {
    // A role made since the saved list was read: the list is read again (as the pace allows).
    const again = await rolesOrRefusal(() => place.roles(guildId, { refresh: true }));
    if (Array.isArray(again)) listed.roles = again;
    role = find(listed.roles);
  }
  if (!role && (SNOWFLAKE.test(roleText) || find(serverRoles)))
    throw new UserError(
      say.accessRoleIsDiscord([roleText], 'the Discord roles of /rollcall-admin settings (discord-roles)'),
    );
  if (!role) throw new UserError(say.unknownRole);
  return role;
}

/** The report settings as the options change them, and the community's roles as last read (for their names). */
async function nextReportSettings(
  args: ReportsArguments,
  guildId: string,
  place: ReportSettingsPlace,
  serverRoles: ReadonlyArray<Role>,
) {
  const zone = args.string('time-zone')?.trim() || null;
  const weekStart = args.string('week-start') as Weekday | null;
  const roleText = args.string('quota-role')?.trim() || null;
  const hours = args.number('quota-hours');
  const settings = await place.get(guildId);
  const next: ReportSettings = { ...settings, quotas: { ...settings.quotas } };
  if (zone !== null) {
    if (!isTimeZone(zone)) throw new UserError(say.badTimeZone(zone));
    next.timeZone = zone;
  }
  if (weekStart !== null) next.weekStart = weekStart;
  const language = args.string('language');
  if (language === SERVER_LANGUAGE) delete next.language;
  else if (isDigestLanguage(language)) next.language = language;
  const reviewAfter = args.integer('review-after-hours');
  if (reviewAfter === 0) delete next.reviewAfterHours;
  else if (reviewAfter !== null) next.reviewAfterHours = reviewAfter;
  const charts = args.boolean('charts');
  if (charts === true) delete next.charts;
  else if (charts === false) next.charts = false;
  if ((roleText === null) !== (hours === null)) throw new UserError(say.quotaNeedsBoth);
  const read = await rolesOrRefusal(() => place.roles(guildId));
  const listed = { roles: Array.isArray(read) ? read : undefined, refusal: read };
  if (roleText !== null && hours !== null) {
    const role = await quotaRole(roleText, guildId, place, listed, serverRoles);
    if (hours !== 0 && !isQuotaHours(hours)) throw new UserError(say.badQuotaHours);
    if (hours === 0) delete next.quotas[role.id];
    else {
      if (!Object.hasOwn(next.quotas, role.id) && Object.keys(next.quotas).length >= MAX_QUOTA_ROLES)
        throw new UserError(say.tooManyQuotas);
      next.quotas[role.id] = hours;
    }
  }
  const changed =
    zone !== null ||
    weekStart !== null ||
    roleText !== null ||
    language !== null ||
    reviewAfter !== null ||
    charts !== null;
  return { next, was: settings, changed, roles: listed.roles };
}

/**
 * Save what the options change, and say the settings (and digest) as they now are, in the admin's
 * words (a problem recorded for the admins is shown as it was written).
 */
export async function reportSettings(
  args: ReportsArguments,
  guildId: string,
  place: ReportSettingsPlace,
  server: { guildLocale: string | null; serverRoles: ReadonlyArray<Role>; canPost: PostCheck },
): Promise<Text> {
  const { guildLocale, serverRoles } = server;
  const {
    next,
    was,
    changed: reportsChanged,
    roles,
  } = await nextReportSettings(args, guildId, place, serverRoles);
  const nameOf = (id: string) => roles?.find((r) => r.id === id)?.name ?? id;
  const saved = await place.digest?.get(guildId);
  const digest = place.digest
    ? nextDigest(args, saved?.settings, (place.now ?? Date.now)())
    : { changed: false, settings: undefined };
  const savedReminders = await place.reminders?.get(guildId);
  const reminders = place.reminders
    ? nextReminders(args, savedReminders)
    : { changed: false, settings: undefined };
  refuseUnpostable(args, server.canPost, {
    charts: chartsOn(next),
    chartsWere: chartsOn(was),
    ...(digest.settings ? { digest: digest.settings } : {}),
    ...(reminders.settings ? { reminders: reminders.settings } : {}),
  });
  if (reportsChanged) await place.save(guildId, next);
  if (digest.changed) await place.digest?.save(guildId, digest.settings);
  if (reminders.changed) {
    const r = reminders.settings;
    await place.reminders?.save(guildId, r && { channelId: r.channelId, pings: r.pings });
  }
  const changed = reportsChanged || digest.changed || reminders.changed;
  const quotas = Object.entries(next.quotas);
  const d = digest.settings;
  const r = reminders.settings;
  return (t) => {
    const lines = [
      t.sentences.reportSettingsState({
        timeZone: next.timeZone,
        weekStart: next.weekStart,
        quotas: quotas.map(([id, h]) => `${nameOf(id)}: ${quotaHours(h, t)} h`),
      }),
    ];
    if (place.digest) {
      lines.push(
        t.sentences.digestState(
          d === undefined
            ? undefined
            : {
                channelId: d.channelId,
                when: digestWhen(d, next.timeZone, t),
                reports: d.reports.map((report) => t.admin.report[report]),
                ...(!digest.changed && saved?.problem ? { problem: saved.problem } : {}),
              },
        ),
      );
      lines.push(languageLine(next.language, guildLocale, t));
    }
    if (next.charts === false) lines.push(t.charts.off);
    if (place.reminders)
      lines.push(
        t.reminders.state(
          r && {
            channelId: r.channelId,
            pings: r.pings,
            ...(!reminders.changed && savedReminders?.problem ? { problem: savedReminders.problem } : {}),
          },
        ),
      );
    lines.push(t.admin.reviewAfter(next.reviewAfterHours));
    const state = lines.join('\n');
    return changed ? `${t.sentences.settingsSaved}\n${state}` : state;
  };
}
