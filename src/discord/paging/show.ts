/** Showing a view: read, render, and add the controls. Commands and the paging controller call these. */
import type { APIEmbed } from 'discord.js';
import { isApiError } from '../../api/errors.js';
import { cutPage, pageCount } from '../../api/pages.js';
import type { Fetched } from '../../api/types.js';
import { eachSliced } from '../../base/slices.js';
import { said } from '../../i18n/words.js';
import { type ChartResult, withChart } from '../../render/charts/index.js';
import { memberIdsIn, onPage, type People } from '../../render/people.js';
import type { Community } from '../community.js';
import { type Payload, say, UserError } from '../replies.js';
import { buildDetailComponents, buildListComponents, type ShortcutLink } from './components.js';
import {
  type BackTarget,
  canOpen,
  type DetailView,
  type ListEnvelope,
  type ListView,
  PAGE_SIZE,
  type ShowContext,
} from './views.js';

/**
 * Who the members of `items` are, as the community's directory knows them (each item's ids from
 * `people`), with the short forms of those ids (`onPage`); undefined without ids. Never fails: a directory that does not answer
 * in time gives what is at hand, and the page shows ids.
 */
export async function peopleOf<T>(
  community: Community,
  items: readonly T[],
  people: ((item: T) => unknown[]) | undefined,
  waitMs?: number,
): Promise<People | undefined> {
  if (!people) return undefined;
  // An export's 10,000 records: their people are gathered in slices.
  const values: unknown[] = [];
  await eachSliced(items, (item) => {
    for (const value of people(item)) values.push(value);
  });
  const ids = memberIdsIn(values);
  if (ids.length === 0) return undefined;
  const known = await community.directory?.lookup(ids, waitMs).catch(() => undefined);
  // The short forms of the page's ids come with it, so two members read apart (docs/api-decisions.md).
  return onPage(known, ids);
}

/**
 * Read and render one page of a list view, with its paging controls. A page past the end (the
 * list shrank, or a typed page number was too large) shows the last page instead.
 */
export async function showList<T, C, F extends Fetched<ListEnvelope<T>>>(
  view: ListView<T, C, F>,
  ctx: ShowContext,
  at: { arg?: string; page?: number } = {},
): Promise<Payload> {
  const arg = at.arg ?? '';
  const page = at.page ?? 1;
  const { community } = ctx;
  const read = (p: number) =>
    view.fetch(community, arg, { page: p, limit: PAGE_SIZE }, ctx.options ?? { purpose: 'ask' });
  const [first, context] = await Promise.all([
    read(page),
    view.context ? view.context(community) : (undefined as C),
  ]);
  let fetched: F = first as F;
  let cut = cutPage(fetched.data, page, PAGE_SIZE);
  if (cut.items.length === 0 && page > 1 && cut.info.total > 0) {
    const last = pageCount(cut.info.total, PAGE_SIZE);
    if (last < page) {
      fetched = await read(last);
      cut = cutPage(fetched.data, last, PAGE_SIZE);
    }
  }
  const people = await peopleOf(community, cut.items, view.people);
  const source = { ...fetched, labels: community.labels, people, t: ctx.t };
  const shown = { items: cut.items, info: cut.info, source, arg, context };
  const [components, chart] = await Promise.all([
    buildListComponents(
      view,
      { ...cut, arg, context, who: { people, names: ctx.names, t: ctx.t }, source: fetched },
      ctx,
    ),
    view.chart?.(shown, ctx.names),
  ]);
  return { content: '', ...withChartPayload(view.render(shown), chart), components };
}

/** An embed with its chart (if the view draws one) as a payload's embeds and files. */
export function withChartPayload(
  embed: APIEmbed,
  chart: ChartResult | undefined,
): { embeds: [APIEmbed]; files: NonNullable<Payload['files']> } {
  const drawn = chart ? withChart(embed, chart) : { embed, files: [] };
  return {
    embeds: [drawn.embed],
    files: drawn.files.map((file) => ({ name: file.name, attachment: file.data })),
  };
}

/**
 * Read and render one record, with "Back to list" and shortcut buttons. A record opened from a
 * list (`back` set) whose id cannot be opened is refused with a sentence that says so, before any
 * read (the select never offers one; this covers a forged or stale select). A record whose argument
 * carries a way back (`view.backOf`) gets "Back to list" as well, and passes it on to its shortcuts.
 */
export async function showDetail<T, F extends Fetched<T>>(
  view: DetailView<T, F>,
  arg: string,
  ctx: ShowContext,
  back?: BackTarget,
): Promise<Payload> {
  const from = back && ctx.views.get(back.view);
  if (from?.kind === 'list' && !canOpen(from, arg)) throw new UserError(say.cannotOpen);
  const backTo = back ?? view.backOf?.(arg);
  if (backTo && !leadsToList(backTo, ctx)) throw new UserError(say.expired);
  let fetched: F;
  try {
    fetched = await view.fetch(ctx.community, arg, ctx.options ?? { purpose: 'ask' });
  } catch (error) {
    if (view.notFound && isApiError(error) && error.status === 404) throw new UserError(view.notFound);
    throw error;
  }
  const people = await peopleOf(ctx.community, [fetched.data], view.people);
  const source = { ...fetched, labels: ctx.community.labels, people, t: ctx.t };
  const chart = view.chart?.(fetched.data, source, ctx.names);
  const shortcuts: ShortcutLink[] = [];
  for (const s of view.shortcuts ?? []) {
    const target = s.arg(fetched.data, backTo);
    if (target !== undefined) shortcuts.push({ label: said(s.label, ctx.t), view: s.view, arg: target });
  }
  const components = await buildDetailComponents(shortcuts, ctx, backTo);
  return { content: '', ...withChartPayload(view.render(fetched.data, source), await chart), components };
}

/** Whether a way back carried in an argument leads to a registered list it can be a control of. */
function leadsToList(back: BackTarget, ctx: ShowContext): boolean {
  const list = ctx.views.get(back.view);
  return list?.kind === 'list' && (list.takesArg || back.arg === '');
}
