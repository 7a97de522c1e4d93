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
import { clampEmbed, code, LIMITS, safeLine } from './format.js';
import { joinWithin } from './inline-list.js';

const COLOUR = 0x5865f2;

/** One usable command line: "/loa view", its description and an example invocation. */
export interface HelpLine {
  command: string;
  path: string;
  description: string;
  example: string;
}

/** A placeholder value for one option in an example (Rollcall's options are users, text and flags). */
function sample(option: APIApplicationCommandOption): string {
  if (option.type === ApplicationCommandOptionType.User) return '@user';
  if (option.type === ApplicationCommandOptionType.Boolean) return 'True';
  return `<${option.name}>`;
}

/** Options left out of examples: the shared `public` option, which the embed mentions once. */
const OMITTED = new Set(['public']);

/**
 * An example call: the required options, or, when none is required (either/or options), the first
 * one.
 */
export function exampleCall(path: string, options: readonly APIApplicationCommandOption[] = []): string {
  const usable = options.filter((o) => !OMITTED.has(o.name));
  const required = usable.filter((o) => 'required' in o && o.required === true);
  const shown = required.length > 0 ? required : usable.slice(0, 1);
  return [path, ...shown.map((o) => `${o.name}:${sample(o)}`)].join(' ');
}

/** Every subcommand of the given definitions, in order (every Rollcall command has subcommands). */
export function helpLines(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
): HelpLine[] {
  return definitions.flatMap((def) =>
    (def.options ?? [])
      .filter((sub) => sub.type === ApplicationCommandOptionType.Subcommand)
      .map((sub) => {
        const path = `/${def.name} ${sub.name}`;
        return {
          command: def.name,
          path,
          description: sub.description,
          example: exampleCall(path, sub.options),
        };
      }),
  );
}

/**
 * The help embed: one field per command, one line per subcommand; then the user commands (a
 * member's right-click menu, under Apps) and the message commands, when there are any.
 */
export function renderHelp(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
  userCommands: readonly string[] = [],
  messageCommands: readonly string[] = [],
): APIEmbed {
  const lines = helpLines(definitions);
  const fields: APIEmbedField[] = definitions.map((def) => {
    const own = lines
      .filter((l) => l.command === def.name)
      .map((l) => `${code(l.example, 200)} — ${safeLine(l.description, 100)}`);
    return {
      name: `/${safeLine(def.name, 32)} — ${safeLine(def.description, 100)}`,
      value: joinWithin(own, LIMITS.fieldValue, '\n'),
      inline: false,
    };
  });
  if (userCommands.length > 0)
    fields.push({
      name: 'Right-click a member → Apps',
      value: joinWithin(
        userCommands.map((name) => `**${safeLine(name, 32)}**`),
        LIMITS.fieldValue,
        ' · ',
      ),
      inline: false,
    });
  if (messageCommands.length > 0)
    fields.push({
      name: 'Right-click a message → Apps',
      value: joinWithin(
        messageCommands.map(
          (name) => `**${safeLine(name, 32)}**: the players it names, and each one's record`,
        ),
        LIMITS.fieldValue,
        ' · ',
      ),
      inline: false,
    });
  if (fields.length > LIMITS.fields) {
    const rest = definitions.slice(LIMITS.fields - 1).map((d) => `/${safeLine(d.name, 32)}`);
    fields.splice(LIMITS.fields - 1, fields.length, {
      name: 'More commands',
      value: joinWithin(rest, LIMITS.fieldValue),
      inline: false,
    });
  }
  return clampEmbed({
    title: 'Rollcall commands',
    description:
      'Read-only access to the community server’s records. Lists page with the buttons under them; ' +
      '“Open…” shows one record. Add `public:True` to any command to post the answer in the channel ' +
      '(otherwise only you see it).',
    color: COLOUR,
    fields,
  });
}
