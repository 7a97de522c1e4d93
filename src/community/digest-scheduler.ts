/**
 * Scheduled digests (docs/reports.md): the poster (the report commands' own views, read from the paced
 * snapshot in a wait context whose purpose is `digest`), the scheduler (each due digest on its own,
 * in its token's turn, under its deadline: one community's slow or held API delays no other's), and
 * single-community mode's one digest from the environment (`environmentDigest`).
 */
import {
  type APIEmbed,
  type Client,
  DiscordAPIError,
  embedLength,
  RESTJSONErrorCodes,
  type SendableChannels,
} from 'discord.js';
import { quotaCheckView } from '../../commands/quota.js';
import { joinArg, reportInput } from '../../commands/report-data.js';
import { shiftTotalsView } from '../../commands/shift.js';
import { untilAborted, within } from '../api/abort.js';
import { cutPage } from '../api/pages.js';
import { type WaitContext, withWait } from '../api/wait.js';
import type { Logger } from '../base/log.js';
import { audienceWords } from '../discord/alerts.js';
import type { CommunityOf } from '../discord/community.js';
import { peopleOf, withChartPayload } from '../discord/paging/show.js';
import { type ListView, PAGE_SIZE } from '../discord/paging/views.js';
import { MESSAGES, NO_MENTIONS, type Payload, say, UserError } from '../discord/replies.js';
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
} from '../reports/digest.js';
import {
  createDigestPlaces,
  type DigestPlaces,
  type DigestTimer,
  type DigestTurn,
  realTimer,
} from '../reports/digest-places.js';
import type { PeriodKind } from '../reports/period.js';
import type { DigestStore, DueCursor, SavedDigest } from '../store/digests.js';
import { ChannelPoster, type ChannelProblems, type PostSchedulerOptions, Rounds } from './channel-post.js';
import { digestChart } from './digest-chart.js';
import { environmentChannel } from './environment-channel.js';
import { type DigestEmbed, digestLeaveEmbeds } from './reminder-scheduler.js';

export {
  compressedInstant,
  type DigestSettings,
  digestHorizonMs,
  digestTickMs,
  latestInstant,
  nextInstant,
  readDigestSettings,
} from '../reports/digest.js';

const PROBLEMS: ChannelProblems = { noChannel: MESSAGES.digestNoChannel, missing: MESSAGES.digestMissing };

export interface DigestPoster {
  /** A problem that keeps the digest from being posted in its channel (one sentence), or undefined. */
  check(guildId: string, settings: DigestSettings): Promise<string | undefined>;
  /**
   * Post the digest; throws a UserError (its message for the admins) when it cannot. `signal` is
   * the digest's deadline: once it aborts, the reads still awaited are abandoned (rejecting with
   * its reason) and nothing more is sent. A chart Discord refuses (the bot lacks Attach Files
   * there) is left out, with a warn line: the digest's text is posted.
   */
  post(guildId: string, settings: DigestSettings, signal?: AbortSignal): Promise<void>;
  /**
   * The token's hash the server reads with (none: not linked...): the digests of servers sharing a
   * token take turns (digest-places.ts); without it, each server takes turns on its own.
   */
  tokenOf?(guildId: string): Promise<string | undefined>;
}

/** Whether Discord refused a message for a permission the bot lacks (403, 50013 Missing Permissions). */
function missingPermissions(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError &&
    error.status === 403 &&
    error.code === RESTJSONErrorCodes.MissingPermissions
  );
}

/**
 * Send the digest's messages; the chart goes in the first. A first message Discord refuses for a
 * missing permission while it carries the chart (the bot may send embeds there, checked before: so
 * Attach Files) is sent again with `plain`, the first embed without its picture: the digest's text
 * is not lost for its chart.
 */
async function sendDigest(
  channel: SendableChannels,
  groups: APIEmbed[][],
  chart: { files: NonNullable<Payload['files']>; plain: APIEmbed | undefined },
  signal: AbortSignal,
): Promise<{ withoutChart: boolean }> {
  let withoutChart = false;
  for (const [i, group] of groups.entries()) {
    signal.throwIfAborted();
    const files = i === 0 ? chart.files : [];
    try {
      await channel.send({ embeds: group, files, allowedMentions: NO_MENTIONS });
    } catch (error) {
      if (files.length === 0 || !chart.plain || !missingPermissions(error)) throw error;
      signal.throwIfAborted();
      await channel.send({ embeds: [chart.plain, ...group.slice(1)], allowedMentions: NO_MENTIONS });
      withoutChart = true;
    }
  }
  return { withoutChart };
}

