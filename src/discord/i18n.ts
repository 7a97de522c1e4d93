/**
 * Sentences in the reader's language, with no change to who writes them: handlers keep throwing
 * `UserError(MESSAGES.…)` in English, and the responder passes each sentence through `translate`
 * with the interaction's locale just before it is sent.
 *
 * A constant sentence is found by its exact text. A function sentence is found through its English
 * template below (the same words with `{placeholders}`), which reads the values back out of the
 * English; they are then put into the language's template. A sentence no template matches (one
 * quoting several lists, say) is sent in English, as is every sentence to a locale with no catalogue.
 */
import { type Catalogue, catalogueFor } from '../i18n/catalogue.js';
import { MESSAGES } from './replies.js';

type MessageKey = keyof typeof MESSAGES;
type FunctionKey = { [K in MessageKey]: (typeof MESSAGES)[K] extends string ? never : K }[MessageKey];

/**
 * The English of the function sentences that are translated, keyed by MESSAGES key (`.branch` for a
 * branch of one). `{name:count}` is a number as formatCount writes it, `{name:ordinal}` a place as
 * ordinal writes it ("3rd"); both are written again in the reader's way.
 */
export const ENGLISH_TEMPLATES: Readonly<Partial<Record<`${FunctionKey}${'' | `.${string}`}`, string>>> = {
  rateLimited: "The community server API is busy with Rollcall's requests; try again in {seconds} s.",
  allowanceMark:
    "Rollcall has spent {used:count} of this community server's {points:count} API requests for the month; saved data is shown more often until the allowance starts again <t:{reset}:f>.",
  'allowanceMark.all':
    "Rollcall has spent all {points:count} of this community server's API requests for the month; it shows saved data until the allowance starts again <t:{reset}:f>.",
  allowanceSpent:
    "This community server's monthly API allowance is spent and Rollcall has no saved copy of this; it can read new data again <t:{reset}:f> (<t:{reset}:R>).",
  reportPaced:
    "Rollcall has not read this community's records for reports yet: to make the monthly API allowance last the month it reads them a page at a time, and can start <t:{next}:R>.",
  accessUnchecked: 'Rollcall cannot check your staff access right now, so it refuses for safety. {reason}',
  accessChecksSpent:
    "Rollcall cannot check your staff access until <t:{reset}:f>: the share of this community server's monthly API allowance kept for access checks is spent.",
  pageRange: 'Enter a page number from 1 to {last:count}.',
  'pageRange.one': 'This list has only page 1.',
  queued: 'Waiting for the API allowance: you are {position:ordinal} in line, about {wait}.',
  setupSaving:
    'That token has {left:count} of its {points:count} API requests left this month, all kept in reserve for what moderators have not read before, so it could not be checked with a request. Nothing was saved; try again <t:{next}:R>.',
  'setupSaving.spent':
    'That token has no API requests left this month (its monthly allowance of {points:count} is spent), so it could not be checked with a request. Nothing was saved; try again <t:{next}:R>.',
  tokenHeld:
    "The community server API rejected this server's API token just now; Rollcall will try it again by itself <t:{next}:R>. An admin needs to run /rollcall-admin setup only if it is still rejected then.",
  setupTooOften:
    'This server has had {checks} tokens checked in the last few minutes; try again in {minutes} min. Nothing was saved.',
  tooManyRoles: 'Give at most {max} roles of each kind. Nothing was saved.',
  labelBadLength: 'A label has 1 to {max} visible characters. Nothing was saved.',
  labelTooMany: 'A table holds at most {max} labels; clear some first. Nothing was saved.',
  notAChoice: 'That value is not one of the choices of `{option}`; pick one of {choices}. Nothing was done.',
  optionOutOfRange: '`{option}` takes a number from {min:count} to {max:count}. Nothing was done.',
  'optionOutOfRange.whole':
    '`{option}` takes a whole number from {min:count} to {max:count}. Nothing was done.',
  badOptionValue: 'That is not a value `{option}` takes. Nothing was done.',
};

