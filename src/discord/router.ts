/**
 * The interaction router: one entry for everything Discord sends, and one dispatcher. It refuses
 * what must be refused here (DMs, a member without what a command or control declares it requires,
 * servers without a community, users the access guard turns away), then hands commands to their
 * module, autocomplete to its handler and controls to theirs: the paging controller, or the controls
 * outside the paging codec, parsed from their custom_id. Commands and controls that declare they
 * need no community (`scope: 'server'`, the admins' /rollcall-admin) run before any community is
 * looked up. The responder answers within Discord's 3-second window; nothing escapes: every
 * failure becomes one sentence.
 *
 * Whose records an interaction reads (its community) comes from the interaction's server and
 * nothing else: never from a custom_id or an option. Each community brings its own API reads and its
 * own share of the stored paging arguments.
 */
import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  type Interaction,
  type MessageContextMenuCommandInteraction,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type UserContextMenuCommandInteraction,
} from 'discord.js';
import { LIMITS } from '../base/discord-limits.js';
import type { Logger } from '../base/log.js';
import { wordsFor } from '../i18n/words.js';
import {
  type Command,
  checkOptions,
  type MessageMenu,
  type ModalAnswer,
  namesDefinedSubcommand,
  PUBLIC_OPTION,
  type Requirement,
  type RoutedCommand,
  type ServerAnswer,
  type ServerCommand,
  type ServerContext,
  type ServerControls,
  type UserMenu,
} from './command.js';
import type { Community, CommunityOf } from './community.js';
import { PagingController, showContext } from './paging/controller.js';
import type { ShowContext, ViewRegistry } from './paging/views.js';
import { type Payload, say, type Text, UserError } from './replies.js';
import { type OutcomeListener, Responder } from './respond.js';

export interface RouterOptions {
  /** Slash commands: those of a community, and those that need none (`scope: 'server'`). */
  commands: RoutedCommand[];
  /** User commands (a user's right-click menu): answered like commands, always privately. */
  userMenus?: UserMenu[];
  /** Message commands (a message's right-click menu): likewise. */
  messageMenus?: MessageMenu[];
  views: ViewRegistry;
  logger: Logger;
  /** Whose records each server reads (src/community/communities.ts). */
  community: CommunityOf;
  /** Controls outside the paging codec, by custom_id prefix (the admin command's, hosted mode). */
  controls?: ServerControls[];
  /** Told each outcome just before its answer is sent (metrics); must not throw. */
  onOutcome?: OutcomeListener;
}

/** What each requirement a command or control declares asks of the member, and the sentence refusing them. */
const REQUIREMENTS: Record<Requirement, { permission: bigint; refusal: Text | string }> = {
  'manage-server': { permission: PermissionFlagsBits.ManageGuild, refusal: say.adminOnly },
};

/**
 * What an interaction is for, as far as is known before any community: what it requires, and its
 * run when it needs no community.
 */
interface Route {
  requires?: Requirement | undefined;
  /** Set when it needs no community: run it (it answers itself). */
  run?: () => Promise<void>;
}

type InGuild<I> = I & { guildId: string };

/**
 * The commands by what an interaction names: `name`, or `name subcommand` for a command split into
 * modules of one subcommand each (definitions sharing a name, as /rollcall-admin's). Throws at start
 * when such a module holds other than one subcommand, or two answer the same one.
 */
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

export class Router {
  private readonly commands: Map<string, RoutedCommand>;
  private readonly userMenus: Map<string, UserMenu>;
  private readonly messageMenus: Map<string, MessageMenu>;
  private readonly respond: Responder;
  private readonly paging: PagingController;

  /** Throws when a view links to a view that is not registered. */
  constructor(private readonly options: RouterOptions) {
    options.views.check();
    this.commands = commandIndex(options.commands);
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
    const route = this.routeOf(interaction);
    const required = route?.requires && REQUIREMENTS[route.requires];
    if (required && !interaction.memberPermissions?.has(required.permission))
      return this.refuse(interaction, required.refusal);
    if (route?.run) return route.run();
    const community = await this.communityOf(interaction.guildId);
    if (typeof community === 'function') return this.refuse(interaction, community);
    if (interaction.isChatInputCommand()) return this.onCommand(interaction, community);
    if (interaction.isUserContextMenuCommand()) return this.onUserMenu(interaction, community);
    if (interaction.isMessageContextMenuCommand()) return this.onMessageMenu(interaction, community);
    if (interaction.isAutocomplete())
      return this.onAutocomplete(interaction, this.commandOf(interaction), community);
    if (interaction.isButton() || interaction.isStringSelectMenu() || interaction.isModalSubmit())
      return this.paging.handle(interaction, community);
  }

