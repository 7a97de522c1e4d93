/**
 * Lists of short items (role names, role mentions) inside one field value or list row, cut to a
 * length budget with a count of what did not fit. Pure.
 */
import type { Words } from '../i18n/words.js';
import { NONE, roleMention, truncate } from './format.js';

/**
 * `parts` joined by `separator`, keeping whole parts only while they fit in `max` characters;
 * what is left out is counted as "+N more" (in the reader's words `t`). An empty list is `empty`.
 */
export function joinWithin(
  parts: readonly string[],
  max: number,
  t: Words,
  separator = ', ',
  empty = NONE,
): string {
  if (parts.length === 0) return truncate(empty, max);
  const kept: string[] = [];
  let used = 0;
  for (const [i, part] of parts.entries()) {
    const left = parts.length - i - 1;
    const tail = left > 0 ? ` ${t.records.plusMore(left)}`.length : 0;
    const cost = (kept.length > 0 ? separator.length : 0) + part.length;
    if (used + cost + tail > max) break;
    kept.push(part);
    used += cost;
  }
  const rest = parts.length - kept.length;
  if (kept.length === 0) return truncate(t.records.inTotal(parts.length), max);
  return rest > 0 ? `${kept.join(separator)} ${t.records.plusMore(rest)}` : kept.join(separator);
}

/** The strings of an array (anything else in it is ignored); not an array → []. */
export function stringItems(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Chat role ids as role mentions (snowflake-shaped ids only; anything else as inline code),
 * within `max` characters. Mentions render without pinging: replies send empty allowed_mentions.
 * Not an array → NONE; an empty array → "None".
 */
export function roleMentions(value: unknown, max: number, t: Words): string {
  if (!Array.isArray(value)) return NONE;
  const ids = [...new Set(stringItems(value).filter((id) => id.trim() !== ''))];
  return joinWithin(
    ids.map((id) => roleMention(id)),
    max,
    t,
    ' ',
    t.records.none,
  );
}
