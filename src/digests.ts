/**
 * Scheduled digests: a channel, a schedule (daily, or weekly on a day) at an hour of the report time
 * zone, and which reports (time on duty, quota results, who is on leave); Rollcall posts them there.
 * Hosted mode: each server's admins choose theirs (/rollcall-admin reports), kept in the store.
 * Single-community mode: the environment sets one (DIGEST_CHANNEL_ID, DIGEST_SCHEDULE,
 * DIGEST_REPORTS; `environmentDigest`), posted in the channel's server, one of DISCORD_GUILD_ID.
 *
 * The scheduler runs in every bot process: at start and every minute it finds each digest's latest
 * scheduled instant; when that instant is due (and not older than the digest's settings), the
 * process first checks it may post in the channel (View Channel, Send Messages, Embed Links;
 * lacking one, the problem is recorded for the admins' settings view, or in single-community mode
 * logged once, and nothing is claimed), then claims the run in the store (a row keyed by server and
 * instant: of several processes exactly one gets it) and posts. A run missed while no process ran
 * is posted once at the next start: only the latest missed instant, never an earlier one, and never
 * twice. With API_MONTH_SECONDS the schedule follows the compressed calendar (compressedInstant).
 *
 * The reports are the report commands' own views (fetch and render), so a digest reads the paced
 * snapshot like any report, never spending beyond the allowance, and its footers say how old the
 * data is. Its work runs in a wait context whose purpose is `digest` (the requests metric's label).
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
import { withWait } from './api/wait.js';
import { type ListView, PAGE_SIZE } from './discord/paging/views.js';
import { MESSAGES, NO_MENTIONS, UserError } from './discord/replies.js';
import type { TenantResolver } from './discord/router.js';
import type { Logger } from './log.js';
import {
  DIGEST_REPORTS,
  type DigestReport,
  type DigestSettings,
  digestGapMs,
  digestPeriod,
  digestTickMs,
  latestInstant,
  readDigestSettings,
} from './reports/digest.js';
import type { PeriodKind } from './reports/period.js';
import type { DigestStore } from './store/digests.js';

export {
  compressedInstant,
  type DigestSettings,
  digestTickMs,
  latestInstant,
  readDigestSettings,
} from './reports/digest.js';

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
  digests: () => DigestStore | undefined | Promise<DigestStore | undefined>;
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
  /** API_MONTH_SECONDS: over 0, the schedule follows the compressed calendar (compressedInstant). */
  monthSeconds?: number;
  /** How often to look for digests due (default a minute, or a compressed minute: digestTickMs). */
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
    const instant = latestInstant(settings, await options.timeZone(guildId), now(), options.monthSeconds);
    if (instant < settings.since) return false;
    const blocked = await options.poster.check(guildId, settings);
    if (blocked) {
      if (blocked !== problem) await store.setProblem(guildId, blocked);
      return false;
    }
    if (settled.get(guildId) === instant) return false;
    // At most one digest per half its cadence: a schedule moved (another hour, day or time zone)
    // must not post a second digest of the same day or week.
    const last = await store.lastRun(guildId);
    if (last !== undefined && instant < last + digestGapMs(settings, options.monthSeconds)) {
      settled.set(guildId, instant);
      return false;
    }
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
    const store = await options.digests();
    if (!store) return 0;
    let posted = 0;
    for (const saved of await store.all()) {
      if (options.owns && !options.owns(saved.guildId)) continue;
      const settings = readDigestSettings(saved.settings);
      if (!settings) continue;
      try {
        // Every request the digest's work makes is counted under the purpose `digest`.
        const work = () => one(store, saved.guildId, settings, saved.problem);
        if (await withWait({ who: 'digest', onWait: () => undefined, purpose: 'digest' }, work)) posted++;
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
      const every = options.intervalMs ?? digestTickMs(options.monthSeconds ?? 0);
      timer = setInterval(() => void guarded(), every);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** The operator's log line (not a reply) for a DIGEST_CHANNEL_ID in a server API_TOKEN does not serve. */
const OUTSIDE_GUILDS =
  "DIGEST_CHANNEL_ID is a channel of a server not in DISCORD_GUILD_ID; no digest is posted until it names a channel of one of DISCORD_GUILD_ID's servers";

/** How long a DIGEST_CHANNEL_ID not found (or outside DISCORD_GUILD_ID) is left before it is looked for again. */
const LOOK_AGAIN_MS = 60_000;

/** The environment's digest (single-community mode): DIGEST_CHANNEL_ID, DIGEST_SCHEDULE, DIGEST_REPORTS. */
export type EnvironmentDigestSettings = Omit<DigestSettings, 'since'>;

export interface EnvironmentDigestOptions {
  settings: EnvironmentDigestSettings;
  /** DISCORD_GUILD_ID: the channel's server must be one of them. */
  guildIds: readonly string[];
  /** The channel's server, or undefined when the bot cannot see the channel (or it is not a server's). */
  guildOf(channelId: string): Promise<string | null | undefined>;
  logger: Logger;
  now?: () => number;
}

/**
 * Single-community mode's digest as the scheduler's store: one digest, the environment's, in the
 * channel's server; its runs claimed in the real store (`store`), so of several processes exactly
 * one posts each. The settings are saved there too, only to keep when they were first seen (their
 * `since`): a restart with the same settings posts a missed run, a change starts afresh. Nobody
 * sees a problem in this mode but the operator, so each problem is one warn line (one per problem,
 * until it changes), and a channel outside DISCORD_GUILD_ID's servers an error line.
 */
export function environmentDigest(options: EnvironmentDigestOptions): (store: DigestStore) => DigestStore {
  const now = options.now ?? Date.now;
  const { settings, logger } = options;
  const channel = settings.channelId;
  let guildId: string | undefined;
  let since: number | undefined;
  let problem: string | undefined;

  function report(next: string | undefined, level: 'warn' | 'error' = 'warn') {
    if (next === problem) return;
    problem = next;
    if (next === undefined) logger.info({ channel }, 'the digest (DIGEST_CHANNEL_ID) can be posted again');
    else logger[level]({ channel, problem: next }, 'the digest (DIGEST_CHANNEL_ID) cannot be posted');
  }

  /** When the channel was last looked for in vain (real time: Discord is asked at most once a minute). */
  let missedAt = Number.NEGATIVE_INFINITY;

  async function resolveGuild(): Promise<string | undefined> {
    if (guildId !== undefined) return guildId;
    if (Date.now() - missedAt < LOOK_AGAIN_MS) return undefined;
    missedAt = Date.now();
    const found = await options.guildOf(channel);
    if (!found) {
      report(MESSAGES.digestNoChannel(channel));
      return undefined;
    }
    if (!options.guildIds.includes(found)) {
      report(OUTSIDE_GUILDS, 'error');
      return undefined;
    }
    guildId = found;
    missedAt = Number.NEGATIVE_INFINITY;
    return found;
  }

  /** When these settings were first seen (saved in the store, shared by every process). */
  async function sinceOf(store: DigestStore, guild: string): Promise<number> {
    if (since !== undefined && since <= now()) return since;
    const saved = readDigestSettings((await store.get(guild))?.settings);
    // A time still to come was seen by a clock running ahead (wrong at boot, set right since): kept,
    // it would keep every run until then from being posted. The settings are seen afresh now.
    if (saved && sameDigest(saved, settings) && saved.since <= now()) since = saved.since;
    else {
      await store.save(guild, { ...settings, since: now() });
      // Another process may have saved the same a moment before: every process keeps the stored one.
      since = readDigestSettings((await store.get(guild))?.settings)?.since ?? now();
    }
    return since;
  }

  return (store) => ({
    get: (guild) => store.get(guild),
    save: (guild, value) => store.save(guild, value),
    remove: (guild) => store.remove(guild),
    claim: (guild, at) => store.claim(guild, at),
    lastRun: (guild) => store.lastRun(guild),
    async all() {
      const guild = await resolveGuild();
      if (guild === undefined) return [];
      return [{ guildId: guild, settings: { ...settings, since: await sinceOf(store, guild) }, problem }];
    },
    async setProblem(_guild, next) {
      report(next);
    },
  });
}

/** Whether two digests' settings are the same (when they were saved aside). */
function sameDigest(a: EnvironmentDigestSettings, b: EnvironmentDigestSettings): boolean {
  const key = (d: EnvironmentDigestSettings) =>
    JSON.stringify([
      d.channelId,
      d.cadence,
      d.cadence === 'weekly' ? d.day : '',
      d.hour,
      [...d.reports].sort(),
    ]);
  return key(a) === key(b);
}