/**
 * Posts digests with the bot's client, reading each server's reports through its community; a digest
 * posted without its chart is said in one warn line to `logger`.
 */
export function discordPoster(client: Client, communityOf: CommunityOf, logger: Logger): DigestPoster {
  const channels = new ChannelPoster(client);
  return {
    async tokenOf(guildId) {
      return (await communityOf(guildId).catch(() => undefined))?.key;
    },
    check: (guildId, settings) => channels.problem(guildId, settings.channelId, 'digest', PROBLEMS),
    async post(guildId, settings, signal = new AbortController().signal) {
      // A server refused (not linked, token rejected...) throws the UserError saying why.
      const community = await untilAborted(communityOf(guildId), signal);
      const period = digestPeriod(settings);
      // The language the admins chose for the digest, if any (a failed read: the server's own).
      const chosen = community.reports?.settings().catch(() => undefined);
      const language = (await untilAborted(Promise.resolve(chosen), signal))?.language;
      // Each report read now, rendered once the channel (and so the server's language) is known.
      const reads: DigestEmbed[] = [];
      // Shaped while the reports are read; a chart that cannot be shaped leaves the digest without it.
      const chart = untilAborted(digestChart(community), signal).catch(() => undefined);
      for (const report of DIGEST_REPORTS) {
        if (!settings.reports.includes(report)) continue;
        // Who is on leave now, who comes back and who goes this week: three sections, no one twice.
        if (report === 'leave') {
          const input = await untilAborted(reportInput(community, { purpose: 'ask' }), signal);
          reads.push(...(await untilAborted(digestLeaveEmbeds(community, input), signal)));
          continue;
        }
        const [view, arg, command] = viewOf(report, period);
        // Past the deadline the digest stops waiting here, and its requests end where they are (the
        // scheduler's wait context carries the signal to the API layer): a snapshot refresh the
        // digest started then serves the pages saved to any report sharing it; one it joined (a
        // moderator's) goes on, unheeded.
        const fetched = await untilAborted(
          view.fetch(community, arg, { page: 1, limit: PAGE_SIZE }, { purpose: 'ask' }),
          signal,
        );
        const { items, info } = cutPage(fetched.data, 1, PAGE_SIZE);
        const people = await untilAborted(peopleOf(community, items, view.people), signal);
        // A post cannot be paged: its footer names the command that shows every row. A shift report's
        // footer counts the shifts left out already (its facts), those of the chart it may carry too.
        reads.push((t) =>
          view.render({
            items,
            info,
            source: { ...fetched, people, t, post: command },
            arg,
            context: undefined,
          }),
        );
      }
      const { channelId } = settings;
      const channel = await untilAborted(
        channels.sendable(channelId, say.digestNoChannel(channelId)),
        signal,
      );
      // Written in the server's language (or the admins' choice), as everything posted to a channel.
      const t = audienceWords(channel.isDMBased() ? undefined : channel.guild, language);
      const embeds = reads.map((render) => render(t));
      // The chart is the first embed's picture, in the first message.
      const drawing = await chart;
      const plain = embeds[0];
      let files: NonNullable<Payload['files']> = [];
      if (drawing && reads[0]) {
        const picture = await untilAborted(drawing.draw(t), signal);
        // The embed carrying the picture says the shifts its time on duty left out (a shift
        // report's footer says so already); sent without it (`plain`), it says what it shows.
        const carrier = reads[0](t, 'file' in picture ? drawing.shiftsLeftOut : undefined);
        const drawn = withChartPayload(carrier, picture);
        [embeds[0]] = drawn.embeds;
        files = drawn.files;
      }
      // One message while the embeds fit Discord's 6,000 characters per message, else more; none
      // once the deadline passed (the run is then recorded as not posted).
      const sent = await sendDigest(channel, fitting(embeds), { files, plain }, signal);
      if (sent.withoutChart)
        logger.warn(
          { guild: guildId, channel: channelId, missing: ['Attach Files'] },
          'a digest was posted without its chart: Discord refused the picture (Rollcall lacks Attach Files in its channel)',
        );
    },
  };
}

