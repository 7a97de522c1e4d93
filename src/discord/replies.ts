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
    const named = (text: Text) => {
      KEYS.set(text, `${section}.${key}`);
      return text;
    };
    texts[key] =
      typeof value === 'function'
        ? (...args: unknown[]) =>
            named((t: Words) =>
              (of(t) as (...a: unknown[]) => string)(
                ...args.map((a) => (typeof a === 'function' ? (a as Text)(t) : a)),
              ),
            )
        : named((t: Words) => of(t) as string);
  }
  return texts as Say<Sections[K]>;
}

/** The key of each Text textsOf made (`sentences.badLimits`). */
const KEYS = new WeakMap<Text, string>();

/**
 * The key of the words a Text says (`sentences.badLimits`, `reminders.needsChannel`), never the
 * values it is said with: what a log line may name. A Text textsOf made knows it; any other is
 * said once with stand-in words that note the first key it asks for (undefined: it asked for none).
 */
export function textKey(text: Text): string | undefined {
  const known = KEYS.get(text);
  if (known !== undefined) return known;
  let first: string | undefined;
  const paths = new WeakMap<object, string>();
  const note = (path: string) => {
    if (!path.startsWith('f.')) first ??= path;
    return '';
  };
  const standIn = (path: string): object => {
    const proxy: object = new Proxy(() => '', {
      get: (_target, prop) => {
        if (prop === Symbol.toPrimitive) return () => note(path);
        if (typeof prop === 'symbol') return undefined;
        return standIn(path === '' ? prop : `${path}.${prop}`);
      },
      apply: () => note(path),
    });
    paths.set(proxy, path);
    return proxy;
  };
  try {
    const result: unknown = text(standIn('') as Words);
    const path = typeof result === 'function' ? paths.get(result) : undefined;
    if (path !== undefined) note(path);
  } catch {
    // A Text that does more with its words than say them: named by none.
  }
  return first;
}

/** Every sentence as a Text: `throw new UserError(say.loaNotFound)`, `say.rateLimited(5)`. */
export const say = textsOf('sentences');

/**
 * A refusal: what the moderator asked cannot be done. It carries the sentence's words (`say.x`), said
 * in the reader's language when it is answered; its `message` is the English (for tests and the
 * stored problems of schedules: never logged, since it may quote what was typed; a log line names
 * the refusal by `refusalCause`). A plain string is sent as it is (data, not words).
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

/**
 * What a refusal may say in a log line: its kind and the key of its words (`sentences.badLimits`),
 * or an API error's kind and status. Never its message: a refusal's sentence may quote what a
 * moderator or admin typed (a name, a time zone, a token pasted in the wrong box).
 */
export function refusalCause(error: unknown): Record<string, string | number | undefined> {
  if (error instanceof UserError) return { type: error.name, key: textKey(error.text) ?? 'text' };
  if (isApiError(error)) return { type: error.name, kind: error.kind, status: error.status };
  return { type: error instanceof Error ? error.name : typeof error };
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
