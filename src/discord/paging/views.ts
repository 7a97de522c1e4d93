/**
 * Views: what a command or a control shows. A list view is a paged list (view pages of ten, cut by
 * the API layer from its pages of 100); a detail view is one record. Commands register their
 * views; the paging controller finds them again by id when a control comes back, so no state is
 * held in memory. Links between views (a list's "Open…", a detail's shortcuts) are checked when the
 * views are registered, so a link to a view that does not exist fails at start, not when clicked.
 */
import type { APIEmbed, APISelectMenuOption } from 'discord.js';
import type { PageInfo } from '../../api/pages.js';
import type { Fetched, PageQuery, ReadOptions } from '../../api/types.js';
import { isSendableSegment } from '../../api/validate.js';
import type { Text, Words } from '../../i18n/words.js';
import type { ChartResult } from '../../render/charts/index.js';
import type { CsvColumn } from '../../render/csv.js';
import type { CodeLabels, Labelled } from '../../render/labels.js';
import type { DisplayNames, People } from '../../render/people.js';
import type { Community } from '../community.js';
import type { ArgKind } from './custom-id.js';

/** Items per Discord page (the API layer cuts them from API pages of 100: src/api/pages.ts). */
export const PAGE_SIZE = 10;

/**
 * A view of the clicker's own record (/me's), its argument their Discord user id: its controls skip
 * the access guard when the argument is the clicker's, and its fetch spends by /me's rule.
 */
type OwnView = true;

/** A button on a detail view that opens another view with an argument taken from the record. */
export interface Shortcut<T> {
  /** The button's label, in the reader's words. */
  label: string | Text;
  /** The view it opens (must be registered). */
  view: string;
  /**
   * The argument for that view, or undefined when this record has none (no button then). `back` is
   * the list this record leads back to, for a view that carries it on (src/discord/paging/back.ts).
   */
  arg(item: T, back?: BackTarget): string | undefined;
}

/**
 * A list view. `F` is what its `fetch` returns: a page of items and where it came from, and anything
 * else the fetch worked out for the renderer (a report's heading, whether a search read every page),
 * which `render` is then given as typed.
 */
export interface ListView<
  T = unknown,
  C = unknown,
  F extends Fetched<ListEnvelope<T>> = Fetched<ListEnvelope<T>>,
> {
  kind: 'list';
  id: string;
  own?: OwnView;
  /** Whether the view takes an argument (its `arg` is '' otherwise). */
  takesArg: boolean;
  /** Read one page of the community's records; `arg` is the view's argument ('' when it takes none). */
  fetch(community: Community, arg: string, query: PageQuery, options: ReadOptions): Promise<F>;
  /** What every item of a page is shown with (read once per page, alongside the page). */
  context?(community: Community): Promise<C>;
  /**
   * `source` is what `fetch` returned (where the page came from, and what the fetch put beside it),
   * with the server's code labels (`labels`).
   */
  render(page: ListPage<T, C, F>): APIEmbed;
  /** The page's chart (src/render/charts/), shown in its embed: a page turned shows its own. */
  chart?(page: ListPage<T, C, F>, names: DisplayNames | undefined): Promise<ChartResult | undefined>;
  /**
   * The member ids an item shows, the record's own member first: the page's are looked up in the
   * community's directory and given to `render` (`source.people`) and `open.option`; the first is
   * the export's `discord_user_id` column. None: members are shown by their ids.
   */
  people?(item: T): unknown[];
  /**
   * How an item appears in the "Open…" select, and which detail view opens it. `canOpen` says
   * whether a select value can be opened at all (default: the API layer would send it as an id,
   * so not '', '.' or '..'); items that cannot are left out of the select (the embed still lists
   * them). `source` is what `fetch` returned for the page (what the fetch worked out beside it, such
   * as how each LOA reads), so an option says what the page's rows say.
   */
  open?: {
    detailView: string;
    option(row: OpenRow<T, C, F>): APISelectMenuOption | undefined;
    canOpen?(value: string): boolean;
  };
  /**
   * The columns of the "Export CSV" file (header and cell per column); without them every top-level
   * field of the records is a column (src/render/csv.ts genericColumns).
   */
  csv?: CsvColumn<T>[];
  /**
   * Every row of the list, when one fetch computes them all (the reports, from the snapshot): the
   * export takes them from its first page instead of fetching, and computing, every page again.
   */
  everyRow?(fetched: F): T[];
}

