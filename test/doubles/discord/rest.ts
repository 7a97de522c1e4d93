import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type APIAllowedMentions,
  type APIEmbed,
  type APIGatewayBotInfo,
  type APIMessage,
  MessageType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';
import { type CommandRegistry, type CommandScope, commandErrors, overwriteErrors } from './commands.js';
import type { ApplicationEmojis } from './emojis.js';
import { FaultInjector, type RouteFamily } from './faults.js';
import { parseBody, readBody, sendJson, type UploadedFile } from './http.js';
import type { Answer, InteractionLedger } from './interactions.js';
import { attachmentsOf, type MessageBody, mentionsOf, withAttached } from './messages.js';
import { Notifier } from './notifier.js';
import { readResource, unknownResource } from './resources.js';
import { snowflakeTime } from './snowflake.js';
import { invalidFormBody } from './validate.js';
import type { World } from './world.js';

/** One REST request the double received, and its answer. */
export interface RecordedCall {
  /** `Date.now()` when it arrived. */
  at: number;
  /** `performance.now()` when it arrived. */
  t: number;
  method: string;
  /** Decoded path after `/api/v10`, e.g. `/webhooks/1/tok/messages/@original`. */
  path: string;
  route: RouteFamily;
  query: Record<string, string>;
  /** Parsed JSON, or the multipart `payload_json`; null without a body. */
  body: unknown;
  files: UploadedFile[];
  /** HTTP status answered (0 when the connection was reset by a fault). */
  status: number;
  /** The JSON answered, if any. */
  response: unknown;
  /** The interaction this call belongs to (callbacks and interaction webhooks). */
  interactionId: string | null;
  /** Answered by `failNext` instead of the protocol. */
  injected: boolean;
  /** Carried `Authorization: Bot ...`. */
  authorized: boolean;
  /** No route of the double matched: answered with Discord's generic "Unknown ..." 404. */
  unrouted: boolean;
}

