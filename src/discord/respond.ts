/**
 * The Discord responder: turns an outcome into the right kind of response (reply, defer and edit,
 * update, follow-up), within Discord's 3-second window, and logs what went wrong without secrets.
 */
import {
  type APIApplicationCommandOptionChoice,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  type Interaction,
  type MessageContextMenuCommandInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
  RESTJSONErrorCodes,
  type StringSelectMenuInteraction,
  type UserContextMenuCommandInteraction,
} from 'discord.js';
import { withWait } from '../api/wait.js';
import { LIMITS } from '../base/discord-limits.js';
import type { Logger } from '../base/log.js';
import { said, type Text, type Words } from '../i18n/words.js';
import { type Ask, readerWords } from './ask.js';
import {
  errorText,
  isExpectedError,
  NO_MENTIONS,
  type Payload,
  refusalCause,
  say,
  UserError,
} from './replies.js';

/**
 * Answer directly if the work is done within this many ms of receiving the interaction; else defer.
 * Counted from the interaction's receipt (`Ask.receivedAt`): what ran before the work (the server's
 * community looked up in the store, up to 2 s) comes out of it, or a defer would miss Discord's 3 s.
 * A saved answer or one API read is ready well within it; a read that waits in line (behind
 * another, or for the allowance) is deferred as soon as the limits say so, before this: its
 * moderator sees "thinking…" at once rather than nothing (the bench's burst: the acknowledgement's
 * p95 was 1.5 s when this was 1,500 ms with no early defer; its target is 500 ms, bench/README.md).
 */
const DEFER_AFTER_MS = 300;
/** A moderator whose read waits this long for the API allowance is told their place in line. */
const NOTICE_AFTER_MS = 3_000;
/** A place-in-line notice is brought up to date at most this often. */
const NOTICE_EVERY_MS = 5_000;

type Repliable =
  | ChatInputCommandInteraction
  | UserContextMenuCommandInteraction
  | MessageContextMenuCommandInteraction
  | ButtonInteraction
  | StringSelectMenuInteraction
  | ModalSubmitInteraction;
/** What may answer with a modal: everything but a modal's own submission. */
type ModalCapable = Exclude<Repliable, ModalSubmitInteraction>;
type Modal = Parameters<ChatInputCommandInteraction['showModal']>[0];
type Outcome = { ok: true; payload: Payload } | { ok: false; error: unknown };

/** Discord errors that mean "this interaction is already answered or gone": not worth more than a debug line. */
const QUIET_CODES = new Set<number | string>([
  RESTJSONErrorCodes.UnknownInteraction,
  RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged,
  RESTJSONErrorCodes.UnknownWebhook,
  RESTJSONErrorCodes.UnknownMessage,
]);

/** What an interaction runs, and how its answer is sent. */
export interface Route {
  run(): Promise<Payload>;
  /** Seen by the one who asked alone. */
  private: boolean;
  /** A control answered with a message of its own (an export) instead of updating its message. */
  newMessage?: boolean;
}

/** Told each outcome just before its answer is sent (metrics); must not throw. */
export type OutcomeListener = (interaction: Interaction, outcome: { ok: boolean; error?: unknown }) => void;

export class Responder {
  constructor(
    private readonly logger: Logger,
    private readonly onOutcome?: OutcomeListener,
  ) {}

  /** Answer with a modal (it must be the first response), counted like any other answer. */
  async showModal(ask: Ask<ModalCapable>, modal: Modal): Promise<void> {
    this.onOutcome?.(ask.interaction, { ok: true });
    await ask.interaction.showModal(modal);
  }

