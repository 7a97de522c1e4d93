/**
 * Numbers, lengths of time, days and plurals in one language, from `Intl`. Every catalogue's words
 * are built with the `Formats` of its own locale, so a sentence says "1.234" in German and "1,234"
 * in English without the sentence knowing how. Discord timestamps (`<t:…>`) are not formatted
 * here: Discord shows them in the reader's own language and time zone.
 */

import { TimestampStyles } from 'discord.js';
import { NONE } from '../base/safe-text.js';
import { dayWith, discordMoment, discordTime, timestampState } from './dates.js';

/** Shown wherever a value is absent or "not set" (the same in every language). */

/** What a language says its own way that `Intl` does not cover on Node 20. */
export interface FormatSpec {
  /** "3rd": a place, given the number already formatted. */
  ordinal(count: string): string;
  /** Units of a length of time after the number: English "4h 6m" is `{ h: 'h', m: 'm' }`. */
  units: { d: string; h: string; m: string; s: string };
  /** A number that is no date Rollcall can show, given as digits: "9007199254740991 (not a valid date)". */
  invalidDate(raw: string): string;
}

export interface Formats {
  /** The BCP 47 locale the numbers and days are written for. */
  locale: string;
  /** A count with the language's separators ("1,234" / "1.234"); not a finite number → NONE. */
  count(value: unknown): string;
  /** A place ("3rd", "3.", "3e"). */
  ordinal(n: number): string;
  /**
   * A length of time in seconds, the one way Rollcall writes one: its largest unit and the next
   * when not 0 ("2d 3h", "7h", "45m 10s"), nothing as "0"; negative or not a number → NONE.
   */
  duration(seconds: unknown): string;
  /**
   * Unix seconds as Discord shows a moment, date and time then relative ("<t:S:f> (<t:S:R>)").
   * Every date below comes from src/i18n/dates.ts: not set (0, absent) → NONE (the plain day: ''),
   * a number that is no date (negative, past year 9999, milliseconds) → `invalidDate`.
   */
  when(seconds: unknown): string;
  /** The date only, as a Discord timestamp (`<t:S:d>`), for list rows. */
  date(seconds: unknown): string;
  /** How long ago or ahead, as a Discord timestamp (`<t:S:R>`). */
  ago(seconds: unknown): string;
  /** A day as plain text in UTC ("3 Mar 2026", "3. März 2026"), for labels that show no timestamps; not set → ''. */
  day(seconds: unknown, withYear?: boolean): string;
  /** The day in `timeZone` (UTC when the runtime does not know it), with the year; not set → ''. */
  dayIn(seconds: unknown, timeZone: string): string;
  /** "9007199254740991 (not a valid date)" in the language, for a number that is no date. */
  invalidDate(value: unknown): string;
  /** The form of a word for a count: `plural(2, { one: 'LOA', other: 'LOAs' })` → "LOAs". */
  plural(n: number, forms: PluralForms): string;
  /** "a, b and c" in the language's way. */
  list(items: readonly string[]): string;
}

/** A word's forms by Intl.PluralRules category; `other` is required, the rest fall back to it. */
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The formats of `locale`, with what `spec` says the language's own way. */
export function formatsFor(locale: string, spec: FormatSpec): Formats {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const plurals = new Intl.PluralRules(locale);
  const withYear = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const withoutYear = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const lists = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  const zoned = new Map<string, Intl.DateTimeFormat>();
  const inZone = (timeZone: string) => {
    let format = zoned.get(timeZone);
    if (!format) {
      try {
        format = new Intl.DateTimeFormat(locale, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone,
        });
      } catch {
        format = withYear;
      }
      if (zoned.size < 64) zoned.set(timeZone, format);
    }
    return format;
  };
  const invalidDate = (value: unknown) => spec.invalidDate(String(value));
  /** A date made by `made`, or what the value is when it is none. */
  const dated = (seconds: unknown, made: string | undefined, unset: string) =>
    made ?? (timestampState(seconds) === 'unset' ? unset : invalidDate(seconds));
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? numbers.format(value) : NONE;
  return {
    locale,
    count,
    ordinal: (n) => spec.ordinal(count(n)),
    duration(seconds) {
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return NONE;
      const rest = Math.floor(seconds);
      const units = [
        ['d', 86_400],
        ['h', 3_600],
        ['m', 60],
        ['s', 1],
      ] as const;
      // The largest unit with something in it and the unit after it, dropped when 0:
      // "7h" (not "7h 30s"), "2d 3h", "45m 10s"; nothing at all is "0", so "0 of 12h".
      const first = units.findIndex(([, size]) => rest >= size);
      const [unit, size] = units[first] ?? ['s', 1];
      if (first < 0) return count(0);
      const big = Math.floor(rest / size);
      const parts = [`${count(big)}${spec.units[unit]}`];
      const after = units[first + 1];
      const next = after ? Math.floor((rest - big * size) / after[1]) : 0;
      if (after && next > 0) parts.push(`${count(next)}${spec.units[after[0]]}`);
      return parts.join(' ');
    },
    when: (seconds) => dated(seconds, discordMoment(seconds), NONE),
    date: (seconds) => dated(seconds, discordTime(seconds, TimestampStyles.ShortDate), NONE),
    ago: (seconds) => dated(seconds, discordTime(seconds, TimestampStyles.RelativeTime), NONE),
    day: (seconds, year = true) => dated(seconds, dayWith(year ? withYear : withoutYear, seconds), ''),
    dayIn: (seconds, timeZone) => dated(seconds, dayWith(inZone(timeZone), seconds), ''),
    invalidDate,
    plural: (n, forms) => forms[plurals.select(n)] ?? forms.other,
    list: (items) => lists.format(items),
  };
}
