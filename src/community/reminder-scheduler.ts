/**
 * Leave reminders (docs/reports.md): the scheduler, which reads each server's snapshot as saved (no
 * API request, ever) and claims each reminder in the store before posting it; the poster; single-
 * community mode's channel from the environment (`environmentReminders`); and the digests' leave
 * sections. A problem recorded for the admins is kept in English, as it was written.
 */
import { type APIEmbed, type Client, DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { type ReportInput, reportFacts } from '../../commands/report-data.js';
import type { Loa } from '../../generated/api.js';
import { NotSavedError } from '../api/errors.js';
import { withoutRequests } from '../api/wait.js';
import type { Logger } from '../base/log.js';
import { postNeeds } from '../base/permissions.js';
import { audienceWords } from '../discord/alerts.js';
import type { Community, CommunityOf } from '../discord/community.js';
import { peopleOf } from '../discord/paging/show.js';
import { PAGE_SIZE } from '../discord/paging/views.js';
import { UserError } from '../discord/replies.js';
import { ENGLISH, type Words } from '../i18n/words.js';
import { renderReviewQueue } from '../render/loa.js';
import type { People } from '../render/people.js';
import {
  type LeaveAheadKind,
  type ReminderMessage,
  renderLeaveAhead,
  renderReminder,
} from '../render/reminders.js';
import { realTimer } from '../reports/digest-places.js';
import { readStatusCodes } from '../reports/leave.js';
import { digestLeave, remindersDue } from '../reports/reminders.js';
import { reviewQueue } from '../reports/review.js';
import type { ReminderStore, SavedReminders } from '../store/reminders.js';
import { ChannelPoster, type PostSchedulerOptions, Rounds } from './channel-post.js';
import { environmentChannel } from './environment-channel.js';

/**
 * One embed of a digest, rendered in the digest's words; `chartLeftOut`, for the embed carrying the
 * chart, the shifts its time on duty left out (src/reports/time.ts `unreadableShifts`).
 */
export type DigestEmbed = (t: Words, chartLeftOut?: number) => APIEmbed;

/** The commands a digest's leave sections point to for all their rows (a post cannot be paged). */
const LEAVE_COMMANDS: Record<LeaveAheadKind, string> = {
  onLeave: '/loa active',
  returning: '/loa active',
  starting: '/loa upcoming',
};

/**
 * A digest's leave sections, "On leave now", "Returning this week", "Starting this week"
 * (`digestLeave`: no leave in two of them, a member's overlapping leaves one row) and "Waiting for
 * review" (src/reports/review.ts, oldest first), from the
 * snapshot the digest just read, each the first page of its rows; rendered once the digest's
 * language is known (given its words) and, for the section carrying the digest's chart, the shifts
 * its time on duty left out (the footer says so, as the shift reports' do).
 */
export async function digestLeaveEmbeds(
  community: Community,
  input: ReportInput,
): Promise<Array<DigestEmbed>> {
  const leaveFacts = reportFacts(input, ['loas']);
  const factsWith = (chartLeftOut: number | undefined) =>
    chartLeftOut ? { ...leaveFacts, shiftsLeftOut: chartLeftOut } : leaveFacts;
  const sections = digestLeave(input.data.loas, input.now, input.settings.timeZone);
  const embeds: Array<DigestEmbed> = [];
  for (const kind of ['onLeave', 'returning', 'starting'] as const) {
    const rows = sections[kind];
    const items = rows.slice(0, PAGE_SIZE);
    const info = { page: 1, totalPages: Math.max(1, Math.ceil(rows.length / PAGE_SIZE)), total: rows.length };
    const people = await peopleOf(community, items, (row) => [row.loa.memberId]);
    const source = { ...input.data.source, people, post: LEAVE_COMMANDS[kind] };
    const also = kind === 'onLeave' ? sections.returning.length : 0;
    embeds.push((t, chartLeftOut) =>
      renderLeaveAhead(items, info, source, kind, factsWith(chartLeftOut), t, also),
    );
  }
  const review = { now: input.now, afterHours: input.settings.reviewAfterHours };
  const queue = reviewQueue(input.data.loas, readStatusCodes(input.data.loas), review.now, review.afterHours);
  const people = await peopleOf(community, queue.pending.slice(0, PAGE_SIZE), (loa) => [loa.memberId]);
  const source = { ...input.data.source, people, post: '/loa list status:pending' };
  embeds.push((t, chartLeftOut) =>
    renderReviewQueue(queue, review, { ...source, t }, factsWith(chartLeftOut), PAGE_SIZE),
  );
  return embeds;
}

/** How often the scheduler looks for reminders due (ms): any look in the day before a leave ends posts it. */
const REMINDER_TICK_MS = 5 * 60_000;

/** Servers with reminders asked for per page of a round. */
const REMINDER_BATCH = 100;

/** How long a posted reminder's claim is kept after its leave ended (s): long past any restart or clock skew. */
const KEEP_CLAIMS_SECONDS = 30 * 86_400;

/**
 * The permission a 403 from Discord says the bot lacks for a reminder (by the names admins see):
 * Missing Access is the channel it cannot see, Missing Permissions the right to post; another 403
 * could be either.
 */
function refusedPermissions(error: DiscordAPIError): string[] {
  if (error.code === RESTJSONErrorCodes.MissingAccess) return ['View Channel'];
  if (error.code === RESTJSONErrorCodes.MissingPermissions) return ['Send Messages'];
  return postNeeds('reminder', false).map(([, name]) => name);
}

/** What the scheduler needs of Discord and of the server's community. */
export interface ReminderPoster {
  /** A problem that keeps reminders from being posted in the channel (one sentence), or undefined. */
  check(guildId: string, channelId: string): Promise<string | undefined>;
  /**
   * The server's LOAs from its saved snapshot (no request), its report time zone and the directory's
   * lookup; undefined when it has no snapshot saved yet (or no community: not linked).
   */
  leave(guildId: string): Promise<LeaveData | undefined>;
  /** Post one reminder; throws a UserError (its message for the admins) when it cannot. */
  send(channelId: string, message: ReminderMessage): Promise<void>;
}

interface LeaveData {
  loas: Partial<Loa>[];
  timeZone: string;
  /** The words reminders are written in: the digest's (`audienceWords`). */
  words: Words;
  people(memberIds: string[]): Promise<People | undefined>;
}

/**
 * What the scheduler asks of the store's reminders: the servers with reminders on, their problems,
 * the claims. Hosted mode: the store's own (`ReminderStore`); single-community mode: the
 * environment's one channel over the store's claims (`environmentReminders`).
 */
type ReminderClaims = Pick<ReminderStore, 'list' | 'setProblem' | 'claim' | 'prune'>;

export interface ReminderSchedulerOptions extends PostSchedulerOptions {
  /** The store's reminders (undefined until the store is open). */
  reminders: () => ReminderClaims | undefined | Promise<ReminderClaims | undefined>;
  poster: ReminderPoster;
}

export interface ReminderScheduler {
  /** Look for reminders due now and post them; resolves with how many this round posted. */
  tick(): Promise<number>;
  /** Tick now and then every interval. */
  start(): void;
  /** Stop ticking; resolves when the round under way has finished. */
  stop(): Promise<void>;
}

export function createReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  const now = options.now ?? Date.now;
  const timer = options.timer ?? realTimer;
  const batch = Math.max(1, options.batch ?? REMINDER_BATCH);
  const { logger, poster } = options;

  /** One server: the reminders due, the channel's permissions, each claim and post; how many were posted. */
  async function remind(store: ReminderClaims, saved: SavedReminders): Promise<number> {
    const at = Math.floor(now() / 1000);
    const leave = await poster.leave(saved.guildId);
    if (!leave) return 0;
    const due = remindersDue(leave.loas, at, leave.timeZone);
    if (due.length === 0) return 0;
    const problem = await poster.check(saved.guildId, saved.channelId);
    if (problem) {
      if (problem !== saved.problem) await store.setProblem(saved.guildId, problem);
      return 0;
    }
    const { words } = leave;
    const people = await leave.people(due.flatMap((r) => (r.memberId === undefined ? [] : [r.memberId])));
    let posted = 0;
    for (const reminder of due) {
      if (rounds.stopped) break;
      if (!(await store.claim(saved.guildId, reminder.loaId, reminder.endAt))) continue;
      try {
        await poster.send(saved.channelId, renderReminder(reminder, people, saved.pings, words));
      } catch (error) {
        logger.warn({ guild: saved.guildId, err: error }, 'a leave reminder was not posted');
        await store.setProblem(
          saved.guildId,
          error instanceof UserError ? error.message : ENGLISH.reminders.failed,
        );
        return posted;
      }
      posted += 1;
    }
    if (posted > 0) {
      if (saved.problem !== undefined) await store.setProblem(saved.guildId, undefined);
      logger.info({ guild: saved.guildId, posted }, 'leave reminders posted');
    }
    return posted;
  }

  async function look(): Promise<number> {
    const store = await options.reminders();
    if (!store || rounds.stopped) return 0;
    let posted = 0;
    let after: string | undefined;
    for (;;) {
      const page = await store.list(batch, after);
      for (const saved of page) {
        if (rounds.stopped) return posted;
        if (options.owns && !options.owns(saved.guildId)) continue;
        posted += await remind(store, saved).catch((error: unknown) => {
          logger.warn({ guild: saved.guildId, err: error }, 'leave reminders could not be checked');
          return 0;
        });
      }
      if (page.length < batch) break;
      after = page.at(-1)?.guildId;
    }
    await store.prune(Math.floor(now() / 1000) - KEEP_CLAIMS_SECONDS);
    return posted;
  }

  const rounds = new Rounds(look, { logger, message: 'looking for leave reminders due failed', none: 0 });
  return {
    tick: () => rounds.run(),
    start: () => rounds.start(timer, options.intervalMs ?? REMINDER_TICK_MS),
    async stop() {
      await rounds.stop();
    },
  };
}

