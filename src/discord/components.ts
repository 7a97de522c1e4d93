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
import { LIMITS, truncate } from '../render/format.js';
import type { PageInfo } from '../render/page.js';
import { ACTIONS, type Action } from './custom-id.js';
import type { BackTarget, ListView, Shortcut, ShowContext } from './views.js';

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
export async function buildListComponents(
  view: ListView,
  items: unknown[],
  info: PageInfo,
  arg: string,
  ctx: ShowContext,
): Promise<Row[]> {
  const id = (action: Action, page: number) =>
    ctx.state.customId({ action, view: view.id, owner: ctx.owner, page, arg });
  const { page, totalPages } = info;
  const single = totalPages <= 1;
  const nav: APIButtonComponent[] = [
    button(await id(ACTIONS.first, 1), '⏮', page <= 1),
    button(await id(ACTIONS.prev, Math.max(1, page - 1)), '◀', page <= 1),
    // The go-to-page button carries the page count: its modal says the range and checks against it.
    button(await id(ACTIONS.goto, totalPages), `${page} / ${totalPages}`, single, ButtonStyle.Primary),
    button(await id(ACTIONS.next, Math.min(totalPages, page + 1)), '▶', page >= totalPages),
    button(await id(ACTIONS.last, totalPages), '⏭', page >= totalPages),
  ];
  const rows: Row[] = [{ type: ComponentType.ActionRow, components: nav }];
  rows.push({
    type: ComponentType.ActionRow,
    components: [button(await id(ACTIONS.refresh, page), '🔄 Refresh')],
  });
  if (view.open && items.length > 0) {
    const seen = new Set<string>();
    const options: APISelectMenuOption[] = [];
    for (const item of items) {
      const option = view.open.option(item);
      if (!option || option.value.length > LIMITS.selectOptionValue || seen.has(option.value)) continue;
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
            custom_id: await id(ACTIONS.open, page),
            placeholder: 'Open…',
            options,
          },
        ],
      });
    }
  }
  return rows;
}

/** The controls under a detail view: back to the list it came from, and shortcuts. */
export async function buildDetailComponents(
  shortcuts: Shortcut[],
  ctx: ShowContext,
  back?: BackTarget,
): Promise<Row[]> {
  const buttons: APIButtonComponent[] = [];
  if (back) {
    buttons.push(
      button(await ctx.state.customId({ action: ACTIONS.back, owner: ctx.owner, ...back }), '↩ Back to list'),
    );
  }
  const shortcutActions = [ACTIONS.shortcut, ACTIONS.shortcut2];
  for (const [i, s] of shortcuts.slice(0, shortcutActions.length).entries()) {
    const action = shortcutActions[i] as Action;
    const customId = await ctx.state.customId({
      action,
      view: s.view,
      owner: ctx.owner,
      page: 1,
      arg: s.arg,
    });
    buttons.push({ ...button(customId, s.label, false, ButtonStyle.Primary), emoji: s.emoji });
  }
  return buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [];
}
