/**
 * What "no English left" means for the roster screens (LOA, shift, member, role): the English
 * words of their sections (and of the frame they sit in) that the reader's language does not also
 * use, looked for as whole words in what a view shows.
 */
import type { APIEmbed } from 'discord.js';
import { ENGLISH, type Words } from '../../src/i18n/words.js';

/** The sections a roster screen takes its words from. */
const SECTIONS = ['loa', 'shift', 'member', 'role', 'records', 'page', 'paging', 'common'] as const;

/** A value no sentence writes itself, given for each string argument of a sentence. */
const HOLE = '\u0001';

/** Every text of a section tree: strings as they are, sentences with holes for their values. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, (_, i) => (i === 0 ? 7 : HOLE));
    // A sentence takes numbers or strings, and says some words for one only ("1 break"): each shape
    // makes it say some of its words.
    const said: string[] = [];
    const one = args.map((a) => (a === 7 ? 1 : a));
    for (const shape of [args, one, args.map(() => HOLE), args.map(() => 7), args.map(() => 1)]) {
      try {
        said.push(String(value(...shape)));
      } catch {
        // A sentence that needs other values says its words with the other shapes.
      }
    }
    return said;
  }
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** The words (three letters or more) of the given sections' texts. */
function wordsOf(t: Words): Set<string> {
  const words = new Set<string>();
  for (const section of SECTIONS)
    for (const text of texts(t[section])) for (const w of text.match(/\p{L}{3,}/gu) ?? []) words.add(w);
  return words;
}

/**
 * The English interface words a screen in `t`'s language must not show: every word of English's
 * roster sections that `t`'s own texts do not use ("LOA" and "Server" are said the same in German,
 * so they are not looked for there).
 */
export function englishOnlyWords(t: Words): string[] {
  const theirs = wordsOf(t);
  return [...wordsOf(ENGLISH)].filter((w) => !theirs.has(w)).sort();
}

/** The visible text of embeds: title, description, fields, footer (Discord markup and code spans left out). */
export function visibleText(embeds: readonly APIEmbed[]): string {
  return embeds
    .flatMap((e) => [
      e.title ?? '',
      e.description ?? '',
      ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
      e.footer?.text ?? '',
    ])
    .join('\n')
    .replace(/<[^<>\s]+>/g, ' ')
    .replace(/`[^`]*`/g, ' ');
}

/** The English-only words found as whole words in `text` (none: the screen is in `t`'s language). */
export function englishLeft(text: string, t: Words): string[] {
  return englishOnlyWords(t).filter((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'u').test(text));
}
