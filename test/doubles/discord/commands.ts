import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
} from 'discord-api-types/v10';
import type { SnowflakeFactory } from './snowflake.js';
import type { FormError } from './validate.js';

/** The scope of registered commands: global, or one guild. */
export type CommandScope = { guildId: string | null };

type Loose = Record<string, unknown>;
const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function optionErrors(errors: FormError[], options: unknown, path: Array<string | number>): void {
  if (options === undefined) return;
  if (!Array.isArray(options) || options.length > 25) {
    errors.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
    return;
  }
  let optionalSeen = false;
  const names = new Set<string>();
  options.forEach((raw: unknown, i) => {
    const option = (raw ?? {}) as Loose;
    const at = [...path, i];
    const name = typeof option.name === 'string' ? option.name : '';
    if (!NAME.test(name) || name !== name.toLowerCase()) {
      errors.push({
        path: [...at, 'name'],
        code: 'APPLICATION_COMMAND_INVALID_NAME',
        message: 'Command name is invalid',
      });
    }
    if (names.has(name)) {
      errors.push({
        path: [...at, 'name'],
        code: 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        message: 'Option names must be unique',
      });
    }
    names.add(name);
    const description = typeof option.description === 'string' ? option.description : '';
    if (description.length < 1 || description.length > 100) {
      errors.push({
        path: [...at, 'description'],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    }
    if (Array.isArray(option.choices) && option.choices.length > 25) {
      errors.push({
        path: [...at, 'choices'],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 25 or fewer in length.',
      });
    }
    const nested =
      option.type === ApplicationCommandOptionType.Subcommand ||
      option.type === ApplicationCommandOptionType.SubcommandGroup;
    if (nested) {
      optionErrors(errors, option.options, [...at, 'options']);
    } else if (option.required === true && optionalSeen) {
      errors.push({
        path: [...at, 'required'],
        code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        message: 'Required options must be placed before non-required options',
      });
    }
    if (option.required !== true) optionalSeen = true;
  });
}

/** Discord's checks on a command body (names, descriptions, option counts and order). */
export function commandErrors(body: unknown, index: number | null): FormError[] {
  const errors: FormError[] = [];
  const base = index === null ? [] : [index];
  const command = (body ?? {}) as Loose;
  const type = command.type ?? ApplicationCommandType.ChatInput;
  const name = typeof command.name === 'string' ? command.name : '';
  const chatInput = type === ApplicationCommandType.ChatInput;
  if (!(chatInput ? NAME.test(name) && name === name.toLowerCase() : name.length >= 1 && name.length <= 32)) {
    errors.push({
      path: [...base, 'name'],
      code: 'APPLICATION_COMMAND_INVALID_NAME',
      message: 'Command name is invalid',
    });
  }
  const description = typeof command.description === 'string' ? command.description : '';
  if (chatInput && (description.length < 1 || description.length > 100)) {
    errors.push({
      path: [...base, 'description'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 100 in length.',
    });
  }
  if (chatInput) optionErrors(errors, command.options, [...base, 'options']);
  else if (
    command.options !== undefined &&
    !(Array.isArray(command.options) && command.options.length === 0)
  ) {
    // USER and MESSAGE commands take no options: the target is what was right-clicked.
    errors.push({
      path: [...base, 'options'],
      code: 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
      message: 'Context menu commands cannot have options',
    });
  }
  return errors;
}

/** Most USER and most MESSAGE commands in one scope (Discord: 15 each; CHAT_INPUT: 100). */
export const MAX_CONTEXT_MENU_COMMANDS = 15;

/** Discord's checks on a whole bulk overwrite: names unique per type, and the per-type counts. */
export function overwriteErrors(bodies: unknown[]): FormError[] {
  const errors: FormError[] = [];
  const seen = new Set<string>();
  const counts = new Map<unknown, number>();
  bodies.forEach((body, i) => {
    const command = (body ?? {}) as Loose;
    const type = command.type ?? ApplicationCommandType.ChatInput;
    counts.set(type, (counts.get(type) ?? 0) + 1);
    const key = `${String(type)}:${String(command.name)}`;
    if (seen.has(key)) {
      errors.push({
        path: [i, 'name'],
        code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
        message: `Application command names must be unique`,
      });
    }
    seen.add(key);
  });
  for (const type of [ApplicationCommandType.User, ApplicationCommandType.Message]) {
    if ((counts.get(type) ?? 0) > MAX_CONTEXT_MENU_COMMANDS) {
      errors.push({
        path: [],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: `Must be ${MAX_CONTEXT_MENU_COMMANDS} or fewer ${ApplicationCommandType[type]} commands.`,
      });
    }
  }
  return errors;
}

/** The application commands registered with the double, per scope, as Discord stores them. */
export class CommandRegistry {
  readonly #scopes = new Map<string, APIApplicationCommand[]>();

  constructor(
    private readonly ids: SnowflakeFactory,
    private readonly applicationId: string,
  ) {}

  /** The commands of a scope. */
  list(scope: CommandScope): APIApplicationCommand[] {
    return this.#scopes.get(scope.guildId ?? 'global') ?? [];
  }

  /** Bulk overwrite (PUT): replaces the scope's commands; a command keeps its id when its name and type stay. */
  overwrite(scope: CommandScope, bodies: Loose[]): APIApplicationCommand[] {
    const previous = this.list(scope);
    const next = bodies.map((body) => this.#build(scope, body, previous));
    this.#scopes.set(scope.guildId ?? 'global', next);
    return next;
  }

  /** Create or update one command (POST). */
  upsert(scope: CommandScope, body: Loose): APIApplicationCommand {
    const previous = this.list(scope);
    const command = this.#build(scope, body, previous);
    this.#scopes.set(scope.guildId ?? 'global', [...previous.filter((c) => c.id !== command.id), command]);
    return command;
  }

  /**
   * The command a user would pick by name in a guild (guild commands first, then global) or in DMs
   * (global only).
   */
  find(
    name: string,
    guildId: string | null,
    type = ApplicationCommandType.ChatInput,
  ): APIApplicationCommand | undefined {
    const matches = (c: APIApplicationCommand): boolean => c.name === name && c.type === type;
    return (
      (guildId ? this.list({ guildId }).find(matches) : undefined) ??
      this.list({ guildId: null }).find(matches)
    );
  }

  #build(scope: CommandScope, body: Loose, previous: APIApplicationCommand[]): APIApplicationCommand {
    const type = (body.type as ApplicationCommandType | undefined) ?? ApplicationCommandType.ChatInput;
    const same = previous.find((c) => c.name === body.name && c.type === type);
    const permissions = body.default_member_permissions;
    return {
      id: same?.id ?? this.ids.next(),
      application_id: this.applicationId,
      version: this.ids.next(),
      type,
      name: String(body.name),
      name_localizations: (body.name_localizations as APIApplicationCommand['name_localizations']) ?? null,
      description: typeof body.description === 'string' ? body.description : '',
      description_localizations:
        (body.description_localizations as APIApplicationCommand['description_localizations']) ?? null,
      default_member_permissions: typeof permissions === 'string' ? permissions : null,
      nsfw: body.nsfw === true,
      ...(Array.isArray(body.options) ? { options: body.options as APIApplicationCommandOption[] } : {}),
      ...(scope.guildId ? { guild_id: scope.guildId } : { dm_permission: body.dm_permission !== false }),
      ...(Array.isArray(body.contexts)
        ? { contexts: body.contexts as APIApplicationCommand['contexts'] }
        : {}),
      ...(Array.isArray(body.integration_types)
        ? { integration_types: body.integration_types as APIApplicationCommand['integration_types'] }
        : {}),
    };
  }
}
