/**
 * Views: what a command or a control shows. A list view is a paged list (view pages of ten, cut by
 * the API layer from its pages of 100); a detail view is one record. Commands register their views; the paging router
 * finds them again by id when a button comes back, so no state is held in memory.
 */
import type { APIEmbed, APIMessageComponentEmoji, APISelectMenuOption } from 'discord.js';
import { isApiError } from '../api/errors.js';
import type { Fetched, PageQuery, ReadOptions, Resources } from '../api/types.js';
import { type PageInfo, pageInfo, pageItems, type Source } from '../render/page.js';
import { buildDetailComponents, buildListComponents } from './components.js';
import { type Payload, UserError } from './replies.js';
import type { StateStore } from './state.js';

/** Items per Discord page (the API layer cuts them from API pages of 100: src/api/pages.ts). */
export const PAGE_SIZE = 10;

/** A link from a detail view to another view, shown as a button. */
export interface Shortcut {
  label: string;
  view: string;
  arg: string;
  emoji?: APIMessageComponentEmoji;
}

export interface ListView<T = unknown> {
  kind: 'list';
  id: string;
  /** Read one page; `arg` is the view's argument ('' when it takes none). */
  fetch(
    resources: Resources,
    arg: string,
    query: PageQuery,
    options: ReadOptions,
  ): Promise<Fetched<ListEnvelope<T>>>;
  render(items: T[], info: PageInfo, source: Source, arg: string): APIEmbed;
  /** How an item appears in the "Open…" select, and which detail view opens it. */
  open?: { detailView: string; option(item: T): APISelectMenuOption | undefined };
}

export interface DetailView<T = unknown> {
  kind: 'detail';
  id: string;
  fetch(resources: Resources, arg: string, options: ReadOptions): Promise<Fetched<T>>;
  render(item: T, source: Source): APIEmbed;
  shortcuts?(item: T): Shortcut[];
  /** Sentence for a 404 on this view. */
  notFound?: string;
}

export type View = ListView | DetailView;

export interface ListEnvelope<T> {
  data: T[];
  page?: number;
  pageSize?: number;
  total?: number;
  totalPages?: number;
}

/** Where a detail view was opened from, for its "Back to list" button. */
export interface BackTarget {
  view: string;
  page: number;
  arg: string;
}

export class ViewRegistry {
  private readonly views = new Map<string, View>();

  register(...views: View[]): void {
    for (const view of views) {
      if (this.views.has(view.id)) throw new Error(`view ${view.id} registered twice`);
      this.views.set(view.id, view);
    }
  }

  get(id: string): View | undefined {
    return this.views.get(id);
  }

  ids(): string[] {
    return [...this.views.keys()];
  }
}

export interface ShowContext {
  resources: Resources;
  state: StateStore;
  owner: string;
  options?: ReadOptions;
}

/**
 * Read and render one page of a list view, with its paging controls. A page past the end (the
 * list shrank, or a typed page number was too large) shows the last page instead.
 */
export async function showList(
  view: ListView,
  arg: string,
  page: number,
  ctx: ShowContext,
): Promise<Payload> {
  const read = (p: number) =>
    view.fetch(ctx.resources, arg, { page: p, limit: PAGE_SIZE }, ctx.options ?? {});
  let fetched = await read(page);
  let items = pageItems<unknown>(fetched.data).slice(0, PAGE_SIZE);
  let info = pageInfo(fetched.data, page, items.length);
  if (items.length === 0 && page > 1 && info.total > 0) {
    const last = Math.max(1, Math.ceil(info.total / PAGE_SIZE));
    if (last < page) {
      fetched = await read(last);
      items = pageItems<unknown>(fetched.data).slice(0, PAGE_SIZE);
      info = pageInfo(fetched.data, last, items.length);
    }
  }
  const embed = view.render(items, info, fetched, arg);
  const components = await buildListComponents(view, items, info, arg, ctx);
  return { content: '', embeds: [embed], components };
}

/** Read and render one record, with "Back to list" and shortcut buttons. */
export async function showDetail(
  view: DetailView,
  arg: string,
  ctx: ShowContext,
  back?: BackTarget,
): Promise<Payload> {
  let fetched: Fetched<unknown>;
  try {
    fetched = await view.fetch(ctx.resources, arg, ctx.options ?? {});
  } catch (error) {
    if (view.notFound && isApiError(error) && error.status === 404) throw new UserError(view.notFound);
    throw error;
  }
  const embed = view.render(fetched.data, fetched);
  const shortcuts = view.shortcuts?.(fetched.data) ?? [];
  const components = await buildDetailComponents(shortcuts, ctx, back);
  return { content: '', embeds: [embed], components };
}