/** The English of every translatable sentence, by catalogue key: the constants of MESSAGES and the templates. */
export function englishMessages(): Record<string, string> {
  const english: Record<string, string> = {};
  for (const [key, value] of Object.entries(MESSAGES)) if (typeof value === 'string') english[key] = value;
  return { ...english, ...ENGLISH_TEMPLATES };
}

/** `{name}`, `{name:count}` or `{name:ordinal}`. */
const PLACEHOLDER = /\{([a-z]+)(?::(count|ordinal))?\}/gi;

/** The placeholders of a template, as written (`{used:count}`), in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[0]);
}

interface Reader {
  key: string;
  pattern: RegExp;
  kinds: Map<string, 'text' | 'count' | 'ordinal'>;
}

const COUNT = String.raw`\d{1,3}(?:,\d{3})*`;

/** A pattern matching what the template's sentence function writes, capturing each placeholder. */
function readerOf(key: string, template: string): Reader {
  const kinds = new Map<string, 'text' | 'count' | 'ordinal'>();
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += literal(template.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1] ?? '';
    const kind = (match[2] as 'count' | 'ordinal' | undefined) ?? 'text';
    if (kinds.has(name)) source += String.raw`\k<${name}>`;
    else if (kind === 'text') source += `(?<${name}>[\\s\\S]+?)`;
    else if (kind === 'count') source += `(?<${name}>${COUNT})`;
    else source += `(?<${name}>${COUNT})(?:st|nd|rd|th)`;
    kinds.set(name, kind);
  }
  source += literal(template.slice(last));
  return { key, pattern: new RegExp(`^${source}$`), kinds };
}

function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

let lookup: { constants: Map<string, string>; readers: Reader[] } | undefined;

/** Built on first use: the English sentence → key table, and one reader per template. */
function tables() {
  lookup ??= {
    constants: new Map(
      Object.entries(MESSAGES).flatMap(([key, value]) =>
        typeof value === 'string' ? [[value, key] as const] : [],
      ),
    ),
    readers: Object.entries(ENGLISH_TEMPLATES).map(([key, template]) => readerOf(key, template ?? '')),
  };
  return lookup;
}

/** Which catalogue entry an English sentence is, with the values it quotes; undefined for none. */
export function recognize(sentence: string): { key: string; values: Record<string, string> } | undefined {
  const { constants, readers } = tables();
  const constant = constants.get(sentence);
  if (constant !== undefined) return { key: constant, values: {} };
  for (const reader of readers) {
    const match = reader.pattern.exec(sentence);
    if (match) return { key: reader.key, values: { ...match.groups } };
  }
  return undefined;
}

/** A value put back into a sentence: numbers in the reader's way, a quoted sentence translated too. */
function rewrite(value: string, kind: string | undefined, catalogue: Catalogue): string {
  if (kind === 'count' || kind === 'ordinal') {
    const count = new Intl.NumberFormat(catalogue.locale).format(Number(value.replaceAll(',', '')));
    return kind === 'ordinal' ? catalogue.ordinal(count) : count;
  }
  return translateWith(value, catalogue);
}

function translateWith(sentence: string, catalogue: Catalogue): string {
  const found = recognize(sentence);
  const template = found && catalogue.messages[found.key];
  if (!found || template === undefined) return sentence;
  const kinds = tables().readers.find((r) => r.key === found.key)?.kinds;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = found.values[name];
    return value === undefined ? whole : rewrite(value, kinds?.get(name), catalogue);
  });
}

/** The sentence in the language of `locale` (a Discord locale), or as it is when there is none. */
export function translate(
  sentence: string,
  locale: string | null | undefined,
  catalogues?: readonly Catalogue[],
): string {
  const catalogue = catalogueFor(locale, catalogues);
  return catalogue ? translateWith(sentence, catalogue) : sentence;
}
