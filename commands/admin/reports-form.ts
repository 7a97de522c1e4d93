/**
 * The report settings form: /rollcall-admin reports with no option opens a modal holding the
 * current values (the digest's and the leave reminders' channels, the first day of the week, the
 * digest's language, reminders, their pings and charts as checkboxes). Its submission becomes the
 * slash options that differ from what is saved, checked and saved by the same code as those options
 * (`reportSettings`); a channel Rollcall cannot post in (what the post needs, src/base/permissions.ts,
 * against the bot's cached permissions there: a digest's chart too while charts are on), one of
 * another server, or a value the form does not offer is refused in one sentence, with nothing saved.
 * The answer says what changed, then the settings as the slash command shows them.
 */
import {
  ChannelSelectMenuBuilder,
  ChannelType,
  CheckboxGroupBuilder,
  LabelBuilder,
  ModalBuilder,
  type ModalSubmitInteraction,
  RadioGroupBuilder,
} from 'discord.js';
import type { ModalAnswer, ServerControl } from '../../src/discord/command.js';
import { say, textPayload, UserError } from '../../src/discord/replies.js';
import type { Words } from '../../src/i18n/words.js';
import { DIGEST_LANGUAGES } from '../../src/reports/digest.js';
import { WEEKDAYS } from '../../src/reports/period.js';
import { ADMIN_IDS } from './command.js';
import {
  cachedPostCheck,
  type ReportSettingsPlace,
  type ReportsArguments,
  reportSettings,
  SERVER_LANGUAGE,
} from './reports.js';
import { type FormItem, formAnswer } from './settings-form.js';

/** The form's fields, by custom_id (the slash options they stand for). */
const FIELD = {
  digestChannel: 'digest-channel',
  reminderChannel: 'reminder-channel',
  weekStart: 'week-start',
  language: 'language',
  switches: 'switches',
} as const;

/** The checkboxes of `switches`, by value. */
const SWITCH = { reminders: 'reminders', pings: 'pings', charts: 'charts' } as const;

/** Channels the selects offer: the ones a digest or reminder can be posted in. */
const POSTABLE_TYPES = [ChannelType.GuildText, ChannelType.GuildAnnouncement];

/** What the form shows and compares with: the settings as saved. */
async function current(guildId: string, place: ReportSettingsPlace) {
  const [settings, digest, reminders] = await Promise.all([
    place.get(guildId),
    place.digest?.get(guildId),
    place.reminders?.get(guildId),
  ]);
  return {
    digestChannel: digest?.settings?.channelId,
    reminders,
    weekStart: settings.weekStart,
    language: settings.language ?? SERVER_LANGUAGE,
    charts: settings.charts !== false,
  };
}

function channelLabel(label: string, customId: string, saved: string | undefined, hint?: string) {
  const select = new ChannelSelectMenuBuilder()
    .setCustomId(customId)
    .setChannelTypes(POSTABLE_TYPES)
    .setMinValues(0)
    .setMaxValues(1)
    .setRequired(false);
  if (saved) select.setDefaultChannels(saved);
  const built = new LabelBuilder().setLabel(label).setChannelSelectMenuComponent(select);
  return hint ? built.setDescription(hint) : built;
}

/** The form with the settings now saved. */
export async function reportsForm(
  guildId: string,
  place: ReportSettingsPlace,
  t: Words,
): Promise<ModalAnswer> {
  const now = await current(guildId, place);
  const words = t.admin.form;
  const radio = (customId: string, options: Array<[string, string]>, chosen: string) =>
    new RadioGroupBuilder()
      .setCustomId(customId)
      .setOptions(options.map(([value, label]) => ({ value, label, default: value === chosen })));
  const languages = (Object.keys(DIGEST_LANGUAGES) as Array<keyof typeof DIGEST_LANGUAGES>).map(
    (code) => [code, DIGEST_LANGUAGES[code]] as [string, string],
  );
  const switches = new CheckboxGroupBuilder()
    .setCustomId(FIELD.switches)
    .setMinValues(0)
    .setRequired(false)
    .setOptions(
      (
        [
          [SWITCH.reminders, words.reminders, now.reminders !== undefined],
          [SWITCH.pings, words.pings, now.reminders?.pings === true],
          [SWITCH.charts, words.charts, now.charts],
        ] as const
      ).map(([value, label, on]) => ({ value, label, default: on })),
    );
  const modal = new ModalBuilder()
    .setCustomId(ADMIN_IDS.reportsForm)
    .setTitle(words.reportsTitle)
    .addLabelComponents(
      channelLabel(words.digestChannel, FIELD.digestChannel, now.digestChannel, words.digestChannelHint),
      channelLabel(words.reminderChannel, FIELD.reminderChannel, now.reminders?.channelId),
      new LabelBuilder().setLabel(words.weekStart).setRadioGroupComponent(
        radio(
          FIELD.weekStart,
          WEEKDAYS.map((d) => [d, t.admin.weekday[d] ?? d]),
          now.weekStart,
        ),
      ),
      new LabelBuilder()
        .setLabel(words.language)
        .setRadioGroupComponent(
          radio(FIELD.language, [[SERVER_LANGUAGE, words.serverLanguage], ...languages], now.language),
        ),
      new LabelBuilder().setLabel(words.switches).setCheckboxGroupComponent(switches),
    );
  return { modal: modal.toJSON() };
}

