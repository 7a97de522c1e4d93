/**
 * Paging controls: ⏮ ◀ [n / N] ▶ ⏭ (the middle button opens "go to page"), a refresh button,
 * and an "Open…" select with the page's items; detail views get "Back to list" and shortcuts.
 * Every custom_id is built through the state store so it always fits.
 */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIButtonComponentWithCustomId,
  type APIComponentInMessageActionRow,
  type APISelectMenuOption,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import type { PageInfo } from '../../api/pages.js';
import type { Fetched } from '../../api/types.js';
import { LIMITS } from '../../base/discord-limits.js';
import { truncate } from '../../render/format.js';
import { ACTIONS, type Action } from './custom-id.js';
import {
  argKind,
  type BackTarget,
  canOpen,
  type ListEnvelope,
  type ListView,
  type ShowContext,
  type Who,
} from './views.js';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

function button(
  customId: string,
  label: string,
  disabled = false,
  style: ButtonStyle.Primary | ButtonStyle.Secondary = ButtonStyle.Secondary,
): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    custom_id: customId,
    label: truncate(label, LIMITS.buttonLabel),
    style,
    disabled,
  };
}

/** The controls under a list page. */
export async function buildListComponents<T, C, F extends Fetched<ListEnvelope<T>>>(
  view: ListView<T, C, F>,
  page: { items: T[]; info: PageInfo; arg: string; context: C; who: Who; source: F },
  ctx: ShowContext,
): Promise<Row[]> {
  const { items, info, arg } = page;
  const t = ctx.t;
  const kind = argKind(view as ListView);
  const id = (action: Action, page: number) =>
    ctx.community.state.customId({ action, view: view.id, owner: ctx.owner, page, arg }, kind);
  const { totalPages } = info;
  const single = totalPages <= 1;
  const nav: APIButtonComponent[] = [
    button(await id(ACTIONS.first, 1), '⏮', info.page <= 1),
    button(await id(ACTIONS.prev, Math.max(1, info.page - 1)), '◀', info.page <= 1),
    // The go-to-page button carries the page count: its modal says the range and checks against it.
    button(
      await id(ACTIONS.goto, totalPages),
      `${t.f.count(info.page)} / ${t.f.count(totalPages)}`,
      single,
      ButtonStyle.Primary,
    ),
    button(await id(ACTIONS.next, Math.min(totalPages, info.page + 1)), '▶', info.page >= totalPages),
    button(await id(ACTIONS.last, totalPages), '⏭', info.page >= totalPages),
  ];
  const rows: Row[] = [{ type: ComponentType.ActionRow, components: nav }];
  const tools: APIButtonComponent[] = [button(await id(ACTIONS.refresh, info.page), t.paging.refresh)];
  if (info.total > 0) tools.push(button(await id(ACTIONS.export, info.page), t.paging.exportCsv));
  rows.push({ type: ComponentType.ActionRow, components: tools });
  if (view.open && items.length > 0) {
    const seen = new Set<string>();
    const options: APISelectMenuOption[] = [];
    for (const item of items) {
      const option = view.open.option({
        item,
        context: page.context,
        labels: ctx.community.labels,
        who: page.who,
        source: page.source,
      });
      if (
        !option ||
        option.value.length > LIMITS.selectOptionValue ||
        seen.has(option.value) ||
        !canOpen(view as ListView, option.value)
      )
        continue;
      seen.add(option.value);
      options.push({
        ...option,
        label: truncate(option.label, LIMITS.selectOptionLabel),
        description: option.description
          ? truncate(option.description, LIMITS.selectOptionDescription)
          : undefined,
      });
      if (options.length === LIMITS.selectOptions) break;
    }
    if (options.length > 0) {
      rows.push({
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: await id(ACTIONS.open, info.page),
            placeholder: t.paging.open,
            options,
          },
        ],
      });
    }
  }
  return rows;
}

/** A shortcut as shown: the view it opens and the argument taken from the record. */
export interface ShortcutLink {
  label: string;
  view: string;
  arg: string;
}

/** Actions of the shortcut buttons, in order: at most this many are shown. */
const SHORTCUT_ACTIONS = [ACTIONS.shortcut, ACTIONS.secondShortcut] as const;

/** The controls under a detail view: back to the list it came from, and shortcuts. */
export async function buildDetailComponents(
  shortcuts: ShortcutLink[],
  ctx: ShowContext,
  back?: BackTarget,
): Promise<Row[]> {
  const kindOf = (view: string) => {
    const kind = ctx.views.argKindOf(view);
    if (!kind) throw new Error(`link to view ${view}, which is not registered`);
    return kind;
  };
  const buttons: APIButtonComponent[] = [];
  if (back) {
    const customId = await ctx.community.state.customId(
      { action: ACTIONS.back, owner: ctx.owner, ...back },
      kindOf(back.view),
    );
    buttons.push(button(customId, ctx.t.paging.backToList));
  }
  for (const [i, action] of SHORTCUT_ACTIONS.entries()) {
    const shortcut = shortcuts[i];
    if (!shortcut) break;
    const customId = await ctx.community.state.customId(
      { action, view: shortcut.view, owner: ctx.owner, page: 1, arg: shortcut.arg },
      kindOf(shortcut.view),
    );
    buttons.push(button(customId, shortcut.label, false, ButtonStyle.Primary));
  }
  return buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [];
}