/** A report's view, its argument, and the command that shows it whole. */
function viewOf(
  report: Exclude<DigestReport, 'leave'>,
  period: PeriodKind,
): [ListView<unknown>, string, string] {
  switch (report) {
    case 'totals':
      return [shiftTotalsView as ListView<unknown>, joinArg([period, undefined, undefined]), '/shift totals'];
    case 'quota':
      return [quotaCheckView as ListView<unknown>, period, '/quota check'];
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

/**
 * Digests one process runs at once, by token (digest-places.ts): a token whose API is held or does
 * not answer occupies at most one of them, and gives it back while it waits.
 */
const DIGEST_CONCURRENCY = 4;

/**
 * How long one digest may take (ms) before it is abandoned and recorded as not posted: long enough
 * to wait out an API's Retry-After of a few minutes, short enough that a read that never answers
 * ends. Its turn (and its token's other servers behind it) waits that long at most.
 */
const DIGEST_DEADLINE_MS = 10 * 60_000;

/**
 * How long a digest keeps its place (ms) before it gives it back and finishes in its token's turn
 * (one waiting for its token's limits gives it back at once): a read that does not answer holds
 * a place no longer than this. At most the interval between rounds (a compressed minute).
 */
const DIGEST_PATIENCE_MS = 15_000;

/** Due digests one query of a round asks the store for; when there are more, the round asks again after them. */
const DUE_BATCH = 100;

/**
 * Queries one round makes at most (DUE_BATCH each): a round starts every digest due up to this many
 * batches at once, however many servers have one; beyond them, the next round goes on after the last.
 */
const ROUND_BATCHES = 100;

/** How long finding a server's token may take before its digest takes turns on its own (ms). */
const TOKEN_LOOKUP_MS = 5_000;

/**
 * Token lookups a process runs at once (each is the server's credential, settings and limits from
 * the store): a round of 417 due digests started 1,251 queries at once, and every other lookup,
 * a moderator's with its 2 s bound among them, waited behind them in the store's pool.
 */
export const TOKEN_LOOKUPS = 8;

/** Why a digest was abandoned: it ran past its deadline. */
class DigestDeadlineError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`the digest took longer than ${deadlineMs} ms`);
    this.name = 'DigestDeadlineError';
  }
}

export interface DigestSchedulerOptions extends PostSchedulerOptions {
  /** The store's digests (undefined until the store is open). */
  digests: () => DigestStore | undefined | Promise<DigestStore | undefined>;
  /** The server's report time zone. */
  timeZone: (guildId: string) => Promise<string>;
  poster: DigestPoster;
  /** API_MONTH_SECONDS: over 0, the schedule follows the compressed calendar (compressedInstant). */
  monthSeconds?: number;
  /** Digests run at once, by token (default DIGEST_CONCURRENCY). */
  concurrency?: number;
  /** How long one digest may take before it is abandoned (default DIGEST_DEADLINE_MS). */
  deadlineMs?: number;
  /** How long a digest keeps its place (default DIGEST_PATIENCE_MS, at most the interval). */
  patienceMs?: number;
}

export interface DigestScheduler {
  /**
   * Look for digests due now and run them; resolves, once they have finished (each within its
   * deadline), with how many of them were posted (by this round, or by one already under way).
   */
  tick(): Promise<number>;
  /** Tick now and then every interval (a round never waits for the digests of the one before). */
  start(): void;
  /** Stop ticking and drop the digests waiting for a turn; resolves when those under way have finished. */
  stop(): Promise<void>;
}

/** What every digest of one scheduler runs with. */
interface Run {
  options: DigestSchedulerOptions;
  now: () => number;
  timer: DigestTimer;
  monthSeconds: number;
  every: number;
  deadlineMs: number;
  patienceMs: number;
  /** Runs a token lookup when one of the TOKEN_LOOKUPS is free; skips it once stopped. */
  lookup: (guildId: string) => Promise<string>;
}

/** How far a digest got: past its claim (its run is settled), past its post. */
interface Progress {
  claimed: boolean;
  posted: boolean;
}

/**
 * Look at one due digest and post it when its instant is due: the permissions, the gap since the
 * last run, the claim, the post. False when nothing was posted (never for the deadline: `inTurn`).
 */
async function lookAt(
  run: Run,
  store: DigestStore,
  saved: SavedDigest,
  settings: DigestSettings,
  signal: AbortSignal,
  progress: Progress,
): Promise<boolean> {
  const { options, monthSeconds } = run;
  const guildId = saved.guildId;
  const zone = await untilAborted(options.timeZone(guildId), signal);
  const at = run.now();
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
    await store.schedule(guildId, Math.min(next, at + run.every));
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
  progress.claimed = true;
  try {
    await options.poster.post(guildId, settings, signal);
  } catch (error) {
    // Cut at its deadline: `inTurn` records it, once, before the turn ends.
    if (signal.aborted) return false;
    options.logger.warn({ guild: guildId, err: error }, 'a digest was not posted');
    await store.setProblem(guildId, error instanceof UserError ? error.message : MESSAGES.digestFailed);
    return false;
  }
  progress.posted = true;
  if (saved.problem !== undefined) await store.setProblem(guildId, undefined);
  options.logger.info({ guild: guildId, scheduledAt: instant }, 'digest posted');
  return true;
}

