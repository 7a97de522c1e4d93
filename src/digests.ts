/**
 * Scheduled digests (hosted mode): each server's admins choose a channel, a schedule (daily, or
 * weekly on a day) at an hour of the server's report time zone, and which reports (time on duty,
 * quota results, who is on leave); Rollcall posts them there.
 *
 * The scheduler runs in every bot process: at start and every minute it finds each digest's latest
 * scheduled instant; when that instant is due (and not older than the digest's settings), the
 * process first checks it may post in the channel (View Channel, Send Messages, Embed Links;
 * lacking one, the problem is recorded for the admins' settings view and nothing is claimed), then
 * claims the run in the store (a row keyed by server and instant: of several processes exactly one
 * gets it) and posts. A run missed while no process ran is posted once at the next start: only the
 * latest missed instant, never an earlier one, and never twice.
 *
 * The reports are the report commands' own views (fetch and render), so a digest reads the paced
 * snapshot like any report, never spending beyond the allowance, and its footers say how old the
 * data is.
 */
import {
  type APIEmbed,
  type Client,
  embedLength,
  PermissionFlagsBits,
  type PermissionResolvable,
} from 'discord.js';
import { loaActiveView } from '../commands/loa.js';
import { quotaCheckView } from '../commands/quota.js';
import { joinArg } from '../commands/report-data.js';
import { shiftTotalsView } from '../commands/shift.js';
import { cutPage } from './api/pages.js';
import { type ListView, PAGE_SIZE } from './discord/paging/views.js';
import { MESSAGES, NO_MENTIONS, UserError } from './discord/replies.js';
import type { TenantResolver } from './discord/router.js';
import type { Logger } from './log.js';
import {
  DIGEST_REPORTS,
  type DigestReport,
  type DigestSettings,
  digestPeriod,
  latestInstant,
  readDigestSettings,
} from './reports/digest.js';
import type { PeriodKind } from './reports/period.js';
import type { DigestStore } from './store/digests.js';

export { type DigestSettings, latestInstant, readDigestSettings } from './reports/digest.js';

/** The permissions a digest needs in its channel, with the names admins see. */
const NEEDED: Array<[PermissionResolvable, string]> = [
  [PermissionFlagsBits.ViewChannel, 'View Channel'],
  [PermissionFlagsBits.SendMessages, 'Send Messages'],
  [PermissionFlagsBits.EmbedLinks, 'Embed Links'],
];

export interface DigestPoster {
  /** A problem that keeps the digest from being posted in its channel (one sentence), or undefined. */
  check(guildId: string, settings: DigestSettings): Promise<string | undefined>;
  /** Post the digest; throws a UserError (its message for the admins) when it cannot. */
  post(guildId: string, settings: DigestSettings): Promise<void>;
}

/** Posts digests with the bot's client, reading each server's reports through its tenant. */
export function discordPoster(client: Client, tenant: TenantResolver): DigestPoster {
  async function channelOf(settings: DigestSettings) {
    return (
      client.channels.cache.get(settings.channelId) ??
      client.channels.fetch(settings.channelId).catch(() => null)
    );
  }
  return {
    async check(guildId, settings) {
      const channel = await channelOf(settings);
      if (!channel || channel.isDMBased() || channel.guildId !== guildId || !channel.isSendable())
        return MESSAGES.digestNoChannel(settings.channelId);
      const member = channel.guild.members.me ?? (await channel.guild.members.fetchMe().catch(() => null));
      const me = member ? channel.permissionsFor(member) : null;
      const missing = NEEDED.filter(([bit]) => !me?.has(bit)).map(([, name]) => name);
      return missing.length > 0 ? MESSAGES.digestMissing(settings.channelId, missing) : undefined;
    },
    async post(guildId, settings) {
      const resolved = await tenant(guildId);
      if (typeof resolved === 'string') throw new UserError(resolved);
      const period = digestPeriod(settings);
      const embeds: APIEmbed[] = [];
      for (const report of DIGEST_REPORTS) {
        if (!settings.reports.includes(report)) continue;
        const [view, arg] = viewOf(report, period);
        const fetched = await view.fetch(resolved.resources, arg, { page: 1, limit: PAGE_SIZE }, {});
        const { items, info } = cutPage(fetched.data, 1, PAGE_SIZE);
        embeds.push(view.render(items, info, fetched, arg, undefined));
      }
      const channel = await channelOf(settings);
      if (!channel?.isSendable()) throw new UserError(MESSAGES.digestNoChannel(settings.channelId));
      // One message while the embeds fit Discord's 6,000 characters per message, else more.
      for (const group of fitting(embeds)) {
        await channel.send({ embeds: group, allowedMentions: NO_MENTIONS });
      }
    },
  };
}

