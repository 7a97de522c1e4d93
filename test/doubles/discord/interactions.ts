import {
  type APIApplicationCommandInteractionMetadata,
  type APIApplicationCommandOptionChoice,
  type APIAuthorizingIntegrationOwnersMap,
  type APIInteraction,
  type APIMessageComponentInteractionMetadata,
  type APIMessageInteractionMetadata,
  type APIModalInteractionResponseCallbackData,
  type APIUser,
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from 'discord-api-types/v10';
import type { DispatchOutcome } from './gateway.js';
import type { DiscordErrorBody, UploadedFile } from './http.js';
import { type MessageBody, type MessageOrigin, MessageStore, type StoredMessage } from './messages.js';
import { Notifier } from './notifier.js';
import { choicesErrors, type FormError, invalidFormBody, messageErrors, modalErrors } from './validate.js';

/** How an interaction was finally answered, from the user's point of view. */
export type FinalKind = 'reply' | 'deferred-reply' | 'update' | 'deferred-update' | 'autocomplete' | 'modal';

/** The first visible answer to an interaction. */
export interface FinalAnswer {
  kind: FinalKind;
  /** `performance.now()` when it arrived. */
  at: number;
  /** The type of the interaction's initial callback. */
  callbackType: InteractionResponseType;
  /** The message as it was at that moment (null for autocomplete and modals). */
  message: StoredMessage | null;
}

/** Everything the double knows about one interaction it dispatched. */
export interface InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly type: InteractionType;
  readonly payload: APIInteraction;
  readonly user: APIUser;
  readonly guildId: string | null;
  readonly channelId: string;
  /** Full command name (`loa list`) for commands and autocomplete, else null. */
  readonly commandName: string | null;
  /** The message a component sat on (or the modal's triggering component sat on). */
  readonly sourceMessageId: string | null;
  /** The interaction whose modal this submit answers. */
  readonly triggeredBy: InteractionRecord | null;
  /** The user a user command (right-click on a user) was run on. */
  readonly targetUser: APIUser | null;
  /** The message a message command (right-click on a message) was run on. */
  readonly targetMessageId: string | null;
  readonly owners: APIAuthorizingIntegrationOwnersMap;
  /** `performance.now()` at dispatch. */
  readonly createdAt: number;
  delivery: DispatchOutcome;
  /** `performance.now()` of the first callback request (whatever its outcome). */
  firstCallbackAt: number | null;
  /** The successful initial callback. */
  ack: { type: InteractionResponseType; at: number } | null;
  /** What `@original` points at. */
  originalMessageId: string | null;
  /** A deferred reply still showing "is thinking...". */
  loading: boolean;
  followUpIds: string[];
  final: FinalAnswer | null;
  choices: APIApplicationCommandOptionChoice[] | null;
  modal: APIModalInteractionResponseCallbackData | null;
}

/** An HTTP answer of the double: status and JSON body. */
export interface Answer {
  status: number;
  body?: unknown;
}

/** Timing rules of the interaction protocol. */
export interface InteractionTiming {
  /** Time to the first callback before the interaction expires (Discord: 3000 ms). */
  windowMs: number;
  /** Lifetime of the interaction token for webhooks (Discord: 15 min). */
  tokenLifetimeMs: number;
}

const error = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message } satisfies DiscordErrorBody,
});
const UNKNOWN_INTERACTION = error(404, 10062, 'Unknown interaction');
const ALREADY_ACKNOWLEDGED = error(400, 40060, 'Interaction has already been acknowledged.');
const UNKNOWN_WEBHOOK = error(404, 10015, 'Unknown Webhook');
const INVALID_WEBHOOK_TOKEN = error(401, 50027, 'Invalid Webhook Token');
const UNKNOWN_MESSAGE = error(404, 10008, 'Unknown Message');
const EMPTY_MESSAGE = error(400, 50006, 'Cannot send an empty message');
const formError = (errors: FormError[]): Answer => ({ status: 400, body: invalidFormBody(errors) });

const ALLOWED_CALLBACKS: Record<InteractionType, InteractionResponseType[]> = {
  [InteractionType.Ping]: [InteractionResponseType.Pong],
  [InteractionType.ApplicationCommand]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.Modal,
  ],
  [InteractionType.MessageComponent]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
    InteractionResponseType.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [
    InteractionResponseType.ApplicationCommandAutocompleteResult,
  ],
  [InteractionType.ModalSubmit]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
  ],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `interaction_metadata` of messages created through an interaction. */
