/** The shape of a module in commands/: its definition, its views, and its handlers. */
import {
  type APIApplicationCommandOptionChoice,
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { MAX_ARG_LENGTH, parseId } from './input.js';
import type { ShowContext, View } from './paging/views.js';
import { MESSAGES, type Payload, UserError } from './replies.js';

export interface CommandContext {
  interaction: ChatInputCommandInteraction;
  show: ShowContext;
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
  type: ApplicationCommandOptionType.Boolean,
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
export function userOrId(
  interaction: ChatInputCommandInteraction,
  idOption: string,
  idName: string,
): { user: string } | { id: string } {
  const user = interaction.options.getUser('user');
  const typed = interaction.options.getString(idOption);
  if ((user === null) === (typed === null)) {
    throw new UserError(MESSAGES.userOrId(idName));
  }
  return user ? { user: user.id } : { id: parseId(typed, idName) };
}
