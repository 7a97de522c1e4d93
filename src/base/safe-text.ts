/**
 * Text from the API or from what someone typed, made safe to show: invisible and control characters
 * out, markdown escaped, mentions and links defused, cut to Discord's limits without splitting a character.
 */
import { escapeMarkdown } from 'discord.js';
import { LIMITS } from './discord-limits.js';

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

/** API text is data, never markup; an empty result is shown as NONE. */
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
  return safeText(typeof value === 'string' ? value.replace(/\s+/g, ' ') : value, max);
}

/** Plain text for places where markdown is not rendered (select labels, button labels, choices). */
export function plainText(value: unknown, max: number): string {
  if (typeof value !== 'string' && typeof value !== 'number') return NONE;
  const cleaned = stripInvisible(String(value)).replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? NONE : truncate(cleaned, max);
}

/**
 * `text` cut to at most `max` UTF-16 code units (the stricter reading of Discord's limits, so astral
 * text never pushes a label or an embed over), marked with an ellipsis, never splitting a character.
 */
export function truncate(text: string, max: number): string {
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

/** The embed total's name for `truncate` (src/render/format.ts). */
export { truncate as truncateUnits };
