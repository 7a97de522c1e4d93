/**
 * The interaction router: one entry for everything Discord sends. It refuses what must be refused
 * here (DMs, servers without a community, users the access guard turns away), then hands commands
 * to their module, autocomplete to its handler and controls to the paging controller. The responder
 * answers within Discord's 3-second window; nothing escapes: every failure becomes one sentence.
 *
 * Whose records an interaction reads (its community) comes from the interaction's server and
 * nothing else: never from a custom_id or an option. Each community brings its own API reads and its
 * own share of the stored paging arguments.
 */
import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  type Interaction,
  type MessageContextMenuCommandInteraction,
  type UserContextMenuCommandInteraction,
} from 'discord.js';
import { LIMITS } from '../base/discord-limits.js';
import type { Logger } from '../base/log.js';
import { wordsFor } from '../i18n/words.js';
import { type Command, checkOptions, type MessageMenu, PUBLIC_OPTION, type UserMenu } from './command.js';
import type { Community, CommunityOf } from './community.js';
import { PagingController, showContext } from './paging/controller.js';
import type { ShowContext, ViewRegistry } from './paging/views.js';
import { type Payload, say, type Text, UserError } from './replies.js';
import { type OutcomeListener, Responder } from './respond.js';

/** Interactions handled before (and without) any community: the server admins' own command. */
export interface AdminHandler {
  /** True for the admin command's interactions (its slash command, buttons and modals). */
  owns(interaction: Interaction): boolean;
  /** Handle one of them (it answers itself). */
  handle(interaction: Interaction, respond: Responder): Promise<void>;
}

export interface RouterOptions {
  commands: Command[];
  /** User commands (a user's right-click menu): answered like commands, always privately. */
  userMenus?: UserMenu[];
  /** Message commands (a message's right-click menu): likewise. */
  messageMenus?: MessageMenu[];
  views: ViewRegistry;
  logger: Logger;
  /** Whose records each server reads (src/community/communities.ts). */
  community: CommunityOf;
  /** The admin command (hosted mode). */
  admin?: AdminHandler;
  /** Told each outcome just before its answer is sent (metrics); must not throw. */
  onOutcome?: OutcomeListener;
}

export class Router {
  private readonly commands: Map<string, Command>;
  private readonly userMenus: Map<string, UserMenu>;
  private readonly messageMenus: Map<string, MessageMenu>;
  private readonly respond: Responder;
  private readonly paging: PagingController;