const METHOD_NOT_ALLOWED: Answer = { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
const UNAUTHORIZED: Answer = { status: 401, body: { message: '401: Unauthorized', code: 0 } };
const MISSING_ACCESS: Answer = { status: 403, body: { message: 'Missing Access', code: 50001 } };
const MISSING_PERMISSIONS: Answer = { status: 403, body: { message: 'Missing Permissions', code: 50013 } };

function familyOf(segments: string[]): RouteFamily {
  const [first] = segments;
  if (first === 'gateway') return 'gateway';
  if (first === 'interactions') return 'callback';
  if (first === 'webhooks') return 'webhook';
  if (first === 'users') return 'user';
  if (first === 'applications' && segments.includes('commands')) return 'commands';
  return 'other';
}

/** The REST half of the double: routing, recording, fault injection. */
export class RestDouble {
  /** Every REST call, in arrival order. */
  readonly calls: RecordedCall[] = [];
  readonly faults = new FaultInjector();
  /** Messages the bot posted in channels (POST /channels/{id}/messages), oldest first. */
  readonly channelMessages: APIMessage[] = [];
  /** The bytes of their attachments, by attachment id. */
  readonly channelUploads = new Map<string, UploadedFile>();
  /** Notified after every call. */
  readonly changes = new Notifier();

  constructor(
    private readonly world: World,
    private readonly commands: CommandRegistry,
    private readonly ledger: InteractionLedger,
    private readonly gatewayUrl: () => string,
    /** The application's own emojis (/applications/{app}/emojis). */
    private readonly emojis: ApplicationEmojis,
    /** The shard count GET /gateway/bot recommends. */
    private readonly recommendedShards = 1,
  ) {}

  /** Handles one HTTP request (not WebSocket upgrades). */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const t = performance.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readBody(req);
    const parsed = parseBody(raw, req.headers['content-type']);
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments[0] === 'api') segments.shift();
    if (/^v\d+$/.test(segments[0] ?? '')) segments.shift();
    const route = familyOf(segments);
    const call: RecordedCall = {
      at: Date.now(),
      t,
      method,
      path: `/${segments.join('/')}`,
      route,
      query: Object.fromEntries(url.searchParams),
      body: parsed.json,
      files: parsed.files,
      status: 0,
      response: null,
      interactionId: this.#interactionOf(segments),
      injected: false,
      authorized: /^Bot \S+/.test(req.headers.authorization ?? ''),
      unrouted: false,
    };
    this.calls.push(call);
    const fault = this.faults.take(method, call.path, route);
    if (fault?.kind === 'delay') await Promise.all([sleep(fault.ms), fault.until]);
    let answer: Answer;
    let headers: Record<string, string> = {};
    if (fault?.kind === 'fail') {
      call.injected = true;
      if (route === 'callback' && segments[1]) this.ledger.noteCallbackAttempt(segments[1]);
      if (fault.status === 'reset') {
        req.socket.destroy();
        this.#done(call, 0, null);
        return;
      }
      answer = { status: fault.status, body: fault.body };
      headers = fault.headers;
    } else if (parsed.error) {
      answer = { status: 400, body: { message: '400: Bad Request', code: 50109 } };
    } else if (parsed.files.some((file) => file.size > this.world.uploadLimit)) {
      // Discord refuses a file over the upload limit before anything else.
      answer = { status: 413, body: { message: 'Request entity too large', code: 40005 } };
    } else {
      answer = this.#route(method, segments, call, parsed.files, call.authorized);
    }
    sendJson(res, answer.status, answer.body, headers);
    this.#done(call, answer.status, answer.body ?? null);
  }

  #done(call: RecordedCall, status: number, response: unknown): void {
    call.status = status;
    call.response = response;
    this.changes.notify();
    this.ledger.changes.notify();
  }

  #interactionOf(segments: string[]): string | null {
    if (segments[0] === 'interactions') return segments[1] ?? null;
    if (segments[0] === 'webhooks' && segments[2]) return this.ledger.byToken(segments[2])?.id ?? null;
    return null;
  }

  #route(
    method: string,
    s: string[],
    call: RecordedCall,
    files: UploadedFile[],
    authorized: boolean,
  ): Answer {
    const [a, b, c, d, e] = s;
    const body = call.body;
    if (a === 'interactions' && b && c && d === 'callback' && s.length === 4) {
      if (method !== 'POST') return METHOD_NOT_ALLOWED;
      return this.ledger.callback(b, c, body, files, call.query.with_response === 'true');
    }
    if (a === 'webhooks' && b && c) {
      if (s.length === 3) {
        if (method !== 'POST') return METHOD_NOT_ALLOWED;
        return this.ledger.followUp(b, c, body, files, call.query.wait === 'true');
      }
      if (d === 'messages' && e && s.length === 5) {
        if (method === 'GET') return this.ledger.getMessage(b, c, e);
        if (method === 'PATCH') return this.ledger.editMessage(b, c, e, body, files);
        if (method === 'DELETE') return this.ledger.deleteMessage(b, c, e);
        return METHOD_NOT_ALLOWED;
      }
      return this.#unrouted(call, s);
    }
    if (!authorized) return UNAUTHORIZED;
    if (a === 'gateway' && method === 'GET') {
      const url = this.gatewayUrl();
      if (b === 'bot' && s.length === 2) {
        const info: APIGatewayBotInfo = {
          url,
          shards: this.recommendedShards,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 14_400_000, max_concurrency: 1 },
        };
        return { status: 200, body: info };
      }
      if (s.length === 1) return { status: 200, body: { url } };
    }
    if (a === 'applications' && b && s.includes('commands')) return this.#commands(method, s, call);
    if (a === 'applications' && b && c === 'emojis') {
      if (b !== this.world.applicationId) return MISSING_ACCESS;
      return this.emojis.route(method, s.slice(3), body);
    }
    if (a === 'channels' && b && c === 'messages' && s.length === 3 && method === 'POST')
      return this.#channelMessage(b, body, files);
    return readResource(this.world, method, s) ?? this.#unrouted(call, s);
  }

  /** POST /channels/{id}/messages by the bot: checked against its permissions in the channel. */
  #channelMessage(channelId: string, body: unknown, files: UploadedFile[]): Answer {
    const guild = [...this.world.guilds.values()].find((g) => g.channels.some((ch) => ch.id === channelId));
    const channel = guild?.channels.find((ch) => ch.id === channelId);
    if (!guild || !channel) return unknownResource(['channels', channelId]);
    const perms = this.world.botChannelPermissions(guild, channel);
    if (!(perms & PermissionFlagsBits.ViewChannel)) return MISSING_ACCESS;
    if (!(perms & PermissionFlagsBits.SendMessages)) return MISSING_PERMISSIONS;
    // Files need Attach Files: without it Discord refuses the whole message.
    if (files.length > 0 && !(perms & PermissionFlagsBits.AttachFiles)) return MISSING_PERMISSIONS;
    const b = (typeof body === 'object' && body !== null ? body : {}) as MessageBody;
    const content = typeof b.content === 'string' ? b.content : '';
    // Without Embed Links, Discord drops the embeds of a message that has something else to show,
    // and refuses one of embeds alone (403, as for a missing permission).
    const sent = Array.isArray(b.embeds) ? (b.embeds as APIEmbed[]) : [];
    const embeds = perms & PermissionFlagsBits.EmbedLinks ? sent : [];
    if (content === '' && files.length === 0 && sent.length > 0 && embeds.length === 0)
      return MISSING_PERMISSIONS;
    if (content === '' && embeds.length === 0 && files.length === 0)
      return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
    const allowed = (b.allowed_mentions as APIAllowedMentions | undefined) ?? null;
    const mentions = mentionsOf(content, allowed, (id) => {
      const user = this.world.users.get(id);
      return user ? this.world.apiUser(user) : undefined;
    });
    const id = this.world.nextId();
    const message = {
      id,
      channel_id: channelId,
      guild_id: guild.id,
      author: this.world.bot,
      content,
      timestamp: new Date(snowflakeTime(id)).toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: mentions.everyone,
      mentions: mentions.users,
      mention_roles: mentions.roles,
      attachments: attachmentsOf(
        { next: () => this.world.nextId() },
        channelId,
        b,
        files,
        [],
        this.channelUploads,
      ),
      embeds,
      pinned: false,
      type: MessageType.Default,
      flags: 0,
      components: [],
    };
    message.embeds = withAttached(embeds, message.attachments);
    this.channelMessages.push(message);
    return { status: 200, body: message };
  }

  #unrouted(call: RecordedCall, segments: string[]): Answer {
    call.unrouted = true;
    return unknownResource(segments);
  }

  /** /applications/{app}/commands[/{id}] and /applications/{app}/guilds/{guild}/commands[/{id}] */
  #commands(method: string, s: string[], call: RecordedCall): Answer {
    const body = call.body;
    const guildRoute = s[2] === 'guilds';
    const scope: CommandScope = { guildId: guildRoute ? (s[3] ?? null) : null };
    const rest = s.slice(guildRoute ? 4 : 2);
    if (rest[0] !== 'commands' || rest.length > 2) return this.#unrouted(call, s);
    if (s[1] !== this.world.applicationId) return MISSING_ACCESS;
    if (scope.guildId && !this.world.guilds.has(scope.guildId)) return MISSING_ACCESS;
    const id = rest[1];
    if (id) {
      const found = this.commands.list(scope).find((cmd) => cmd.id === id);
      if (!found) return { status: 404, body: { message: 'Unknown application command', code: 10063 } };
      if (method === 'GET') return { status: 200, body: found };
      if (method === 'DELETE') {
        this.commands.overwrite(
          scope,
          this.commands.list(scope).filter((cmd) => cmd.id !== id) as unknown as Array<
            Record<string, unknown>
          >,
        );
        return { status: 204 };
      }
      return METHOD_NOT_ALLOWED;
    }
    if (method === 'GET') return { status: 200, body: this.commands.list(scope) };
    if (method === 'PUT') {
      if (!Array.isArray(body))
        return {
          status: 400,
          body: invalidFormBody([{ path: [], code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' }]),
        };
      const errors = [...body.flatMap((command, i) => commandErrors(command, i)), ...overwriteErrors(body)];
      if (body.length > 100)
        errors.push({ path: [], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' });
      if (errors.length > 0) return { status: 400, body: invalidFormBody(errors) };
      return { status: 200, body: this.commands.overwrite(scope, body as Array<Record<string, unknown>>) };
    }
    if (method === 'POST') {
      const errors = commandErrors(body, null);
      if (errors.length > 0) return { status: 400, body: invalidFormBody(errors) };
      return { status: 201, body: this.commands.upsert(scope, (body ?? {}) as Record<string, unknown>) };
    }
    return METHOD_NOT_ALLOWED;
  }
}
