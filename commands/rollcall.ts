/**
 * /rollcall: about the bot itself — `help` (every command, built from the registered definitions
 * so it never drifts) and `status` (an API probe that spends no request while a recent answer is saved, cache and request numbers, version, uptime, and which access roles are checked for free).
 */
import { performance } from 'node:perf_hooks';
import { ApplicationCommandOptionType } from 'discord.js';
import type { ApiStats, LimitStatus, Resources } from '../src/api/types.js';
import type { Logger } from '../src/base/log.js';
import { accessRoles, processJournal, serverRolesOf } from '../src/discord/access.js';
import { type Command, defineCommand, publicOption } from '../src/discord/command.js';
import type { Community } from '../src/discord/community.js';
import { errorText } from '../src/discord/replies.js';
import { localize } from '../src/i18n/commands.js';
import type { Words } from '../src/i18n/words.js';
import { renderHelp } from '../src/render/help.js';
import { renderStatus, type StatusReport } from '../src/render/status.js';
import { messageMenus, userMenus } from './user-menus.js';

/** What /rollcall status needs from the process, read at the moment the command runs. */
export interface StatusInfo {
  /** Rollcall's version (package.json, read once at start by the caller). */
  version: string;
  /** The API layer's counters right now (Api.stats()). */
  stats: ApiStats;
  /** When the process started (ms since epoch); defaults to the process start time. */
  startedAt?: number;
  /** Where each limit of API_LIMITS stands (Api.limitStatus); read when status is asked for. */
  limits?: () => Promise<LimitStatus[]>;
  /** Where a setting the roles list shows mistyped (an access or quota role) is warned of. */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * The API probe: the first page of roles, timed. It goes through the cache like any read (roles are
 * kept for CACHE_TTL_STABLE_SECONDS and every role picker reads the same page), so asking for the
 * status spends no request of the community's monthly allowance while a recent answer is saved; the
 * report then says how old that answer is. A problem is said in the reader's words `t`.
 */
async function probeApi(resources: Resources, t: Words): Promise<StatusReport['probe']> {
  const started = performance.now();
  try {
    const fetched = await resources.listRoles({ page: 1, limit: 1 });
    const roundTripMs = performance.now() - started;
    // Saved data served instead of a fresh answer means the API did not answer.
    if (fetched.stale) return { ok: false, roundTripMs, problem: t.sentences.unavailable };
    return fetched.fromCache
      ? { ok: true, roundTripMs, answeredAt: fetched.fetchedAt }
      : { ok: true, roundTripMs };
  } catch (error) {
    return { ok: false, roundTripMs: performance.now() - started, problem: errorText(error)(t) };
  }
}

export const data = defineCommand({
  name: 'rollcall',
  description: 'About Rollcall: its commands and its health',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'help',
      description: 'List every command with an example',
      options: [publicOption],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'status',
      description: 'Check the API connection, cache and the API allowance left',
      options: [publicOption],
    },
  ],
});

/**
 * The /rollcall command. `getCommands` returns every registered command (this one included) at the
 * moment help is asked for; `status` gives the version, start time and the API counters of the
 * community asked about (its allowance).
 */
export function createRollcallCommand(
  getCommands: () => Command[],
  status: (community: Community) => StatusInfo,
  now: () => number = Date.now,
): Command {
  return {
    data,
    views: [],
    // A server's admins can always see Rollcall's status, whatever the access rules.
    openToAdmins: ['status'],
    async execute({ interaction, show }) {
      const sub = interaction.options.getSubcommand(true);
      if (sub === 'help') {
        const t = show.t;
        // Menu names as the reader's client shows them (their localizations), else English.
        const named = (menu: {
          name: string;
          name_localizations?: Partial<Record<string, string | null>> | null;
        }) => menu.name_localizations?.[t.f.locale] ?? menu.name;
        const menus = localize(userMenus.map((menu) => menu.data)).map(named);
        const messageCommands = localize(messageMenus.map((menu) => menu.data)).map(named);
        const definitions = localize(getCommands().map((c) => c.data));
        return {
          content: '',
          embeds: [renderHelp(definitions, menus, messageCommands, t)],
          components: [],
        };
      }
      const probe = await probeApi(show.community.resources, show.t);
      const info = status(show.community);
      const limits = await info.limits?.().catch(() => undefined);
      // The access rules, and the roles list the guard uses, read again now (as the pace allows), so
      // a link changed since counts from this answer on (one saved list for every reader).
      const rules = show.community.access;
      const access = rules
        ? await accessRoles({
            resources: show.community.resources,
            roleIds: rules.roleIds,
            serverRoles: serverRolesOf(interaction) ?? new Set(),
            guildId: interaction.guildId,
            purpose: rules.roleIds.length > 0 ? 'refresh' : 'ask',
            settingNames: rules.settingNames,
            ...(rules.quotaRoles ? { quotaRoles: rules.quotaRoles } : {}),
            ...(info.logger ? { logger: info.logger } : {}),
            now,
          })
        : undefined;
      const at = now();
      const startedAt = info.startedAt ?? at - process.uptime() * 1000;
      const embed = renderStatus(
        {
          probe,
          stats: info.stats,
          version: info.version,
          ...(limits ? { limits } : {}),
          ...(rules && access
            ? { access, rules, refusals: processJournal.recent(interaction.guildId ?? '') }
            : {}),
          uptimeSeconds: Math.max(0, (at - startedAt) / 1000),
          now: at,
        },
        show.t,
      );
      return { content: '', embeds: [embed], components: [] };
    },
  };
}
