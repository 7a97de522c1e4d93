/**
 * What the two schedulers (the digests, the leave reminders) share: their options, their rounds, and
 * the channel they post in, through the bot's client, checked before anything is claimed (the
 * allowance alerts' channel is checked by the same `problem`).
 */
import type { Client, SendableChannels } from 'discord.js';
import type { Logger } from '../base/log.js';
import { missingToPost, type PostKind } from '../base/permissions.js';
import { UserError } from '../discord/replies.js';
import type { Text } from '../i18n/words.js';
import type { DigestTimer } from '../reports/digest-places.js';

/** What the digests' and the leave reminders' schedulers both run with. */
export interface PostSchedulerOptions {
  /** Whether this process's shard holds the server: a process never records another shard's channel as lost. */
  owns?: (guildId: string) => boolean;
  logger: Logger;
  /** The clock (ms; tests bring a fake one). */
  now?: () => number;
  /** The rounds' timers, and the digests' deadlines and patience (default real ones). */
  timer?: DigestTimer;
  /** How often to look for what is due (default: the scheduler's own). */
  intervalMs?: number;
  /** Servers asked for per query of a round (default 100). */
  batch?: number;
}

/** The sentences (kept in English, as recorded for the admins) of a channel the bot cannot post in. */
export interface ChannelProblems {
  noChannel(channelId: string): string;
  missing(channelId: string, missing: string[]): string;
}

export class ChannelPoster {
  constructor(private readonly client: Client) {}

  async channel(channelId: string) {
    return (
      this.client.channels.cache.get(channelId) ?? this.client.channels.fetch(channelId).catch(() => null)
    );
  }

  /**
   * What keeps the bot from posting `kind` in the server's channel (one sentence), or undefined: what
   * the post always needs (`POST_NEEDS`, src/base/permissions.ts); a chart the channel cannot take
   * does not keep the post back (the poster sends it without).
   */
  async problem(
    guildId: string,
    channelId: string,
    kind: PostKind,
    problems: ChannelProblems,
  ): Promise<string | undefined> {
    const channel = await this.channel(channelId);
    if (!channel || channel.isDMBased() || channel.guildId !== guildId || !channel.isSendable())
      return problems.noChannel(channelId);
    const member = channel.guild.members.me ?? (await channel.guild.members.fetchMe().catch(() => null));
    const me = member ? channel.permissionsFor(member) : null;
    const missing = missingToPost(kind, false, (bit) => me?.has(bit) === true);
    return missing.length > 0 ? problems.missing(channelId, missing) : undefined;
  }

  /** The channel to send in; a UserError saying `gone` when the bot cannot. */
  async sendable(channelId: string, gone: Text): Promise<SendableChannels> {
    const channel = await this.channel(channelId);
    if (!channel?.isSendable()) throw new UserError(gone);
    return channel;
  }
}

/**
 * A scheduler's rounds: one at a time (a tick during one joins it), at start and then every
 * interval, until stopped; a round that fails is logged as `failed` and counts as `none`.
 */
export class Rounds<T> {
  stopped = false;
  private running: Promise<T> | undefined;
  private stopTicking: (() => void) | undefined;

  constructor(
    private readonly round: () => Promise<T>,
    private readonly failed: { logger: Logger; message: string; none: T },
  ) {}

  run(): Promise<T> {
    const { logger, message, none } = this.failed;
    this.running ??= this.round()
      .catch((error: unknown) => {
        logger.warn({ err: error }, message);
        return none;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  start(timer: DigestTimer, every: number): void {
    if (this.stopTicking || this.stopped) return;
    void this.run();
    this.stopTicking = timer.every(every, () => void this.run());
  }

  /** Stop ticking; the round under way, if any. */
  stop(): Promise<T | undefined> {
    this.stopped = true;
    this.stopTicking?.();
    this.stopTicking = undefined;
    return Promise.resolve(this.running);
  }
}
