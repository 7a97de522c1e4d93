/**
 * Formatting shared by every renderer, and the one place where Discord's limits are enforced.
 * Everything here is pure: no I/O, no clock except what the caller passes in.
 */
import {
  type APIEmbed,
  type APIEmbedField,
  roleMention as discordRoleMention,
  userMention as discordUserMention,
  embedLength,
  inlineCode,
  resolveColor,
} from 'discord.js';
import { isSetTimestamp, LIMITS, SNOWFLAKE } from '../base/discord-limits.js';

export { NONE, plainText, safeLine, safeText, truncate, truncateUnits } from '../base/safe-text.js';
export { isSetTimestamp, LIMITS };

import { NONE, plainText, truncate, truncateUnits } from '../base/safe-text.js';

/**
 * An "Open…" select label saying what the item is, kind first ("Log · Type 3 · Sir Space · 3 Mar
 * 2026"): the parts with a value, joined, within Discord's 100 characters.
 */
export function openLabel(parts: readonly string[]): string {
  const shown = parts.filter((p) => p !== '' && p !== NONE && !p.endsWith(` ${NONE}`));
  return truncate(shown.join(' · '), LIMITS.selectOptionLabel);
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A count as moderators read it, with thousands separators ("1,234,567"); rounded to a whole
 * number. Anything that is not a finite number → NONE. Only for text: custom_ids and page-number
 * inputs keep plain digits.
 */
export function formatCount(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? COUNT_FORMAT.format(value) : NONE;
}

/** An identifier in inline code (backticks in it swapped for a look-alike); absent → NONE. */
export function code(value: unknown, max = 100): string {
  if (typeof value !== 'string' && typeof value !== 'number') return NONE;
  const text = plainText(value, max).replace(/`/g, 'ˋ');
  return text === NONE ? NONE : inlineCode(text);
}

/** A Discord role mention (rendered, never pinging: replies send empty allowed_mentions). */
export function roleMention(id: unknown): string {
  return typeof id === 'string' && SNOWFLAKE.test(id) ? discordRoleMention(id) : code(id);
}

/** A Discord user mention (rendered, never pinging). */
export function userMention(id: unknown): string {
  return typeof id === 'string' && SNOWFLAKE.test(id) ? discordUserMention(id) : code(id);
}

/** A colour string like "#ff8800" or "ff8800" as an embed colour number, if valid. */
export function colour(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  return match?.[1] ? resolveColor(`#${match[1]}`) : undefined;
}

/** Build a field; an absent value is NONE here, and detail views leave such fields out (`shownFields`). */
export function field(name: string, value: string, inline = true): APIEmbedField {
  return { name, value, inline };
}

/**
 * The fields a detail view shows: those with something to say. A field whose value is absent, empty
 * or not set (a 0 timestamp) reads NONE and is left out, so a record shows what it has; lists keep
 * NONE in place instead, so their rows line up.
 */
export function shownFields(fields: readonly APIEmbedField[]): APIEmbedField[] {
  return fields.filter((f) => f.value.trim() !== '' && f.value !== NONE);
}

/** Shortest a description or field value is cut to before anything is dropped. */
const MIN_KEPT = 60;

/**
 * Enforce every per-embed limit: title, description, fields (count, name, value), footer, author,
 * and the 6000-character total. Past the total it shrinks the description, then the longest field
 * values, and drops trailing fields only as a last resort.
 */
export function clampEmbed(embed: APIEmbed): APIEmbed {
  const out: APIEmbed = { ...embed };
  if (out.title !== undefined) out.title = truncate(out.title, LIMITS.title) || NONE;
  if (out.description !== undefined) out.description = truncate(out.description, LIMITS.description);
  if (out.footer) out.footer = { ...out.footer, text: truncate(out.footer.text, LIMITS.footer) };
  if (out.author) out.author = { ...out.author, name: truncate(out.author.name, LIMITS.author) };
  if (out.fields) {
    out.fields = out.fields.slice(0, LIMITS.fields).map((f) => ({
      ...f,
      name: truncate(f.name, LIMITS.fieldName) || NONE,
      value: truncate(f.value, LIMITS.fieldValue) || NONE,
    }));
  }
  let excess = embedLength(out) - LIMITS.embedTotal;
  if (excess > 0 && out.description) {
    out.description = truncateUnits(out.description, Math.max(MIN_KEPT, out.description.length - excess));
    excess = embedLength(out) - LIMITS.embedTotal;
  }
  while (excess > 0 && out.fields) {
    const longest = out.fields.reduce<APIEmbedField | undefined>(
      (best, f) => (f.value.length > (best?.value.length ?? MIN_KEPT) ? f : best),
      undefined,
    );
    if (!longest) break;
    longest.value = truncateUnits(longest.value, Math.max(MIN_KEPT, longest.value.length - excess));
    excess = embedLength(out) - LIMITS.embedTotal;
  }
  if (excess > 0 && out.title) {
    out.title = truncateUnits(out.title, Math.max(MIN_KEPT, out.title.length - excess));
    excess = embedLength(out) - LIMITS.embedTotal;
  }
  while (excess > 0 && out.fields && out.fields.length > 0) {
    out.fields = out.fields.slice(0, -1);
    excess = embedLength(out) - LIMITS.embedTotal;
  }
  return out;
}