/** Reminders through the bot's client, each server's leave read from its community's saved snapshot. */
export function discordReminderPoster(client: Client, communityOf: CommunityOf): ReminderPoster {
  const channels = new ChannelPoster(client);
  return {
    check: (guildId, channelId) => channels.problem(guildId, channelId, 'reminder', ENGLISH.reminders),
    async leave(guildId) {
      // A server refused (not linked, token rejected...) has nothing to remind of.
      const community = await communityOf(guildId).catch(() => undefined);
      const source = community?.reports;
      if (!community || !source) return undefined;
      const refused = new Error('leave reminders read the saved snapshot only');
      try {
        const [data, settings] = await withoutRequests(refused, () =>
          Promise.all([source.data({ purpose: 'saved-only' }), source.settings()]),
        );
        return {
          loas: data.loas,
          timeZone: settings.timeZone,
          words: audienceWords(client.guilds.cache.get(guildId), settings.language),
          people: async (ids) =>
            ids.length === 0 ? undefined : community.directory?.lookup(ids).catch(() => undefined),
        };
      } catch (error) {
        if (error instanceof NotSavedError || error === refused) return undefined;
        throw error;
      }
    },
    async send(channelId, message) {
      const channel = await channels.sendable(channelId, (t) => t.reminders.noChannel(channelId));
      try {
        await channel.send({ content: message.content, allowedMentions: message.allowedMentions });
      } catch (error) {
        if (!(error instanceof DiscordAPIError) || error.status !== 403) throw error;
        const permissions = refusedPermissions(error);
        throw new UserError((t) => t.reminders.refused(channelId, permissions), { cause: error });
      }
    },
  };
}