export function metadataOf(record: InteractionRecord): APIMessageInteractionMetadata {
  const base = { id: record.id, user: record.user, authorizing_integration_owners: record.owners };
  if (record.type === InteractionType.MessageComponent) {
    return {
      ...base,
      type: InteractionType.MessageComponent,
      interacted_message_id: record.sourceMessageId ?? '0',
    };
  }
  if (record.type === InteractionType.ModalSubmit) {
    const trigger = record.triggeredBy ? metadataOf(record.triggeredBy) : null;
    const triggering =
      trigger && trigger.type !== InteractionType.ModalSubmit
        ? (trigger as APIApplicationCommandInteractionMetadata | APIMessageComponentInteractionMetadata)
        : { ...base, type: InteractionType.ApplicationCommand as const };
    return { ...base, type: InteractionType.ModalSubmit, triggering_interaction_metadata: triggering };
  }
  return {
    ...base,
    type: InteractionType.ApplicationCommand,
    ...(record.targetUser ? { target_user: record.targetUser } : {}),
    ...(record.targetMessageId ? { target_message_id: record.targetMessageId } : {}),
  };
}

/**
 * The interaction half of the REST double: callbacks and the interaction webhook, with Discord's rules
 * (one initial response, a 3 s window, 15 min tokens, `@original` semantics, deferred replies, follow-ups).
 */
export class InteractionLedger {
  readonly #byId = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();
  /** Notified whenever an interaction or message changes. */
  readonly changes = new Notifier();
  /** Tokens of interactions created up to this moment have expired (`expireTokens`). */
  #expiredUpTo = Number.NEGATIVE_INFINITY;

  constructor(
    readonly messages: MessageStore,
    private readonly applicationId: string,
    private readonly bot: APIUser,
    readonly timing: InteractionTiming,
  ) {}

  /** Starts tracking a dispatched interaction. */
  add(record: InteractionRecord): void {
    this.#byId.set(record.id, record);
    this.#byToken.set(record.token, record);
  }

  /** An interaction by id. */
  get(id: string): InteractionRecord | undefined {
    return this.#byId.get(id);
  }

  /** An interaction by token. */
  byToken(token: string): InteractionRecord | undefined {
    return this.#byToken.get(token);
  }

  /** Every interaction, oldest first. */
  all(): InteractionRecord[] {
    return [...this.#byId.values()];
  }

  #origin(record: InteractionRecord, original: boolean, forcedFlags = 0): MessageOrigin {
    const metadata = metadataOf(record);
    if (!original && record.originalMessageId)
      metadata.original_response_message_id = record.originalMessageId;
    const command = record.type === InteractionType.ApplicationCommand;
    // A context menu command's answer is its own kind of message (type 23), a slash command's 20.
    const menu =
      command && (record.payload.data as { type?: unknown }).type !== ApplicationCommandType.ChatInput;
    return {
      channelId: record.channelId,
      guildId: record.guildId,
      author: this.bot,
      applicationId: this.applicationId,
      type:
        command && original
          ? menu
            ? MessageType.ContextMenuCommand
            : MessageType.ChatInputCommand
          : MessageType.Default,
      interactionId: record.id,
      user: record.user,
      metadata,
      ...(command && record.commandName
        ? {
            legacyInteraction: {
              id: record.id,
              type: record.type,
              name: record.commandName,
              user: record.user,
            },
          }
        : {}),
      forcedFlags,
    };
  }

