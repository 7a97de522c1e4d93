/**
 * /rollcall-admin reports (hosted mode, Manage Server): a server's report settings: the community's
 * time zone, the first day of its week, and activity quotas per community role (hours per report
 * period). No option shows them. Included in /rollcall-admin by commands/rollcall-admin.ts.
 */
import {
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  MessageFlags,
} from 'discord.js';
import { MESSAGES, NO_MENTIONS, UserError } from '../src/discord/replies.js';
import { isTimeZone, WEEKDAYS, type Weekday } from '../src/reports/period.js';
import { MAX_QUOTA_HOURS, MAX_QUOTA_ROLES, type ReportSettings } from '../src/reports/source.js';

export const REPORTS_SUBCOMMAND = 'reports';

export const reportsSubcommand: APIApplicationCommandSubcommandOption = {
  type: ApplicationCommandOptionType.Subcommand,
  name: REPORTS_SUBCOMMAND,
  description: "Show or change this server's report settings: time zone, week start, quotas",
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
  ],
};

/** Where a server's report settings are kept, and its community's roles (the wiring provides them). */
export interface ReportSettingsPlace {
  get(guildId: string): Promise<ReportSettings>;
  save(guildId: string, settings: ReportSettings): Promise<void>;
  roles(guildId: string): Promise<Array<{ id: string; name: string }>>;
}

export async function reportsAdmin(
  interaction: ChatInputCommandInteraction,
  guildId: string,
  place: ReportSettingsPlace,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const zone = interaction.options.getString('time-zone')?.trim() || null;
  const weekStart = interaction.options.getString('week-start') as Weekday | null;
  const roleText = interaction.options.getString('quota-role')?.trim() || null;
  const hours = interaction.options.getNumber('quota-hours');
  let roles: Array<{ id: string; name: string }> | undefined;
  const nameOf = (id: string) => roles?.find((r) => r.id === id)?.name ?? id;
  let changed = false;
  try {
    const settings = await place.get(guildId);
    const next: ReportSettings = { ...settings, quotas: { ...settings.quotas } };
    if (zone !== null) {
      if (!isTimeZone(zone)) throw new UserError(MESSAGES.badTimeZone(zone));
      next.timeZone = zone;
    }
    if (weekStart !== null) next.weekStart = weekStart;
    if ((roleText === null) !== (hours === null)) throw new UserError(MESSAGES.quotaNeedsBoth);
    roles = await place.roles(guildId).catch(() => undefined);
    if (roleText !== null && hours !== null) {
      if (!roles) throw new UserError(MESSAGES.unavailable);
      const role =
        roles.find((r) => r.id === roleText) ??
        roles.find((r) => r.name.toLowerCase() === roleText.toLowerCase());
      if (!role) throw new UserError(MESSAGES.unknownRole);
      if (!(hours >= 0 && hours <= MAX_QUOTA_HOURS)) throw new UserError(MESSAGES.badQuotaHours);
      if (hours === 0) delete next.quotas[role.id];
      else {
        if (!(role.id in next.quotas) && Object.keys(next.quotas).length >= MAX_QUOTA_ROLES)
          throw new UserError(MESSAGES.tooManyQuotas);
        next.quotas[role.id] = hours;
      }
    }
    changed = zone !== null || weekStart !== null || roleText !== null;
    if (changed) await place.save(guildId, next);
    const state = MESSAGES.reportSettingsState({
      timeZone: next.timeZone,
      weekStart: next.weekStart,
      quotas: Object.entries(next.quotas).map(([id, h]) => `${nameOf(id)}: ${h} h`),
    });
    await interaction.editReply({
      content: changed ? `${MESSAGES.settingsSaved}\n${state}` : state,
      allowedMentions: NO_MENTIONS,
    });
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    await interaction.editReply({ content: error.message, allowedMentions: NO_MENTIONS });
  }
}
