/**
 * Page maths between what callers ask for (a "view page": `limit` items, usually the 10 a Discord
 * embed shows) and what is read from the API (its largest page, API_PAGE_SIZE items).
 *
 * One API request buys up to a hundred records, so ten Discord pages are served by one request,
 * and every view page is cut from the API page that holds it. The API's own echo decides the
 * layout: an API that ignores the size asked for and answers 50 per page is paged by 50, so no
 * record becomes unreachable. A view page that straddles two API pages reads each of them.
 */
import type { Fetched, PageQuery } from './types.js';
import { uniqueById } from './unique.js';

type JsonObject = Record<string, unknown>;

/** A page envelope as parsed: the API's fields (extra ones kept) with the numbers filled in. */
export type PageBody = JsonObject & {
  data: JsonObject[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
};

/** Where a value came from: read now, from the cache, or a saved copy shown because the API failed. */
export type Source = Omit<Fetched<unknown>, 'data'>;

/** The numbers of a list page, made safe whatever the API sent. */
export interface PageInfo {
  page: number;
  totalPages: number;
  total: number;
}

/** Items asked for per API request: the API's maximum (the contract allows 1 to 100). */
export const API_PAGE_SIZE = 100;

/** A view page: 1-based page number and items per page. */
interface ViewPage {
  page: number;
  limit: number;
}

/** The 1-based API pages holding items [start, end) of a list whose API pages hold `size` items. */
export function apiPagesFor(query: ViewPage, size: number): number[] {
  const start = (query.page - 1) * query.limit;
  const first = Math.floor(start / size) + 1;
  const last = Math.floor((start + query.limit - 1) / size) + 1;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * The page numbers of a list body as sent: missing or invalid ones are derived (page and pageSize
 * from the request; total from totalPages, else as the lower bound (page - 1) * pageSize + items;
 * totalPages from total).
 */
export function envelopeNumbers(
  body: JsonObject,
  items: number,
  query: PageQuery,
): Pick<PageBody, 'page' | 'pageSize' | 'total' | 'totalPages'> {
  const page = positive(body.page) ?? query.page;
  const pageSize = positive(body.pageSize) ?? query.limit;
  const givenPages = count(body.totalPages);
  const total =
    count(body.total) ?? (givenPages === undefined ? (page - 1) * pageSize + items : givenPages * pageSize);
  const totalPages = givenPages ?? Math.ceil(total / pageSize);
  return { page, pageSize, total, totalPages };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function positive(value: unknown): number | undefined {
  const n = count(value);
  return n !== undefined && n > 0 ? n : undefined;
}

/** The API page size an answer reports (its echo), falling back to what was asked. */
export function echoedSize(body: PageBody): number {
  return Number.isSafeInteger(body.pageSize) && body.pageSize > 0 ? body.pageSize : API_PAGE_SIZE;
}

/**
 * The view page cut from the API pages read for it (in page order, as `apiPagesFor` named them).
 * Page numbers and totals are restated in view pages; the API's other fields are kept.
 */
export function viewPageOf(query: ViewPage, bodies: readonly PageBody[]): PageBody {
  const [first] = bodies;
  if (!first) throw new Error('viewPageOf needs at least one API page');
  const start = (query.page - 1) * query.limit;
  const items: PageBody['data'] = [];
  for (const body of bodies) {
    const size = echoedSize(body);
    const offset = (body.page - 1) * size;
    // An over-long page (an API that ignores the size) is cut by position all the same.
    const from = Math.max(0, start - offset);
    const to = Math.max(0, start + query.limit - offset);
    items.push(...body.data.slice(from, to).slice(0, query.limit - items.length));
  }
  const last = bodies[bodies.length - 1] ?? first;
  const total = Math.max(...bodies.map((b) => b.total), items.length > 0 ? start + items.length : 0);
  return {
    ...last,
    data: items,
    page: query.page,
    pageSize: query.limit,
    total,
    totalPages: pageCount(total, query.limit),
  };
}

/** Pages of `size` items needed for `total` items: at least one (an empty list has one page). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * A view page's numbers as shown, whatever the envelope holds: a page past the end still counts
 * itself, and there is always at least one page.
 */
export function pageInfo(envelope: unknown, requestedPage: number, itemsOnPage: number): PageInfo {
  const e = (typeof envelope === 'object' && envelope !== null ? envelope : {}) as JsonObject;
  const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
  const page = whole(e.page) || requestedPage;
  const total = whole(e.total) ?? itemsOnPage;
  const totalPages = Math.max(whole(e.totalPages) ?? 0, page > 1 || itemsOnPage > 0 ? page : 1, 1);
  return { page, totalPages, total };
}

/** Items of an envelope that are objects; anything else in `data` is dropped. */
export function pageItems<T>(envelope: { data?: T[] } | undefined): T[] {
  const data = envelope?.data;
  return Array.isArray(data) ? data.filter((x): x is T => typeof x === 'object' && x !== null) : [];
}

/** One view page's items (at most `limit`) and numbers. */
export function cutPage<T>(
  envelope: { data?: T[] } | undefined,
  page: number,
  limit: number,
): { items: T[]; info: PageInfo } {
  const items = pageItems(envelope).slice(0, limit);
  return { items, info: pageInfo(envelope, page, items.length) };
}

/** Where a value built from several reads came from: the oldest, cached only if all were, stale if any was. */
export function mergeSources(reads: readonly Source[]): Source {
  const merged: Source = {
    fetchedAt: Math.min(...reads.map((r) => r.fetchedAt)),
    fromCache: reads.every((r) => r.fromCache),
    stale: reads.some((r) => r.stale),
  };
  // Any part served to save the allowance makes the whole so; a fresh read waits for the latest.
  const saving = reads.flatMap((r) => (r.saving ? [r.saving] : []));
  if (saving.length > 0) {
    merged.saving = {
      nextFreshAt: Math.max(...saving.map((s) => s.nextFreshAt)),
      servedAt: Math.max(...saving.map((s) => s.servedAt)),
      spent: saving.some((s) => s.spent),
    };
  }
  return merged;
}

/** Items per API page for whole-list reads (the API's maximum). */
export const GATHER_PAGE_SIZE = API_PAGE_SIZE;
/** Pages read at most for a whole list: 500 roles or forms is far beyond any real server. */
export const GATHER_MAX_PAGES = 5;

/** A whole list, as far as the cap allowed, with where it came from. */
export interface Gathered<T> extends Source {
  items: T[];
  /** False when the list has more pages than GATHER_MAX_PAGES (only the first ones were read). */
  complete: boolean;
}

type PageReader<T> = (query: PageQuery) => Promise<Fetched<{ data: T[] } & Partial<PageInfo>>>;

/**
 * Every item of a paged list, page 1 first, then the rest (up to `maxPages`) in parallel.
 * Items with the same `id` are kept once. Any page failing fails the whole read.
 */
export async function gatherPages<T extends { id?: unknown }>(
  read: PageReader<T>,
  maxPages = GATHER_MAX_PAGES,
  limit = GATHER_PAGE_SIZE,
): Promise<Gathered<T>> {
  const first = await read({ page: 1, limit });
  const { items: firstItems, info } = cutPage<T>(first.data, 1, Number.POSITIVE_INFINITY);
  const last = Math.min(info.totalPages, maxPages);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, last - 1) }, (_, i) => read({ page: i + 2, limit })),
  );
  const items = uniqueById([firstItems, ...rest.map((p) => pageItems<T>(p.data))].flat());
  return { items, complete: info.totalPages <= maxPages, ...mergeSources([first, ...rest]) };
}

/**
 * One page of a list held whole (a gathered list filtered on Rollcall's side), in the envelope a
 * list read returns: `query.limit` items of page `query.page`, with the numbers restated.
 */
export function pageOfItems<T>(
  items: readonly T[],
  query: ViewPage,
): { data: T[]; page: number; pageSize: number; total: number; totalPages: number } {
  const start = (query.page - 1) * query.limit;
  return {
    data: items.slice(start, start + query.limit),
    page: query.page,
    pageSize: query.limit,
    total: items.length,
    totalPages: pageCount(items.length, query.limit),
  };
}