  /**
   * Run the work and answer in time: the answer itself if it is ready within DEFER_AFTER_MS,
   * otherwise a defer (a "thinking" reply, or an acknowledged update for controls) and an edit later.
   */
  async answer(route: Route, ask: Ask<Repliable>): Promise<void> {
    const { interaction } = ask;
    // The work runs in a wait context naming the moderator: the API's limits queue fairly between
    // moderators and report the place in line, which the notice shows once the reply is deferred.
    const ownReply = !isUpdate(interaction) || route.newMessage === true;
    const notice = new WaitNotice(ask, ownReply, (error) => this.logDiscordError(error, interaction));
    const work: Promise<Outcome> = withWait({ who: ask.owner, onWait: notice.onWait }, route.run).then(
      (payload) => ({ ok: true, payload }),
      (error: unknown) => ({ ok: false, error }),
    );
    let timer: NodeJS.Timeout | undefined;
    // A clock stepped back makes the time since receipt negative: never more than DEFER_AFTER_MS.
    const since = ask.receivedAt === undefined ? 0 : Math.max(0, Date.now() - ask.receivedAt);
    // A read that must wait in line (behind another, or for the allowance) is deferred at once:
    // its answer is not near, and the moderator sees "thinking…" instead of nothing.
    const early = await Promise.race([
      work,
      notice.waiting.then(() => undefined),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), Math.max(0, DEFER_AFTER_MS - since));
      }),
    ]);
    clearTimeout(timer);
    if (early) {
      await notice.stop();
      await this.deliver(ask, early, false, route);
      return;
    }
    try {
      if (!ownReply) await interaction.deferUpdate();
      else await interaction.deferReply(route.private ? { flags: MessageFlags.Ephemeral } : {});
      notice.start();
      const outcome = await work;
      // No notice may land after the answer: stop the editor and wait for an edit on its way first.
      await notice.stop();
      await this.deliver(ask, outcome, true, route);
    } finally {
      await notice.stop();
      await notice.remove();
    }
  }

  /** Answer at once with the sentence for a refusal (a UserError's own words). */
  async notice(ask: Ask<Repliable>, sentence: string | Text, isPrivate = true): Promise<void> {
    await this.deliver(ask, { ok: false, error: new UserError(sentence) }, false, { private: isPrivate });
  }

  /**
   * Choices for an option being typed, as `choose` finds them: none when it refuses the user, or
   * fails (logged at debug). Metrics hear of each autocomplete once.
   */
  async suggest(
    ask: Ask<AutocompleteInteraction>,
    choose: () => Promise<{ refusal?: string | Text; choices: APIApplicationCommandOptionChoice[] }>,
  ): Promise<void> {
    const { interaction } = ask;
    let counted = false;
    try {
      const { refusal, choices } = await choose();
      counted = true;
      this.onOutcome?.(
        interaction,
        refusal === undefined ? { ok: true } : { ok: false, error: new UserError(refusal) },
      );
      await interaction.respond(choices.slice(0, LIMITS.autocompleteChoices));
    } catch (error) {
      // Discord refusing the choices: its error carries the interaction token in its URL.
      if (error instanceof DiscordAPIError) return this.logDiscordError(error, interaction);
      this.logger.debug({ err: error, command: interaction.commandName }, 'autocomplete failed');
      if (!counted) this.onOutcome?.(interaction, { ok: false, error });
      await interaction.respond([]);
    }
  }

  /** Turn an interaction away with one private sentence (no choices for autocomplete). Never rejects. */
  async refuse(interaction: Interaction, sentence: string | Text): Promise<void> {
    this.onOutcome?.(interaction, { ok: false, error: new UserError(sentence) });
    try {
      if (interaction.isAutocomplete()) await interaction.respond([]);
      else if (interaction.isRepliable()) {
        await interaction.reply({
          content: said(sentence, readerWords(interaction)),
          flags: MessageFlags.Ephemeral,
          allowedMentions: NO_MENTIONS,
        });
      }
    } catch (error) {
      this.logDiscordError(error, interaction);
    }
  }

  /** Send an outcome as the right kind of Discord response. */
  private async deliver(ask: Ask<Repliable>, outcome: Outcome, deferred: boolean, route: Omit<Route, 'run'>) {
    const { interaction, t: words } = ask;
    const ephemeral = route.private;
    const newMessage = route.newMessage === true;
    this.onOutcome?.(interaction, outcome);
    if (outcome.ok) {
      const { followUps } = outcome.payload;
      // A sentence above an answer (the allowance mark) or as the answer (an admin's "Settings saved."),
      // in the reader's language.
      // Always its files (none is none): a message edited in place keeps no attachment of the one it replaces.
      const body = { files: [], ...sayContent(outcome.payload, words), allowedMentions: NO_MENTIONS };
      if (deferred) await interaction.editReply(body);
      else if (isUpdate(interaction) && !newMessage) await (interaction as ButtonInteraction).update(body);
      else await interaction.reply({ ...body, flags: ephemeral ? MessageFlags.Ephemeral : undefined });
      for (const more of followUps ?? []) {
        await interaction.followUp({
          ...sayContent(more, words),
          allowedMentions: NO_MENTIONS,
          flags: ephemeral ? MessageFlags.Ephemeral : undefined,
        });
      }
      return;
    }
    const sentence = said(errorText(outcome.error), words);
    this.logFailure(outcome.error, interaction);
    const notice = { content: sentence, embeds: [], components: [], allowedMentions: NO_MENTIONS };
    if (!deferred) {
      // Controls keep their message as it was; the notice goes to the clicker alone.
      await interaction.reply({
        content: sentence,
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_MENTIONS,
      });
    } else if ((!isUpdate(interaction) || newMessage) && ephemeral) {
      await interaction.editReply(notice);
    } else {
      if (!isUpdate(interaction) || newMessage) await interaction.deleteReply().catch(() => undefined);
      await interaction.followUp({
        content: sentence,
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_MENTIONS,
      });
    }
  }

  private logFailure(error: unknown, interaction: Interaction): void {
    const where = describe(interaction);
    // A refusal is named by its cause, never its sentence: that may quote what was typed.
    if (isExpectedError(error)) {
      this.logger.info(
        { ...where, customId: controlOf(where.customId), err: refusalCause(error) },
        'request refused',
      );
    } else this.logger.error({ ...where, err: error }, 'handler failed');
  }

  /** Log a failure to answer: quietly when the interaction was already answered or has gone. */
  logDiscordError(error: unknown, interaction: Interaction): void {
    const where = describe(interaction);
    if (error instanceof DiscordAPIError && QUIET_CODES.has(error.code)) {
      this.logger.debug({ ...where, code: error.code }, 'interaction already answered or expired');
    } else {
      this.logger.warn({ ...where, err: discordErrorSummary(error) }, 'could not answer interaction');
    }
  }
}