  #finish(record: InteractionRecord, kind: FinalKind, message: StoredMessage | null): void {
    if (record.final || !record.ack) return;
    record.final = {
      kind,
      at: performance.now(),
      callbackType: record.ack.type,
      message: structuredClone(message),
    };
  }

  #create(
    record: InteractionRecord,
    body: MessageBody,
    files: UploadedFile[],
    original: boolean,
  ): Answer | StoredMessage {
    const errors = messageErrors(body, original ? ['data'] : []);
    if (errors.length > 0) return formError(errors);
    const built = this.messages.build(this.#origin(record, original), body, files);
    if (MessageStore.isEmpty(built.message)) return EMPTY_MESSAGE;
    return this.messages.add(built);
  }

  #edit(
    stored: StoredMessage,
    body: MessageBody,
    files: UploadedFile[],
    clearFlags = 0,
    prefix: string[] = [],
  ): Answer | StoredMessage {
    const errors = messageErrors(body, prefix);
    if (errors.length > 0) return formError(errors);
    const next = this.messages.edited(stored, body, files, clearFlags);
    if (MessageStore.isEmpty(next.message)) return EMPTY_MESSAGE;
    return this.messages.replace(next);
  }

  /** Notes a callback attempt that never reached the protocol (e.g. answered by an injected fault). */
  noteCallbackAttempt(id: string): void {
    const record = this.#byId.get(id);
    if (record) record.firstCallbackAt ??= performance.now();
  }

  /** POST /interactions/{id}/{token}/callback */
  callback(id: string, token: string, body: unknown, files: UploadedFile[], withResponse: boolean): Answer {
    const record = this.#byId.get(id);
    if (!record || record.token !== token) return UNKNOWN_INTERACTION;
    const now = performance.now();
    record.firstCallbackAt ??= now;
    this.changes.notify();
    if (record.ack) return ALREADY_ACKNOWLEDGED;
    if (now - record.createdAt > this.timing.windowMs) return UNKNOWN_INTERACTION;
    const type = isObject(body) ? body.type : undefined;
    const allowed = ALLOWED_CALLBACKS[record.type] ?? [];
    if (typeof type !== 'number' || !allowed.includes(type)) {
      return formError([
        {
          path: ['type'],
          code: 'BASE_TYPE_CHOICES',
          message: `Value must be one of ${JSON.stringify(allowed)}.`,
        },
      ]);
    }
    const needsSource =
      type === InteractionResponseType.DeferredMessageUpdate ||
      type === InteractionResponseType.UpdateMessage;
    if (needsSource && !record.sourceMessageId) {
      return formError([
        {
          path: ['type'],
          code: 'INTERACTION_RESPONSE_TYPE_INVALID',
          message: 'This interaction has no message to update.',
        },
      ]);
    }
    const data = isObject(body) && isObject(body.data) ? body.data : {};
    const outcome = this.#respond(record, type, data, files);
    if (!('message' in outcome)) return outcome;
    record.ack = { type, at: performance.now() };
    const message = outcome.message;
    if (type === InteractionResponseType.ChannelMessageWithSource) this.#finish(record, 'reply', message);
    if (type === InteractionResponseType.UpdateMessage) this.#finish(record, 'update', message);
    if (type === InteractionResponseType.ApplicationCommandAutocompleteResult)
      this.#finish(record, 'autocomplete', null);
    if (type === InteractionResponseType.Modal) this.#finish(record, 'modal', null);
    this.changes.notify();
    if (!withResponse) return { status: 204 };
    const result: RESTPostAPIInteractionCallbackWithResponseResult = {
      interaction: {
        id: record.id,
        type: record.type,
        ...(message
          ? {
              response_message_id: message.message.id,
              response_message_loading: record.loading,
              response_message_ephemeral: message.visibleTo !== null,
            }
          : {}),
      },
      resource: {
        type,
        ...(message && !record.loading && type !== InteractionResponseType.DeferredMessageUpdate
          ? { message: message.message }
          : {}),
      },
    };
    return { status: 200, body: result };
  }

  #respond(
    record: InteractionRecord,
    type: InteractionResponseType,
    data: Record<string, unknown>,
    files: UploadedFile[],
  ): Answer | { message: StoredMessage | null } {
    const source = record.sourceMessageId ? this.messages.get(record.sourceMessageId) : undefined;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource: {
        const created = this.#create(record, data, files, true);
        if (!('message' in created)) return created;
        record.originalMessageId = created.message.id;
        return { message: created };
      }
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        const ephemeral = typeof data.flags === 'number' ? data.flags & MessageFlags.Ephemeral : 0;
        const origin = this.#origin(record, true, MessageFlags.Loading | ephemeral);
        const loading = this.messages.add(this.messages.build(origin, {}, []));
        record.originalMessageId = loading.message.id;
        record.loading = true;
        return { message: loading };
      }
      case InteractionResponseType.DeferredMessageUpdate:
      case InteractionResponseType.UpdateMessage: {
        if (!source || source.deleted) return UNKNOWN_MESSAGE;
        record.originalMessageId = source.message.id;
        if (type === InteractionResponseType.DeferredMessageUpdate) return { message: source };
        const updated = this.#edit(source, data, files, 0, ['data']);
        return 'message' in updated ? { message: updated } : updated;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult: {
        const errors = choicesErrors(data);
        if (errors.length > 0) return formError(errors);
        record.choices = (data.choices as APIApplicationCommandOptionChoice[] | undefined) ?? [];
        return { message: null };
      }
      case InteractionResponseType.Modal: {
        const errors = modalErrors(data);
        if (errors.length > 0) return formError(errors);
        record.modal = data as unknown as APIModalInteractionResponseCallbackData;
        return { message: null };
      }
      default:
        return formError([
          { path: ['type'], code: 'BASE_TYPE_CHOICES', message: 'Unsupported callback type.' },
        ]);
    }
  }

  /** Every token given so far expires now, as 15 minutes passing would have it (no real wait). */
  expireTokens(): void {
    this.#expiredUpTo = performance.now();
  }

  /** The interaction behind a webhook token, or the error Discord gives. */
  #webhook(applicationId: string, token: string): InteractionRecord | Answer {
    const record = this.#byToken.get(token);
    if (!record || applicationId !== this.applicationId) return INVALID_WEBHOOK_TOKEN;
    const age = performance.now() - record.createdAt;
    if (age > this.timing.tokenLifetimeMs || record.createdAt <= this.#expiredUpTo)
      return INVALID_WEBHOOK_TOKEN;
    if (!record.ack) return UNKNOWN_WEBHOOK;
    return record;
  }

  #target(record: InteractionRecord, messageId: string): StoredMessage | Answer {
    const id = messageId === '@original' ? record.originalMessageId : messageId;
    const owned =
      id !== null &&
      (id === record.originalMessageId || id === record.sourceMessageId || record.followUpIds.includes(id));
    const stored = id && owned ? this.messages.get(id) : undefined;
    return stored && !stored.deleted ? stored : UNKNOWN_MESSAGE;
  }

  /** GET /webhooks/{app}/{token}/messages/{id | @original} */
  getMessage(applicationId: string, token: string, messageId: string): Answer {
    const record = this.#webhook(applicationId, token);
    if ('status' in record) return record;
    const stored = this.#target(record, messageId);
    return 'status' in stored ? stored : { status: 200, body: stored.message };
  }

  /** PATCH /webhooks/{app}/{token}/messages/{id | @original} */
  editMessage(
    applicationId: string,
    token: string,
    messageId: string,
    body: unknown,
    files: UploadedFile[],
  ): Answer {
    const record = this.#webhook(applicationId, token);
    if ('status' in record) return record;
    const stored = this.#target(record, messageId);
    if ('status' in stored) return stored;
    const isOriginal = stored.message.id === record.originalMessageId;
    const edited = this.#edit(
      stored,
      isObject(body) ? body : {},
      files,
      isOriginal ? MessageFlags.Loading : 0,
    );
    if (!('message' in edited)) return edited;
    if (isOriginal) {
      record.loading = false;
      if (record.ack?.type === InteractionResponseType.DeferredChannelMessageWithSource) {
        this.#finish(record, 'deferred-reply', edited);
      }
      if (record.ack?.type === InteractionResponseType.DeferredMessageUpdate) {
        this.#finish(record, 'deferred-update', edited);
      }
    }
    this.changes.notify();
    return { status: 200, body: edited.message };
  }

  /** DELETE /webhooks/{app}/{token}/messages/{id | @original} */
  deleteMessage(applicationId: string, token: string, messageId: string): Answer {
    const record = this.#webhook(applicationId, token);
    if ('status' in record) return record;
    const stored = this.#target(record, messageId);
    if ('status' in stored) return stored;
    this.messages.replace({ ...stored, deleted: true });
    this.changes.notify();
    return { status: 204 };
  }

  /**
   * POST /webhooks/{app}/{token}: a follow-up. The first follow-up after a deferred reply replaces the
   * "is thinking..." message (and keeps the defer's ephemerality), as Discord does.
   */
  followUp(
    applicationId: string,
    token: string,
    body: unknown,
    files: UploadedFile[],
    wait: boolean,
  ): Answer {
    const record = this.#webhook(applicationId, token);
    if ('status' in record) return record;
    const data = isObject(body) ? body : {};
    const original = record.originalMessageId ? this.messages.get(record.originalMessageId) : undefined;
    let result: Answer | StoredMessage;
    if (record.loading && original) {
      const flags = typeof data.flags === 'number' ? data.flags & ~MessageFlags.Ephemeral : undefined;
      result = this.#edit(original, { ...data, flags }, files, MessageFlags.Loading);
      if ('message' in result) record.loading = false;
    } else {
      result = this.#create(record, data, files, false);
      if ('message' in result) record.followUpIds.push(result.message.id);
    }
    if (!('message' in result)) return result;
    const kind =
      record.ack?.type === InteractionResponseType.DeferredMessageUpdate
        ? 'deferred-update'
        : 'deferred-reply';
    if (record.ack?.type !== InteractionResponseType.ChannelMessageWithSource)
      this.#finish(record, kind, result);
    this.changes.notify();
    return wait ? { status: 200, body: result.message } : { status: 204 };
  }
}
