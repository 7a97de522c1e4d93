/**
 * The languages Rollcall speaks besides English, and how a Discord locale picks one. English is
 * the command definitions and src/i18n/en.ts, so it is always complete; every other language is
 * one catalogue file under `catalogues/`.
 */
import { de } from './catalogues/de.js';
import { esES } from './catalogues/es-ES.js';
import { fr } from './catalogues/fr.js';
import { ptBR } from './catalogues/pt-BR.js';
import type { ENGLISH_SECTIONS } from './en.js';
import type { FormatSpec } from './formats.js';

/**
 * One language: the commands' descriptions and choice names (registered with Discord), and every
 * word Rollcall shows (`words`, the same keys as src/i18n/en.ts).
 */
export interface Catalogue extends FormatSpec {
  /** Discord's locale for it (https://discord.com/developers/docs/reference#locales). */
  locale: string;
  /** More Discord locales served by the same text (Latin American Spanish by the Spanish one). */
  alsoFor?: readonly string[];
  /**
   * Keyed by where the text sits in the command JSON: `loa.list.description`,
   * `shift.totals.options.period.choices.this-week.name`; commands/texts.ts checks the keys
   * against the definitions.
   */
  commands: Readonly<Record<string, string>>;
  /** Every word Rollcall shows: English's section functions, written in this language. */
  sections: typeof ENGLISH_SECTIONS;
}

/** Every catalogue, each typed as it is written (its command keys kept for commands/texts.ts to check). */
export const CATALOGUES = [esES, ptBR, de, fr] as const satisfies readonly Catalogue[];

/**
 * The catalogue for a Discord locale: its own, else one of the same language (es-419 reads the
 * Spanish one), else none (English).
 */
export function catalogueFor(
  locale: string | null | undefined,
  catalogues: readonly Catalogue[] = CATALOGUES,
): Catalogue | undefined {
  if (!locale) return undefined;
  const exact = catalogues.find((c) => c.locale === locale || c.alsoFor?.includes(locale));
  if (exact) return exact;
  const language = locale.split('-')[0];
  return catalogues.find((c) => c.locale.split('-')[0] === language);
}
