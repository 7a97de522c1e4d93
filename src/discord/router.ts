/**
 * The interaction router: one entry for everything Discord sends. It refuses what it must
 * (DMs, other servers, other people's controls, bad ids), runs the command or control, and
 * answers within Discord's 3-second window: directly when the answer is ready in time,
 * otherwise by deferring and editing. Nothing escapes it: every failure becomes one sentence.
 */
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  ComponentType,
  DiscordAPIError,
  type Interaction,
  MessageFlags,
  type ModalSubmitInteraction,
  RESTJSONErrorCodes,
  type StringSelectMenuInteraction,
  TextInputStyle,
} from 'discord.js';
import type { Resources } from '../api/types.js';
import type { Logger } from '../log.js';
import type { Command } from './command.js';
import { PUBLIC_OPTION } from './command.js';
import { ACTIONS, type ControlState, MAX_PAGE, parseCustomId } from './custom-id.js';
import {
  errorMessage,
  isExpectedError,
  MESSAGES,
  NO_MENTIONS,
  type Payload,
  textPayload,
  UserError,
} from './replies.js';
import type { StateStore } from './state.js';
import { type ShowContext, showDetail, showList, type ViewRegistry } from './views.js';

/** Answer directly if the work is done within this many ms of receiving the interaction; else defer. */
export const DEFER_AFTER_MS = 1_500;

export interface RouterOptions {
  commands: Command[];
  views: ViewRegistry;
  resources: Resources;
  state: StateStore;
  logger: Logger;
  /** When set, the only Discord server (guild) Rollcall answers in. */
  guildId?: string;
  /**
   * Extra check before a command, control or autocomplete fetches anything (run within the answer
   * time, so it may be slow); returns a refusal sentence, or undefined to allow.
   */
  guard?: (interaction: Interaction) => Promise<string | undefined>;
  /** Told each outcome just before its answer is sent (metrics); must not throw. */
  onOutcome?: (interaction: Interaction, outcome: { ok: boolean; error?: unknown }) => void;
}

type Repliable =
  | ChatInputCommandInteraction
  | ButtonInteraction
  | StringSelectMenuInteraction
  | ModalSubmitInteraction;
type Outcome = { ok: true; payload: Payload } | { ok: false; error: unknown };

/** Discord errors that mean "this interaction is already answered or gone": not worth more than a debug line. */
const QUIET_CODES = new Set<number | string>([
  RESTJSONErrorCodes.UnknownInteraction,
  RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged,
  RESTJSONErrorCodes.UnknownWebhook,
  RESTJSONErrorCodes.UnknownMessage,
]);

export class Router {
  private readonly commands: Map<string, Command>;

  constructor(private readonly options: RouterOptions) {
    this.commands = new Map(options.commands.map((c) => [c.data.name, c]));
  }

  /** Handle one interaction. Never rejects. */
  async handle(interaction: Interaction): Promise<void> {
    try {
      await this.dispatch(interaction);
    } catch (error) {
      this.logDiscordError(error, interaction);
    }
  }

  /** Turn an interaction away with one private sentence (no choices for autocomplete). Never rejects. */
  async refuse(interaction: Interaction, sentence: string): Promise<void> {
    try {
      if (interaction.isAutocomplete()) await interaction.respond([]);
      else if (interaction.isRepliable()) {
        await interaction.reply({
          content: sentence,
          flags: MessageFlags.Ephemeral,
          allowedMentions: NO_MENTIONS,
        });
      }
    } catch (error) {
      this.logDiscordError(error, interaction);
    }
  }

  private async dispatch(interaction: Interaction): Promise<void> {
    const refusal = this.placeRefusal(interaction);
    if (refusal !== undefined) return this.refuse(interaction, refusal);
    if (interaction.isChatInputCommand()) return this.onCommand(interaction);
    if (interaction.isAutocomplete()) return this.onAutocomplete(interaction);
    if (interaction.isButton() || interaction.isStringSelectMenu()) return this.onControl(interaction);
    if (interaction.isModalSubmit()) return this.onControl(interaction);
  }

  /** Why this interaction may not be served here (DMs, other servers), if at all. */
  private placeRefusal(interaction: Interaction): string | undefined {
    if (!interaction.inGuild()) return MESSAGES.dmOnly;
    if (this.options.guildId && interaction.guildId !== this.options.guildId) return MESSAGES.wrongGuild;
    return undefined;
  }

