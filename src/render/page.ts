/**
 * The frame shared by every list and detail embed: title, rows, "page n of N", total,
 * and where the data came from (fresh, cached, or stale because the API failed).
 */
import type { APIEmbed } from 'discord.js';
import type { PageInfo, Source } from '../api/pages.js';
import { isoMs } from '../i18n/dates.js';
import type { Words } from '../i18n/words.js';
import { clampEmbed, LIMITS, NONE, shownFields, truncate } from './format.js';

/** "under a minute", "12 min", "3 h", "2 d": the age of the data. */
export function ageText(ms: number, t: Words): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t.common.underAMinute;
  if (s < 3_600) return t.common.minutes(Math.floor(s / 60));
  if (s < 86_400) return t.common.hours(Math.floor(s / 3_600));
  return t.common.days(Math.floor(s / 86_400));
}

/** What a view knows about its data besides the source: when it was served, and whether it is whole. */
export interface FooterFacts {
  /** When the data was served (ms): its age is servedAt − source.fetchedAt. */
  servedAt?: number;
  /** False when some page of a list was not read yet (reports). */
  complete?: boolean;
  /** Shifts left out of the time shown: their start or end is no date (src/reports/time.ts `unreadableShifts`). */
  shiftsLeftOut?: number;
}

/**
 * Where the data came from, said once. Always the footer's last words, because Discord shows the
 * embed's timestamp (when the data was read) right after them: "Data as of • Today at 14:03".
 * Fresh: "Data as of"; saved: "Saved data (12 min old) as of" (the age when it is known);
 * the API failed: "API unavailable: saved data as of".
 */
function sourceNote(source: Source, facts: FooterFacts = {}, t: Words): string {
  const servedAt = source.saving?.servedAt ?? facts.servedAt;
  const age =
    typeof servedAt === 'number' && Number.isFinite(servedAt) ? servedAt - source.fetchedAt : undefined;
  if (source.stale) return t.page.apiUnavailable;
  const saved = source.fromCache || source.saving !== undefined || (age !== undefined && age >= 60_000);
  if (!saved) return t.page.dataAsOf;
  return age === undefined ? t.page.savedAsOf : t.page.savedAgedAsOf(ageText(age, t));
}

/** Why saved data is shown although fresh data was wanted: the monthly allowance's pace, or its end. */
function savingNote(source: Source, t: Words): string | undefined {
  const saving = source.saving;
  if (!saving || !Number.isFinite(saving.servedAt) || !Number.isFinite(saving.nextFreshAt)) return undefined;
  if (saving.spent) {
    const reset = isoMs(saving.nextFreshAt)?.replace('T', ' ').slice(0, 16) ?? NONE;
    return t.page.spentUntil(reset);
  }
  return t.page.savingFor(ageText(saving.nextFreshAt - saving.servedAt, t));
}

/**
 * The one footer of every view, list, detail and report alike: what the view is (`context`, e.g.
 * "Page 2 of 15 · 150 LOAs"), then anything missing or held back, then where the data came from
 * (sourceNote, last). Parts are joined by " · "; each thing is said once.
 */
export function footerText(
  context: readonly string[],
  source: Source,
  facts: FooterFacts = {},
  t: Words,
): string {
  const parts = [...context.filter((p) => p !== '')];
  if (facts.complete === false) parts.push(t.page.incomplete);
  if (facts.shiftsLeftOut !== undefined && facts.shiftsLeftOut > 0)
    parts.push(t.page.shiftsLeftOut(facts.shiftsLeftOut));
  const saving = savingNote(source, t);
  if (saving) parts.push(saving);
  parts.push(sourceNote(source, facts, t));
  return truncate(parts.join(' · '), LIMITS.footer);
}

export interface ListEmbedInput {
  title: string;
  /** One preformatted (already escaped) line per item. */
  rows: string[];
  info: PageInfo;
  /** The total in words, e.g. "150 LOAs" (`t.loa.count(150)`). */
  total: string;
  /** `post`: a list posted to a channel, which cannot be paged (`Labelled.post`). */
  source: Source & { post?: string | undefined };
  emptyText: string;
  /** Rows that are items (default: every row), when a row above them is not one. */
  shown?: number;
  colour?: number;
  /** Reports: when the data was served and whether every page was read. */
  facts?: FooterFacts;
  t: Words;
}

/** A list page as one embed: rows in the description, page and total in the footer. */
export function listEmbed(input: ListEmbedInput): APIEmbed {
  const { info, source } = input;
  const t = input.t;
  const perRow = Math.floor(LIMITS.description / Math.max(1, input.rows.length)) - 1;
  const description =
    input.rows.length > 0 ? input.rows.map((r) => truncate(r, perRow)).join('\n') : input.emptyText;
  // A post cannot be paged: it says how many it shows and where the rest is, never "Page 1 of N".
  const shown = input.shown ?? input.rows.length;
  const context =
    source.post === undefined
      ? [t.page.pageOf(info.page, info.totalPages), input.total]
      : shown < info.total
        ? [t.page.shownOf(shown, info.total, source.post)]
        : [input.total];
  return clampEmbed({
    title: input.title,
    description,
    color: input.colour,
    footer: {
      text: footerText(context, source, input.facts, t),
    },
    timestamp: isoMs(source.fetchedAt),
  });
}

/** A detail embed: only the fields with a value (`shownFields`), and the same footer. */
export function detailEmbed(
  embed: APIEmbed,
  source: Source,
  footerPrefix: string | undefined,
  facts: FooterFacts | undefined,
  t: Words,
): APIEmbed {
  return clampEmbed({
    ...embed,
    ...(embed.fields ? { fields: shownFields(embed.fields) } : {}),
    footer: { text: footerText(footerPrefix ? [footerPrefix] : [], source, facts, t) },
    timestamp: isoMs(source.fetchedAt),
  });
}
