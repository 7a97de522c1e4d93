/** The shape of a module in commands/: its definition, its views, and its handlers. */
import {
  type APIApplicationCommandOption,
  type APIApplicationCommandOptionChoice,
  type APIModalInteractionResponseCallbackData,
  ApplicationCommandOptionType,
  type ApplicationCommandType,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type Interaction,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import type { Ask } from './ask.js';
import { MAX_ARG_LENGTH, parseId } from './input.js';
import type { ShowContext, View } from './paging/views.js';
import type { MessageText } from './player-names.js';
import { type Payload, say, type Text, UserError } from './replies.js';

export interface CommandContext {
  interaction: ChatInputCommandInteraction;
  show: ShowContext;
}

export interface AutocompleteContext {
  interaction: AutocompleteInteraction;
  show: ShowContext;
}

/**
 * What a command or control asks of the member who used it, checked by the router before anything
 * runs or any community is looked up (never by the handler itself): `manage-server`, Discord's
 * Manage Server permission as the interaction carries it. Discord's default permissions only hide
 * a command, and a server can override them; this holds whatever the server's settings say.
 */
export type Requirement = 'manage-server';

/** A command answered in the server's community (the router looks it up first; the default). */
export interface Command {
  scope?: 'community';
  requires?: Requirement;
  /**
   * Subcommands a member with Manage Server (as the interaction carries it) may always run, past
   * the community's access guard (/rollcall status: an admin can always see why moderators are refused).
   */
  openToAdmins?: readonly string[];
  /**
   * The caller's own record (/me): always private, shown to everyone (no default permission) and
   * past the access guard; the command spends by its own rule (commands/me.ts).
   */
  own?: true;
  /** The definition sent to Discord (default permissions are applied at deploy time). */
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** Views this command shows; registered once at start. */
  views: View[];
  /** Produce the first answer; the router replies, defers or edits as time requires. */
  execute(ctx: CommandContext): Promise<Payload>;
  /** Choices for an option being typed. */
  autocomplete?(ctx: AutocompleteContext): Promise<APIApplicationCommandOptionChoice[]>;
}

/** A modal to open as the first answer. */
export interface ModalAnswer {
  modal: APIModalInteractionResponseCallbackData;
}

/**
 * How a command or control that needs no community answers, always privately: `execute`, timed by
 * the responder (a reply, or a defer and an edit), or `open`, the answer or a modal to open instead,
 * worked out before anything is sent (a modal cannot follow a defer), so quick: a store read.
 */
export type ServerAnswer<I extends Interaction> =
  | {
      execute(ctx: Ask<I>): Promise<Payload>;
      /**
       * A modal to open instead of `execute` (a slash command given no option opens its form), worked
       * out first and quickly as `open` is; undefined runs `execute`.
       */
      form?(ctx: Ask<I>): Promise<ModalAnswer | undefined>;
    }
  | { open(ctx: Ask<I>): Promise<Payload | ModalAnswer> };

/**
 * A command that needs no community (the server admins' /rollcall-admin): the router runs it before
 * any community is looked up, so it answers on a server with no community linked yet. Its options are
 * checked against `data` first, as every command's; it has no `public` option. Several may share one
 * top-level name, each `data` holding that command with its one subcommand: the router finds each by
 * its subcommand (deploy-commands registers them joined).
 */
export type ServerCommand = {
  scope: 'server';
  requires?: Requirement;
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** Choices for an option being typed. */
  autocomplete?(ctx: Ask<AutocompleteInteraction>): Promise<APIApplicationCommandOptionChoice[]>;
} & ServerAnswer<ChatInputCommandInteraction>;

/** Every kind of slash command the router answers. */
export type RoutedCommand = Command | ServerCommand;

/** One control outside the paging codec, as its custom_id names it: a button, or a modal's submission. */
export type ServerControl =
  | ({ on: 'button' } & ServerAnswer<ButtonInteraction>)
  | { on: 'modal'; execute(ctx: Ask<ModalSubmitInteraction>): Promise<Payload> };

/**
 * Controls outside the paging codec that need no community (the admin command's): every custom_id
 * starting with `prefix` is theirs, parsed into the control it names, then run, as a paging control
 * is; one `parse` cannot read is out of date. Their custom_ids never change (old messages keep them).
 * Each answers in a message of its own, always private.
 */
export interface ServerControls {
  scope: 'server';
  requires?: Requirement;
  prefix: string;
  /** The control this custom_id names, or undefined when it names none. */
  parse(customId: string): ServerControl | undefined;
}

/** A user's right-click menu entry (Apps): the right-clicked user, shown as a slash command shows them. */
interface UserMenuContext {
  /** The Discord user id of the user right-clicked. */
  target: string;
  show: ShowContext;
}

/**
 * A user command (a user's right-click menu, Apps): a shortcut to what a slash command answers for
 * one Discord user. It has no options, so its answer is always private.
 */
export interface UserMenu {
  /** The definition sent to Discord (default permissions are applied at deploy time, as for commands). */
  data: RESTPostAPIContextMenuApplicationCommandsJSONBody & { type: ApplicationCommandType.User };
  /** Produce the answer through the slash command's own views; the router answers as for commands. */
  execute(ctx: UserMenuContext): Promise<Payload>;
}

/** A message's right-click menu entry (Apps): the message's text, and the modal it may open at once. */
interface MessageMenuContext {
  /** The message right-clicked (Discord's resolved message: its text and embeds). */
  message: MessageText;
  show: ShowContext;
}

/**
 * A message command (a message's right-click menu, Apps). Always private. `modal` may answer with a
 * modal instead (it must be the first response, so it is decided from the message alone, with no
 * read); its submission is a paging control like any other.
 */
export interface MessageMenu {
  data: RESTPostAPIContextMenuApplicationCommandsJSONBody & { type: ApplicationCommandType.Message };
  modal?(
    ctx: Pick<Ask, 'owner' | 't'> & { message: MessageText },
  ): APIModalInteractionResponseCallbackData | undefined;
  execute(ctx: MessageMenuContext): Promise<Payload>;
}

/** What each requirement asks of the member, and the sentence refusing them. */
const REQUIREMENTS: Record<Requirement, { permission: bigint; refusal: Text }> = {
  'manage-server': { permission: PermissionFlagsBits.ManageGuild, refusal: say.adminOnly },
};

/** The sentence refusing a member who lacks what `requires` asks, as the interaction carries it. */
export function unmet(requires: Requirement | undefined, interaction: Interaction): Text | undefined {
  const required = requires && REQUIREMENTS[requires];
  return required && !interaction.memberPermissions?.has(required.permission) ? required.refusal : undefined;
}

/**
 * The command an interaction names, from the commands by `name`, or `name subcommand` for a command
 * split into modules of one subcommand each (definitions sharing a name, as /rollcall-admin's); none
 * when the subcommand it names is not one the command defines (`namesDefinedSubcommand`: a forged
 * one), so it is refused as unknown. Throws at start when a shared name's module holds other than
 * one subcommand, or two answer the same one.
 */
export function commandFinder(commands: readonly RoutedCommand[]) {
  const index = commandIndex(commands);
  return (interaction: ChatInputCommandInteraction | AutocompleteInteraction): RoutedCommand | undefined => {
    const name = interaction.commandName;
    const command = index.get(name) ?? index.get(`${name} ${interaction.options.getSubcommand(false)}`);
    return command && namesDefinedSubcommand(command.data, interaction.options.data) ? command : undefined;
  };
}

function commandIndex(commands: readonly RoutedCommand[]): Map<string, RoutedCommand> {
  const sharing = new Map<string, number>();
  for (const { data } of commands) sharing.set(data.name, (sharing.get(data.name) ?? 0) + 1);
  const index = new Map<string, RoutedCommand>();
  for (const command of commands) {
    const { name, options = [] } = command.data;
    let key = name;
    if (sharing.get(name) !== 1) {
      const only = options.length === 1 ? options[0] : undefined;
      if (only?.type !== ApplicationCommandOptionType.Subcommand)
        throw new Error(`/${name} is defined more than once, and not one subcommand in each`);
      key = `${name} ${only.name}`;
    }
    if (index.has(key)) throw new Error(`two commands answer /${key}`);
    index.set(key, command);
  }
  return index;
}

/**
 * Whether the command's subcommand is one a server admin may always run (`openToAdmins`) and the
 * member has Manage Server, as the interaction carries it (a server's permission overrides cannot
 * hand it to anyone else).
 */
export function openToAdmin(command: Command, interaction: ChatInputCommandInteraction): boolean {
  const sub = interaction.options.getSubcommand(false);
  return (
    sub !== null &&
    command.openToAdmins?.includes(sub) === true &&
    interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) === true
  );
}

