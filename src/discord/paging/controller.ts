/**
 * The paging controller: what a button, select or modal submission on one of Rollcall's messages
 * asks for. It checks the custom_id and that the clicker owns the controls, opens the go-to-page
 * modal, and shows the page, record or shortcut asked for (first/prev/next/last, refresh, go to,
 * open, back).
 */
import {
  type APIButtonComponent,
  type APIModalInteractionResponseCallbackData,
  type ButtonInteraction,
  ButtonStyle,
  ComponentType,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
  TextInputStyle,
} from 'discord.js';
import { ENGLISH, said, type Words } from '../../i18n/words.js';
import type { Ask } from '../ask.js';
import type { Community } from '../community.js';
import { type Payload, say, UserError } from '../replies.js';
import type { Responder } from '../respond.js';
import { ACTIONS, type ControlState, encodeCustomId, MAX_PAGE, parseCustomId } from './custom-id.js';
import { exportList } from './export.js';
import { showDetail, showList } from './show.js';
import type { StateStore } from './state.js';
import type { DetailView, ShowContext, ViewRegistry } from './views.js';

type ControlInteraction = ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction;

interface PagingOptions {
  views: ViewRegistry;
  respond: Responder;
  /** The access check, run inside the timed work (throws a UserError to refuse). */
  checkAccess: (interaction: ControlInteraction, community: Community) => Promise<void>;
}

/** The custom_id of the text input in the go-to-page modal. */
const PAGE_INPUT = 'page';
/** The custom_id of the text input in an ask modal. */
const ASK_INPUT = 'value';
/** The argument an ask control carries: none is needed (what is typed is the argument), but its kind takes one. */
const ASK_ARG = '?';

/** The control of an ask modal or button for a detail view with `ask`, for `owner`. */
function askCustomId(view: DetailView, owner: string, action: typeof ACTIONS.ask | typeof ACTIONS.askSubmit) {
  const id = encodeCustomId({ action, view: view.id, owner, page: 1, arg: ASK_ARG }, 'one');
  if (!id) throw new Error(`no ask control fits for view ${view.id}`);
  return id;
}

/** The modal asking for a detail view's argument (`DetailView.ask`). */
export function askModal(view: DetailView, owner: string, t: Words): APIModalInteractionResponseCallbackData {
  const ask = view.ask;
  if (!ask) throw new Error(`view ${view.id} asks for nothing`);
  return {
    custom_id: askCustomId(view, owner, ACTIONS.askSubmit),
    title: said(ask.title, t),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: ASK_INPUT,
            label: said(ask.label, t),
            style: TextInputStyle.Short,
            min_length: 1,
            max_length: ask.maxLength,
            required: true,
          },
        ],
      },
    ],
  };
}

/** A button that opens `askModal` for the moderator `owner`. */
export function askButton(view: DetailView, owner: string, label: string): APIButtonComponent {
  return {
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    label,
    custom_id: askCustomId(view, owner, ACTIONS.ask),
  };
}

/**
 * A page number typed into the go-to-page modal: plain digits ("1234") or digits grouped by
 * thousands as Rollcall shows them ("1,234"); NaN for anything else.
 */
export function parsePageInput(text: string): number {
  const value = text.trim();
  if (/^\d{1,16}$/.test(value)) return Number(value);
  if (/^\d{1,3}(?:([,. \u00a0\u202f])\d{3})(?:\1\d{3}){0,4}$/.test(value))
    return Number(value.replace(/\D/g, ''));
  return Number.NaN;
}

/** What showing a view of `community` needs, for the moderator who asked (the owner of its controls). */
export function showContext(community: Community, views: ViewRegistry, ask: Ask, fresh = false): ShowContext {
  const { owner, names, t } = ask;
  return { community, views, owner, options: { purpose: fresh ? 'refresh' : 'ask' }, names, t };
}

export class PagingController {
  constructor(private readonly options: PagingOptions) {}

