/**
 * Single-community mode's digest and leave reminders end to end: the sandbox API, the Discord double
 * with a staff channel, a channel the bot may not send in and a second server not in
 * DISCORD_GUILD_ID, and bots (the real app, each one "process") started on demand with a test clock
 * for the digest and reminder schedulers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { PermissionFlagsBits } from 'discord.js';
import { type App, createApp } from '../../src/app.js';
import { loadConfig } from '../../src/base/config.js';
import { createLogger } from '../../src/base/log.js';
import { registerCommands } from '../../src/deploy-commands.js';
import { type DiscordDouble, startDiscordDouble } from '../doubles/discord/double.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';

export const GUILD = '1300000000000000201';
export const OTHER_GUILD = '1300000000000000202';
export const STAFF = '1300000000000000203';
export const LOCKED = '1300000000000000204';
export const ELSEWHERE = '1300000000000000205';
export const GONE = '1300000000000000206';

export interface Bot {
  app: App;
  logLines: string[];
  /** The log lines (parsed) whose message is `msg`. */
  logged(msg: string): Array<Record<string, unknown>>;
}

export interface EnvDigestWorld {
  sandbox: Sandbox;
  /** The community's API_TOKEN (every bot's). */
  token: string;
  double: DiscordDouble;
  /** The digest and reminder schedulers' clock (every bot's); tests set `clock.now`. */
  clock: { now: number };
  /** A fresh DATA_DIR (one per "machine": bots sharing it share the SQLite store). */
  dataDir(): string;
  /** Start a bot with these settings on top of the defaults (and DIGEST_CHANNEL_ID: STAFF). */
  start(env?: Record<string, string>): Promise<Bot>;
  close(): Promise<void>;
}

export async function startEnvDigestWorld(): Promise<EnvDigestWorld> {
  const token = `env-digest-token-${randomBytes(12).toString('hex')}`;
  const sandbox = await startSandbox({ tokens: { [token]: { permission: 'all', label: 'env-digest' } } });
  const double = await startDiscordDouble({
    guildId: GUILD,
    guild: {
      channels: [
        { name: 'general' },
        { id: STAFF, name: 'staff-digest' },
        // @everyone (whose role id is the guild's) may not send here, and the bot has no overwrite.
        {
          id: LOCKED,
          name: 'announcements',
          permissionOverwrites: [
            { id: GUILD, type: 0, allow: '0', deny: PermissionFlagsBits.SendMessages.toString() },
          ],
        },
      ],
    },
    extraGuilds: [{ id: OTHER_GUILD, name: 'elsewhere', channels: [{ id: ELSEWHERE, name: 'their-staff' }] }],
  });
  const clock = { now: Date.now() };
  const bots: Bot[] = [];
  let registered = false;
  const dataDir = () => mkdtempSync(join(tmpdir(), 'rollcall-env-digest-'));
  return {
    sandbox,
    token,
    double,
    clock,
    dataDir,
    async start(env = {}) {
      const loaded = loadConfig({
        DISCORD_TOKEN: 'discord-bot-token-for-tests',
        DISCORD_APPLICATION_ID: double.applicationId,
        DISCORD_GUILD_ID: GUILD,
        DISCORD_API_URL: double.restUrl,
        API_BASE_URL: sandbox.url,
        API_TOKEN: token,
        API_LIMITS: '1000/1s',
        API_RETRIES: '0',
        DATA_DIR: dataDir(),
        LOG_LEVEL: 'debug',
        DIGEST_CHANNEL_ID: STAFF,
        ...env,
      });
      if (!loaded.ok) throw new Error(loaded.errors.join('; '));
      if (!registered) await registerCommands(loaded.config);
      registered = true;
      const logLines: string[] = [];
      const destination = new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      const logger = createLogger({ level: loaded.config.LOG_LEVEL, format: 'json', destination });
      const app = createApp(loaded.config, logger, { now: () => clock.now });
      await app.start();
      const bot: Bot = {
        app,
        logLines,
        logged: (msg) =>
          logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === msg),
      };
      bots.push(bot);
      return bot;
    },
    async close() {
      for (const bot of bots) await bot.app.stop(2_000);
      await double.close();
      await sandbox.close();
    },
  };
}