/**
 * The place-in-line notice of one deferred interaction. The limits tell it where the moderator's
 * read stands (`onWait`); once the read has waited NOTICE_AFTER_MS, the deferred reply is edited to
 * say so (for a control, whose message is the list itself, an ephemeral follow-up says it instead),
 * and kept up to date at most every NOTICE_EVERY_MS. `stop()` ends it for good: no edit starts
 * after it, and it waits for the one on its way, so the answer always comes after the last notice.
 */
class WaitNotice {
  private since: number | undefined;
  private told: { position: number; etaMs: number; at: number } | undefined;
  private shown: string | undefined;
  private shownAt = 0;
  private followUpId: string | undefined;
  private sending: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  /** Settles when the read first waits in line, behind another read or for the allowance. */
  readonly waiting = new Promise<void>((resolve) => {
    this.wake = resolve;
  });

  private readonly interaction: Repliable;
  private readonly t: Words;

  constructor(
    ask: Ask<Repliable>,
    /** The deferred reply is the answer's own message (a command, or a control answering anew). */
    private readonly ownReply: boolean,
    private readonly onError: (error: unknown) => void,
  ) {
    this.interaction = ask.interaction;
    this.t = ask.t;
  }

  /** Where the read stands (position 0: it no longer waits). */
  readonly onWait = (position: number, etaMs: number): void => {
    if (position <= 0) {
      this.since = undefined;
      this.told = undefined;
      return;
    }
    this.since ??= Date.now();
    this.told = { position, etaMs, at: Date.now() };
    // Served now with the limits' room (position 1, no wait) is not waiting.
    if (position > 1 || etaMs > 0) this.wake?.();
  };

  /** The reply is deferred: notices may be shown from now on. */
  start(): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.tick(), 250);
    this.timer.unref();
  }

  /** No notice from now on; resolves once an edit already on its way has landed (or failed). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.sending;
  }

  /** After the answer: delete a follow-up notice (a control's), which would otherwise linger. */
  async remove(): Promise<void> {
    const id = this.followUpId;
    if (!id) return;
    this.followUpId = undefined;
    await this.interaction.deleteReply(id).catch((error: unknown) => this.onError(error));
  }

  private tick(): void {
    if (this.stopped || this.sending || this.since === undefined || !this.told) return;
    const now = Date.now();
    if (now - this.since < NOTICE_AFTER_MS) return;
    const left = Math.max(0, this.told.etaMs - (now - this.told.at));
    const text = say.queued(this.told.position, left / 1000)(this.t);
    if (text === this.shown || (this.shown !== undefined && now - this.shownAt < NOTICE_EVERY_MS)) return;
    this.shown = text;
    this.shownAt = now;
    this.sending = this.send(text)
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.sending = undefined;
      });
  }

  private async send(text: string): Promise<void> {
    const body = { content: text, embeds: [], components: [], allowedMentions: NO_MENTIONS };
    if (this.ownReply) {
      await this.interaction.editReply(body);
    } else if (this.followUpId) {
      await this.interaction.editReply({ ...body, message: this.followUpId });
    } else {
      const sent = await this.interaction.followUp({ ...body, flags: MessageFlags.Ephemeral });
      this.followUpId = sent.id;
    }
  }
}

/** A payload with its content said in `words` (a Text) or as it is (a string). */
function sayContent(payload: Payload, words: Words) {
  const { content, followUps: _, ...rest } = payload;
  return content === undefined ? rest : { ...rest, content: said(content, words) };
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
 * A control's custom_id without its argument (`rc1:n:member.roles:42:2`): a paging control's
 * argument is what the moderator typed (a username), kept out of refusal lines as the sentence is.
 */
function controlOf(customId: string | undefined): string | undefined {
  if (customId === undefined || !customId.startsWith('rc1:')) return customId;
  return customId.split(':').slice(0, 5).join(':');
}

/** A Discord error without its request URL: webhook URLs carry the interaction token. */
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
