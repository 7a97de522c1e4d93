/**
 * One running Rollcall between the two local stand-ins: the sandbox API and the Discord double.
 * The bot is the real one (createApp: real discord.js client, real HTTP client, real cache);
 * commands are registered through the real deploy code, so the double checks every invocation
 * against what Rollcall told Discord.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { REST } from 'discord.js';
import type { APIModalInteractionResponseCallbackData } from 'discord-api-types/v10';
import { type App, createApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/base/config.js';
import { createLogger } from '../../src/base/log.js';
import { registerCommands } from '../../src/deploy-commands.js';
import { deployEmojis } from '../../src/deploy-emojis.js';
import { flattenComponents, type LooseComponent } from '../doubles/discord/components.js';
import {
  type DiscordDouble,
  type DiscordDoubleOptions,
  type DoubleUser,
  type InteractionResponse,
  type ModalFields,
  type ResponseMessage,
  startDiscordDouble,
} from '../doubles/discord/double.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '../doubles/sandbox/server.js';

export interface World {
  sandbox: Sandbox;
  double: DiscordDouble;
  app: App;
  config: Config;
  /** A moderator (Moderator role) of the Discord server. */
  mod: DoubleUser;
  /** Every log line the bot wrote (JSON). */
  logLines: string[];
  close(): Promise<void>;
}

export interface WorldOptions {
  sandbox?: SandboxOptions;
  /** Settings on top of the defaults that point Rollcall at the two stand-ins. */
  env?: Record<string, string>;
  /** Options of the Discord double (e.g. a short heartbeat interval, extra guilds). */
  double?: DiscordDoubleOptions;
  /** Also write the bot's log lines here (a file, stderr); they are collected in `logLines` either way. */
  logDestination?: NodeJS.WritableStream;
  /** The clock of the scheduled digests and leave reminders (default Date.now). */
  now?: () => number;
  /** Upload Rollcall's application emojis first, as deploy-commands does. */
  emojis?: boolean;
  /** Start the app (default); false: the app is created, and the test starts it. */
  start?: boolean;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const sandbox = await startSandbox(options.sandbox);
  const double = await startDiscordDouble(options.double);
  const loaded = loadConfig({
    DISCORD_TOKEN: 'discord-bot-token-for-tests',
    DISCORD_APPLICATION_ID: double.applicationId,
    DISCORD_GUILD_ID: double.guildId,
    DISCORD_API_URL: double.restUrl,
    API_BASE_URL: sandbox.url,
    API_TOKEN: sandbox.token,
    // A paid tier's limits (no monthly allowance to pace) and a fresh DATA_DIR for the counters.
    API_LIMITS: '1000/1s',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-world-')),
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const config = loaded.config;
  await registerCommands(config);
  if (options.emojis) {
    const rest = new REST({ api: double.restUrl }).setToken(config.DISCORD_TOKEN);
    await deployEmojis(rest, double.applicationId);
  }
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      options.logDestination?.write(chunk);
      done();
    },
  });
  const logger = createLogger({ level: config.LOG_LEVEL, format: 'json', destination });
  const app = createApp(config, logger, options.now ? { now: options.now } : {});
  if (options.start !== false) await app.start();
  const mod = double.user({ username: 'moderator', roles: ['Moderator'] });
  return {
    sandbox,
    double,
    app,
    config,
    mod,
    logLines,
    async close() {
      await app.stop(2_000);
      await double.close();
      await sandbox.close();
    },
  };
}

/** The single embed of an answer, with its footer text. */
export function embedOf(message: { embeds?: unknown[]; content?: string } | null | undefined) {
  const embed = message?.embeds?.[0] as
    | {
        title?: string;
        description?: string;
        footer?: { text: string };
        fields?: Array<{ name: string; value: string }>;
      }
    | undefined;
  if (!embed)
    throw new Error(`the answer has no embed (it says: ${JSON.stringify(message?.content ?? null)})`);
  return embed;
}

/**
 * The answer's message once `done` says it is the final one (a report may first say how far its read
 * is), as the double holds it; looked at every 50 ms, and a failure after `timeoutMs`.
 */
export async function settled(
  world: World,
  answer: InteractionResponse,
  done: (message: ResponseMessage) => boolean,
  timeoutMs = 30_000,
): Promise<ResponseMessage> {
  const id = answer.message?.id;
  if (!id) throw new Error(`no message: ${answer.kind}`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const now = world.double.message(id) as ResponseMessage | undefined;
    if (now && done(now)) return now;
    if (Date.now() > until)
      throw new Error(`the answer never settled: ${JSON.stringify(now?.embeds ?? now?.content)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** All custom_ids of a message's components, by their label or placeholder. */
export function controls(message: { components?: unknown[] } | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of (message?.components ?? []) as Array<{ components?: Array<Record<string, unknown>> }>) {
    for (const c of row.components ?? []) {
      const key = String(c.label ?? c.placeholder ?? c.custom_id);
      out.set(key, String(c.custom_id));
    }
  }
  return out;
}

/** The custom_id of the control whose label starts with `label`. */
export function control(message: { components?: unknown[] } | null | undefined, label: string): string {
  for (const [key, id] of controls(message)) if (key.startsWith(label)) return id;
  throw new Error(`no control labelled ${label}`);
}

/** One of /rollcall-admin's forms: the subcommand whose no-option form opens it, and its custom_id. */
interface AdminFormSpec {
  subcommand: string;
  customId: string;
}

/** What a test does with a form of /rollcall-admin, as `admin` of the server `guildId`. */
export interface AdminForm {
  /** Runs the subcommand with no option: the modal it opens (throws when it opens none). */
  open(): Promise<APIModalInteractionResponseCallbackData>;
  /** Submits the form (`forged`: a crafted payload, values it does not offer): the private answer's text. */
  submit(fields: ModalFields, forged?: boolean): Promise<string>;
}

/** The form `spec` of /rollcall-admin as `admin` of `guildId` opens and submits it in `world`. */
export function adminForm(world: World, admin: DoubleUser, guildId: string, spec: AdminFormSpec): AdminForm {
  return {
    async open() {
      const opened = await (
        await world.double.slash(admin, 'rollcall-admin', { subcommand: spec.subcommand, guildId })
      ).response();
      if (opened.kind !== 'modal' || !opened.modal)
        throw new Error(
          `/rollcall-admin ${spec.subcommand} opened no form: ${opened.message?.content ?? opened.kind}`,
        );
      return opened.modal;
    },
    async submit(fields, forged = false) {
      const answer = await (
        await world.double.submitModal(admin, spec.customId, fields, { guildId, forged })
      ).response();
      if (!answer.ephemeral) throw new Error(`the form's answer is public: ${answer.message?.content ?? ''}`);
      return answer.message?.content ?? '';
    },
  };
}

/** The field of a modal with this custom_id (inside its labels). */
export function formField(modal: { components: unknown[] }, customId: string): LooseComponent | undefined {
  return flattenComponents(modal.components).find((c) => c.custom_id === customId);
}
