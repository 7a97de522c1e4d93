/** The shape of a module in commands/: its definition, its views, and its handlers. */
import type {
  APIApplicationCommandOptionChoice,
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Payload } from './replies.js';
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
