import type {
  APIAllowedMentions,
  APIApplicationCommandOptionChoice,
  APIInteraction,
  APIMessage,
  APIModalInteractionResponseCallbackData,
} from 'discord-api-types/v10';
import { type InteractionResponseType, InteractionType } from 'discord-api-types/v10';
import type { FinalKind, InteractionLedger, InteractionRecord } from './interactions.js';
import { DOUBLE_WAIT_MS } from './notifier.js';
import type { RecordedCall, RestDouble } from './rest.js';

/** A message the bot sent, as returned by `response()`: the API message plus the allowed_mentions it was sent with. */
export interface ResponseMessage extends APIMessage {
  allowed_mentions: APIAllowedMentions | null;
}

/** The final visible answer to an interaction. */
export interface InteractionResponse {
  /** reply (4), deferred-reply (5 + edit or follow-up), update (7), deferred-update (6 + edit), autocomplete (8), modal (9). */
  kind: FinalKind;
  /** Type of the initial callback. */
  callbackType: InteractionResponseType;
  /** The message as it was when the answer became final (null for autocomplete and modals). */
  message: ResponseMessage | null;
  /** Whether only the invoking user sees the message. */
  ephemeral: boolean;
  /** Time from dispatch to the first callback request (whatever its outcome). */
  msToFirstCallback: number;
  /** Time from dispatch to the final answer. */
  msToFinal: number;
  /** Autocomplete choices (type 8). */
  choices: APIApplicationCommandOptionChoice[] | null;
  /** The modal shown (type 9). */
  modal: APIModalInteractionResponseCallbackData | null;
}

/** What a handle reads: the interaction ledger and the REST records. */
export interface HandleDeps {
  ledger: InteractionLedger;
  rest: RestDouble;
}

/** Extra time after the 3 s window before `response()` gives up on an unacknowledged interaction. */
const WINDOW_GRACE_MS = 250;

/** One dispatched interaction: its payload, its REST calls, and waits for its answer. */
export class InteractionHandle {
  constructor(
    private readonly record: InteractionRecord,
    private readonly deps: HandleDeps,
  ) {}

  /** The interaction id. */
  get id(): string {
    return this.record.id;
  }

  /** The interaction token. */
  get token(): string {
    return this.record.token;
  }

  /** The INTERACTION_CREATE payload that was dispatched. */
  get payload(): APIInteraction {
    return this.record.payload;
  }

  /** Whether the gateway delivered it ('sent'), holds it for a resume ('queued') or had no session ('lost'). */
  get delivery(): InteractionRecord['delivery'] {
    return this.record.delivery;
  }

  /** The REST calls made for this interaction (callback and webhook), in order. */
  get calls(): RecordedCall[] {
    return this.deps.rest.calls.filter((c) => c.interactionId === this.record.id);
  }

  /** Milliseconds from dispatch to the first callback request, or null before it. */
  get msToFirstCallback(): number | null {
    return this.record.firstCallbackAt === null ? null : this.record.firstCallbackAt - this.record.createdAt;
  }

  /** The callback type that acknowledged the interaction, or null. */
  get ackType(): InteractionResponseType | null {
    return this.record.ack?.type ?? null;
  }

  /** The current state of the message `@original` points at (null before one exists or after deletion). */
  message(): APIMessage | null {
    const id = this.record.originalMessageId;
    const stored = id ? this.deps.ledger.messages.get(id) : undefined;
    return stored && !stored.deleted ? stored.message : null;
  }

  /** The follow-up messages sent so far (current state). */
  followUps(): APIMessage[] {
    return this.record.followUpIds.flatMap((id) => {
      const stored = this.deps.ledger.messages.get(id);
      return stored && !stored.deleted ? [stored.message] : [];
    });
  }

  #describe(): string {
    const calls = this.calls.map(
      (c) => `${c.method} ${c.path.replace(this.record.token, '<token>')} -> ${c.status}`,
    );
    return `the answer to interaction ${this.record.id} (${this.record.commandName ?? InteractionType[this.record.type]}); calls: ${calls.join('; ') || 'none'}`;
  }

  /**
   * Waits for the final visible answer: a reply (4); after a defer (5) the first edit of @original or the
   * first follow-up; an update (7); after a deferred update (6) the first edit of @original or a
   * follow-up; autocomplete choices (8); a modal (9). Rejects on timeout, when the interaction was lost,
   * or when the 3-second window passed without an acknowledgement.
   */
  async response(options: { timeoutMs?: number } = {}): Promise<InteractionResponse> {
    const record = this.record;
    const { windowMs } = this.deps.ledger.timing;
    const expiry = setTimeout(
      () => this.deps.ledger.changes.notify(),
      Math.max(0, record.createdAt + windowMs + WINDOW_GRACE_MS - performance.now()) + 5,
    );
    try {
      const final = await this.deps.ledger.changes.until(
        () => {
          if (record.final) return record.final;
          if (record.delivery === 'lost')
            throw new Error(`interaction ${record.id} was not delivered: no gateway session`);
          if (!record.ack && performance.now() - record.createdAt >= windowMs + WINDOW_GRACE_MS) {
            throw new Error(`interaction was not acknowledged within ${windowMs} ms: ${this.#describe()}`);
          }
          return null;
        },
        options.timeoutMs ?? DOUBLE_WAIT_MS,
        () => this.#describe(),
      );
      const stored = final.message;
      return {
        kind: final.kind,
        callbackType: final.callbackType,
        message: stored ? { ...stored.message, allowed_mentions: stored.allowedMentions } : null,
        ephemeral: stored ? stored.visibleTo !== null : false,
        msToFirstCallback: (record.firstCallbackAt ?? final.at) - record.createdAt,
        msToFinal: final.at - record.createdAt,
        choices: record.choices,
        modal: record.modal,
      };
    } finally {
      clearTimeout(expiry);
    }
  }

  /** Waits until the interaction is acknowledged by any callback; resolves with its type. */
  acknowledged(options: { timeoutMs?: number } = {}): Promise<InteractionResponseType> {
    return this.deps.ledger.changes.until(
      () => this.record.ack?.type,
      options.timeoutMs ?? DOUBLE_WAIT_MS,
      () => `an acknowledgement of ${this.#describe()}`,
    );
  }

  /** Waits until the bot made at least `count` REST calls for this interaction that got an answer. */
  callsSettled(count: number, options: { timeoutMs?: number } = {}): Promise<RecordedCall[]> {
    return this.deps.rest.changes.until(
      () => {
        const done = this.calls.filter((c) => c.status !== 0 || c.injected);
        return done.length >= count ? done : null;
      },
      options.timeoutMs ?? DOUBLE_WAIT_MS,
      () => `${count} calls for ${this.#describe()}`,
    );
  }
}