/**
 * A digest in its token's turn, under its deadline (cutting its reads short down to the API's
 * requests). Its place is given back as soon as a request waits for the token's limits, or at the
 * patience; one abandoned at its deadline is recorded as not posted before the turn ends, so
 * whoever looks next sees why.
 */
async function inTurn(
  run: Run,
  turn: DigestTurn,
  store: DigestStore,
  saved: SavedDigest,
  settings: DigestSettings,
): Promise<boolean> {
  const { deadlineMs } = run;
  const { logger } = run.options;
  const deadline = new AbortController();
  const cancelDeadline = run.timer.after(deadlineMs, () =>
    deadline.abort(new DigestDeadlineError(deadlineMs)),
  );
  const cancelPatience = run.timer.after(run.patienceMs, () => turn.release());
  const progress: Progress = { claimed: false, posted: false };
  // Every request the digest's work makes is counted under the purpose `digest`, and ends at its deadline.
  const context: WaitContext = {
    who: 'digest',
    purpose: 'digest',
    signal: deadline.signal,
    onWait: (position) => {
      if (position > 0) turn.release();
    },
  };
  try {
    const work = () => lookAt(run, store, saved, settings, deadline.signal, progress);
    return await untilAborted(withWait(context, work), deadline.signal);
  } catch (error) {
    if (!(error instanceof DigestDeadlineError)) throw error;
    logger.warn({ guild: saved.guildId, deadlineMs }, 'a digest was abandoned at its deadline');
    if (progress.posted) return true;
    if (progress.claimed) await store.setProblem(saved.guildId, MESSAGES.digestFailed);
    return false;
  } finally {
    cancelDeadline();
    cancelPatience();
    turn.end();
  }
}

/** The token a server's digest reads with, as its turns' key; the server itself when none is known. */
async function tokenOf(run: Run, guildId: string): Promise<string> {
  const lookup = run.options.poster.tokenOf?.(guildId).catch(() => undefined);
  const token = lookup && (await within(lookup, TOKEN_LOOKUP_MS, () => undefined));
  return token === undefined ? `server:${guildId}` : `token:${token}`;
}

/** One due digest: its token's turn, then the digest in it; false when not posted (never rejects). */
async function runDigest(run: Run, places: DigestPlaces, store: DigestStore, saved: SavedDigest) {
  try {
    const settings = readDigestSettings(saved.settings);
    if (!settings) {
      // Settings this version cannot read are not looked at again until saved anew (or a day on).
      await store.schedule(saved.guildId, run.now() + 86_400_000);
      return false;
    }
    const turn = await places.take(await run.lookup(saved.guildId));
    if (!turn) return false; // stopped first
    return await inTurn(run, turn, store, saved, settings);
  } catch (error) {
    run.options.logger.warn({ guild: saved.guildId, err: error }, 'a digest could not be checked');
    return false;
  }
}

/**
 * The scheduler: a round starts every digest due and does not wait for them, so a community whose
 * reads hang or wait out a long Retry-After delays nobody else's digest.
 */
