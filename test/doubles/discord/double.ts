import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  APIApplicationCommand,
  APIEmbed,
  APIMessage,
  APIOverwrite,
  APIRole,
  APITextChannel,
  APIUser,
  InteractionResponseType,
  InteractionType,
} from 'discord-api-types/v10';
import { CommandRegistry } from './commands.js';
import { ApplicationEmojis } from './emojis.js';
import type { DelaySpec, FailSpec, FaultRoute } from './faults.js';
import { type DispatchOutcome, type DropMode, Gateway, type GatewayStats } from './gateway.js';
import type { InteractionHandle } from './handle.js';
import {
  InteractionDriver,
  type MessageRef,
  type MessageTarget,
  type ModalInput,
  type PostedMessage,
  type SlashInput,
} from './harness.js';
import { sendJson } from './http.js';
import { InteractionLedger, type InteractionRecord } from './interactions.js';
import { allowedMentionsViolations, type MentionViolation } from './mentions.js';
import { MessageStore, type StoredMessage } from './messages.js';
import { DOUBLE_WAIT_MS } from './notifier.js';
import type { ModalFields, SelectValue, Where } from './payloads.js';
import { type RecordedCall, RestDouble } from './rest.js';
import { SnowflakeFactory } from './snowflake.js';
import { type DoubleUser, type GuildSpec, type GuildState, type UserSpec, World } from './world.js';

export type { DelaySpec, FailSpec, FaultRoute, RouteFamily } from './faults.js';
export type { DispatchOutcome, DropMode, GatewayStats } from './gateway.js';
export type { InteractionHandle, InteractionResponse, ResponseMessage } from './handle.js';
export type { MessageRef, MessageTarget, ModalInput, PostedMessage, SlashInput } from './harness.js';
export type { FinalKind } from './interactions.js';
export type { MentionViolation } from './mentions.js';
export type { StoredMessage } from './messages.js';
export type { CommandInput, OptionValue } from './options.js';
export type { ModalFields, SelectValue, Where } from './payloads.js';
export type { RecordedCall } from './rest.js';
export type { DoubleUser, GuildSpec, RoleSpec, UserSpec } from './world.js';

/** When an interaction was answered, relative to its dispatch. */
export interface InteractionTiming {
  id: string;
  type: InteractionType;
  /** Full command name for commands and autocomplete. */
  command: string | null;
  msToFirstCallback: number | null;
  msToFinal: number | null;
  ackType: InteractionResponseType | null;
}

/** Options of `startDiscordDouble`. */
export interface DiscordDoubleOptions {
  /** Id of the default guild (default: a fresh snowflake). */
  guildId?: string;
  /** Name, roles and channels of the default guild. */
  guild?: Omit<GuildSpec, 'id'>;
  /** More guilds the bot is in. */
  extraGuilds?: GuildSpec[];
  applicationId?: string;
  /** The bot's user id (default: the application id, as for real bots). */
  botUserId?: string;
  /** Users to create up front (also available later through `double.user()`). */
  users?: UserSpec[];
  /** `heartbeat_interval` announced in HELLO (default 41250 ms; use ~200 in reconnect tests). */
  heartbeatInterval?: number;
  /** Time an interaction may wait for its first callback (default 3000 ms). */
  interactionWindowMs?: number;
  /** Lifetime of interaction tokens for webhooks (default 15 min). */
  tokenLifetimeMs?: number;
  /** Port on 127.0.0.1 (default: any free port). */
  port?: number;
  /** The bot's upload limit in bytes (default UPLOAD_LIMIT, 10 MiB, Discord's floor today). */
  uploadLimit?: number;
  /** The shard count GET /gateway/bot recommends (default 1): what `SHARDS=auto` reads. */
  recommendedShards?: number;
  /** How many emojis the application may own (default 2,000, Discord's): lower it to drive 30008. */
  emojiLimit?: number;
}

/**
 * A local Discord: REST and gateway on one port of 127.0.0.1, that the unmodified discord.js client logs
 * in to, plus a driver to act as users (slash commands, clicks, selects, modals, autocomplete), records
 * of every REST call, and switches for faults.
 */
export class DiscordDouble {
  /** `http://127.0.0.1:PORT/api`, for `new Client({ rest: { api } })` and `new REST({ api })`. */
  readonly restUrl: string;
  /** `ws://127.0.0.1:PORT`, as answered by GET /gateway/bot. */
  readonly gatewayUrl: string;
  readonly applicationId: string;
  /** The default guild's id. */
  readonly guildId: string;
  /** The bot user. */
  readonly bot: APIUser;
  /** The users created from `options.users`, in order. */
  readonly users: DoubleUser[];
  readonly gateway: Gateway;
  readonly commands: CommandRegistry;
  readonly ledger: InteractionLedger;
  /** The application's own emojis (GET/POST /applications/{app}/emojis). */
  readonly emojis: ApplicationEmojis;
  readonly #world: World;
  readonly #rest: RestDouble;
  readonly #driver: InteractionDriver;
  readonly #server: Server;

