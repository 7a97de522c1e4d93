/**
 * The words of a locale, by key, where the text is made: a renderer or a handler is given `t`
 * (the `Words` of the interaction's locale, or of the server's for posts to a channel) and writes
 * `t.loa.title` or `t.page.pageOf(2, 15)`. English (src/i18n/en.ts) is the source and the type;
 * each other language is one catalogue file under `catalogues/` (docs/development.md, "Adding a
 * language"). Nothing is translated after the fact: what leaves a renderer is already in the
 * reader's language.
 */
import { CATALOGUES, type Catalogue, catalogueFor } from './catalogue.js';
import { timestampState } from './dates.js';
import { ENGLISH_SECTIONS, type Sections } from './en.js';
import { type FormatSpec, type Formats, formatsFor } from './formats.js';
import { composeWords } from './sections.js';

/** Every word of one language, and the formats its sentences were written with. */
export type Words = Sections & { readonly f: Formats };

/** Text said in the reader's language: given their words, the text (a sentence, a label). */
export type Text = (t: Words) => string;

/** A text given either as it is said or as words to say in the reader's language. */
export function said(text: string | Text, t: Words): string {
  if (typeof text === 'string') return text;
  try {
    return text(t);
  } catch (error) {
    // A sentence a catalogue cannot say (a fault in its function) is said in English rather than
    // leaving the moderator without an answer; English's own fault still throws.
    if (t === ENGLISH) throw error;
    return text(ENGLISH);
  }
}

/** English numbers ("1,234") with English days ("3 Mar 2026"); "4h 6m". */
const ENGLISH_SPEC: FormatSpec = {
  ordinal(count) {
    const n = Number(count.replaceAll(',', ''));
    const tens = n % 100;
    if (tens >= 11 && tens <= 13) return `${count}th`;
    return `${count}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
  },
  units: { d: 'd', h: 'h', m: 'm', s: 's' },
  invalidDate: (raw) => `${raw} (not a valid date)`,
};
const ENGLISH_FORMATS = formatsFor('en-GB', ENGLISH_SPEC);

/** English, the words every other language is checked against, and what logs and tests read. */
export const ENGLISH: Words = { ...composeWords(ENGLISH_SECTIONS, ENGLISH_FORMATS), f: ENGLISH_FORMATS };

const byCatalogue = new WeakMap<Catalogue, Words>();

/** The words of a catalogue (built once). */
export function wordsOf(catalogue: Catalogue): Words {
  let words = byCatalogue.get(catalogue);
  if (!words) {
    const f = formatsFor(catalogue.locale, catalogue);
    words = { ...composeWords(catalogue.sections, f), f };
    byCatalogue.set(catalogue, words);
  }
  return words;
}

/**
 * The words for a Discord locale: its catalogue's (es-419 reads the Spanish one), else English.
 * https://discord.com/developers/docs/reference#locales
 */
export function wordsFor(
  locale: string | null | undefined,
  catalogues: readonly Catalogue[] = CATALOGUES,
): Words {
  if (locale === PSEUDO_LOCALE) return pseudo();
  const catalogue = catalogueFor(locale, catalogues);
  return catalogue ? wordsOf(catalogue) : ENGLISH;
}

/**
 * The pseudo-locale's code (Android's and Windows' for pseudo-localized English). Discord never
 * sends it; tests and the playground (act as `moderator-xa`) use it to show every word that escaped
 * translation. It is not registered with Discord.
 */
export const PSEUDO_LOCALE = 'en-XA';

let pseudoCache: Words | undefined;
const pseudo = () => {
  pseudoCache ??= pseudoWords();
  return pseudoCache;
};

/** Brackets around every text of the pseudo-locale: text outside them escaped translation. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'aáeéiíoóuúAÁEÉIÍOÓUÚnñNÑcçCÇsšSŠzžZŽyýYÝ'].flatMap((ch, i, all) =>
    i % 2 === 0 ? [[ch, all[i + 1] ?? ch]] : [],
  ),
);

/**
 * Letters accented, except inside Discord markup (`<t:…>`, mentions), code spans, and the values
 * given to the sentence (names and numbers stay as they are, so the sentence still carries them).
 */
function accent(text: string, values: readonly string[]): string {
  const keep = [/<[^<>\s]+>/g, /`[^`]*`/g, ...values.filter((v) => v !== '').map((v) => literal(v))];
  const kept: Array<[number, number]> = [];
  for (const pattern of keep)
    for (const m of text.matchAll(pattern)) kept.push([m.index, m.index + m[0].length]);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    out += kept.some(([a, b]) => i >= a && i < b) ? ch : (ACCENTED[ch] ?? ch);
  }
  return out;
}

function literal(value: string): RegExp {
  return new RegExp(value.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'), 'g');
}

function pseudoOf(value: unknown): unknown {
  if (typeof value === 'string')
    return value === '' ? '' : `${PSEUDO_OPEN}${accent(value, [])}${PSEUDO_CLOSE}`;
  if (typeof value === 'function')
    return (...args: unknown[]) => {
      const said = String(value(...args));
      const values = args.flatMap((a) => (typeof a === 'string' || typeof a === 'number' ? [String(a)] : []));
      return `${PSEUDO_OPEN}${accent(said, values)}${PSEUDO_CLOSE}`;
    };
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudoOf(v)]));
  return value;
}

/**
 * The pseudo-locale: English with every letter accented and every text in ⟦brackets⟧, so a test
 * that renders every view with it finds English that escaped translation as text outside brackets.
 */
export function pseudoWords(): Words {
  // English numbers, but the words Intl writes (month names, "and") bracketed like the rest.
  const plain = formatsFor('en-GB', {
    ...ENGLISH_SPEC,
    invalidDate: (raw) => `${raw} ${pseudoOf('(not a valid date)') as string}`,
  });
  // A day's month name bracketed; "not a valid date" is bracketed already.
  const monthsOf = (seconds: unknown, day: string) =>
    timestampState(seconds) === 'date' ? (pseudoOf(day) as string) : day;
  const f: Formats = {
    ...plain,
    day: (seconds, withYear) => monthsOf(seconds, plain.day(seconds, withYear)),
    dayIn: (seconds, timeZone) => monthsOf(seconds, plain.dayIn(seconds, timeZone)),
    list: (items) => `${PSEUDO_OPEN}${ENGLISH_FORMATS.list(items)}${PSEUDO_CLOSE}`,
  };
  return { ...(pseudoOf(composeWords(ENGLISH_SECTIONS, f)) as Sections), f };
}