function viewOf(report: DigestReport, period: PeriodKind): [ListView<unknown>, string] {
  switch (report) {
    case 'totals':
      return [shiftTotalsView as ListView<unknown>, joinArg([period, undefined, undefined])];
    case 'quota':
      return [quotaCheckView as ListView<unknown>, period];
    case 'leave':
      return [loaActiveView as ListView<unknown>, ''];
  }
}

const MESSAGE_EMBED_CHARS = 6_000;

function fitting(embeds: APIEmbed[]): APIEmbed[][] {
  const groups: APIEmbed[][] = [];
  let size = Number.POSITIVE_INFINITY;
  for (const embed of embeds) {
    const length = embedLength(embed);
    if (size + length > MESSAGE_EMBED_CHARS) {
      groups.push([]);
      size = 0;
    }
    groups[groups.length - 1]?.push(embed);
    size += length;
  }
  return groups;
}

export interface DigestSchedulerOptions {
  /** The store's digests (undefined until the store is open). */
  digests: () => DigestStore | undefined;
  /** The server's report time zone. */
  timeZone: (guildId: string) => Promise<string>;
  poster: DigestPoster;
  /**
   * Whether this process serves the server (its shard holds it): under several shards each process
   * posts only its own servers' digests, so a process never records another shard's channel as lost.
   */
  owns?: (guildId: string) => boolean;
  logger: Logger;
  now?: () => number;
  /** How often to look for digests due (default a minute). */
  intervalMs?: number;
}

export interface DigestScheduler {
  /** Look for digests due now and post them; resolves with how many this process posted. */
  tick(): Promise<number>;
  /** Tick now and then every interval. */
  start(): void;
  /** Stop ticking; resolves when a tick under way has finished. */
  stop(): Promise<void>;
}

export function createDigestScheduler(options: DigestSchedulerOptions): DigestScheduler {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  /** The instant each server's run was last claimed at (by any process): not tried again. */
  const settled = new Map<string, number>();

  async function one(store: DigestStore, guildId: string, settings: DigestSettings, problem?: string) {
    const instant = latestInstant(settings, await options.timeZone(guildId), now());
    if (instant < settings.since) return false;
    const blocked = await options.poster.check(guildId, settings);
    if (blocked) {
      if (blocked !== problem) await store.setProblem(guildId, blocked);
      return false;
    }
    if (settled.get(guildId) === instant) return false;
    const mine = await store.claim(guildId, instant);
    settled.set(guildId, instant);
    if (!mine) return false;
    try {
      await options.poster.post(guildId, settings);
    } catch (error) {
      const sentence = error instanceof UserError ? error.message : MESSAGES.digestFailed;
      options.logger.warn({ guild: guildId, err: error }, 'a digest was not posted');
      await store.setProblem(guildId, sentence);
      return false;
    }
    if (problem !== undefined) await store.setProblem(guildId, undefined);
    options.logger.info({ guild: guildId, scheduledAt: instant }, 'digest posted');
    return true;
  }

  async function tick(): Promise<number> {
    const store = options.digests();
    if (!store) return 0;
    let posted = 0;
    for (const saved of await store.all()) {
      if (options.owns && !options.owns(saved.guildId)) continue;
      const settings = readDigestSettings(saved.settings);
      if (!settings) continue;
      try {
        if (await one(store, saved.guildId, settings, saved.problem)) posted++;
      } catch (error) {
        options.logger.warn({ guild: saved.guildId, err: error }, 'a digest could not be checked');
      }
    }
    return posted;
  }

  function guarded(): Promise<number> {
    if (running) return running;
    running = tick()
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, 'looking for digests due failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    tick: guarded,
    start() {
      if (timer) return;
      void guarded();
      timer = setInterval(() => void guarded(), options.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
