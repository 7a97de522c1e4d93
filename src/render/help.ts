/**
 * /rollcall help renderer: the registered command definitions → one embed listing every command
 * and subcommand with its description and an example. Built from the definitions themselves, so
 * it never drifts from what is deployed. Pure.
 */
import {
  type APIApplicationCommandOption,
  type APIEmbed,
  type APIEmbedField,
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Words } from '../i18n/words.js';
import { clampEmbed, code, LIMITS, safeLine } from './format.js';
import { joinWithin } from './inline-list.js';

const COLOUR = 0x5865f2;

/** One usable command line: "/loa view", its description and an example invocation. */
interface HelpLine {
  command: string;
  path: string;
  description: string;
  example: string;
}

/** A placeholder value for one option in an example (Rollcall's options are users, text and flags). */
function sample(option: APIApplicationCommandOption, t: Words): string {
  if (option.type === ApplicationCommandOptionType.User) return t.help.sampleUser;
  if (option.type === ApplicationCommandOptionType.Boolean) return 'True';
  return `<${option.name}>`;
}

/** Options left out of examples: the shared `public` option, which the embed mentions once. */
const OMITTED = new Set(['public']);

/**
 * An example call: the required options, or, when none is required (either/or options), the first
 * one.
 */
export function exampleCall(
  path: string,
  options: readonly APIApplicationCommandOption[] = [],
  t: Words,
): string {
  const usable = options.filter((o) => !OMITTED.has(o.name));
  const required = usable.filter((o) => 'required' in o && o.required === true);
  const shown = required.length > 0 ? required : usable.slice(0, 1);
  return [path, ...shown.map((o) => `${o.name}:${sample(o, t)}`)].join(' ');
}

/**
 * A definition's description in the reader's language: its localization for the words' locale
 * (definitions given through src/i18n/commands.ts `localize`), else the English.
 */
function describedFor(
  node: { description: string; description_localizations?: Partial<Record<string, string | null>> | null },
  t: Words,
): string {
  return node.description_localizations?.[t.f.locale] ?? node.description;
}

/** Every subcommand of the given definitions, in order (every Rollcall command has subcommands). */
export function helpLines(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
  t: Words,
): HelpLine[] {
  return definitions.flatMap((def) =>
    (def.options ?? [])
      .filter((sub) => sub.type === ApplicationCommandOptionType.Subcommand)
      .map((sub) => {
        const path = `/${def.name} ${sub.name}`;
        return {
          command: def.name,
          path,
          description: describedFor(sub, t),
          example: exampleCall(path, sub.options, t),
        };
      }),
  );
}

/**
 * The help embed: one field per command, one line per subcommand; then the user commands (a
 * member's right-click menu, under Apps) and the message commands, when there are any. Given
 * localized definitions and menu names, it speaks the reader's language throughout.
 */
export function renderHelp(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
  userCommands: readonly string[] = [],
  messageCommands: readonly string[] = [],
  t: Words,
): APIEmbed {
  const lines = helpLines(definitions, t);
  const fields: APIEmbedField[] = definitions.map((def) => {
    const own = lines
      .filter((l) => l.command === def.name)
      .map((l) => `${code(l.example, 200)} — ${safeLine(l.description, 100)}`);
    return {
      name: `/${safeLine(def.name, 32)} — ${safeLine(describedFor(def, t), 100)}`,
      value: joinWithin(own, LIMITS.fieldValue, t, '\n'),
      inline: false,
    };
  });
  if (userCommands.length > 0)
    fields.push({
      name: t.help.memberMenus,
      value: joinWithin(
        userCommands.map((name) => `**${safeLine(name, 32)}**`),
        LIMITS.fieldValue,
        t,
        ' · ',
      ),
      inline: false,
    });
  if (messageCommands.length > 0)
    fields.push({
      name: t.help.messageMenus,
      value: joinWithin(
        messageCommands.map((name) => `**${safeLine(name, 32)}**: ${t.help.messageMenuLine}`),
        LIMITS.fieldValue,
        t,
        ' · ',
      ),
      inline: false,
    });
  if (fields.length > LIMITS.fields) {
    const rest = definitions.slice(LIMITS.fields - 1).map((d) => `/${safeLine(d.name, 32)}`);
    fields.splice(LIMITS.fields - 1, fields.length, {
      name: t.help.moreCommands,
      value: joinWithin(rest, LIMITS.fieldValue, t),
      inline: false,
    });
  }
  return clampEmbed({
    title: t.help.title,
    description: t.help.intro,
    color: COLOUR,
    fields,
  });
}
