/**
 * What a moderator may type as an id or a name, decided once. Impossible values are refused here,
 * before any API call; everything that passes is still URL-encoded by the API layer.
 */
import { UserError } from './replies.js';

/** Longest id or username Rollcall sends to the API. */
export const MAX_ARG_LENGTH = 64;

/** API record ids: letters, digits and `_ - . :` (no slashes, spaces or dot-only names). */
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/;

/** A record id typed by a moderator, or a UserError naming what is wrong. */
export function parseId(raw: string | null | undefined, what: string): string {
  const value = (raw ?? '').trim();
  if (value === '') throw new UserError(`Give the ${what}.`);
  if (value.length > MAX_ARG_LENGTH || !ID.test(value) || /^\.+$/.test(value)) {
    throw new UserError(
      `That is not a valid ${what}: use up to ${MAX_ARG_LENGTH} letters, digits, dashes or underscores.`,
    );
  }
  return value;
}

/** A game username typed by a moderator: any visible characters, trimmed, at most 64. */
export function parseUsername(raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') throw new UserError('Give the game username.');
  if (Array.from(value).length > MAX_ARG_LENGTH || CONTROL.test(value) || /^\.+$/.test(value)) {
    throw new UserError(`That is not a valid game username: use up to ${MAX_ARG_LENGTH} visible characters.`);
  }
  return value;
}

/** A Discord user id (snowflake). */
export function parseSnowflake(raw: string | null | undefined, what: string): string {
  const value = (raw ?? '').trim();
  if (!/^\d{17,20}$/.test(value))
    throw new UserError(`That is not a valid ${what}: it should be 17 to 20 digits.`);
  return value;
}
