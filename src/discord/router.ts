/**
 * The interaction router: one entry for everything Discord sends, and one dispatcher. It refuses
 * what must be refused here (DMs, a member without what is required, servers without a community,
 * users the access guard turns away), makes the interaction's `Ask` and hands it on. What needs no
 * community (`scope: 'server'`) runs before any is looked up. Whose records an interaction reads
 * comes from its server and nothing else: never from a custom_id or an option.
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction, Interaction } from 'discord.js';
import type { Logger } from '../base/log.js';
import { type Ask, askOf } from './ask.js';
import {
  checkOptions,
  commandFinder,
  type MessageMenu,
  openToAdmin,
  PUBLIC_OPTION,
  type Requirement,
  type RoutedCommand,
  type ServerControls,
  type UserMenu,
  unmet,
} from './command.js';
import type { Community, CommunityOf } from './community.js';
import { PagingController, showContext } from './paging/controller.js';
import type { ViewRegistry } from './paging/views.js';
import { type Payload, say, type Text, UserError } from './replies.js';
import { type OutcomeListener, Responder } from './respond.js';
import { answerServer, answerServerControl } from './server-answer.js';

export interface RouterOptions {
  /** Slash commands: those of a community, and those that need none (`scope: 'server'`). */
  commands: RoutedCommand[];
  /** Right-click menus: answered like commands, always privately. */
  userMenus?: UserMenu[];
  messageMenus?: MessageMenu[];
  views: ViewRegistry;
  logger: Logger;
  /** Whose records each server reads (src/community/communities.ts). */
  community: CommunityOf;
  /** Controls outside the paging codec, by custom_id prefix (the admin command's, hosted mode). */
  controls?: ServerControls[];
  onOutcome?: OutcomeListener;
}

/** What an interaction declares before any community: its requirement, and its run when it needs none. */
type Declared = { requires?: Requirement | undefined; run?: () => Promise<void> };

/** The same Ask, typed as the interaction it was narrowed to. */
const as = <I extends Interaction>(ask: Ask, _interaction: I) => ask as unknown as Ask<I>;

export class Router {
  private readonly commandOf: ReturnType<typeof commandFinder>;
  private readonly userMenus: Map<string, UserMenu>;
  private readonly messageMenus: Map<string, MessageMenu>;
  private readonly respond: Responder;
  private readonly paging: PagingController;

  /** Throws when a view links to a view that is not registered. */
  constructor(private readonly options: RouterOptions) {
    options.views.check();
    this.commandOf = commandFinder(options.commands);
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

  private async dispatch(interaction: Interaction): Promise<void> {
    if (!interaction.inGuild()) return this.respond.refuse(interaction, say.dmOnly);
    // Only the server's own install: through a user's install Discord applies none of the server's permissions.
    if (interaction.authorizingIntegrationOwners.guildId !== interaction.guildId)
      return this.respond.refuse(interaction, say.serverInstallOnly);
    const ask = askOf(interaction);
    const declared = this.declared(ask);
    const refusal = unmet(declared?.requires, interaction);
    if (refusal) return this.respond.refuse(interaction, refusal);
    if (declared?.run) return declared.run();
    const community = await this.communityOf(ask.guildId);
    if (typeof community === 'function') return this.respond.refuse(interaction, community);
    if (interaction.isAutocomplete())
      return this.onAutocomplete(as(ask, interaction), this.commandOf(interaction), community);
    if (interaction.isButton() || interaction.isStringSelectMenu() || interaction.isModalSubmit())
      return this.paging.handle(as(ask, interaction), community);
    return this.onCommunityCommand(ask, community);
  }

  /** What the interaction declares before any community: a command's or server controls' requirement and run. */
  private declared(ask: Ask): Declared | undefined {
    const { interaction } = ask;
    if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
      const command = this.commandOf(interaction);
      if (command?.scope !== 'server') return command && { requires: command.requires };
      const run = interaction.isAutocomplete()
        ? () => this.onAutocomplete(as(ask, interaction), command)
        : () =>
            answerServer(this.respond, as(ask, interaction), command, {
              check: () => checkOptions(command.data, interaction.options.data),
            });
      return { requires: command.requires, run };
    }
    if (!interaction.isButton() && !interaction.isModalSubmit()) return undefined;
    const { customId } = interaction;
    const controls = this.options.controls?.find((c) => customId.startsWith(c.prefix));
    const run = () => answerServerControl(this.respond, as(ask, interaction), controls as ServerControls);
    return controls && { requires: controls.requires, run };
  }