export function createDigestScheduler(options: DigestSchedulerOptions): DigestScheduler {
  const monthSeconds = options.monthSeconds ?? 0;
  const every = options.intervalMs ?? digestTickMs(monthSeconds);
  let lookups = 0;
  const waiting: Array<() => void> = [];
  const run: Run = {
    options,
    now: options.now ?? Date.now,
    timer: options.timer ?? realTimer,
    monthSeconds,
    every,
    deadlineMs: options.deadlineMs ?? DIGEST_DEADLINE_MS,
    patienceMs: options.patienceMs ?? Math.min(DIGEST_PATIENCE_MS, every),
    async lookup(guildId) {
      if (lookups < TOKEN_LOOKUPS) lookups++;
      else await new Promise<void>((resolve) => waiting.push(resolve)); // handed its place
      try {
        return rounds.stopped ? `server:${guildId}` : await tokenOf(run, guildId);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else lookups--;
      }
    },
  };
  const places = createDigestPlaces(options.concurrency ?? DIGEST_CONCURRENCY);
  const batch = Math.max(1, options.batch ?? DUE_BATCH);
  /** Where the last full round ended: the next one goes on after it. */
  let cursor: DueCursor | undefined;
  /** Each server's digest waiting for a turn or running, by server id: never two at once. */
  const inFlight = new Map<string, Promise<boolean>>();

  /**
   * One round: the digests due, then each started unless already under way; their outcomes. Every
   * batch is read before any digest starts, so the round's queries do not wait behind the digests'
   * own (a SQLite store answers one statement at a time).
   */
  async function round(): Promise<Array<Promise<boolean>>> {
    const store = await options.digests();
    if (!store || rounds.stopped) return [];
    const now = run.now();
    const due = new Map<string, SavedDigest>();
    for (let batches = 0; batches < ROUND_BATCHES && !rounds.stopped; batches++) {
      const rows = await store.due({
        now,
        horizonMs: digestHorizonMs(monthSeconds),
        limit: batch,
        after: cursor,
      });
      const last = rows.at(-1);
      cursor = rows.length >= batch && last ? { nextAt: last.nextAt, guildId: last.guildId } : undefined;
      const before = due.size;
      for (const saved of rows) if (!due.has(saved.guildId)) due.set(saved.guildId, saved);
      // The last batch, or a store that answered nothing new (it pages no further).
      if (!cursor || due.size === before) break;
    }
    const outcomes: Array<Promise<boolean>> = [];
    for (const saved of due.values()) {
      if (rounds.stopped) break;
      if (options.owns && !options.owns(saved.guildId)) continue;
      let outcome = inFlight.get(saved.guildId);
      if (!outcome) {
        const started = runDigest(run, places, store, saved);
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

  const none: Array<Promise<boolean>> = [];
  const rounds = new Rounds(round, {
    logger: options.logger,
    message: 'looking for digests due failed',
    none,
  });

  return {
    async tick() {
      const outcomes = await Promise.all(await rounds.run());
      return outcomes.filter(Boolean).length;
    },
    start: () => rounds.start(run.timer, every),
    async stop() {
      const looking = rounds.stop();
      places.close();
      await looking;
      await Promise.all(inFlight.values());
    },
  };
}

/** The environment's digest (single-community mode): DIGEST_CHANNEL_ID, DIGEST_SCHEDULE, DIGEST_REPORTS. */
export type EnvironmentDigestSettings = Omit<DigestSettings, 'since'>;

interface EnvironmentDigestOptions {
  settings: EnvironmentDigestSettings;
  /** DISCORD_GUILD_ID: the channel's server must be one of them. */
  guildIds: readonly string[];
  /** The channel's server, or undefined when the bot cannot see the channel (or it is not a server's). */
  guildOf(channelId: string): Promise<string | null | undefined>;
  logger: Logger;
  now?: () => number;
}

/**
 * Single-community mode's digest as the scheduler's store, its runs claimed in the real store. The
 * settings are saved there only to keep when they were first seen (their `since`): a restart with
 * the same settings posts a missed run, a change starts afresh. Problems go to the log
 * (environment-channel.ts).
 */
export function environmentDigest(options: EnvironmentDigestOptions): (store: DigestStore) => DigestStore {
  const now = options.now ?? Date.now;
  const { settings } = options;
  const channel = environmentChannel({
    setting: 'DIGEST_CHANNEL_ID',
    what: 'the digest',
    none: 'no digest',
    channelId: settings.channelId,
    guildIds: options.guildIds,
    guildOf: options.guildOf,
    notFound: MESSAGES.digestNoChannel(settings.channelId),
    logger: options.logger,
  });
  let since: number | undefined;

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

  let looked = false;

  return (store) => ({
    get: (guild) => store.get(guild),
    save: (guild, value) => store.save(guild, value),
    schedule: (guild, at) => store.schedule(guild, at),
    remove: (guild) => store.remove(guild),
    claim: (guild, at) => store.claim(guild, at),
    lastRun: (guild) => store.lastRun(guild),
    async due({ now: at, horizonMs }) {
      const guild = await channel.guild();
      if (guild === undefined) return [];
      const since = await sinceOf(store, guild);
      const nextAt = (await store.get(guild))?.nextAt ?? 0;
      // The first round after a start looks whatever `next_at` says: REPORTS_TIME_ZONE (which the
      // stored instant was worked out in) may have changed with the restart.
      const due = !looked || nextAt <= at || nextAt > at + horizonMs;
      looked = true;
      return due
        ? [{ guildId: guild, settings: { ...settings, since }, problem: channel.problem(), nextAt }]
        : [];
    },
    async setProblem(_guild, next) {
      channel.report(next);
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