/**
 * The channel picked in `customId` (undefined: none), refused unless it is one of this server's
 * text channels: a value Discord did not resolve is forged, a channel the client knows in another
 * server is not this server's. Whether the bot may post there is checked with the slash options'
 * (`reportSettings`), for a channel the submission changes.
 */
function pickedChannel(interaction: ModalSubmitInteraction, customId: string): string | undefined {
  const field = interaction.fields.getField(customId);
  const values = 'values' in field && Array.isArray(field.values) ? (field.values as string[]) : [];
  if (values.length > 1) throw new UserError(say.formForged);
  const id = values[0];
  if (id === undefined) return undefined;
  const picked = interaction.fields.getSelectedChannels(customId)?.get(id);
  if (!picked) throw new UserError(say.formForged);
  const channel = interaction.client.channels.cache.get(id);
  if (!channel || channel.isDMBased() || channel.guildId !== interaction.guildId)
    throw new UserError(say.formNotThisServer);
  if (!POSTABLE_TYPES.includes(channel.type as (typeof POSTABLE_TYPES)[number]))
    throw new UserError(say.formForged);
  return id;
}

/** A radio group's value, refused unless it is one the form offers. */
function offered(interaction: ModalSubmitInteraction, customId: string, choices: readonly string[]) {
  const value = interaction.fields.getRadioGroup(customId);
  if (value === null || !choices.includes(value)) throw new UserError(say.formForged);
  return value;
}

type Option = string | number | boolean | { id: string };

/** The slash options the submission amounts to (only what differs from the saved settings), and what they change. */
async function asOptions(interaction: ModalSubmitInteraction, guildId: string, place: ReportSettingsPlace) {
  const was = await current(guildId, place);
  const options = new Map<string, Option>();
  const changed: FormItem[] = [];
  const switches = interaction.fields.getCheckboxGroup(FIELD.switches);
  if (switches.some((s) => !Object.values(SWITCH).includes(s as never))) throw new UserError(say.formForged);
  const on = (s: string) => switches.includes(s);
  const digestChannel = pickedChannel(interaction, FIELD.digestChannel);
  const reminderChannel = pickedChannel(interaction, FIELD.reminderChannel);
  const weekStart = offered(interaction, FIELD.weekStart, WEEKDAYS);
  const language = offered(interaction, FIELD.language, [SERVER_LANGUAGE, ...Object.keys(DIGEST_LANGUAGES)]);
  if (digestChannel !== was.digestChannel) {
    if (digestChannel === undefined) options.set('digest', 'off');
    else options.set('digest-channel', { id: digestChannel });
    changed.push('digest');
  }
  const reminders = on(SWITCH.reminders);
  const pings = on(SWITCH.pings);
  if (!reminders && was.reminders) options.set('reminders-off', true);
  else if (reminders && reminderChannel === undefined)
    throw new UserError((t) => t.reminders.needsChannel); // as the slash options refuse it
  else if (
    reminders &&
    (!was.reminders || reminderChannel !== was.reminders.channelId || pings !== was.reminders.pings)
  ) {
    if (reminderChannel !== undefined) options.set('reminder-channel', { id: reminderChannel });
    options.set('reminder-pings', pings);
  }
  if (options.has('reminders-off') || options.has('reminder-pings')) changed.push('reminders');
  const set = (option: string, value: Option, item: FormItem) => {
    options.set(option, value);
    changed.push(item);
  };
  if (weekStart !== was.weekStart) set('week-start', weekStart, 'weekStart');
  if (language !== was.language) set('language', language, 'language');
  if (on(SWITCH.charts) !== was.charts) set('charts', on(SWITCH.charts), 'charts');
  return { options, changed };
}

/** The options as `/rollcall-admin reports` reads them, so the slash command's checks and saving run on them. */
function argumentsFrom(options: Map<string, Option>): ReportsArguments {
  const get = <T>(name: string) => (options.get(name) ?? null) as T | null;
  return {
    subcommand: () => 'reports',
    string: (name: string) => get<string>(name),
    user: () => null,
    integer: (name: string) => get<number>(name),
    number: (name: string) => get<number>(name),
    boolean: (name: string) => get<boolean>(name),
    channel: (name: string) => get<{ id: string }>(name),
  } as unknown as ReportsArguments;
}

/** The form's submission: checked, saved as the slash options are, answered with what changed. */
export function reportsFormSubmit(place: ReportSettingsPlace): ServerControl {
  return {
    on: 'modal',
    async execute({ interaction, guildId }) {
      const { options, changed } = await asOptions(interaction, guildId, place);
      const state = await reportSettings(argumentsFrom(options), guildId, place, {
        guildLocale: interaction.guildLocale,
        serverRoles: [...(interaction.guild?.roles.cache.values() ?? [])],
        canPost: cachedPostCheck(interaction.client),
      });
      return textPayload(formAnswer(changed, state));
    },
  };
}