  /** Throws when a view links to a view that is not registered. */
  constructor(private readonly options: RouterOptions) {
    options.views.check();
    this.commands = new Map(options.commands.map((c) => [c.data.name, c]));
    this.userMenus = new Map((options.userMenus ?? []).map((m) => [m.data.name, m]));
    this.messageMenus = new Map((options.messageMenus ?? []).map((m) => [m.data.name, m]));
    this.respond = new Responder(options.logger, options.onOutcome);
    this.paging = new PagingController({
      views: options.views,
      respond: this.respond,
      checkAccess: (i, community) => this.checkAccess(i, community),
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
  refuse(interaction: Interaction, sentence: string | Text): Promise<void> {
    return this.respond.refuse(interaction, sentence);
  }

  private async dispatch(interaction: Interaction): Promise<void> {
    if (!interaction.inGuild()) return this.refuse(interaction, say.dmOnly);
    // Only the server's own install of the app: through a user's install (an app that allows them),
    // Discord applies none of the server's command permissions.
    if (interaction.authorizingIntegrationOwners.guildId !== interaction.guildId)
      return this.refuse(interaction, say.serverInstallOnly);
    if (this.options.admin?.owns(interaction)) return this.options.admin.handle(interaction, this.respond);
    const community = await this.communityOf(interaction.guildId);
    if (typeof community === 'function') return this.refuse(interaction, community);
    if (interaction.isChatInputCommand()) return this.onCommand(interaction, community);
    if (interaction.isUserContextMenuCommand()) return this.onUserMenu(interaction, community);
    if (interaction.isMessageContextMenuCommand()) return this.onMessageMenu(interaction, community);
    if (interaction.isAutocomplete()) return this.onAutocomplete(interaction, community);
    if (interaction.isButton() || interaction.isStringSelectMenu() || interaction.isModalSubmit())
      return this.paging.handle(interaction, community);
  }

  /**
   * The server's community, or the sentence refusing it: a UserError's own, or (any other failure)
   * the internal one.
   */
  private async communityOf(guildId: string): Promise<Community | Text> {
    try {
      return await this.options.community(guildId);
    } catch (error) {
      if (error instanceof UserError) return error.text;
      this.options.logger.error({ err: error, guild: guildId }, 'community lookup failed');
      return say.internal;
    }
  }

  /**
   * The access guard, run inside the work the responder times: a slow member lookup then leads to
   * a defer like any slow read, instead of eating Discord's 3 seconds before the timer starts.
   */
  private async checkAccess(interaction: Interaction, community: Community): Promise<void> {
    const refusal = await community.guard?.(interaction);
    if (refusal !== undefined) throw new UserError(refusal);
  }

  private async onCommand(interaction: ChatInputCommandInteraction, community: Community): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    // Read as sent (a forged `public` of another type is refused with the other options, below).
    const sent = interaction.options.get(PUBLIC_OPTION)?.value;
    const asked = typeof sent === 'boolean' ? sent : null;
    const ephemeral = asked === null ? !community.defaultPublic : !asked;
    if (!command) return this.respond.notice(interaction, say.unknownCommand, ephemeral);
    const show = showContext(community, this.options.views, interaction);
    await this.respond.answer(
      interaction,
      async () => {
        await this.checkAccess(interaction, community);
        checkOptions(command.data, interaction.options.data);
        return command.execute({ interaction, show });
      },
      ephemeral,
    );
  }

  /**
   * A user command: the same guard, deferral and sentences as a slash command, for the user
   * right-clicked (Discord's `target_id`, never anything typed). Private: it has no `public` option.
   */
  private async onUserMenu(
    interaction: UserContextMenuCommandInteraction,
    community: Community,
  ): Promise<void> {
    const menu = this.userMenus.get(interaction.commandName);
    if (!menu) return this.respond.notice(interaction, say.unknownCommand);
    await this.answerMenu(interaction, community, (show) =>
      menu.execute({ target: interaction.targetId, show }),
    );
  }

  /** A right-click command's answer: always private, behind the access guard, as a slash command's. */
  private async answerMenu(
    interaction: UserContextMenuCommandInteraction | MessageContextMenuCommandInteraction,
    community: Community,
    execute: (show: ShowContext) => Promise<Payload>,
  ): Promise<void> {
    const show = showContext(community, this.options.views, interaction);
    await this.respond.answer(
      interaction,
      async () => {
        await this.checkAccess(interaction, community);
        return execute(show);
      },
      true,
    );
  }

  /**
   * A message command: its modal at once when it asks for one (decided from the message alone; the
   * submission is a paging control, checked like any), else answered as a user command is.
   */
  private async onMessageMenu(
    interaction: MessageContextMenuCommandInteraction,
    community: Community,
  ): Promise<void> {
    const menu = this.messageMenus.get(interaction.commandName);
    if (!menu) return this.respond.notice(interaction, say.unknownCommand);
    const message = interaction.targetMessage;
    const modal = menu.modal?.({ message, owner: interaction.user.id, t: wordsFor(interaction.locale) });
    if (modal) {
      await interaction.showModal(modal);
      return;
    }
    await this.answerMenu(interaction, community, (show) => menu.execute({ message, show }));
  }

  private async onAutocomplete(interaction: AutocompleteInteraction, community: Community): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    let counted = false; // metrics hear of each autocomplete once
    try {
      const refusal = await community.guard?.(interaction);
      const show = showContext(community, this.options.views, interaction);
      const choices =
        refusal !== undefined ? [] : ((await command?.autocomplete?.({ interaction, show })) ?? []);
      counted = true;
      this.options.onOutcome?.(
        interaction,
        refusal === undefined ? { ok: true } : { ok: false, error: new UserError(refusal) },
      );
      await interaction.respond(choices.slice(0, LIMITS.autocompleteChoices));
    } catch (error) {
      // Discord refusing the choices: its error carries the interaction token in its URL.
      if (error instanceof DiscordAPIError) return this.respond.logDiscordError(error, interaction);
      this.options.logger.debug({ err: error, command: interaction.commandName }, 'autocomplete failed');
      if (!counted) this.options.onOutcome?.(interaction, { ok: false, error });
      await interaction.respond([]);
    }
  }
}
