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

/** A placeholder value for one option in an example. */
function sample(option: APIApplicationCommandOption): string {
  if ('choices' in option && Array.isArray(option.choices) && option.choices[0])
    return option.choices[0].name;
  switch (option.type) {
    case ApplicationCommandOptionType.User:
      return '@user';
    case ApplicationCommandOptionType.Role:
      return '@role';
    case ApplicationCommandOptionType.Mentionable:
      return '@someone';
    case ApplicationCommandOptionType.Channel:
      return '#channel';
    case ApplicationCommandOptionType.Boolean:
      return 'True';
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number:
      return String(('min_value' in option && option.min_value) || 1);
    case ApplicationCommandOptionType.Attachment:
      return '<file>';
    default:
      return `<${option.name}>`;
  }
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

/** Every callable line of the given definitions, in order. */
export function helpLines(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
): HelpLine[] {
  const lines: HelpLine[] = [];
  for (const def of definitions) {
    const top = `/${def.name}`;
    const options = def.options ?? [];
    const subs = options.filter(
      (o) =>
        o.type === ApplicationCommandOptionType.Subcommand ||
        o.type === ApplicationCommandOptionType.SubcommandGroup,
    );
    if (subs.length === 0) {
      lines.push({
        command: def.name,
        path: top,
        description: def.description,
        example: exampleCall(top, options),
      });
      continue;
    }
    for (const sub of subs) {
      if (sub.type === ApplicationCommandOptionType.SubcommandGroup) {
        for (const inner of sub.options ?? []) {
          const path = `${top} ${sub.name} ${inner.name}`;
          lines.push({
            command: def.name,
            path,
            description: inner.description,
            example: exampleCall(path, inner.options),
          });
        }
      } else if (sub.type === ApplicationCommandOptionType.Subcommand) {
        const path = `${top} ${sub.name}`;
        lines.push({
          command: def.name,
          path,
          description: sub.description,
          example: exampleCall(path, sub.options),
        });
      }
    }
  }
  return lines;
}

/** The help embed: one field per command, one line per subcommand. */
export function renderHelp(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
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
