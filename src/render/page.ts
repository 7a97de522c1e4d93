/**
 * The frame shared by every list and detail embed: title, rows, "page n of N", total,
 * and where the data came from (fresh, cached, or stale because the API failed).
 */
import type { APIEmbed } from 'discord.js';
import type { PageInfo, Source } from '../api/pages.js';
import { clampEmbed, formatCount, LIMITS, shownFields, truncate } from './format.js';

/** "under a minute", "12 min", "3 h", "2 d": the age of the data. */
export function ageText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return 'under a minute';
  if (s < 3_600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3_600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}

/** What a view knows about its data besides the source: when it was served, and whether it is whole. */
export interface FooterFacts {
  /** When the data was served (ms): its age is servedAt − source.fetchedAt. */
  servedAt?: number;
  /** False when some page of a list was not read yet (reports). */
  complete?: boolean;
}

/**
 * Where the data came from, said once. Always the footer's last words, because Discord shows the
 * embed's timestamp (when the data was read) right after them: "Data as of • Today at 14:03".
 * Fresh: "Data as of"; saved: "Saved data (12 min old) as of" (the age when it is known);
 * the API failed: "API unavailable: saved data as of".
 */
export function sourceNote(source: Source, facts: FooterFacts = {}): string {
  const servedAt = source.saving?.servedAt ?? facts.servedAt;
  const age =
    typeof servedAt === 'number' && Number.isFinite(servedAt) ? servedAt - source.fetchedAt : undefined;
  if (source.stale) return 'API unavailable: saved data as of';
  const saved = source.fromCache || source.saving !== undefined || (age !== undefined && age >= 60_000);
  if (!saved) return 'Data as of';
  return age === undefined ? 'Saved data as of' : `Saved data (${ageText(age)} old) as of`;
}

/** Why saved data is shown although fresh data was wanted: the monthly allowance's pace, or its end. */
function savingNote(source: Source): string | undefined {
  const saving = source.saving;
  if (!saving || !Number.isFinite(saving.servedAt) || !Number.isFinite(saving.nextFreshAt)) return undefined;
  if (saving.spent) {
    const reset = new Date(saving.nextFreshAt).toISOString().replace('T', ' ').slice(0, 16);
    return `this server's monthly API allowance is spent until ${reset} UTC`;
  }
  return `saving this server's monthly API allowance: fresh data in ${ageText(saving.nextFreshAt - saving.servedAt)}`;
}

/**
 * The one footer of every view, list, detail and report alike: what the view is (`context`, e.g.
 * "Page 2 of 15 · 150 LOAs"), then anything missing or held back, then where the data came from
 * (sourceNote, last). Parts are joined by " · "; each thing is said once.
 */
export function footerText(context: readonly string[], source: Source, facts: FooterFacts = {}): string {
  const parts = [...context.filter((p) => p !== '')];
  if (facts.complete === false) parts.push('not every page read yet: totals may be low');
  const saving = savingNote(source);
  if (saving) parts.push(saving);
  parts.push(sourceNote(source, facts));
  return truncate(parts.join(' · '), LIMITS.footer);
}

export interface ListEmbedInput {
  title: string;
  /** One preformatted (already escaped) line per item. */
  rows: string[];
  info: PageInfo;
  /** Plural noun for the total, e.g. "LOAs". */
  noun: string;
  source: Source;
  emptyText: string;
  colour?: number;
  /** Reports: when the data was served and whether every page was read. */
  facts?: FooterFacts;
}

/** A list page as one embed: rows in the description, page and total in the footer. */
export function listEmbed(input: ListEmbedInput): APIEmbed {
  const { info, source } = input;
  const perRow = Math.floor(LIMITS.description / Math.max(1, input.rows.length)) - 1;
  const description =
    input.rows.length > 0 ? input.rows.map((r) => truncate(r, perRow)).join('\n') : input.emptyText;
  return clampEmbed({
    title: input.title,
    description,
    color: input.colour,
    footer: {
      text: footerText(
        [
          `Page ${formatCount(info.page)} of ${formatCount(info.totalPages)}`,
          `${formatCount(info.total)} ${input.noun}`,
        ],
        source,
        input.facts,
      ),
    },
    timestamp: new Date(source.fetchedAt).toISOString(),
  });
}

/** A detail embed: only the fields with a value (`shownFields`), and the same footer. */
export function detailEmbed(
  embed: APIEmbed,
  source: Source,
  footerPrefix?: string,
  facts?: FooterFacts,
): APIEmbed {
  return clampEmbed({
    ...embed,
    ...(embed.fields ? { fields: shownFields(embed.fields) } : {}),
    footer: { text: footerText(footerPrefix ? [footerPrefix] : [], source, facts) },
    timestamp: new Date(source.fetchedAt).toISOString(),
  });
}
