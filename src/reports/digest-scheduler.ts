/**
 * Scheduled digests: a channel, a schedule (daily, or weekly on a day) at an hour of the report time
 * zone, and which reports (time on duty, quota results, who is on leave); Rollcall posts them there.
 * Hosted mode: each server's admins choose theirs (/rollcall-admin reports), kept in the store.
 * Single-community mode: the environment sets one (DIGEST_CHANNEL_ID, DIGEST_SCHEDULE,
 * DIGEST_REPORTS; `environmentDigest`), posted in the channel's server, one of DISCORD_GUILD_ID.
 *
 * The scheduler runs in every bot process: at start and every minute it asks the store for the
 * digests due (one query: each digest keeps when it is next due, `next_at`) and runs each on its own,
 * at most DIGEST_CONCURRENCY at once, each under DIGEST_DEADLINE_MS, so one community's slow or
 * held API delays no other's digest. For each it finds the latest scheduled instant; when that
 * instant is due (and not older than the digest's settings), the
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
import { loaActiveView } from '../../commands/loa.js';
import { quotaCheckView } from '../../commands/quota.js';
import { joinArg } from '../../commands/report-data.js';
import { shiftTotalsView } from '../../commands/shift.js';
import { untilAborted } from '../api/abort.js';
import { cutPage } from '../api/pages.js';
import { withWait } from '../api/wait.js';
import type { CommunityOf } from '../community/community.js';
import { peopleOf } from '../discord/paging/show.js';
import { type ListView, PAGE_SIZE } from '../discord/paging/views.js';
import { MESSAGES, NO_MENTIONS, UserError } from '../discord/replies.js';
import type { Logger } from '../log.js';
import type { DigestStore, DueCursor, SavedDigest } from '../store/digests.js';
import {
  DIGEST_REPORTS,
  type DigestReport,
  type DigestSettings,
  digestGapMs,
  digestHorizonMs,
  digestPeriod,
  digestTickMs,
  latestInstant,
  nextInstant,
  readDigestSettings,
} from './digest.js';
import type { PeriodKind } from './period.js';

export {
  compressedInstant,
  type DigestSettings,
  digestHorizonMs,
  digestTickMs,
  latestInstant,
  nextInstant,
  readDigestSettings,
} from './digest.js';

/** The permissions a digest needs in its channel, with the names admins see. */
const NEEDED: Array<[PermissionResolvable, string]> = [
  [PermissionFlagsBits.ViewChannel, 'View Channel'],
  [PermissionFlagsBits.SendMessages, 'Send Messages'],
  [PermissionFlagsBits.EmbedLinks, 'Embed Links'],
];

export interface DigestPoster {
  /** A problem that keeps the digest from being posted in its channel (one sentence), or undefined. */
  check(guildId: string, settings: DigestSettings): Promise<string | undefined>;
  /**
   * Post the digest; throws a UserError (its message for the admins) when it cannot. `signal` is
   * the digest's deadline: once it aborts, the reads still awaited are abandoned (rejecting with
   * its reason) and nothing more is sent.
   */
  post(guildId: string, settings: DigestSettings, signal?: AbortSignal): Promise<void>;
}

/** Posts digests with the bot's client, reading each server's reports through its community. */
export function discordPoster(client: Client, communityOf: CommunityOf): DigestPoster {
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
    async post(guildId, settings, signal = new AbortController().signal) {
      // A server refused (not linked, token rejected...) throws the UserError saying why.
      const community = await untilAborted(communityOf(guildId), signal);
      const period = digestPeriod(settings);
      const embeds: APIEmbed[] = [];
      for (const report of DIGEST_REPORTS) {
        if (!settings.reports.includes(report)) continue;
        const [view, arg] = viewOf(report, period);
        // A read past the deadline is abandoned here: the snapshot refresh it waits on may be shared
        // with moderators' reports, so it goes on (bounded by API_TIMEOUT_MS and the queue's wait).
        const fetched = await untilAborted(
          view.fetch(community, arg, { page: 1, limit: PAGE_SIZE }, {}),
          signal,
        );
        const { items, info } = cutPage(fetched.data, 1, PAGE_SIZE);
        const people = await untilAborted(peopleOf(community, items, view.people), signal);
        embeds.push(view.render(items, info, { ...fetched, people }, arg, undefined));
      }
      const channel = await untilAborted(channelOf(settings), signal);
      if (!channel?.isSendable()) throw new UserError(MESSAGES.digestNoChannel(settings.channelId));
      // One message while the embeds fit Discord's 6,000 characters per message, else more; none
      // once the deadline passed (the run is then recorded as not posted).
      for (const group of fitting(embeds)) {
        signal.throwIfAborted();
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

/** Digests one process runs at once: a slow or held community occupies one of them, never the others. */
export const DIGEST_CONCURRENCY = 4;

/**
 * How long one digest may take (ms) before it is abandoned and recorded as not posted: long enough
 * to wait out an API's Retry-After of a few minutes, short enough that a read that never answers
 * gives its place back.
 */
export const DIGEST_DEADLINE_MS = 10 * 60_000;

/** Due digests one round asks the store for; when there are more, the next round goes on after them. */
const DUE_BATCH = 100;

/** Why a digest was abandoned: it ran past its deadline. */
export class DigestDeadlineError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`the digest took longer than ${deadlineMs} ms`);
    this.name = 'DigestDeadlineError';
  }
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
  /** Digests run at once (default DIGEST_CONCURRENCY). */
  concurrency?: number;
  /** How long one digest may take before it is abandoned (default DIGEST_DEADLINE_MS). */
  deadlineMs?: number;
  /** Due digests asked for per round (default 100). */
  batch?: number;
}

