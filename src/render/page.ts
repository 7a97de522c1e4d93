/**
 * The frame shared by every list and detail embed: title, rows, "page n of N", total,
 * and where the data came from (fresh, cached, or stale because the API failed).
 */
import type { APIEmbed } from 'discord.js';
import type { PageInfo, Source } from '../api/pages.js';
import { clampEmbed, formatCount, LIMITS, truncate } from './format.js';

/** A length of time in the largest whole unit: "40 s", "12 min", "3 h", "2 d". */
function roughly(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3_600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}

/** Footer words for the data's source. */
export function sourceNote(source: Source): string {
  const saving = source.saving;
  if (saving && Number.isFinite(saving.servedAt) && Number.isFinite(saving.nextFreshAt)) {
    const age = `as of ${roughly(saving.servedAt - source.fetchedAt)} ago`;
    if (saving.spent) {
      const reset = new Date(saving.nextFreshAt).toISOString().replace('T', ' ').slice(0, 16);
      return `${age} · this server's monthly API allowance is spent until ${reset} UTC`;
    }
    return `${age} · saving this server's monthly API allowance · fresh data in ${roughly(saving.nextFreshAt - saving.servedAt)}`;
  }
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
      text: `Page ${formatCount(info.page)} of ${formatCount(info.totalPages)} · ${formatCount(info.total)} ${input.noun} · ${sourceNote(source)}`,
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