/** Name of the option every command carries to post its answer for everyone to see. */
export const PUBLIC_OPTION = 'public';

/** The `public` option, shared by every subcommand. */
export const publicOption = {
  type: ApplicationCommandOptionType.Boolean,
  name: PUBLIC_OPTION,
  description: 'Post the answer in the channel for everyone to see (default: only you see it)',
  required: false,
} as const;

/**
 * The "a Discord user, or an id typed instead" option pair (`user` and `<idOption>`), for
 * subcommands that find a person either way.
 */
export function userOrIdOptions<const N extends string>(
  idOption: N,
  idDescription: string,
  userDescription = 'The member on Discord',
) {
  return [
    { type: ApplicationCommandOptionType.User, name: 'user', description: userDescription, required: false },
    {
      type: ApplicationCommandOptionType.String,
      name: idOption,
      description: idDescription,
      required: false,
      max_length: MAX_ARG_LENGTH,
    },
  ] as const;
}

/** Which of the pair was given: exactly one, or a UserError asking for one. */
export function userOrId<N extends string>(
  args: { user(name: 'user'): { id: string } | null; string(name: N): string | null },
  idOption: N,
  idName: string | Text,
): { user: string } | { id: string } {
  const user = args.user('user');
  const typed = args.string(idOption);
  if ((user === null) === (typed === null)) throw new UserError(say.userOrId(idName));
  return user ? { user: user.id } : { id: parseId(typed, idName) };
}

