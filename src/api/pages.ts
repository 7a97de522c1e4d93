/**
 * Page maths between what callers ask for (a "view page": `limit` items, usually the 10 a Discord
 * embed shows) and what is read from the API (its largest page, API_PAGE_SIZE items).
 *
 * One API request buys up to a hundred records, so ten Discord pages are served by one request,
 * and every view page is cut from the API page that holds it. The API's own echo decides the
 * layout: an API that ignores the size asked for and answers 50 per page is paged by 50, so no
 * record becomes unreachable. A view page that straddles two API pages reads each of them.
 */
import type { Fetched } from './types.js';
import type { PageBody } from './validate.js';

/** Items asked for per API request: the API's maximum (the contract allows 1 to 100). */
export const API_PAGE_SIZE = 100;

/** A view page: 1-based page number and items per page. */
export interface ViewPage {
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
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** Where a value built from several reads came from: the oldest, cached only if all were, stale if any was. */
export function mergeSources(reads: readonly Fetched<unknown>[]): Omit<Fetched<unknown>, 'data'> {
  const merged: Omit<Fetched<unknown>, 'data'> = {
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
