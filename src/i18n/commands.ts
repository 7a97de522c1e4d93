/**
 * The command definitions in every catalogue's language, applied once, at registration: the
 * command modules stay English and know nothing of this.
 *
 * What is localized: every description and every choice's name (what a moderator reads in the
 * command picker), and the names of context-menu commands (a label in the Apps menu, never typed).
 * What is not: the names of slash commands, subcommands and options. They are typed, quoted in the
 * help, the docs and in Rollcall's own sentences ("run /rollcall-admin setup"), and command
 * mentions (`</loa list:id>`) always show the default name; staff of one server reading each other
 * different names for the same command would be worse than an English word in the picker.
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord.js';
import { CATALOGUES, type Catalogue } from './catalogue.js';

/** The parts of a command definition this touches (chat input, context menu, or an option). */
interface Node {
  type?: number;
  name: string;
  description?: string;
  options?: readonly Node[];
  choices?: readonly { name: string; value: string | number }[];
}

type Nesting = ApplicationCommandOptionType.Subcommand | ApplicationCommandOptionType.SubcommandGroup;
type Menu = ApplicationCommandType.User | ApplicationCommandType.Message;

/** The keys `walkNode` gives the texts of node `N` at `K`, computed from its literal (`as const`) type. */
type NodeKeys<N, K extends string> =
  | (N extends { readonly description: string } ? `${K}.description` : never)
  | (N extends { readonly choices: readonly (infer C)[] }
      ? C extends { readonly value: infer V extends string | number }
        ? `${K}.choices.${V}.name`
        : never
      : never)
  | (N extends { readonly options: readonly (infer O)[] }
      ? O extends { readonly type: infer T; readonly name: infer M extends string }
        ? NodeKeys<O, T extends Nesting ? `${K}.${M}` : `${K}.options.${M}`>
        : never
      : never);

/**
 * Every catalogue key of a definition's texts, as `walk` makes them, so a catalogue can be checked
 * against the definitions by the type check (commands/texts.ts: this layer cannot import them).
 */
export type TextKeys<D> = D extends { readonly type: Menu; readonly name: infer N extends string }
  ? `${N}.name`
  : D extends { readonly name: infer N extends string }
    ? NodeKeys<D, N>
    : never;

/** One localizable text: its catalogue key, its English, and where it goes in the JSON. */
interface Entry {
  key: string;
  english: string;
  kind: 'description' | 'choice' | 'menu-name';
}

const nests = (option: Node) =>
  option.type === ApplicationCommandOptionType.Subcommand ||
  option.type === ApplicationCommandOptionType.SubcommandGroup;

const isMenu = (command: Node) =>
  command.type === ApplicationCommandType.User || command.type === ApplicationCommandType.Message;

/** Where a text's localizations go: the command, option or choice object that holds the text. */
type Visit = (holder: object, entry: Entry) => void;

/** Calls `visit` for each localizable text of one node and its children, keyed by its place. */
function walkNode(node: Node, key: string, visit: Visit): void {
  if (node.description)
    visit(node, { key: `${key}.description`, english: node.description, kind: 'description' });
  for (const choice of node.choices ?? [])
    visit(choice, {
      key: `${key}.choices.${choice.value}.name`,
      english: choice.name,
      kind: 'choice',
    });
  for (const option of node.options ?? [])
    walkNode(option, nests(option) ? `${key}.${option.name}` : `${key}.options.${option.name}`, visit);
}

function walk(command: Node, visit: Visit): void {
  if (isMenu(command))
    visit(command, { key: `${command.name}.name`, english: command.name, kind: 'menu-name' });
  walkNode(command, command.name, visit);
}

/** Every localizable text of the definitions, in order: the English catalogue. */
export function commandEntries(commands: readonly Node[]): Entry[] {
  const entries: Entry[] = [];
  for (const command of commands) walk(command, (_holder, entry) => entries.push(entry));
  return entries;
}

/** The locale → text map of one key, over every catalogue that has it. */
function localizations(key: string, catalogues: readonly Catalogue[]): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  for (const catalogue of catalogues) {
    const text = catalogue.commands[key];
    if (text === undefined) continue;
    for (const locale of [catalogue.locale, ...(catalogue.alsoFor ?? [])]) found[locale] = text;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** A deep copy of the definitions with `name_localizations`/`description_localizations` added. */
export function localize<T extends Node>(
  commands: readonly T[],
  catalogues: readonly Catalogue[] = CATALOGUES,
): T[] {
  const copies = structuredClone(commands) as T[];
  for (const command of copies)
    walk(command, (holder, entry) => {
      const found = localizations(entry.key, catalogues);
      if (!found) return;
      const field = entry.kind === 'description' ? 'description_localizations' : 'name_localizations';
      (holder as Record<string, unknown>)[field] = found;
    });
  return copies;
}
