/**
 * A channel single-community mode posts in, named by a setting (DIGEST_CHANNEL_ID for the digest,
 * REMINDER_CHANNEL_ID for leave reminders, QUOTA_ALERT_CHANNEL_ID for allowance alerts): its server,
 * found once and required to be one of DISCORD_GUILD_ID's, and its problems. Nobody sees a problem
 * in this mode but the operator, so each is one log line (one per problem, until it changes): a
 * warn line for a channel the bot cannot post in or cannot find, an error line for a channel
 * outside DISCORD_GUILD_ID's servers.
 */
import type { AllowanceMark } from '../api/types.js';
import type { Logger } from '../base/log.js';
import type { ChannelProblems } from './channel-post.js';

/** How long a channel not found (or outside DISCORD_GUILD_ID) is left before it is looked for again. */
const LOOK_AGAIN_MS = 60_000;

interface EnvironmentChannelOptions {
  /** The setting naming the channel (DIGEST_CHANNEL_ID), as the log lines name it. */
  setting: string;
  /** What is posted there, as the log lines say it: "the digest", "leave reminders". */
  what: string;
  /** What is not posted while the channel is outside DISCORD_GUILD_ID's servers: "no digest". */
  none: string;
  channelId: string;
  /** DISCORD_GUILD_ID: the channel's server must be one of them. */
  guildIds: readonly string[];
  /** The channel's server, or undefined when the bot cannot see the channel (or it is not a server's). */
  guildOf(channelId: string): Promise<string | null | undefined>;
  /** The problem of a channel not found (one sentence, for the log). */
  notFound: string;
  logger: Logger;
}

interface EnvironmentChannel {
  /** The channel's server once found among DISCORD_GUILD_ID's; undefined (and logged) until then. */
  guild(): Promise<string | undefined>;
  /** The problem last reported (undefined: none). */
  problem(): string | undefined;
  /** Report a problem (a log line when it is a new one), or its end (undefined). */
  report(problem: string | undefined, level?: 'warn' | 'error'): void;
}

export function environmentChannel(options: EnvironmentChannelOptions): EnvironmentChannel {
  const { setting, what, channelId: channel, logger } = options;
  let guildId: string | undefined;
  let problem: string | undefined;
  /** When the channel was last looked for in vain (real time: Discord is asked at most once a minute). */
  let missedAt = Number.NEGATIVE_INFINITY;

  function report(next: string | undefined, level: 'warn' | 'error' = 'warn') {
    if (next === problem) return;
    problem = next;
    if (next === undefined) logger.info({ channel }, `${what} (${setting}) can be posted again`);
    else logger[level]({ channel, problem: next }, `${what} (${setting}) cannot be posted`);
  }

  return {
    async guild() {
      if (guildId !== undefined) return guildId;
      if (Date.now() - missedAt < LOOK_AGAIN_MS) return undefined;
      missedAt = Date.now();
      const found = await options.guildOf(channel);
      if (!found) {
        report(options.notFound);
        return undefined;
      }
      if (!options.guildIds.includes(found)) {
        report(
          `${setting} is a channel of a server not in DISCORD_GUILD_ID; ${options.none} is posted until it names a channel of one of DISCORD_GUILD_ID's servers`,
          'error',
        );
        return undefined;
      }
      guildId = found;
      missedAt = Number.NEGATIVE_INFINITY;
      return found;
    },
    problem: () => problem,
    report,
  };
}

/** The problems of the allowance alerts' channel, for the log (the operator's words: no admin sees them). */
export const ALERT_PROBLEMS: ChannelProblems = {
  noChannel: (channelId) =>
    `Rollcall cannot post allowance alerts in channel ${channelId}: the channel is gone or is not a text channel of a server the bot is in; set QUOTA_ALERT_CHANNEL_ID to another`,
  missing: (channelId, missing) =>
    `Rollcall cannot post allowance alerts in channel ${channelId}: missing ${missing.join(', ')}`,
};

interface EnvironmentAlertsOptions {
  /** QUOTA_ALERT_CHANNEL_ID. */
  channelId: string;
  /** DISCORD_GUILD_ID: the channel's server must be one of them. */
  guildIds: readonly string[];
  /** The channel's server, or undefined when the bot cannot see the channel (or it is not a server's). */
  guildOf(channelId: string): Promise<string | null | undefined>;
  /** What keeps the bot from posting an alert in the server's channel (ALERT_PROBLEMS' sentence), or undefined. */
  check(guildId: string, channelId: string): Promise<string | undefined>;
  /** Post an alert in the channel. */
  post(mark: AllowanceMark): void;
  logger: Logger;
}

/**
 * Single-community mode's allowance alerts (QUOTA_ALERT_CHANNEL_ID), checked as the digest's and the
 * reminders' channels are: `check` at start (its problem logged), and again before each alert, which
 * is posted only in a channel of DISCORD_GUILD_ID's servers the bot can post in. An alert whose check
 * fails (the channel not found, Discord not answering, a permission missing) waits and is tried again
 * every LOOK_AGAIN_MS until the check passes, then posted once; a newer mark replaces the one waiting
 * (it says more), and one whose month has started again is dropped. The wait is an unref'd timer (it
 * never keeps the process alive), ended by `stop`.
 */
export function environmentAlerts(options: EnvironmentAlertsOptions): {
  /** Whether an alert can be posted now (a problem is logged, once until it changes). */
  check(): Promise<boolean>;
  alert(mark: AllowanceMark): void;
  /** Stop trying: the alert waiting, if any, is not posted. */
  stop(): void;
} {
  const { channelId, logger } = options;
  const channel = environmentChannel({
    setting: 'QUOTA_ALERT_CHANNEL_ID',
    what: 'allowance alerts',
    none: 'no allowance alert',
    channelId,
    guildIds: options.guildIds,
    guildOf: options.guildOf,
    notFound: ALERT_PROBLEMS.noChannel(channelId),
    logger,
  });
  async function passes(): Promise<boolean> {
    const guild = await channel.guild();
    if (guild === undefined) return false;
    const problem = await options.check(guild, channelId);
    channel.report(problem);
    return problem === undefined;
  }
  /** Whether the last check threw: logged once, until a check answers. */
  let threw = false;
  async function check(): Promise<boolean> {
    try {
      const ok = await passes();
      threw = false;
      return ok;
    } catch (error) {
      if (!threw)
        logger.warn({ err: error, channel: channelId }, 'the allowance alerts channel could not be checked');
      threw = true;
      return false;
    }
  }
  /** The newest mark not posted yet. */
  let waiting: AllowanceMark | undefined;
  /** A check for `waiting` under way (one at a time: a mark meanwhile waits for its answer). */
  let trying = false;
  let again: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The mark waiting, unless its month has started again (it would say what is no longer so). */
  function current(): AllowanceMark | undefined {
    if (waiting !== undefined && Date.now() >= waiting.resetAt) waiting = undefined;
    return waiting;
  }
  function attempt(): void {
    if (trying || stopped || current() === undefined) return;
    clearTimeout(again);
    again = undefined;
    trying = true;
    void check().then((ok) => {
      trying = false;
      const mark = current();
      if (stopped || mark === undefined) return;
      if (!ok) {
        again = setTimeout(attempt, LOOK_AGAIN_MS);
        again.unref();
        return;
      }
      waiting = undefined;
      options.post(mark);
    });
  }
  return {
    check,
    alert(mark) {
      waiting = mark;
      attempt();
    },
    stop() {
      stopped = true;
      clearTimeout(again);
      again = undefined;
      waiting = undefined;
    },
  };
}
