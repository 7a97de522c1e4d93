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
  escapeMarkdown,
  inlineCode,
  resolveColor,
  TimestampStyles,
  time,
} from 'discord.js';
import { isSetTimestamp, LIMITS, MAX_TIMESTAMP_SECONDS, SNOWFLAKE } from '../discord-limits.js';

export { isSetTimestamp, LIMITS };

/** Shown wherever a value is absent or "not set". */
export const NONE = '—';

// Zero-width and bidirectional control characters can hide or reorder text; API text loses them,
// except a zero-width joiner inside an emoji sequence (👨‍👩‍👧‍👦), which is kept whole.
const INVISIBLE = /[\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;
const ZWJ = '\u200D';
const JOINS_AFTER = /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)$/u;
const JOINS_BEFORE = /^\p{Extended_Pictographic}/u;
// Markdown characters escapeMarkdown can leave unescaped (long runs, stray backticks): any that is
// not already preceded by an odd number of backslashes gets one.
const UNESCAPED_MARKUP = /(?<!\\)((?:\\\\)*)([*_~|`])/g;
// Line starts Discord renders as block quotes (> and >>>) or subtext (-#); escapeMarkdown leaves them.
const LINE_MARKUP = /^([ \t]*)(>|-#)/gm;

/** `text` without invisible characters, keeping the joiners of emoji sequences. */
function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, (ch, offset: number) =>
    ch === ZWJ &&
    JOINS_AFTER.test(text.slice(Math.max(0, offset - 2), offset)) &&
    JOINS_BEFORE.test(text.slice(offset + 1, offset + 3))
      ? ch
      : '',
  );
}
// C0/C1 controls other than tab and newline.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
// Discord syntax that would turn into a mention, channel link, emoji or timestamp.
const DISCORD_TAGS = /<(?=[@#:]|a:|t:|\/)/g;
const MASS_MENTION = /@(everyone|here)/gi;

/**
 * Cut `text` to at most `max` characters, marking the cut with an ellipsis. Characters are counted
 * in UTF-16 units: the stricter reading of Discord's limits, so an emoji (two units)
 * can never push a label, value or title over its limit. A character is never split.
 */
export function truncate(text: string, max: number): string {
  return truncateUnits(text, max);
}

/**
 * API text is data, never markup: strip invisible and control characters, escape markdown,
 * and defuse anything Discord would turn into a mention or link. An empty result is shown as NONE.
 */
export function safeText(value: unknown, max: number = LIMITS.fieldValue): string {
  if (value === undefined || value === null) return NONE;
  const raw = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const cleaned = stripInvisible(raw).replace(CONTROL, '').trim();
  if (cleaned === '') return NONE;
  // Escaping never shortens text, so nothing past max + 1 characters can survive: cut first
  // (escapeMarkdown is slow on long input).
  const escaped = escapeMarkdown(truncate(cleaned, max + 1), {
    heading: true,
    bulletedList: true,
    numberedList: true,
    maskedLink: true,
  })
    // escapeMarkdown leaves some markdown characters alone (backticks after a run of three, bold
    // pairs inside long runs of *); a stray one would pair with ours or with another.
    .replace(UNESCAPED_MARKUP, '$1\\$2')
    .replace(LINE_MARKUP, '$1\\$2')
    .replace(DISCORD_TAGS, '\\<')
    .replace(MASS_MENTION, '@\u200B$1');
  return truncate(escaped, max);
}

/** One line of text (newlines folded), for list rows and labels. */
export function safeLine(value: unknown, max: number): string {
  const text = safeText(typeof value === 'string' ? value.replace(/\s+/g, ' ') : value, max);
  return text;
}

/** Plain text for places where markdown is not rendered (select labels, button labels, choices). */
export function plainText(value: unknown, max: number): string {
  if (typeof value !== 'string' && typeof value !== 'number') return NONE;
  const cleaned = stripInvisible(String(value)).replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? NONE : truncate(cleaned, max);
}

/** Said after a timestamp Discord cannot show (beyond year 9999). */
export const INVALID_DATE_HINT = '(not a valid date)';

/**
 * A Unix-seconds timestamp as Discord timestamps: full date plus relative time.
 * 0, absent or not a number → NONE; beyond year 9999 → the raw number with a hint,
 * "253402300800 (not a valid date)".
 */
export function timestamp(value: unknown): string {
  if (isSetTimestamp(value))
    return `${time(value, TimestampStyles.ShortDateTime)} (${time(value, TimestampStyles.RelativeTime)})`;
  if (typeof value === 'number' && Number.isFinite(value) && value > MAX_TIMESTAMP_SECONDS)
    return `${String(value)} ${INVALID_DATE_HINT}`;
  return NONE;
}

/** A short date only, for list rows. */
export function shortDate(value: unknown): string {
  return isSetTimestamp(value) ? time(value, TimestampStyles.ShortDate) : NONE;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A day as plain text, "3 Mar 2026" ("3 Mar" without the year), in UTC: for select labels, which
 * show no Discord timestamps. Not set → ''.
 */
export function plainDay(value: unknown, withYear = true): string {
  if (!isSetTimestamp(value)) return '';
  const d = new Date(value * 1000);
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return withYear ? `${day} ${d.getUTCFullYear()}` : day;
}

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

/** A length of time in seconds as "2d 3h", "45m", "30s"; negative or non-numbers → NONE. */
export function duration(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return NONE;
  const s = Math.floor(seconds);
  const units: Array<[string, number]> = [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ];
  const parts: string[] = [];
  let rest = s;
  for (const [label, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${label}`);
    if (parts.length === 2) break;
  }
  return parts.length > 0 ? parts.join(' ') : '0s';
}

/** A boolean as Yes/No; anything else as NONE. */
export function yesNo(value: unknown): string {
  return value === true ? 'Yes' : value === false ? 'No' : NONE;
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

/**
 * `text` cut to at most `max` UTF-16 code units without splitting a character, marked with an
 * ellipsis. Used for the 6000-character total, which is counted in UTF-16 units here: the
 * stricter reading, so astral text (emoji, math letters) can never push an embed over.
 */
export function truncateUnits(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = 0;
  for (const ch of text) {
    if (end + ch.length > max - 1) break;
    end += ch.length;
  }
  // Never end on a lone backslash, which would escape the ellipsis.
  return `${text.slice(0, end).replace(/\\+$/, '')}…`;
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
