/**
 * The frame shared by every list and detail embed: title, rows, "page n of N", total,
 * and where the data came from (fresh, cached, or stale because the API failed).
 */
import type { APIEmbed } from 'discord.js';
import type { PageInfo, Source } from '../api/pages.js';
import { clampEmbed, LIMITS, truncate } from './format.js';

/** Footer words for the data's source. */
export function sourceNote(source: Source): string {
  if (source.stale) return 'API unavailable: showing saved data from';
  if (source.fromCache) return 'Cached data from';
  return 'Data as of';
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
      text: `Page ${info.page} of ${info.totalPages} · ${info.total} ${input.noun} · ${sourceNote(source)}`,
    },
    timestamp: new Date(source.fetchedAt).toISOString(),
  });
}

/** A detail embed with the same source footer. */
export function detailEmbed(embed: APIEmbed, source: Source, footerPrefix?: string): APIEmbed {
  const prefix = footerPrefix ? `${footerPrefix} · ` : '';
  return clampEmbed({
    ...embed,
    footer: { text: `${prefix}${sourceNote(source)}` },
    timestamp: new Date(source.fetchedAt).toISOString(),
  });
}
