/** The shape of a module in commands/: its definition, its views, and its handlers. */
import type {
  APIApplicationCommandOptionChoice,
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { parseId } from './input.js';
import { type Payload, UserError } from './replies.js';
import type { ShowContext, View, ViewRegistry } from './views.js';

export interface CommandContext {
  interaction: ChatInputCommandInteraction;
  show: ShowContext;
  views: ViewRegistry;
}

export interface AutocompleteContext {
  interaction: AutocompleteInteraction;
  show: ShowContext;
}

export interface Command {
  /** The definition sent to Discord (default permissions are applied at deploy time). */
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** Views this command shows; registered once at start. */
  views: View[];
  /** Produce the first answer; the router replies, defers or edits as time requires. */
  execute(ctx: CommandContext): Promise<Payload>;
  /** Choices for an option being typed. */
  autocomplete?(ctx: AutocompleteContext): Promise<APIApplicationCommandOptionChoice[]>;
}

/** Name of the option every command carries to post its answer for everyone to see. */
export const PUBLIC_OPTION = 'public';

/** The `public` option, shared by every subcommand. */
export const publicOption = {
  type: 5, // Boolean
  name: PUBLIC_OPTION,
  description: 'Post the answer in the channel for everyone to see (default: only you see it)',
  required: false,
} as const;

/**
 * The "a Discord user, or an id typed instead" option pair (`user` and `<idOption>`), for
 * subcommands that find a person either way.
 */
export function userOrIdOptions(
  idOption: string,
  idDescription: string,
  userDescription = 'The member on Discord',
) {
  return [
    { type: 6 /* User */, name: 'user', description: userDescription, required: false },
    { type: 3 /* String */, name: idOption, description: idDescription, required: false, max_length: 64 },
  ] as const;
}

/** Which of the pair was given: exactly one, or a UserError asking for one. */
export function userOrId(
  interaction: ChatInputCommandInteraction,
  idOption: string,
  idName: string,
): { user: string } | { id: string } {
  const user = interaction.options.getUser('user');
  const typed = interaction.options.getString(idOption);
  if ((user === null) === (typed === null)) {
    throw new UserError(`Give either a Discord user or a ${idName} (one of the two).`);
  }
  return user ? { user: user.id } : { id: parseId(typed, idName) };
}