/** Single-community mode's leave reminders: REMINDER_CHANNEL_ID, REMINDER_PINGS. */
interface EnvironmentRemindersOptions {
  settings: { channelId: string; pings: boolean };
  /** DISCORD_GUILD_ID: the channel's server must be one of them. */
  guildIds: readonly string[];
  /** The channel's server, or undefined when the bot cannot see the channel (or it is not a server's). */
  guildOf(channelId: string): Promise<string | null | undefined>;
  logger: Logger;
}

/**
 * Single-community mode's leave reminders as the scheduler's store: one server, the channel's, its
 * reminders claimed in the real store; problems go to the log (environment-channel.ts).
 */
export function environmentReminders(
  options: EnvironmentRemindersOptions,
): (store: ReminderClaims) => ReminderClaims {
  const { channelId, pings } = options.settings;
  const channel = environmentChannel({
    setting: 'REMINDER_CHANNEL_ID',
    what: 'leave reminders',
    none: 'no leave reminder',
    channelId,
    guildIds: options.guildIds,
    guildOf: options.guildOf,
    notFound: ENGLISH.reminders.noChannel(channelId),
    logger: options.logger,
  });
  return (store) => ({
    async list(limit, after) {
      const guildId = await channel.guild();
      if (guildId === undefined || limit < 1 || (after !== undefined && guildId <= after)) return [];
      return [{ guildId, channelId, pings, problem: channel.problem() }];
    },
    async setProblem(_guild, problem) {
      channel.report(problem);
    },
    claim: (guild, loaId, endAt) => store.claim(guild, loaId, endAt),
    prune: (endAt) => store.prune(endAt),
  });
}