  /**
   * What the interaction declares before any community: the command it names (its requirement; its
   * run when it needs no community), or the controls outside the paging codec its custom_id is one of.
   */
  private routeOf(interaction: InGuild<Interaction>): Route | undefined {
    if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
      const command = this.commandOf(interaction);
      if (command?.scope !== 'server') return command && { requires: command.requires };
      return {
        requires: command.requires,
        run: () =>
          interaction.isAutocomplete()
            ? this.onAutocomplete(interaction, command)
            : this.onServerCommand(interaction, command),
      };
    }
    if (interaction.isButton() || interaction.isModalSubmit()) {
      const { customId } = interaction;
      const controls = this.options.controls?.find((c) => customId.startsWith(c.prefix));
      if (controls)
        return { requires: controls.requires, run: () => this.onServerControl(interaction, controls) };
    }
    return undefined;
  }

  /**
   * The command an interaction names: by its name, or by name and subcommand (see `commandIndex`);
   * none when the subcommand it names is not one the command defines (`namesDefinedSubcommand`: a
   * forged one), so it is refused as unknown before any handler runs, as an unknown name is.
   */
  private commandOf(interaction: ChatInputCommandInteraction | AutocompleteInteraction) {
    const name = interaction.commandName;
    const command =
      this.commands.get(name) ?? this.commands.get(`${name} ${interaction.options.getSubcommand(false)}`);
    return command && namesDefinedSubcommand(command.data, interaction.options.data) ? command : undefined;
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
    const named = this.commandOf(interaction);
    const command = named?.scope === 'server' ? undefined : named;
    // Read as sent (a forged `public` of another type is refused with the other options, below).
    const sent = interaction.options.get(PUBLIC_OPTION)?.value;
    const asked = typeof sent === 'boolean' ? sent : null;
    const ephemeral = asked === null ? !community.defaultPublic : !asked;
    if (!command) return this.respond.notice(interaction, say.unknownCommand, ephemeral);
    const show = showContext(community, this.options.views, interaction);
    await this.respond.answer(
      interaction,
      async () => {
        if (!openToAdmin(command, interaction)) await this.checkAccess(interaction, community);
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

  /**
   * A command that needs no community: its options checked against its definition, then its modal
   * or its answer, always private.
   */
  private onServerCommand(
    interaction: InGuild<ChatInputCommandInteraction>,
    command: ServerCommand,
  ): Promise<void> {
    const check = () => checkOptions(command.data, interaction.options.data);
    return this.answerServer(interaction, command, { interaction, guildId: interaction.guildId }, check);
  }

  /**
   * A control outside the paging codec: the control its custom_id names, run if the interaction is
   * of its kind; anything else is out of date. Its answer is a message of its own.
   */
  private onServerControl(
    interaction: InGuild<ButtonInteraction | ModalSubmitInteraction>,
    controls: ServerControls,
  ): Promise<void> {
    const control = controls.parse(interaction.customId);
    const { guildId } = interaction;
    if (control?.on === 'button' && interaction.isButton())
      return this.answerServer(interaction, control, { interaction, guildId }, () => undefined, true);
    if (control?.on === 'modal' && interaction.isModalSubmit())
      return this.respond.answer(interaction, () => control.execute({ interaction, guildId }), true, true);
    return this.respond.refuse(interaction, say.expired);
  }

  /**
   * What needs no community, answered privately: `execute` timed by the responder; `open` worked out
   * first (a modal cannot follow a defer), then its modal shown or its answer sent. `check` runs
   * before either; what it or they throw is answered as any command's failure.
   */
  private async answerServer<I extends ChatInputCommandInteraction | ButtonInteraction>(
    interaction: I,
    answer: ServerAnswer<I>,
    ctx: ServerContext<I>,
    check: () => void,
    newMessage = false,
  ): Promise<void> {
    if ('execute' in answer)
      return this.respond.answer(
        interaction,
        async () => {
          check();
          return answer.execute(ctx);
        },
        true,
        newMessage,
      );
    let opened: Payload | ModalAnswer;
    try {
      check();
      opened = await answer.open(ctx);
    } catch (error) {
      return this.respond.answer(interaction, () => Promise.reject(error), true, newMessage);
    }
    if ('modal' in opened) {
      await interaction.showModal(opened.modal);
      return;
    }
    return this.respond.answer(interaction, async () => opened, true, newMessage);
  }

  /**
   * Choices for an option being typed: none for a user the community's access guard turns away. A
   * command that needs no community is given its server (its requirement was checked already).
   */
  private async onAutocomplete(
    interaction: InGuild<AutocompleteInteraction>,
    command: RoutedCommand | undefined,
    community?: Community,
  ): Promise<void> {
    let counted = false; // metrics hear of each autocomplete once
    try {
      const refusal = community && (await community.guard?.(interaction));
      const choices = refusal !== undefined ? [] : await this.choices(interaction, command, community);
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

  /** The command's choices: given its server when it needs no community, else its community's views. */
  private async choices(
    interaction: InGuild<AutocompleteInteraction>,
    command: RoutedCommand | undefined,
    community: Community | undefined,
  ) {
    if (command?.scope === 'server')
      return (await command.autocomplete?.({ interaction, guildId: interaction.guildId })) ?? [];
    if (!command?.autocomplete || !community) return [];
    const show = showContext(community, this.options.views, interaction);
    return command.autocomplete({ interaction, show });
  }
}

/**
 * Whether the command's subcommand is one a server admin may always run (`openToAdmins`) and the
 * member has Manage Server, as the interaction carries it (a server's permission overrides cannot
 * hand it to anyone else).
 */
function openToAdmin(command: Command, interaction: ChatInputCommandInteraction): boolean {
  const sub = interaction.options.getSubcommand(false);
  return (
    sub !== null &&
    command.openToAdmins?.includes(sub) === true &&
    interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) === true
  );
}