type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** A command definition as written (readonly, names kept as literals). */
type Definition = DeepReadonly<RESTPostAPIChatInputApplicationCommandsJSONBody>;

/** A definition that remembers its literal shape, so handlers can be typed from it. */
type TypedDefinition<D extends Definition> = RESTPostAPIChatInputApplicationCommandsJSONBody & {
  readonly __definition?: D;
};

/**
 * A command definition, checked against Discord's type, whose subcommand and option names the
 * handler's `argumentsOf` then accepts (and nothing else): a mistyped name fails the type check.
 */
export function defineCommand<const D extends Definition>(definition: D): TypedDefinition<D> {
  return definition as unknown as TypedDefinition<D>;
}

type Subcommands<D> = D extends { readonly options: readonly (infer S)[] }
  ? Extract<S, { readonly type: ApplicationCommandOptionType.Subcommand }>
  : never;
type SubcommandName<D> = Subcommands<D> extends { readonly name: infer N } ? N : never;
type OptionName<D, T extends ApplicationCommandOptionType> =
  Subcommands<D> extends infer S
    ? S extends { readonly options: readonly (infer O)[] }
      ? O extends { readonly type: T; readonly name: infer N }
        ? N
        : never
      : never
    : never;

/** The options of a command's interaction, typed from its definition (yuudachi's ArgumentsOf, as accessors). */
export function argumentsOf<D extends Definition>(
  interaction: ChatInputCommandInteraction,
  _definition: TypedDefinition<D>,
) {
  return {
    subcommand: () => interaction.options.getSubcommand(true) as SubcommandName<D>,
    string: (name: OptionName<D, ApplicationCommandOptionType.String> & string) =>
      interaction.options.getString(name),
    user: (name: OptionName<D, ApplicationCommandOptionType.User> & string) =>
      interaction.options.getUser(name),
    integer: (name: OptionName<D, ApplicationCommandOptionType.Integer> & string) =>
      interaction.options.getInteger(name),
    number: (name: OptionName<D, ApplicationCommandOptionType.Number> & string) =>
      interaction.options.getNumber(name),
    boolean: (name: OptionName<D, ApplicationCommandOptionType.Boolean> & string) =>
      interaction.options.getBoolean(name),
    channel: (name: OptionName<D, ApplicationCommandOptionType.Channel> & string) =>
      interaction.options.getChannel(name),
  };
}

/** An option's definition as read for checking: whichever fields its type has. */
type OptionDefinition = APIApplicationCommandOption & {
  choices?: readonly APIApplicationCommandOptionChoice[];
  min_value?: number;
  max_value?: number;
  channel_types?: readonly number[];
  options?: readonly APIApplicationCommandOption[];
};

