/**
 * The sentences a moderator can see when something goes wrong (src/i18n/en.ts `sentences`, in
 * every language), how a handler says one without knowing the reader's language (`say`), and the
 * payload helpers that make every reply safe (no pings, ephemeral by default).
 */
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord.js';
import { isApiError } from '../api/errors.js';
import type { Sections } from '../i18n/en.js';
import { ENGLISH, said, type Text, type Words } from '../i18n/words.js';
import { StoreError } from '../store/errors.js';

export type { Text };

/** What a handler produces; the router decides whether it is a reply, an edit or an update. */
export interface Payload {
  /** A sentence above the answer or as the answer: as it is, or said in the reader's language. */
  content?: string | Text;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  /** Files attached to the message (an export). */
  files?: { name: string; attachment: Buffer }[];
  /** Further messages sent after this one, to the same person (an export in several files). */
  followUps?: Payload[];
}

/** Nobody is ever pinged by anything Rollcall sends, whatever the text contains. */
export const NO_MENTIONS = { parse: [], users: [], roles: [], repliedUser: false } as const;

/**
 * Every sentence in English, as it is said (what logs and tests read). A handler refusing something
 * says `say.x` instead, which the responder puts in the reader's language.
 */
export const MESSAGES = ENGLISH.sentences;

/** A value a sentence is given: a string may also be a Text (a nested sentence, a word), said in the same language. */
type Given<A extends readonly unknown[]> = { [I in keyof A]: A[I] extends string ? A[I] | Text : A[I] };

/** A section's texts by key: a word → its Text, a sentence with values → a function making its Text. */
type Say<S> = {
  readonly [K in keyof S]: S[K] extends (...args: infer A) => string ? (...args: Given<A>) => Text : Text;
};

/**
 * The Texts of one section of the words (`textsOf((t) => t.sentences)`): `say.notFound` is the
 * Text `(t) => t.sentences.notFound`, `say.rateLimited(5)` the Text `(t) => t.sentences.rateLimited(5)`.
 * A string value given as a Text is said in the reader's language first (a sentence quoting another).
 */
export function textsOf<K extends keyof Sections>(section: K): Say<Sections[K]> {
  const texts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ENGLISH[section] as object)) {
    const of = (t: Words) => (t[section] as Record<string, unknown>)[key];
    texts[key] =
      typeof value === 'function'
        ? (...args: unknown[]) =>
            (t: Words) =>
              (of(t) as (...a: unknown[]) => string)(
                ...args.map((a) => (typeof a === 'function' ? (a as Text)(t) : a)),
              )
        : (t: Words) => of(t) as string;
  }
  return texts as Say<Sections[K]>;
}

/** Every sentence as a Text: `throw new UserError(say.loaNotFound)`, `say.rateLimited(5)`. */
export const say = textsOf('sentences');

/**
 * A refusal: what the moderator asked cannot be done. It carries the sentence's words (`say.x`), said
 * in the reader's language when it is answered; its `message` is the English, for logs. A plain
 * string is sent as it is (data, not words).
 */
export class UserError extends Error {
  override name = 'UserError';
  /** The sentence, in the words of whoever reads it. */
  declare readonly text: Text;

  constructor(text: string | Text, options?: ErrorOptions) {
    super(said(text, ENGLISH), options);
    // Not enumerable: two refusals with the same English compare equal (as they did as strings).
    Object.defineProperty(this, 'text', { value: typeof text === 'string' ? () => text : text });
  }
}

/** The one sentence for any error a handler throws, in the reader's words. */
export function errorText(error: unknown): Text {
  if (error instanceof UserError) return error.text;
  if (error instanceof StoreError) return say.storeUnavailable;
  if (isApiError(error)) {
    switch (error.kind) {
      case 'http':
        if (error.status === 404) return say.notFound;
        if (error.status === 400) return say.badRequest;
        if (error.status === 401) return say.unauthorized;
        if (error.status === 403) return say.forbidden;
        if (error.status === 429) return say.rateLimited(Math.max(1, error.retryAfterSeconds ?? 5));
        return say.unavailable;
      case 'busy':
        return say.rateLimited(Math.max(1, error.retryAfterSeconds ?? 5));
      case 'quota':
        return say.allowanceSpent(
          Math.floor((error.resetAt ?? Date.now() + (error.retryAfterSeconds ?? 0) * 1000) / 1000),
        );
      case 'malformed':
        return say.malformed;
      case 'too-large':
        return say.tooLarge;
      default:
        return say.unavailable;
    }
  }
  return say.internal;
}

/** The one sentence for any error a handler throws, in English (logs, status). */
export function errorMessage(error: unknown): string {
  return errorText(error)(ENGLISH);
}

/** True for errors that are the moderator's or the API's, not a bug in Rollcall. */
export function isExpectedError(error: unknown): boolean {
  return error instanceof UserError || isApiError(error);
}

/** A text-only payload that clears any embeds and components. */
export function textPayload(content: string | Text): Payload {
  return { content, embeds: [], components: [] };
}
