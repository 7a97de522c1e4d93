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
  type Interaction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
  TextInputStyle,
} from 'discord.js';
import { ENGLISH, said, type Words, wordsFor } from '../../i18n/words.js';
import type { DisplayNames } from '../../render/people.js';
import type { Community } from '../community.js';
import { type Payload, say, UserError } from '../replies.js';
import type { Responder } from '../respond.js';
import { ACTIONS, type ControlState, encodeCustomId, MAX_PAGE, parseCustomId } from './custom-id.js';
import { exportList } from './export.js';
import { showDetail, showList } from './show.js';
import type { StateStore } from './state.js';
import type { DetailView, ShowContext, ViewRegistry } from './views.js';

export type ControlInteraction = ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction;

export interface PagingOptions {
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

/**
 * What showing a view of `community` needs, for the moderator who sent `interaction` (the owner of
 * its controls), in their language, with Discord users' display names as the interaction's client
 * knows them (select labels).
 */
export function showContext(
  community: Community,
  views: ViewRegistry,
  interaction: Interaction,
  fresh = false,
): ShowContext {
  return {
    community,
    views,
    owner: interaction.user.id,
    options: fresh ? { fresh: true } : {},
    names: displayNames(interaction),
    t: wordsFor(interaction.locale),
  };
}

/**
 * Display names from what the interaction itself carries (no request, and the client caches no
 * users): the users it resolves (a `user:` option, a right-clicked member) and the one who sent it,
 * as server members (their nickname) or as users (global or user name); else the client's cache.
 */
export function displayNames(interaction: Interaction): DisplayNames {
  const resolved =
    interaction.isChatInputCommand() || interaction.isContextMenuCommand()
      ? interaction.options.resolved
      : null;
  return (userId) => {
    const member =
      resolved?.members?.get(userId) ??
      (interaction.user.id === userId ? interaction.member : null) ??
      interaction.guild?.members.cache.get(userId);
    if (member && 'displayName' in member) return member.displayName;
    if (member && typeof member.nick === 'string' && member.nick !== '') return member.nick;
    const user =
      resolved?.users?.get(userId) ??
      (interaction.user.id === userId ? interaction.user : undefined) ??
      interaction.client.users.cache.get(userId);
    return user ? (user.globalName ?? user.username) : undefined;
  };
}

export class PagingController {
  constructor(private readonly options: PagingOptions) {}

  async handle(interaction: ControlInteraction, community: Community): Promise<void> {
    const { respond } = this.options;
    const parsed = parseCustomId(interaction.customId, this.options.views.argKindOf);
    if (!parsed.ok) {
      await respond.notice(interaction, parsed.reason === 'old-version' ? say.oldVersion : say.expired);
      return;
    }
    const { state } = parsed;
    // The owner in the custom_id is checked against Discord's own record of who ran the command the
    // message answers, which a client cannot forge (a tampered custom_id can name anyone).
    const invoker = interaction.message?.interactionMetadata?.user.id;
    if (state.owner !== interaction.user.id || (invoker !== undefined && invoker !== state.owner)) {
      await respond.notice(interaction, say.notYours);
      return;
    }
    const asked = this.options.views.get(state.view);
    if (state.action === ACTIONS.ask && interaction.isButton() && asked?.kind === 'detail' && asked.ask) {
      // As the go-to modal: its submission is checked like any control.
      await interaction.showModal(askModal(asked, state.owner, wordsFor(interaction.locale)));
      return;
    }
    if (state.action === ACTIONS.goto && interaction.isButton()) {
      // A modal cannot wait for the access guard; its submission is checked like any control.
      await interaction.showModal(await this.gotoModal(state, community.state, wordsFor(interaction.locale)));
      return;
    }
    // An export answers in a message of its own, always private: the file holds every row, not the
    // page that may have been posted publicly.
    const exporting = state.action === ACTIONS.export;
    await respond.answer(
      interaction,
      async () => {
        await this.options.checkAccess(interaction, community);
        return exporting
          ? this.export(interaction, community, state, parsed.storedKey)
          : this.run(interaction, community, state, parsed.storedKey);
      },
      true,
      exporting,
    );
  }

  /** "Export CSV": every row of the list, as attachments to a message of its own. */
  private async export(
    interaction: ControlInteraction,
    community: Community,
    state: ControlState,
    storedKey: string | undefined,
  ): Promise<Payload> {
    const arg = await community.state.resolve({ state, storedKey });
    const view = this.options.views.get(state.view);
    if (arg === undefined || view?.kind !== 'list' || !interaction.isButton())
      throw new UserError(say.expired);
    return exportList(view, arg, showContext(community, this.options.views, interaction), {
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
    interaction: ControlInteraction,
    community: Community,
    state: ControlState,
    storedKey: string | undefined,
  ): Promise<Payload> {
    const arg = await community.state.resolve({ state, storedKey });
    if (arg === undefined) throw new UserError(say.expired);
    const view = this.options.views.get(state.view);
    if (!view) throw new UserError(say.expired);
    const ctx = showContext(community, this.options.views, interaction, state.action === ACTIONS.refresh);

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
