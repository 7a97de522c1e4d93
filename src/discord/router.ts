/**
 * The interaction router: one entry for everything Discord sends. It refuses what must be refused
 * here (DMs, other servers, users the access guard turns away), then hands commands to their
 * module, autocomplete to its handler and controls to the paging controller. The responder answers
 * within Discord's 3-second window; nothing escapes: every failure becomes one sentence.
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction, Interaction } from 'discord.js';
import type { Resources } from '../api/types.js';
import { LIMITS } from '../limits.js';
import type { Logger } from '../log.js';
import { type Command, PUBLIC_OPTION } from './command.js';
import { PagingController, showContext } from './paging/controller.js';
import type { StateStore } from './paging/state.js';
import type { ViewRegistry } from './paging/views.js';
import { MESSAGES, UserError } from './replies.js';
import { type OutcomeListener, Responder } from './respond.js';

export interface RouterOptions {
  commands: Command[];
  views: ViewRegistry;
  resources: Resources;
  state: StateStore;
  logger: Logger;
  /** The Discord servers (guilds) Rollcall answers in; every other server is refused, nothing read. */
  guildIds: readonly string[];
  /**
   * Extra check before a command, control or autocomplete fetches anything (run within the answer
   * time, so it may be slow); returns a refusal sentence, or undefined to allow.
   */
  guard?: (interaction: Interaction) => Promise<string | undefined>;
  /** Told each outcome just before its answer is sent (metrics); must not throw. */
  onOutcome?: OutcomeListener;
}

export class Router {
  private readonly commands: Map<string, Command>;
  private readonly respond: Responder;
  private readonly paging: PagingController;

  /** Throws when a view links to a view that is not registered. */
  constructor(private readonly options: RouterOptions) {
    options.views.check();
    this.commands = new Map(options.commands.map((c) => [c.data.name, c]));
    this.respond = new Responder(options.logger, options.onOutcome);
    this.paging = new PagingController({
      ...options,
      respond: this.respond,
      checkAccess: (i) => this.checkAccess(i),
    });
  }

  /** Handle one interaction. Never rejects. */
  async handle(interaction: Interaction): Promise<void> {
    try {
      await this.dispatch(interaction);
    } catch (error) {
      this.respond.logDiscordError(error, interaction);
    }
  }

  /** Turn an interaction away with one private sentence (no choices for autocomplete). Never rejects. */
  refuse(interaction: Interaction, sentence: string): Promise<void> {
    return this.respond.refuse(interaction, sentence);
  }

  private async dispatch(interaction: Interaction): Promise<void> {
    const refusal = this.placeRefusal(interaction);
    if (refusal !== undefined) return this.refuse(interaction, refusal);
    if (interaction.isChatInputCommand()) return this.onCommand(interaction);
    if (interaction.isAutocomplete()) return this.onAutocomplete(interaction);
    if (interaction.isButton() || interaction.isStringSelectMenu() || interaction.isModalSubmit())
      return this.paging.handle(interaction);
  }

  /** Why this interaction may not be served here (DMs, other servers), if at all. */
  private placeRefusal(interaction: Interaction): string | undefined {
    if (!interaction.inGuild()) return MESSAGES.dmOnly;
    if (!this.options.guildIds.includes(interaction.guildId)) return MESSAGES.wrongGuild;
    return undefined;
  }

  /**
   * The access guard, run inside the work the responder times: a slow member lookup then leads to
   * a defer like any slow read, instead of eating Discord's 3 seconds before the timer starts.
   */
  private async checkAccess(interaction: Interaction): Promise<void> {
    const refusal = await this.options.guard?.(interaction);
    if (refusal !== undefined) throw new UserError(refusal);
  }

  private async onCommand(interaction: ChatInputCommandInteraction): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    const ephemeral = interaction.options.getBoolean(PUBLIC_OPTION) !== true;
    if (!command) return this.respond.notice(interaction, MESSAGES.unknownCommand, ephemeral);
    const show = showContext(this.options, interaction.user.id);
    await this.respond.answer(
      interaction,
      async () => {
        await this.checkAccess(interaction);
        return command.execute({ interaction, show });
      },
      ephemeral,
    );
  }

  private async onAutocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    try {
      const refused = (await this.options.guard?.(interaction)) !== undefined;
      const show = showContext(this.options, interaction.user.id);
      const choices = refused ? [] : ((await command?.autocomplete?.({ interaction, show })) ?? []);
      await interaction.respond(choices.slice(0, LIMITS.autocompleteChoices));
    } catch (error) {
      this.options.logger.debug({ err: error, command: interaction.commandName }, 'autocomplete failed');
      await interaction.respond([]);
    }
  }
}
