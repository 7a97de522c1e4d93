/**
 * The discord.js client: only the Guilds intent, caches trimmed to what slash commands need,
 * and every interaction handed to the router. `stop()` lets in-flight interactions finish.
 */
import { Client, Events, GatewayIntentBits, type Interaction, Options } from 'discord.js';
import { within } from '../api/abort.js';
import { withoutRequests } from '../api/wait.js';
import type { Logger } from '../base/log.js';
import { useApplicationEmojis } from '../render/marks.js';
import { rollcallCaches } from './caches.js';
import { say, UserError } from './replies.js';
import { Router, type RouterOptions } from './router.js';

export interface BotOptions extends RouterOptions {
  token: string;
  /** REST base for a local Discord double (offline sandbox); unset for real Discord. */
  restApiUrl?: string;
  /**
   * Told when Rollcall is removed from a server (kicked, or the server deleted): not when a server
   * is only unavailable during a Discord outage. Must not reject.
   */
  onGuildLeft?: (guildId: string) => Promise<void>;
  /** Use the application's own emojis as the states' marks (APP_EMOJIS; default true). */
  appEmojis?: boolean;
}

export interface Bot {
  client: Client;
  /** Log in and resolve once the gateway session is ready. */
  start(): Promise<void>;
  /**
   * Stop making requests for new interactions (newcomers are answered from what is saved, and told
   * Rollcall is restarting when the answer needs the API), wait for those in flight, then
   * disconnect, all within `graceMs`. If some are still running when only ANSWER_RESERVE_MS is left,
   * `atDeadline` is called (it aborts their API calls) and they get the rest of the time to answer.
   */
  stop(graceMs?: number, atDeadline?: () => void): Promise<void>;
  /** Interactions being handled right now. */
  inFlight(): number;
}

/** Of the grace period, what is kept for interactions to answer once their API calls are aborted. */
const ANSWER_RESERVE_MS = 1_000;

/**
 * Read the application's emojis (one request) and use Rollcall's among them as the marks; on a
 * failure, one log line and the Unicode marks. Again at each new gateway session (a reconnect that
 * could not resume), which is when an upload made meanwhile is picked up without a restart.
 */
async function loadEmojis(client: Client, appEmojis: boolean | undefined, logger: Logger): Promise<void> {
  if (appEmojis === false) {
    useApplicationEmojis([]);
    return;
  }
  try {
    const emojis = await client.application?.emojis.fetch();
    const used = useApplicationEmojis([...(emojis?.values() ?? [])]);
    logger.info(
      { used },
      used > 0 ? 'application emojis in use as marks' : 'no application emojis: Unicode marks',
    );
  } catch (error) {
    useApplicationEmojis([]);
    logger.warn({ err: error }, 'could not read the application emojis: Unicode marks');
  }
}

export function createBot(options: BotOptions): Bot {
  const logger: Logger = options.logger;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    makeCache: rollcallCaches(),
    sweepers: Options.DefaultSweeperSettings,
    allowedMentions: { parse: [], users: [], roles: [], repliedUser: false },
    rest: options.restApiUrl ? { api: options.restApiUrl } : {},
  });
  const router = new Router(options);
  const pending = new Set<Promise<void>>();
  let accepting = true;

  /** Wait until nothing is pending (newcomers being turned away included) or `deadline` passes. */
  async function settle(deadline: number): Promise<void> {
    while (pending.size > 0 && Date.now() < deadline) {
      await within(Promise.allSettled([...pending]), deadline - Date.now(), () => undefined, true);
    }
  }

  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    // While stopping, newcomers are answered from what is saved (the cache, the store's saved
    // answers); one whose answer needs a request is told Rollcall is restarting, without one.
    const work = accepting
      ? router.handle(interaction)
      : withoutRequests(new UserError(say.restarting), () => router.handle(interaction));
    const job = work.finally(() => pending.delete(job));
    pending.add(job);
  });
  client.on(Events.GuildDelete, (guild) => {
    // An outage makes a server unavailable and sends the same event; only a real departure counts.
    if (!guild.available || !options.onGuildLeft) return;
    const job = options.onGuildLeft(guild.id).finally(() => pending.delete(job));
    pending.add(job);
  });
  client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));
  client.on(Events.Warn, (message) => logger.warn({ message }, 'discord client warning'));
  client.on(Events.ShardDisconnect, (event, shard) =>
    logger.warn({ code: event.code, shard }, 'gateway disconnected'),
  );
  // Closing the gateway on purpose makes discord.js report a reconnect it will not make.
  client.on(Events.ShardReconnecting, (shard) => {
    if (accepting) logger.info({ shard }, 'gateway reconnecting');
  });
  client.on(Events.ShardResume, (shard, replayed) => logger.info({ shard, replayed }, 'gateway resumed'));

  let sessions = 0;
  client.on(Events.ShardReady, () => {
    sessions += 1;
    if (sessions > 1 && client.isReady()) void loadEmojis(client, options.appEmojis, logger);
  });

  return {
    client,
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(options.token);
      await ready;
      await loadEmojis(client, options.appEmojis, logger);
      logger.info({ user: client.user?.id, guilds: client.guilds.cache.size }, 'connected to Discord');
    },
    async stop(graceMs = 8_000, atDeadline) {
      accepting = false;
      const deadline = Date.now() + graceMs;
      if (pending.size > 0) logger.info({ inFlight: pending.size }, 'waiting for interactions in flight');
      await settle(atDeadline ? deadline - ANSWER_RESERVE_MS : deadline);
      if (pending.size > 0 && atDeadline) {
        logger.warn({ inFlight: pending.size }, 'grace period ending; aborting the API calls in flight');
        atDeadline();
        await settle(deadline);
      }
      await client.destroy();
    },
    inFlight: () => pending.size,
  };
}
