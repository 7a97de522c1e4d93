/**
 * /rollcall-admin setup: on a server with no token, a modal asks for it (never a slash-command
 * option: those are logged and shown). The submission is checked with one API read before anything
 * is saved. On a linked server it shows the link (when, by whom, the token's fingerprint, whether
 * the API rejected it) with Replace and Unlink buttons. The token itself is never shown.
 */

import {
  ApplicationCommandOptionType,
  ButtonStyle,
  ComponentType,
  type ModalSubmitInteraction,
  TextInputStyle,
} from 'discord.js';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { nobodySpendable, serverRolesOf } from '../../src/discord/access.js';
import { defineCommand, type ServerCommand, type ServerControl } from '../../src/discord/command.js';
import { type Payload, say, textPayload } from '../../src/discord/replies.js';
import type { Words } from '../../src/i18n/words.js';
import { safeLine } from '../../src/render/format.js';
import { ADMIN_BASE, ADMIN_IDS, ADMIN_ROUTE, type Links } from './command.js';

export const setupDefinition = defineCommand({
  ...ADMIN_BASE,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'setup',
      description: "Link this server with its community server's API token, or see and change the link",
    },
  ],
});

/** The longest token the modal accepts. */
const MAX_TOKEN_LENGTH = 512;

/** What a token can hold: visible ASCII, no space (anything else cannot go in an HTTP header as is). */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/**
 * Tokens a server may have checked (each one an API request) in SETUP_CHECK_WINDOW_S: anyone can
 * add the bot to a server of their own and paste tokens there, and every attempt reaches the API.
 */
export const SETUP_CHECKS = 5;
export const SETUP_CHECK_WINDOW_S = 600;

export function createSetupCommand(links: Links): ServerCommand {
  return {
    ...ADMIN_ROUTE,
    data: setupDefinition,
    async open({ guildId, t }) {
      const linked = await links.describe(guildId);
      if (!linked) return { modal: tokenModal(t) };
      return {
        content: say.linkState({ ...linked, communityId: apiText(linked.communityId) }),
        components: [linkButtons(t)],
      };
    },
  };
}

/**
 * Setup's controls, as their custom_ids name them: the Replace button (the token modal again) and
 * the token modal's submission, checked with one API read (at most SETUP_CHECKS a window), then saved.
 */
export function setupControls(links: Links): Record<'replace' | 'modal', ServerControl> {
  const submit = createTokenSubmit(links);
  return {
    replace: {
      on: 'button',
      open: async ({ t }) => ({ modal: tokenModal(t) }),
    },
    modal: { on: 'modal', execute: ({ interaction, guildId }) => submit(interaction, guildId) },
  };
}

function createTokenSubmit(
  links: Links,
): (interaction: ModalSubmitInteraction, guildId: string) => Promise<Payload> {
  const checks = new RateLimiterMemory({ points: SETUP_CHECKS, duration: SETUP_CHECK_WINDOW_S });
  return async (interaction, guildId) => {
    const token = interaction.fields.getTextInputValue(ADMIN_IDS.tokenField).trim();
    if (token === '') return textPayload(say.setupEmpty);
    // Not sent, so never echoed: an invalid header value's error quotes the whole header.
    if (!TOKEN_CHARACTERS.test(token)) return textPayload(say.setupMalformed);
    try {
      await checks.consume(guildId);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      return textPayload(say.setupTooOften(SETUP_CHECKS, Math.ceil(refused.msBeforeNext / 60_000)));
    }
    const checked = await links.check(token, guildId);
    if (!checked.ok) {
      if (checked.reason === 'saving')
        return textPayload(
          say.setupSaving(checked.left, checked.points, Math.ceil(checked.nextFreshAt / 1000)),
        );
      const sentence = {
        rejected: say.setupRejected,
        forbidden: say.setupForbidden,
        unavailable: say.setupUnavailable,
      }[checked.reason];
      return textPayload(sentence);
    }
    await links.link(guildId, token, interaction.user.id, checked.communityId);
    const communityId = apiText(checked.communityId);
    // Access roles kept from the token replaced: with no role linked here, nobody new passes them.
    // The token is linked by now: settings that cannot be read leave the warning out, not the answer.
    const accessRoleIds = await links.settings(guildId).then(
      (settings) => settings.accessRoleIds,
      () => [],
    );
    const nobody =
      accessRoleIds.length > 0 &&
      nobodySpendable(checked.roles.linked, checked.roles.complete, guildId, serverRolesOf(interaction));
    return textPayload((t) =>
      [
        t.sentences.setupLinked(communityId, checked.roleCount),
        ...(nobody ? [t.sentences.accessNobodyPasses] : []),
        t.sentences.accessRolesTip,
      ].join('\n'),
    );
  };
}

/** Text the API gave (a community id), escaped like any API text; undefined stays undefined. */
function apiText(value: string | undefined): string | undefined {
  return value === undefined ? undefined : safeLine(value, 100);
}

/** The modal asking for the token (setup on a server with none, and the Replace button). */
function tokenModal(t: Words) {
  return {
    custom_id: ADMIN_IDS.modal,
    title: t.admin.setupTitle,
    components: [
      {
        type: ComponentType.ActionRow as const,
        components: [
          {
            type: ComponentType.TextInput as const,
            custom_id: ADMIN_IDS.tokenField,
            label: t.admin.tokenLabel,
            style: TextInputStyle.Short,
            min_length: 1,
            max_length: MAX_TOKEN_LENGTH,
            required: true,
          },
        ],
      },
    ],
  };
}

function linkButtons(t: Words) {
  return {
    type: ComponentType.ActionRow as const,
    components: [
      {
        type: ComponentType.Button as const,
        style: ButtonStyle.Secondary as const,
        custom_id: ADMIN_IDS.replace,
        label: t.admin.replaceToken,
      },
      {
        type: ComponentType.Button as const,
        style: ButtonStyle.Danger as const,
        custom_id: ADMIN_IDS.unlink,
        label: t.admin.unlink,
      },
    ],
  };
}