export interface DigestScheduler {
  /**
   * Look for digests due now and run them; resolves, once they have finished (each within its
   * deadline), with how many of them were posted (by this round, or by one already under way).
   */
  tick(): Promise<number>;
  /** Tick now and then every interval (a round never waits for the digests of the one before). */
  start(): void;
  /** Stop ticking and drop the digests waiting for a place; resolves when those under way have finished. */
  stop(): Promise<void>;
}

/**
 * The scheduler. Each round is one query: the store's digests due (`next_at` reached). Each due
 * digest runs on its own, at most `concurrency` at once, each under its deadline (an AbortSignal
 * its reads and its post are cut short by); a round starts them and does not wait for them, so a
 * community whose reads hang or wait out a long Retry-After delays nobody else's digest. After
 * each look the digest's `next_at` is set to its next instant (or the next round, while its
 * channel cannot be posted in).
 */
export function createDigestScheduler(options: DigestSchedulerOptions): DigestScheduler {
  const now = options.now ?? Date.now;
  const monthSeconds = options.monthSeconds ?? 0;
  const every = options.intervalMs ?? digestTickMs(monthSeconds);
  const concurrency = Math.max(1, options.concurrency ?? DIGEST_CONCURRENCY);
  const deadlineMs = options.deadlineMs ?? DIGEST_DEADLINE_MS;
  const batch = Math.max(1, options.batch ?? DUE_BATCH);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The round under way (the query and starting its digests). */
  let looking: Promise<Array<Promise<boolean>>> | undefined;
  /** Where the last full round ended: the next one goes on after it. */
  let cursor: DueCursor | undefined;
  /** Each server's digest waiting for a place or running, by server id: never two at once. */
  const inFlight = new Map<string, Promise<boolean>>();
  /** Places: how many digests run, and those waiting for one (first come, first served). */
  let running = 0;
  const waiting: Array<(run: boolean) => void> = [];

  /** A place to run in (true), or false when the scheduler stopped first. */
  function place(): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    if (running < concurrency) {
      running++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function leave() {
    const next = waiting.shift();
    if (next) next(true);
    else running--;
  }

  async function one(store: DigestStore, saved: SavedDigest, settings: DigestSettings, signal: AbortSignal) {
    const guildId = saved.guildId;
    const zone = await untilAborted(options.timeZone(guildId), signal);
    const at = now();
    const instant = latestInstant(settings, zone, at, monthSeconds);
    const next = nextInstant(settings, zone, at, monthSeconds);
    if (instant < settings.since) {
      await store.schedule(guildId, next);
      return false;
    }
    const blocked = await untilAborted(options.poster.check(guildId, settings), signal);
    if (blocked) {
      if (blocked !== saved.problem) await store.setProblem(guildId, blocked);
      // Looked at again next round: once the channel can be posted in, the run is posted (late).
      await store.schedule(guildId, Math.min(next, at + every));
      return false;
    }
    // At most one digest per half its cadence: a schedule moved (another hour, day or time zone)
    // must not post a second digest of the same day or week.
    const last = await store.lastRun(guildId);
    if (last !== undefined && instant < last + digestGapMs(settings, monthSeconds)) {
      await store.schedule(guildId, next);
      return false;
    }
    const mine = await store.claim(guildId, instant);
    // Claimed (here or by another process): whatever the post does, this run is settled.
    await store.schedule(guildId, next);
    if (!mine) return false;
    try {
      await options.poster.post(guildId, settings, signal);
    } catch (error) {
      const sentence = error instanceof UserError ? error.message : MESSAGES.digestFailed;
      // Cut at its deadline: said once, by `run`; recorded for the admins here like any failure.
      if (!(error instanceof DigestDeadlineError))
        options.logger.warn({ guild: guildId, err: error }, 'a digest was not posted');
      await store.setProblem(guildId, sentence);
      return false;
    }
    if (saved.problem !== undefined) await store.setProblem(guildId, undefined);
    options.logger.info({ guild: guildId, scheduledAt: instant }, 'digest posted');
    return true;
  }

  /** One digest in its place, under its deadline; false when not posted (never rejects). */
  async function run(store: DigestStore, saved: SavedDigest): Promise<boolean> {
    if (!(await place())) return false;
    const deadline = new AbortController();
    const timeout = setTimeout(() => deadline.abort(new DigestDeadlineError(deadlineMs)), deadlineMs);
    timeout.unref();
    try {
      const settings = readDigestSettings(saved.settings);
      if (!settings) {
        // Settings this version cannot read are not looked at again until saved anew (or a day on).
        await store.schedule(saved.guildId, now() + 86_400_000);
        return false;
      }
      // Every request the digest's work makes is counted under the purpose `digest`. The place is
      // given back at the deadline at the latest, whatever the work still waits for.
      const work = () => one(store, saved, settings, deadline.signal);
      return await untilAborted(
        withWait({ who: 'digest', onWait: () => undefined, purpose: 'digest' }, work),
        deadline.signal,
      );
    } catch (error) {
      if (error instanceof DigestDeadlineError)
        options.logger.warn({ guild: saved.guildId, deadlineMs }, 'a digest was abandoned at its deadline');
      else options.logger.warn({ guild: saved.guildId, err: error }, 'a digest could not be checked');
      return false;
    } finally {
      clearTimeout(timeout);
      leave();
    }
  }

  /** One round: the digests due (one query), each started unless already under way; their outcomes. */
  async function round(): Promise<Array<Promise<boolean>>> {
    const store = await options.digests();
    if (!store || stopped) return [];
    const rows = await store.due({
      now: now(),
      horizonMs: digestHorizonMs(monthSeconds),
      limit: batch,
      after: cursor,
    });
    const last = rows.at(-1);
    cursor = rows.length >= batch && last ? { nextAt: last.nextAt, guildId: last.guildId } : undefined;
    const outcomes: Array<Promise<boolean>> = [];
    for (const saved of rows) {
      if (options.owns && !options.owns(saved.guildId)) continue;
      let outcome = inFlight.get(saved.guildId);
      if (!outcome) {
        const started = run(store, saved);
        outcome = started;
        inFlight.set(saved.guildId, started);
        void started.finally(() => {
          if (inFlight.get(saved.guildId) === started) inFlight.delete(saved.guildId);
        });
      }
      outcomes.push(outcome);
    }
    return outcomes;
  }

  function look(): Promise<Array<Promise<boolean>>> {
    if (looking) return looking;
    looking = round()
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, 'looking for digests due failed');
        return [];
      })
      .finally(() => {
        looking = undefined;
      });
    return looking;
  }

  return {
    async tick() {
      const outcomes = await Promise.all(await look());
      return outcomes.filter(Boolean).length;
    },
    start() {
      if (timer || stopped) return;
      void look();
      timer = setInterval(() => void look(), every);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      for (const waiter of waiting.splice(0)) waiter(false);
      await looking;
      await Promise.all(inFlight.values());
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

  /** Whether this process has looked at the digest yet: its first round does, whatever `next_at` says. */
  let looked = false;

  return (store) => ({
    get: (guild) => store.get(guild),
    save: (guild, value) => store.save(guild, value),
    schedule: (guild, at) => store.schedule(guild, at),
    remove: (guild) => store.remove(guild),
    claim: (guild, at) => store.claim(guild, at),
    lastRun: (guild) => store.lastRun(guild),
    async due({ now: at, horizonMs }) {
      const guild = await resolveGuild();
      if (guild === undefined) return [];
      const since = await sinceOf(store, guild);
      const nextAt = (await store.get(guild))?.nextAt ?? 0;
      // The first round after a start looks whatever `next_at` says: REPORTS_TIME_ZONE (which the
      // stored instant was worked out in) may have changed with the restart.
      const due = !looked || nextAt <= at || nextAt > at + horizonMs;
      looked = true;
      return due ? [{ guildId: guild, settings: { ...settings, since }, problem, nextAt }] : [];
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