  /** @internal Use `startDiscordDouble()`. */
  constructor(parts: {
    world: World;
    gateway: Gateway;
    rest: RestDouble;
    commands: CommandRegistry;
    ledger: InteractionLedger;
    driver: InteractionDriver;
    server: Server;
    users: DoubleUser[];
    emojis: ApplicationEmojis;
  }) {
    this.emojis = parts.emojis;
    const port = (parts.server.address() as AddressInfo).port;
    this.restUrl = `http://127.0.0.1:${port}/api`;
    this.gatewayUrl = `ws://127.0.0.1:${port}`;
    this.#world = parts.world;
    this.gateway = parts.gateway;
    this.#rest = parts.rest;
    this.commands = parts.commands;
    this.ledger = parts.ledger;
    this.#driver = parts.driver;
    this.#server = parts.server;
    this.users = parts.users;
    this.applicationId = parts.world.applicationId;
    this.guildId = parts.world.defaultGuildId;
    this.bot = parts.world.bot;
  }

  // ---- world -------------------------------------------------------------------------------------

  /** Creates a user to act as (member of every guild unless `guilds` says otherwise). */
  user(spec: UserSpec = {}): DoubleUser {
    return this.#world.addUser(spec);
  }

  /** Every guild the bot is in (the default one first). */
  get guilds(): GuildState[] {
    return [...this.#world.guilds.values()];
  }

  /** A guild by id (default guild without one). */
  guild(id?: string): GuildState {
    return this.#world.guild(id);
  }

  /** A role by name or id (`'@everyone'`, `'Moderator'`, `'Member'` by default). */
  role(nameOrId: string, guildId?: string): APIRole {
    const role = this.#world.findRole(this.#world.guild(guildId), nameOrId);
    if (!role) throw new Error(`no role ${nameOrId}`);
    return role;
  }

  /** Creates a role as Discord does (a booster or integration role: `managed` and `tags`): GUILD_ROLE_CREATE to its guild's shard. */
  addRole(name: string, extra?: Partial<APIRole>, guildId?: string): APIRole {
    const guild = this.#world.guild(guildId);
    const role = this.#world.addRole(guild, name, extra);
    this.dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role }, guild.id);
    return role;
  }

  /** A text channel by name or id (default: the guild's first channel, `#general`). */
  channel(nameOrId?: string, guildId?: string): APITextChannel {
    return this.#world.channel(this.#world.guild(guildId), nameOrId);
  }

  /**
   * Changes a channel's permission overwrites, as a server admin does: the channel here, and
   * CHANNEL_UPDATE (the whole channel, as Discord sends it) to the shard serving its guild.
   */
  setChannelOverwrites(nameOrId: string, overwrites: APIOverwrite[], guildId?: string): DispatchOutcome {
    const channel = this.channel(nameOrId, guildId);
    channel.permission_overwrites = overwrites;
    return this.dispatch('CHANNEL_UPDATE', channel, channel.guild_id);
  }

  /** The commands registered globally (`null`) or for a guild. */
  registeredCommands(guildId: string | null = null): APIApplicationCommand[] {
    return this.commands.list({ guildId });
  }

  // ---- acting as users ---------------------------------------------------------------------------

  /** Runs `/name` as `user`; `input` gives subcommand, options and place (`dm`, `guildId`, `channel`). */
  slash(user: DoubleUser, name: string, input?: SlashInput): Promise<InteractionHandle> {
    return this.#driver.slash(user, name, input);
  }

  /** Runs the user command `name` (a user's right-click menu, Apps) on `target` as `user`. */
  userCommand(
    user: DoubleUser,
    name: string,
    target: DoubleUser,
    input?: Where & { bypassPermissions?: boolean },
  ): Promise<InteractionHandle> {
    return this.#driver.userCommand(user, name, target, input);
  }

  /** Runs the message command `name` (a message's right-click menu, Apps) on a message, as `user`. */
  messageCommand(
    user: DoubleUser,
    name: string,
    target: MessageTarget,
    input?: Where & { bypassPermissions?: boolean },
  ): Promise<InteractionHandle> {
    return this.#driver.messageCommand(user, name, target, input);
  }

  /**
   * A message `author` posts in a channel (default: the guild's first), for message commands to be
   * run on: `messageCommand(mod, 'Check player', double.post(author, { content }))`. Not stored by
   * the double (it keeps the bot's messages only); the caller keeps it.
   */
  post(author: DoubleUser, body: { content?: string; embeds?: APIEmbed[] }, input?: Where): PostedMessage {
    return this.#driver.post(author, body, input);
  }

  /** Types `value` into option `focused` of `/command [subcommand]`. */
  autocomplete(
    user: DoubleUser,
    command: string,
    subcommand: string | null,
    focused: string,
    value: string,
    input?: Omit<SlashInput, 'subcommand'>,
  ): Promise<InteractionHandle> {
    return this.#driver.autocomplete(user, command, subcommand, focused, value, input);
  }

  /** Clicks button `customId` on a message the bot sent. */
  click(user: DoubleUser, message: MessageRef, customId: string): Promise<InteractionHandle> {
    return this.#driver.click(user, message, customId);
  }

  /** Picks `values` in select menu `customId` on a message the bot sent. */
  select(
    user: DoubleUser,
    message: MessageRef,
    customId: string,
    values: SelectValue[],
  ): Promise<InteractionHandle> {
    return this.#driver.select(user, message, customId, values);
  }

  /** Submits modal `customId` last shown to `user`, with `fields` by input custom_id. */
  submitModal(
    user: DoubleUser,
    customId: string,
    fields: ModalFields,
    input?: ModalInput,
  ): Promise<InteractionHandle> {
    return this.#driver.submitModal(user, customId, fields, input);
  }

  /** Dispatches any gateway event to the shard serving `guildId` (shard 0 without). */
  dispatch(event: string, data: unknown, guildId?: string | null): DispatchOutcome {
    return this.gateway.dispatch(event, data, guildId);
  }

  // ---- records -----------------------------------------------------------------------------------

  /** Every REST call received, in order. */
  /** Messages the bot posted in channels (not interaction replies), oldest first. */
  get channelMessages(): readonly APIMessage[] {
    return this.#rest.channelMessages;
  }

  get calls(): readonly RecordedCall[] {
    return this.#rest.calls;
  }

  /** REST calls of a route family, or whose `"METHOD /path"` matches a RegExp. */
  callsTo(route: FaultRoute): RecordedCall[] {
    return this.#rest.calls.filter((c) =>
      route instanceof RegExp ? route.test(`${c.method} ${c.path}`) : c.route === route,
    );
  }

  /** Calls no route of the double handles (answered with Discord's generic "Unknown ..." 404). */
  unroutedCalls(): RecordedCall[] {
    return this.#rest.calls.filter((c) => c.unrouted);
  }

  /** Every interaction dispatched, oldest first. */
  interactions(): InteractionRecord[] {
    return this.ledger.all();
  }

  /**
   * Timing of every interaction: time to the first callback request and to the final answer (null when
   * none came), and the callback type that acknowledged it.
   */
  timings(): InteractionTiming[] {
    return this.ledger.all().map((r) => ({
      id: r.id,
      type: r.type,
      command: r.commandName,
      msToFirstCallback: r.firstCallbackAt === null ? null : r.firstCallbackAt - r.createdAt,
      msToFinal: r.final ? r.final.at - r.createdAt : null,
      ackType: r.ack?.type ?? null,
    }));
  }

  /** Every message the bot sent through interactions (current state; deleted ones flagged). */
  messages(): StoredMessage[] {
    return this.ledger.messages.all();
  }

  /** The current state of one message the bot sent. */
  message(id: string): APIMessage | undefined {
    return this.ledger.messages.get(id)?.message;
  }
  /**
   * A file attached to a message the bot sent, by attachment id (what Discord's CDN serves at the
   * attachment's `url`): its name, type and bytes; undefined when no message (not deleted) has it.
   */
  attachment(id: string): { filename: string; contentType: string | undefined; data: Buffer } | undefined {
    for (const stored of this.ledger.messages.all()) {
      const meta = stored.message.attachments.find((a) => a.id === id);
      const file = stored.uploads.get(id);
      if (meta && file && !stored.deleted)
        return { filename: meta.filename, contentType: meta.content_type, data: file.data };
    }
    const posted = this.#rest.channelMessages.flatMap((m) => m.attachments).find((a) => a.id === id);
    const file = this.#rest.channelUploads.get(id);
    return posted && file
      ? { filename: posted.filename, contentType: posted.content_type, data: file.data }
      : undefined;
  }

  /** Message bodies whose allowed_mentions would let a ping through (see `allowedMentionsViolations`). */
  allowedMentionsViolations(): MentionViolation[] {
    return allowedMentionsViolations(this.#rest.calls);
  }

  /** Waits until some REST call satisfies `check` (checked on every call); resolves with it. */
  waitForCall(check: (call: RecordedCall) => boolean, timeoutMs = DOUBLE_WAIT_MS): Promise<RecordedCall> {
    return this.#rest.changes.until(
      () => this.#rest.calls.find((c) => c.status !== 0 && check(c)),
      timeoutMs,
      () => 'a matching REST call',
    );
  }

  // ---- faults ------------------------------------------------------------------------------------

  /** Makes the next `times` (default 1) calls on `route` fail with `status` (429 with rate-limit headers). */
  failNext(spec: FailSpec): void {
    this.#rest.faults.fail(spec);
  }

  /** Makes the next `times` calls on `route` wait `ms` before being answered. */
  delayNext(spec: DelaySpec): void {
    this.#rest.faults.delay(spec);
  }

  /** Every interaction token given so far expires now (its webhooks answer 401 50027), as after 15 minutes. */
  expireTokens(): void {
    this.ledger.expireTokens();
  }

  /** Drops every pending fault. */
  clearFaults(): void {
    this.#rest.faults.clear();
  }

  /** Closes live gateway connections (default close code 4000, resumable), or `'terminate'`s them. */
  dropGateway(mode?: DropMode): number {
    return this.gateway.drop(mode);
  }

  /** Turns heartbeat ACKs on or off. */
  /** Refuse (or accept again) new gateway connections: with `drop()`, a gateway outage. */
  refuseGateway(refusing: boolean): void {
    this.gateway.refuseConnections(refusing);
  }

  setHeartbeatAck(enabled: boolean): void {
    this.gateway.setHeartbeatAck(enabled);
  }

  /** Sends INVALID_SESSION to the client (`resumable: false` forces a fresh IDENTIFY). */
  invalidateSession(resumable = false): void {
    this.gateway.invalidateSessions(resumable);
  }

  /** Sends RECONNECT (op 7). */
  requestReconnect(): void {
    this.gateway.requestReconnect();
  }

  /** Gateway counters: connections, identifies, resumes, heartbeats, closes... */
  get gatewayStats(): GatewayStats {
    return this.gateway.stats;
  }

  /** Waits until the gateway counters satisfy `check`. */
  waitForGateway(check: (stats: GatewayStats) => boolean, timeoutMs = DOUBLE_WAIT_MS): Promise<true> {
    return this.gateway.waitFor(check, timeoutMs);
  }

  /** Stops the double: gateway connections, then the HTTP server. Destroy the client first. */
  async close(): Promise<void> {
    await this.gateway.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Starts a Discord double on 127.0.0.1 (a free port unless `options.port`). */
export async function startDiscordDouble(options: DiscordDoubleOptions = {}): Promise<DiscordDouble> {
  const ids = new SnowflakeFactory();
  const applicationId = options.applicationId ?? ids.next();
  const world = new World(ids, applicationId, options.botUserId ?? applicationId, [
    { ...options.guild, ...(options.guildId ? { id: options.guildId } : {}) },
    ...(options.extraGuilds ?? []),
  ]);
  if (options.uploadLimit !== undefined) world.uploadLimit = options.uploadLimit;
  const users = (options.users ?? []).map((spec) => world.addUser(spec));
  const commands = new CommandRegistry(ids, applicationId);
  const messages = new MessageStore(ids, (id) => {
    const user = world.users.get(id);
    return user ? world.apiUser(user) : id === world.bot.id ? world.bot : undefined;
  });
  const ledger = new InteractionLedger(messages, applicationId, world.bot, {
    windowMs: options.interactionWindowMs ?? 3000,
    tokenLifetimeMs: options.tokenLifetimeMs ?? 15 * 60_000,
  });
  const gateway = new Gateway(world, options.heartbeatInterval ?? 41_250);
  let gatewayUrl = '';
  const emojis = new ApplicationEmojis(() => ids.next(), world.bot);
  if (options.emojiLimit !== undefined) emojis.limit = options.emojiLimit;
  const rest = new RestDouble(world, commands, ledger, () => gatewayUrl, emojis, options.recommendedShards);
  const server = createServer((req, res) => {
    rest.handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: `double failed: ${String(error)}`, code: 0 });
    });
  });
  server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  gatewayUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.url = gatewayUrl;
  const driver = new InteractionDriver({ world, ids, commands, ledger, gateway, rest });
  return new DiscordDouble({ world, gateway, rest, commands, ledger, driver, server, users, emojis });
}