/** One page of a list, as `render` and `chart` are given it. */
interface ListPage<T, C, F> {
  items: T[];
  info: PageInfo;
  source: F & Labelled;
  arg: string;
  context: C;
}

/**
 * Who a page's members are, for the "Open…" select's labels (plain text, no mentions): the
 * directory's Discord users and their display names, when the interaction or the client has them.
 */
export interface Who {
  people?: People | undefined;
  names?: DisplayNames | undefined;
  t: Words;
}

/** One item of a page, for its "Open…" option: with the page's context, labels, members and fetch. */
interface OpenRow<T, C, F> {
  item: T;
  context: C;
  labels: CodeLabels | undefined;
  who: Who;
  source: F;
}

/** Whether `value`, picked in the list's "Open…" select, can be opened. */
export function canOpen(view: ListView, value: string): boolean {
  return view.open?.canOpen ? view.open.canOpen(value) : isSendableSegment(value);
}

/** A detail view; `F` is what its `fetch` returns (the record and anything put beside it for `render`). */
export interface DetailView<T = unknown, F extends Fetched<T> = Fetched<T>> {
  kind: 'detail';
  id: string;
  own?: OwnView;
  fetch(community: Community, arg: string, options: ReadOptions): Promise<F>;
  render(item: T, source: F & Labelled): APIEmbed;
  chart?(item: T, source: F & Labelled, names: DisplayNames | undefined): Promise<ChartResult | undefined>;
  /** The member ids the record shows, looked up in the community's directory for `render`. */
  people?(item: T): unknown[];
  /** At most two are shown. */
  shortcuts?: Shortcut<T>[];
  /**
   * The list a record reached through a shortcut leads back to, when its argument carries one
   * (`splitBack` in src/discord/paging/back.ts): shown as "Back to list", as if opened from it.
   */
  backOf?(arg: string): BackTarget | undefined;
  /** Sentence for a 404 on this view. */
  notFound?: string | Text;
  /**
   * The view can be opened with an argument typed into a modal (an `ask` button, or a command that
   * opens the modal at once): the modal's title and field label, and the check that turns what was
   * typed into the argument (a UserError for what cannot be one).
   */
  ask?: { title: string | Text; label: string | Text; maxLength: number; parse(text: string): string };
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

/** Whether a view's custom_ids carry an argument. */
export function argKind(view: View): ArgKind {
  return view.kind === 'detail' || view.takesArg ? 'one' : 'none';
}

export class ViewRegistry {
  private readonly views = new Map<string, View>();

  /** Add views; a second view with a taken id throws. Call `check()` once all are added. */
  register(...views: View[]): void {
    for (const view of views) {
      if (this.views.has(view.id)) throw new Error(`view ${view.id} registered twice`);
      this.views.set(view.id, view);
    }
  }

  get(id: string): View | undefined {
    return this.views.get(id);
  }

  /** The argument kind of a registered view (for the custom_id codec). */
  argKindOf = (id: string): ArgKind | undefined => {
    const view = this.views.get(id);
    return view && argKind(view);
  };

  /** Every link between views, with what is wrong with it; throws naming all broken links. */
  check(): void {
    const broken: string[] = [];
    for (const view of this.views.values()) {
      if (view.kind === 'list' && view.open && this.views.get(view.open.detailView)?.kind !== 'detail')
        broken.push(`${view.id} opens ${view.open.detailView}, which is not a registered detail view`);
      if (view.kind === 'detail') {
        for (const s of view.shortcuts ?? []) {
          const target = this.views.get(s.view);
          if (!target || argKind(target) !== 'one')
            broken.push(`${view.id} links to ${s.view}, which is not a registered view taking an argument`);
        }
      }
    }
    if (broken.length > 0) throw new Error(`broken view links: ${broken.join('; ')}`);
  }
}

/**
 * What showing a view needs: the community read (its reads, its paging arguments, its labels and
 * allowance), the views that controls lead to, and who the controls are for.
 */
export interface ShowContext {
  community: Community;
  views: ViewRegistry;
  owner: string;
  options?: ReadOptions;
  /** Discord users' display names as the interaction and the client's cache know them (select labels). */
  names?: DisplayNames;
  t: Words;
}