  /**
   * The access guard, run inside the work that `answer` times: a slow member lookup then leads to
   * a defer like any slow read, instead of eating Discord's 3 seconds before the timer starts.
   */
  private async checkAccess(interaction: Interaction): Promise<void> {
    const refusal = await this.options.guard?.(interaction);
    if (refusal !== undefined) throw new UserError(refusal);
  }

  private show(interaction: Interaction, fresh = false): ShowContext {
    return {
      resources: this.options.resources,
      state: this.options.state,
      owner: interaction.user.id,
      options: fresh ? { fresh: true } : {},
    };
  }

  private async onCommand(interaction: ChatInputCommandInteraction): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    const ephemeral = interaction.options.getBoolean(PUBLIC_OPTION) !== true;
    if (!command) {
      await this.deliver(
        interaction,
        { ok: false, error: new UserError(MESSAGES.unknownCommand) },
        false,
        ephemeral,
      );
      return;
    }
    const ctx = { interaction, show: this.show(interaction), views: this.options.views };
    await this.answer(
      interaction,
      async () => {
        await this.checkAccess(interaction);
        return command.execute(ctx);
      },
      ephemeral,
    );
  }

  private async onAutocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const command = this.commands.get(interaction.commandName);
    try {
      const refused = (await this.options.guard?.(interaction)) !== undefined;
      const choices = refused
        ? []
        : ((await command?.autocomplete?.({ interaction, show: this.show(interaction) })) ?? []);
      await interaction.respond(choices.slice(0, 25));
    } catch (error) {
      this.options.logger.debug({ err: error, command: interaction.commandName }, 'autocomplete failed');
      await interaction.respond([]);
    }
  }

  private async onControl(
    interaction: ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction,
  ): Promise<void> {
    const parsed = parseCustomId(interaction.customId);
    if (!parsed.ok) {
      const sentence = parsed.reason === 'old-version' ? MESSAGES.oldVersion : MESSAGES.expired;
      await this.deliver(interaction, { ok: false, error: new UserError(sentence) }, false, true);
      return;
    }
    const { state } = parsed;
    // The owner in the custom_id is checked against Discord's own record of who ran the command the
    // message answers, which a client cannot forge (a tampered custom_id can name anyone).
    const invoker = interaction.message?.interactionMetadata?.user.id;
    if (state.owner !== interaction.user.id || (invoker !== undefined && invoker !== state.owner)) {
      await this.deliver(interaction, { ok: false, error: new UserError(MESSAGES.notYours) }, false, true);
      return;
    }
    if (state.action === ACTIONS.goto && interaction.isButton()) {
      // A modal cannot wait for the access guard; its submission is checked like any control.
      await interaction.showModal(await this.gotoModal(state));
      return;
    }
    await this.answer(
      interaction,
      async () => {
        await this.checkAccess(interaction);
        return this.runControl(interaction, state, parsed.storedKey);
      },
      true,
    );
  }

  private async gotoModal(state: ControlState) {
    const customId = await this.options.state.customId({ ...state, action: ACTIONS.gotoSubmit });
    return {
      custom_id: customId,
      title: 'Go to page',
      components: [
        {
          type: ComponentType.ActionRow as const,
          components: [
            {
              type: ComponentType.TextInput as const,
              custom_id: 'page',
              label: 'Page number',
              style: TextInputStyle.Short,
              min_length: 1,
              max_length: String(MAX_PAGE).length,
              required: true,
              placeholder: `1 to ${state.page}`,
            },
          ],
        },
      ],
    };
  }

  /** What a button, select or modal asks for, as a payload. */
  private async runControl(
    interaction: ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction,
    state: ControlState,
    storedKey: string | undefined,
  ): Promise<Payload> {
    const arg = await this.options.state.resolve({ state, storedKey });
    if (arg === undefined) throw new UserError(MESSAGES.expired);
    const view = this.options.views.get(state.view);
    if (!view) throw new UserError(MESSAGES.expired);
    const show = this.show(interaction, state.action === ACTIONS.refresh);

    if (state.action === ACTIONS.open) {
      if (view.kind !== 'list' || !view.open || !interaction.isStringSelectMenu())
        throw new UserError(MESSAGES.expired);
      const detail = this.options.views.get(view.open.detailView);
      const itemId = interaction.values[0];
      if (detail?.kind !== 'detail' || !itemId) throw new UserError(MESSAGES.expired);
      return showDetail(detail, itemId, show, { view: view.id, page: state.page, arg });
    }
    if (view.kind === 'detail') return showDetail(view, arg, show);

    let page = Math.max(1, state.page);
    if (state.action === ACTIONS.gotoSubmit) {
      if (!interaction.isModalSubmit()) throw new UserError(MESSAGES.expired);
      const text = interaction.fields.getTextInputValue('page').trim();
      // The go-to control carries the page count (see buildListComponents).
      const last = Math.min(Math.max(1, state.page), MAX_PAGE);
      const wanted = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
      if (!(wanted >= 1 && wanted <= last)) throw new UserError(MESSAGES.pageRange(last));
      page = wanted;
    }
    return showList(view, arg, page, show);
  }

  /**
   * Run the work and answer in time: the answer itself if it is ready within DEFER_AFTER_MS,
   * otherwise a defer (a "thinking" reply, or an acknowledged update for controls) and an edit later.
   */
  private async answer(
    interaction: Repliable,
    produce: () => Promise<Payload>,
    ephemeral: boolean,
  ): Promise<void> {
    const work: Promise<Outcome> = produce().then(
      (payload) => ({ ok: true, payload }),
      (error: unknown) => ({ ok: false, error }),
    );
    let timer: NodeJS.Timeout | undefined;
    const early = await Promise.race([
      work,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), DEFER_AFTER_MS);
      }),
    ]);
    clearTimeout(timer);
    if (early) {
      await this.deliver(interaction, early, false, ephemeral);
      return;
    }
    if (isUpdate(interaction)) await interaction.deferUpdate();
    else await interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    await this.deliver(interaction, await work, true, ephemeral);
  }

  /** Send an outcome as the right kind of Discord response. */
  private async deliver(interaction: Repliable, outcome: Outcome, deferred: boolean, ephemeral: boolean) {
    this.options.onOutcome?.(interaction, outcome);
    if (outcome.ok) {
      const body = { ...outcome.payload, allowedMentions: NO_MENTIONS };
      if (deferred) await interaction.editReply(body);
      else if (isUpdate(interaction)) await (interaction as ButtonInteraction).update(body);
      else await interaction.reply({ ...body, flags: ephemeral ? MessageFlags.Ephemeral : undefined });
      return;
    }
    const sentence = errorMessage(outcome.error);
    this.logFailure(outcome.error, interaction);
    const notice = { ...textPayload(sentence), allowedMentions: NO_MENTIONS };
    if (!deferred) {
      // Controls keep their message as it was; the notice goes to the clicker alone.
      await interaction.reply({
        content: sentence,
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_MENTIONS,
      });
    } else if (!isUpdate(interaction) && ephemeral) {
      await interaction.editReply(notice);
    } else {
      if (!isUpdate(interaction)) await interaction.deleteReply().catch(() => undefined);
      await interaction.followUp({
        content: sentence,
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_MENTIONS,
      });
    }
  }

  private logFailure(error: unknown, interaction: Interaction): void {
    const where = describe(interaction);
    if (isExpectedError(error))
      this.options.logger.info({ ...where, err: summarize(error) }, 'request refused');
    else this.options.logger.error({ ...where, err: error }, 'handler failed');
  }

  private logDiscordError(error: unknown, interaction: Interaction): void {
    const where = describe(interaction);
    if (error instanceof DiscordAPIError && QUIET_CODES.has(error.code)) {
      this.options.logger.debug({ ...where, code: error.code }, 'interaction already answered or expired');
    } else {
      this.options.logger.warn({ ...where, err: discordErrorSummary(error) }, 'could not answer interaction');
    }
  }
}

function isUpdate(
  interaction: Repliable,
): interaction is ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction {
  return interaction.isMessageComponent() || (interaction.isModalSubmit() && interaction.isFromMessage());
}

function describe(interaction: Interaction) {
  return {
    interaction: interaction.id,
    user: interaction.user.id,
    command: interaction.isCommand() || interaction.isAutocomplete() ? interaction.commandName : undefined,
    customId:
      interaction.isMessageComponent() || interaction.isModalSubmit() ? interaction.customId : undefined,
  };
}

/**
 * A Discord error without its request URL: webhook URLs carry the interaction token.
 */
function discordErrorSummary(error: unknown) {
  if (error instanceof DiscordAPIError) {
    return {
      type: error.name,
      code: error.code,
      status: error.status,
      method: error.method,
      message: error.message,
    };
  }
  return summarize(error);
}

function summarize(error: unknown) {
  return error instanceof Error ? { type: error.name, message: error.message } : { message: String(error) };
}