  /** The server's community, or the sentence refusing it: a UserError's own, or the internal one. */
  private async communityOf(guildId: string): Promise<Community | Text> {
    try {
      return await this.options.community(guildId);
    } catch (error) {
      if (error instanceof UserError) return error.text;
      this.options.logger.error({ err: error, guild: guildId }, 'community lookup failed');
      return say.internal;
    }
  }

  /** The access guard, run inside the timed work: a slow member lookup leads to a defer, as a slow read. */
  private async checkAccess(interaction: Interaction, community: Community): Promise<void> {
    const refusal = await community.guard?.(interaction);
    if (refusal !== undefined) throw new UserError(refusal);
  }

  /**
   * A slash command or right-click menu of the community, behind its access guard: private unless
   * `public` says otherwise (a menu always); a message menu's modal shown at once when it asks for one.
   */
  private async onCommunityCommand(ask: Ask, community: Community): Promise<void> {
    const { interaction } = ask;
    const show = showContext(community, this.options.views, ask);
    const guarded =
      (run: () => Promise<Payload>, open = false) =>
      async () => {
        if (!open) await this.checkAccess(interaction, community);
        return run();
      };
    const answer = (isPrivate: boolean, run: () => Promise<Payload>) =>
      this.respond.answer({ private: isPrivate, run }, as(ask, interaction as ChatInputCommandInteraction));
    if (interaction.isChatInputCommand()) {
      const named = this.commandOf(interaction);
      const command = named?.scope === 'server' ? undefined : named;
      // Read as sent (a forged `public` of another type is refused with the other options).
      const sent = interaction.options.get(PUBLIC_OPTION)?.value;
      const isPrivate = command?.own || (typeof sent === 'boolean' ? !sent : !community.defaultPublic);
      if (!command) return this.respond.notice(as(ask, interaction), say.unknownCommand, isPrivate);
      const run = () => {
        checkOptions(command.data, interaction.options.data);
        return command.execute({ interaction, show });
      };
      return answer(isPrivate, guarded(run, command.own || openToAdmin(command, interaction)));
    }
    if (interaction.isUserContextMenuCommand()) {
      const menu = this.userMenus.get(interaction.commandName);
      if (!menu) return this.respond.notice(as(ask, interaction), say.unknownCommand);
      return answer(
        true,
        guarded(() => menu.execute({ target: interaction.targetId, show })),
      );
    }
    if (!interaction.isMessageContextMenuCommand()) return;
    const menu = this.messageMenus.get(interaction.commandName);
    if (!menu) return this.respond.notice(as(ask, interaction), say.unknownCommand);
    const message = interaction.targetMessage;
    const modal = menu.modal?.({ message, owner: ask.owner, t: ask.t });
    if (modal) return this.respond.showModal(as(ask, interaction), modal);
    return answer(
      true,
      guarded(() => menu.execute({ message, show })),
    );
  }

  /**
   * Choices for an option being typed: none for a user the community's access guard turns away. A
   * command that needs no community is given its server (its requirement was checked already).
   */
  private onAutocomplete(ask: Ask<AutocompleteInteraction>, command?: RoutedCommand, community?: Community) {
    return this.respond.suggest(ask, async () => {
      const refusal = community && (await community.guard?.(ask.interaction));
      if (refusal !== undefined) return { refusal, choices: [] };
      if (command?.scope === 'server') return { choices: (await command.autocomplete?.(ask)) ?? [] };
      if (!command?.autocomplete || !community) return { choices: [] };
      const show = showContext(community, this.options.views, ask);
      return { choices: await command.autocomplete({ interaction: ask.interaction, show }) };
    });
  }
}