/** The values an option of each type carries (Discord sends snowflakes as strings). */
const VALUE_TYPE: Partial<Record<ApplicationCommandOptionType, 'string' | 'number' | 'boolean'>> = {
  [ApplicationCommandOptionType.String]: 'string',
  [ApplicationCommandOptionType.Integer]: 'number',
  [ApplicationCommandOptionType.Number]: 'number',
  [ApplicationCommandOptionType.Boolean]: 'boolean',
  [ApplicationCommandOptionType.User]: 'string',
  [ApplicationCommandOptionType.Channel]: 'string',
  [ApplicationCommandOptionType.Role]: 'string',
  [ApplicationCommandOptionType.Mentionable]: 'string',
  [ApplicationCommandOptionType.Attachment]: 'string',
};

/** A subcommand or a group of them: what names the handler an interaction is for. */
function isBranch(option: { type: ApplicationCommandOptionType }): boolean {
  return (
    option.type === ApplicationCommandOptionType.Subcommand ||
    option.type === ApplicationCommandOptionType.SubcommandGroup
  );
}

/**
 * Whether an interaction names a subcommand its command defines, as Discord sends one: a command
 * with subcommands is sent exactly one of them, alone (inside one of its groups when it has
 * groups), a command without is sent none. Anything else (a subcommand or group the definition
 * does not have, one of the wrong kind, none, or one beside other options) comes from a modified
 * client or a forged request, and names no command: the router answers it as an unknown command
 * before any handler runs, rather than let the handler take it for one of its own subcommands.
 */
function namesDefinedSubcommand(
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody,
  given: readonly CommandInteractionOption[],
): boolean {
  return branchDefined((definition.options ?? []) as readonly OptionDefinition[], given);
}

function branchDefined(
  definitions: readonly OptionDefinition[],
  given: readonly CommandInteractionOption[],
): boolean {
  const named = given.filter(isBranch);
  if (!definitions.some(isBranch)) return named.length === 0;
  const [option] = given;
  if (given.length !== 1 || option === undefined || named.length !== 1) return false;
  const definition = definitions.find((d) => isBranch(d) && d.name === option.name);
  return (
    definition?.type === option.type &&
    branchDefined((definition.options ?? []) as readonly OptionDefinition[], option.options ?? [])
  );
}

/**
 * Every option of a command interaction checked against the command's definition, before any
 * handler sees it: a value of another type, outside its choices, outside its range, or a channel of
 * a type it does not take is refused with one UserError, so nothing is read or saved with it.
 * Discord's own client never sends such a value; a modified client or a forged request can.
 * Options the definition does not have are left alone (no handler reads them); a subcommand it does
 * not have never gets here (`namesDefinedSubcommand`). Length limits stay with the handlers, whose
 * sentences say what a valid id or name is.
 */
export function checkOptions(
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody,
  given: readonly CommandInteractionOption[],
): void {
  checkLevel((definition.options ?? []) as readonly OptionDefinition[], given);
}

function checkLevel(
  definitions: readonly OptionDefinition[],
  given: readonly CommandInteractionOption[],
): void {
  for (const option of given) {
    const definition = definitions.find((d) => d.name === option.name);
    if (!definition) continue;
    if (definition.type !== option.type) throw new UserError(say.badOptionValue(option.name));
    if (isBranch(option)) {
      checkLevel((definition.options ?? []) as readonly OptionDefinition[], option.options ?? []);
      continue;
    }
    checkValue(definition, option);
  }
}

function checkValue(definition: OptionDefinition, option: CommandInteractionOption): void {
  const { value } = option;
  if (typeof value !== VALUE_TYPE[definition.type] || (typeof value === 'number' && !Number.isFinite(value)))
    throw new UserError(say.badOptionValue(option.name));
  const choices = definition.choices ?? [];
  if (choices.length > 0 && !choices.some((c) => c.value === value))
    throw new UserError(
      say.notAChoice(
        option.name,
        choices.map((c) => c.name),
      ),
    );
  if (typeof value === 'number') {
    const whole = definition.type === ApplicationCommandOptionType.Integer;
    const min = definition.min_value ?? Number.MIN_SAFE_INTEGER;
    const max = definition.max_value ?? Number.MAX_SAFE_INTEGER;
    if ((whole && !Number.isInteger(value)) || value < min || value > max)
      throw new UserError(say.optionOutOfRange(option.name, min, max, whole));
  }
  const channelType = option.channel?.type;
  if (
    definition.channel_types &&
    channelType !== undefined &&
    !definition.channel_types.includes(channelType)
  )
    throw new UserError(say.badOptionValue(option.name));
}