  async handle(ask: Ask<ControlInteraction>, community: Community): Promise<void> {
    const { respond } = this.options;
    const { interaction } = ask;
    const parsed = parseCustomId(interaction.customId, this.options.views.argKindOf);
    if (!parsed.ok) {
      await respond.notice(ask, parsed.reason === 'old-version' ? say.oldVersion : say.expired);
      return;
    }
    const { state } = parsed;
    // The owner in the custom_id is checked against Discord's own record of who ran the command the
    // message answers, which a client cannot forge (a tampered custom_id can name anyone).
    const invoker = interaction.message?.interactionMetadata?.user.id;
    if (state.owner !== interaction.user.id || (invoker !== undefined && invoker !== state.owner)) {
      await respond.notice(ask, say.notYours);
      return;
    }
    const asked = this.options.views.get(state.view);
    if (state.action === ACTIONS.ask && interaction.isButton() && asked?.kind === 'detail' && asked.ask) {
      // As the go-to modal: its submission is checked like any control.
      await respond.showModal({ ...ask, interaction }, askModal(asked, state.owner, ask.t));
      return;
    }
    if (state.action === ACTIONS.goto && interaction.isButton()) {
      // A modal cannot wait for the access guard; its submission is checked like any control.
      await respond.showModal({ ...ask, interaction }, await this.gotoModal(state, community.state, ask.t));
      return;
    }
    // An export answers in a message of its own, always private: the file holds every row, not the
    // page that may have been posted publicly.
    const exporting = state.action === ACTIONS.export;
    const own = asked?.own === true && state.arg === interaction.user.id;
    const run = async () => {
      if (!own) await this.options.checkAccess(interaction, community);
      return exporting
        ? this.export(ask, community, state, parsed.storedKey)
        : this.run(ask, community, state, parsed.storedKey);
    };
    await respond.answer({ private: true, newMessage: exporting, run }, ask);
  }

  /** "Export CSV": every row of the list, as attachments to a message of its own. */
  private async export(
    ask: Ask<ControlInteraction>,
    community: Community,
    state: ControlState,
    storedKey: string | undefined,
  ): Promise<Payload> {
    const { interaction } = ask;
    const arg = await community.state.resolve({ state, storedKey });
    const view = this.options.views.get(state.view);
    if (arg === undefined || view?.kind !== 'list' || !interaction.isButton())
      throw new UserError(say.expired);
    return exportList(view, arg, showContext(community, this.options.views, ask), {
      uploadLimit: interaction.attachmentSizeLimit,
    });
  }

  private async gotoModal(state: ControlState, store: StateStore, t: Words) {
    const kind = this.options.views.argKindOf(state.view) ?? 'none';
    const customId = await store.customId({ ...state, action: ACTIONS.gotoSubmit }, kind);
    return {
      custom_id: customId,
      title: t.paging.goToPage,
      components: [
        {
          type: ComponentType.ActionRow as const,
          components: [
            {
              type: ComponentType.TextInput as const,
              custom_id: PAGE_INPUT,
              label: t.paging.pageNumber,
              style: TextInputStyle.Short,
              min_length: 1,
              max_length: ENGLISH.f.count(MAX_PAGE).length,
              required: true,
              placeholder: t.paging.pageRangeHint(state.page),
            },
          ],
        },
      ],
    };
  }

  /** What a button, select or modal asks for, as a payload. */
  private async run(
    ask: Ask<ControlInteraction>,
    community: Community,
    state: ControlState,
    storedKey: string | undefined,
  ): Promise<Payload> {
    const { interaction } = ask;
    const arg = await community.state.resolve({ state, storedKey });
    if (arg === undefined) throw new UserError(say.expired);
    const view = this.options.views.get(state.view);
    if (!view) throw new UserError(say.expired);
    const ctx = showContext(community, this.options.views, ask, state.action === ACTIONS.refresh);

    if (state.action === ACTIONS.open) {
      if (view.kind !== 'list' || !view.open || !interaction.isStringSelectMenu())
        throw new UserError(say.expired);
      const detail = this.options.views.get(view.open.detailView);
      const itemId = interaction.values[0];
      if (detail?.kind !== 'detail' || !itemId) throw new UserError(say.expired);
      return showDetail(detail, itemId, ctx, { view: view.id, page: state.page, arg });
    }
    if (state.action === ACTIONS.askSubmit) {
      if (!interaction.isModalSubmit() || view.kind !== 'detail' || !view.ask)
        throw new UserError(say.expired);
      return showDetail(view, view.ask.parse(interaction.fields.getTextInputValue(ASK_INPUT)), ctx);
    }
    if (view.kind === 'detail') return showDetail(view, arg, ctx);

    let page = state.page;
    if (state.action === ACTIONS.gotoSubmit) {
      if (!interaction.isModalSubmit()) throw new UserError(say.expired);
      // The go-to control carries the page count (see buildListComponents).
      const last = state.page;
      const wanted = parsePageInput(interaction.fields.getTextInputValue(PAGE_INPUT));
      if (!(wanted >= 1 && wanted <= last)) throw new UserError(say.pageRange(last));
      page = wanted;
    }
    return showList(view, ctx, { arg, page });
  }
}
