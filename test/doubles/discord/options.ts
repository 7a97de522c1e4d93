import {
  type APIApplicationCommand,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandInteractionDataSubcommandOption,
  type APIApplicationCommandOption,
  type APIInteractionDataResolved,
  ApplicationCommandOptionType,
  InteractionContextType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';
import type { DoubleUser, GuildState, World } from './world.js';

/** A value for a command option: a user for USER/MENTIONABLE, a role or channel name or id, or a primitive. */
export type OptionValue = string | number | boolean | DoubleUser;

/** What the user typed: subcommand group, subcommand and option values by name. */
export interface CommandInput {
  group?: string;
  subcommand?: string;
  options?: Record<string, OptionValue>;
}

/** The `options` and `resolved` of a command interaction's data. */
export interface BuiltOptions {
  options: APIApplicationCommandInteractionDataOption[];
  resolved: APIInteractionDataResolved | undefined;
}

/** A choice of an option as registered: its name (and translations) and the value sent. */
export interface ChoiceDef {
  name: string;
  name_localizations?: Partial<Record<string, string | null>> | null;
  value: string | number;
}

type OptionDef = APIApplicationCommandOption & {
  required?: boolean;
  choices?: ChoiceDef[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  options?: APIApplicationCommandOption[];
};

const T = ApplicationCommandOptionType;

function isUser(value: OptionValue): value is DoubleUser {
  return typeof value === 'object' && value !== null && 'username' in value;
}

function inferType(value: OptionValue): ApplicationCommandOptionType {
  if (isUser(value)) return T.User;
  if (typeof value === 'boolean') return T.Boolean;
  if (typeof value === 'number') return Number.isInteger(value) ? T.Integer : T.Number;
  return T.String;
}

/** The option definitions the user fills in, after walking group and subcommand; undefined if unregistered. */
function leafDefinitions(
  command: APIApplicationCommand | undefined,
  input: CommandInput,
): OptionDef[] | undefined {
  if (!command) return undefined;
  let defs = (command.options ?? []) as OptionDef[];
  const path = [command.name];
  for (const [wanted, type] of [
    [input.group, T.SubcommandGroup],
    [input.subcommand, T.Subcommand],
  ] as const) {
    const nested = defs.filter((d) => d.type === type);
    if (wanted === undefined) {
      if (nested.length > 0)
        throw new Error(`/${path.join(' ')} needs a ${T[type]}: ${nested.map((d) => d.name).join(', ')}`);
      continue;
    }
    const found = nested.find((d) => d.name === wanted);
    if (!found) throw new Error(`/${path.join(' ')} has no ${T[type]} "${wanted}"`);
    path.push(wanted);
    defs = (found.options ?? []) as OptionDef[];
  }
  return defs;
}

/**
 * The choice that what a user typed designates, as Discord's client offers them: the user picks a
 * choice by its name (or its name in their language) and the client sends its value. Matched by
 * value first, then by name or any translated name, case-insensitively; undefined when none matches.
 */
export function matchChoice(
  choices: readonly ChoiceDef[],
  typed: string | number | boolean,
): ChoiceDef | undefined {
  const exact = choices.find((c) => c.value === typed);
  if (exact) return exact;
  const wanted = String(typed).trim().toLowerCase();
  const names = (c: ChoiceDef) => [
    String(c.value),
    c.name,
    ...Object.values(c.name_localizations ?? {}).filter((n): n is string => typeof n === 'string'),
  ];
  return choices.find((c) => names(c).some((n) => n.toLowerCase() === wanted));
}

/** The choices listed for a person: `Last month (last-month), This month (this-month)`. */
export function listChoices(choices: readonly ChoiceDef[]): string {
  return choices
    .map((c) => (c.name === String(c.value) ? c.name : `${c.name} (${String(c.value)})`))
    .join(', ');
}

/** The value Discord sends for what was typed into an option with choices (a choice's name or value). */
function choiceValue(
  name: string,
  def: OptionDef | undefined,
  value: string | number | boolean,
): string | number | boolean {
  if (!def?.choices || def.choices.length === 0) return value;
  const choice = matchChoice(def.choices, value);
  if (!choice) {
    throw new Error(
      `option ${name}: ${JSON.stringify(value)} is not one of its choices: ${listChoices(def.choices)}`,
    );
  }
  return choice.value;
}

function checkValue(name: string, def: OptionDef | undefined, value: string | number | boolean): void {
  if (!def) return;
  if (typeof value === 'number') {
    if (def.min_value !== undefined && value < def.min_value)
      throw new Error(`option ${name}: below min_value`);
    if (def.max_value !== undefined && value > def.max_value)
      throw new Error(`option ${name}: above max_value`);
  }
  if (typeof value === 'string') {
    if (def.min_length !== undefined && value.length < def.min_length)
      throw new Error(`option ${name}: too short`);
    if (def.max_length !== undefined && value.length > def.max_length)
      throw new Error(`option ${name}: too long`);
  }
}

/** Adds `resolved` entries for users, roles and channels and returns the option's wire value. */
export class Resolver {
  readonly resolved: APIInteractionDataResolved = {};
  #used = false;

  constructor(
    private readonly world: World,
    private readonly guild: GuildState | null,
  ) {}

  /** The resolved data, or undefined when nothing was resolved. */
  get result(): APIInteractionDataResolved | undefined {
    return this.#used ? this.resolved : undefined;
  }

  /** Resolves a user (and their member object in the guild). */
  user(value: OptionValue): string {
    const user = isUser(value) ? value : this.world.users.get(String(value));
    if (!user) throw new Error(`unknown user ${String(value)}: create it with double.user()`);
    this.#used = true;
    this.resolved.users = { ...this.resolved.users, [user.id]: this.world.apiUser(user) };
    if (this.guild && this.world.isMember(user, this.guild.id)) {
      this.resolved.members = {
        ...this.resolved.members,
        [user.id]: this.world.resolvedMember(user, this.guild),
      };
    }
    return user.id;
  }

  /** Resolves a mentionable: a user (a DoubleUser or a known user id), else a role by name or id. */
  mentionable(value: OptionValue): string {
    return isUser(value) || this.world.users.has(String(value)) ? this.user(value) : this.role(value);
  }

  /** Resolves a role of the guild by name or id. */
  role(value: OptionValue): string {
    const role = this.guild ? this.world.findRole(this.guild, String(value)) : undefined;
    if (!role) throw new Error(`unknown role ${String(value)}`);
    this.#used = true;
    this.resolved.roles = { ...this.resolved.roles, [role.id]: role };
    return role.id;
  }

  /** Resolves a channel of the guild by name or id. */
  channel(value: OptionValue, permissions: string): string {
    if (!this.guild) throw new Error('channel options need a guild');
    const channel = this.world.channel(this.guild, String(value));
    this.#used = true;
    this.resolved.channels = {
      ...this.resolved.channels,
      [channel.id]: this.world.resolvedChannel(channel, permissions),
    };
    return channel.id;
  }

  /** Resolves a channel of any server the double has, by id (a forged submission's "other server"). */
  anyChannel(id: string): string {
    const channel = [...this.world.guilds.values()].flatMap((g) => g.channels).find((c) => c.id === id);
    if (!channel) throw new Error(`no server has channel ${id}`);
    this.#used = true;
    this.resolved.channels = {
      ...this.resolved.channels,
      [channel.id]: this.world.resolvedChannel(channel, '0'),
    };
    return channel.id;
  }
}

function basicOption(
  name: string,
  type: ApplicationCommandOptionType,
  value: OptionValue,
  resolver: Resolver,
  permissions: string,
): APIApplicationCommandInteractionDataBasicOption {
  switch (type) {
    case T.User:
      return { name, type, value: resolver.user(value) };
    case T.Role:
      return { name, type, value: resolver.role(value) };
    case T.Channel:
      return { name, type, value: resolver.channel(value, permissions) };
    case T.Mentionable:
      return { name, type, value: resolver.mentionable(value) };
    case T.String:
    case T.Integer:
    case T.Number:
    case T.Boolean: {
      if (isUser(value)) throw new Error(`option ${name} takes a ${T[type]}, not a user`);
      return { name, type, value } as APIApplicationCommandInteractionDataBasicOption;
    }
    default:
      throw new Error(`option ${name}: type ${T[type]} is not supported by the double`);
  }
}

/**
 * Builds a command's `options` (nested under group/subcommand) and `resolved` from what the user typed,
 * checked against the registered definition when there is one (unknown or missing required options,
 * choices, min/max). With `focused`, builds an autocomplete payload: that option carries `focused: true`
 * and the partial string typed so far.
 */
export function buildOptions(
  world: World,
  guild: GuildState | null,
  command: APIApplicationCommand | undefined,
  input: CommandInput,
  permissions: string,
  focused?: { name: string; value: string },
): BuiltOptions {
  const defs = leafDefinitions(command, input);
  const resolver = new Resolver(world, guild);
  const leaf: APIApplicationCommandInteractionDataBasicOption[] = [];
  for (const [name, value] of Object.entries(input.options ?? {})) {
    if (focused?.name === name) continue;
    const def = defs?.find((d) => d.name === name);
    if (defs && !def) throw new Error(`/${command?.name} has no option "${name}"`);
    const sent = isUser(value) ? value : choiceValue(name, def, value);
    if (!isUser(sent)) checkValue(name, def, sent);
    leaf.push(basicOption(name, def?.type ?? inferType(sent), sent, resolver, permissions));
  }
  if (focused) {
    const def = defs?.find((d) => d.name === focused.name);
    if (defs && !def) throw new Error(`/${command?.name} has no option "${focused.name}"`);
    if (def && !('autocomplete' in def && def.autocomplete))
      throw new Error(`option ${focused.name} has no autocomplete`);
    const type = def?.type === T.Integer || def?.type === T.Number ? def.type : T.String;
    leaf.push({ name: focused.name, type, value: focused.value, focused: true });
  } else {
    for (const def of defs ?? []) {
      if (def.required && !leaf.some((o) => o.name === def.name))
        throw new Error(`missing required option ${def.name}`);
    }
  }
  const resolved = resolver.result;
  if (!input.subcommand) return { options: leaf, resolved };
  const subcommand: APIApplicationCommandInteractionDataSubcommandOption = {
    type: T.Subcommand,
    name: input.subcommand,
    options: leaf,
  };
  if (!input.group) return { options: [subcommand], resolved };
  return { options: [{ type: T.SubcommandGroup, name: input.group, options: [subcommand] }], resolved };
}

/**
 * Throws when the Discord client would not offer this command to the user here: wrong context
 * (DM or guild), or member permissions below `default_member_permissions`.
 */
export function assertCommandVisible(
  command: APIApplicationCommand,
  guild: GuildState | null,
  memberPermissions: bigint | null,
): void {
  const contexts = command.contexts;
  if (!guild) {
    const allowed = contexts
      ? contexts.includes(InteractionContextType.BotDM)
      : command.dm_permission !== false;
    if (!allowed || command.guild_id) throw new Error(`/${command.name} is not available in DMs`);
    return;
  }
  if (contexts && !contexts.includes(InteractionContextType.Guild))
    throw new Error(`/${command.name} is not available in guilds`);
  const needed = command.default_member_permissions;
  if (needed === null || needed === undefined || memberPermissions === null) return;
  const has =
    memberPermissions & PermissionFlagsBits.Administrator
      ? BigInt(needed)
      : memberPermissions & BigInt(needed);
  if (has !== BigInt(needed)) {
    throw new Error(`/${command.name} is hidden from this member (default_member_permissions ${needed})`);
  }
}
