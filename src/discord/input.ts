/**
 * What a moderator may type as an id or a name, decided once. Impossible values are refused here,
 * before any API call; everything that passes is still URL-encoded by the API layer.
 */
import { say, type Text, UserError } from './replies.js';

/** Longest id or username Rollcall sends to the API. */
export const MAX_ARG_LENGTH = 64;

/** API record ids: letters, digits and `_ - . :` (no slashes, spaces or dot-only names). */
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/;

/**
 * A record id typed by a moderator, or a UserError naming what is wrong; `what` names the id asked
 * for, in the reader's words (`(t) => t.sentences.loaIdName`).
 */
export function parseId(raw: string | null | undefined, what: string | Text): string {
  const value = (raw ?? '').trim();
  if (value === '') throw new UserError(say.giveId(what));
  if (value.length > MAX_ARG_LENGTH || !ID.test(value) || /^\.+$/.test(value)) {
    throw new UserError(say.badId(what, MAX_ARG_LENGTH));
  }
  return value;
}

/** A game username typed by a moderator: any visible characters, trimmed, at most 64. */
export function parseUsername(raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') throw new UserError(say.giveUsername);
  if (Array.from(value).length > MAX_ARG_LENGTH || CONTROL.test(value) || /^\.+$/.test(value)) {
    throw new UserError(say.badUsername(MAX_ARG_LENGTH));
  }
  return value;
}

/** `value` as parseId would take it, or undefined when a moderator could not have typed it. */
export function checkedId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseId(value, (t) => t.sentences.idName);
  } catch {
    return undefined;
  }
}

/** `value` as parseUsername would take it, or undefined when a moderator could not have typed it. */
export function checkedUsername(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return parseUsername(value);
  } catch {
    return undefined;
  }
}
