import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createDeflate, type Deflate, constants as zlibConstants } from 'node:zlib';
import {
  type ApplicationFlags,
  GatewayCloseCodes,
  GatewayDispatchEvents,
  type GatewayIdentifyData,
  GatewayOpcodes,
  type GatewayReadyDispatchData,
  type GatewayResumeData,
} from 'discord-api-types/v10';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { DOUBLE_WAIT_MS, Notifier } from './notifier.js';
import type { World } from './world.js';

/** One dispatch (op 0) as sent on the wire. */
export interface DispatchFrame {
  op: GatewayOpcodes.Dispatch;
  t: string;
  s: number;
  d: unknown;
}

/** Counters of what happened on the gateway, for reconnect assertions. */
export interface GatewayStats {
  /** WebSocket connections accepted. */
  connections: number;
  /** IDENTIFY (op 2) payloads answered with READY. */
  identifies: number;
  /** RESUME (op 6) payloads answered with RESUMED. */
  resumes: number;
  /** RESUME payloads refused with INVALID_SESSION (unknown or invalidated session). */
  failedResumes: number;
  /** Heartbeats (op 1) received. */
  heartbeats: number;
  /** Heartbeat ACKs (op 11) sent. */
  heartbeatAcks: number;
  /** Dispatches replayed on resume. */
  replayed: number;
  /** Every closed connection: its close code and who closed it. */
  closes: Array<{ code: number; by: 'client' | 'server'; at: number }>;
}

/** How `dropGateway()` ends the connection. */
export type DropMode =
  | { code: number; reason?: string }
  /** Destroy the TCP socket without a close frame (the client sees 1006). */
  | 'terminate';

/** Where a dispatch went: written to a live socket, buffered for a resume, or lost (no session). */
export type DispatchOutcome = 'sent' | 'queued' | 'lost';

interface Session {
  readonly id: string;
  readonly shard: [number, number];
  seq: number;
  /** Sent dispatches kept for replay on RESUME. */
  readonly backlog: DispatchFrame[];
  connection: Connection | null;
  invalidated: boolean;
}

interface Connection {
  readonly ws: WebSocket;
  session: Session | null;
  /** Compresses payloads when the client asked for `compress=zlib-stream`. */
  readonly compress: ((text: string) => Promise<Buffer>) | null;
  /** Keeps compressed writes in order. */
  chain: Promise<void>;
}

const BACKLOG_LIMIT = 1000;
const SYNC_FLUSH_SUFFIX = Buffer.from([0x00, 0x00, 0xff, 0xff]);

/** One zlib stream per connection, flushed with Z_SYNC_FLUSH after every payload, as Discord does. */
function zlibStream(): (text: string) => Promise<Buffer> {
  const deflate: Deflate = createDeflate();
  let chunks: Buffer[] = [];
  let pending: ((out: Buffer) => void) | null = null;
  deflate.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    const joined = Buffer.concat(chunks);
    if (pending && joined.subarray(-4).equals(SYNC_FLUSH_SUFFIX)) {
      chunks = [];
      const done = pending;
      pending = null;
      done(joined);
    }
  });
  return (text) =>
    new Promise<Buffer>((resolve) => {
      pending = resolve;
      deflate.write(text);
      deflate.flush(zlibConstants.Z_SYNC_FLUSH);
    });
}

/**
 * The gateway half of the double: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME with replay,
 * INVALID_SESSION, sharding by guild id, and switches for faults (drop, stop ACKs, reconnect request).
 */
export class Gateway {
  readonly stats: GatewayStats = {
    connections: 0,
    identifies: 0,
    resumes: 0,
    failedResumes: 0,
    heartbeats: 0,
    heartbeatAcks: 0,
    replayed: 0,
    closes: [],
  };
  /** Notified on every gateway event (connection, identify, resume, close). */
  readonly changes = new Notifier();
  /** Received payloads other than heartbeats (IDENTIFY, RESUME, presence updates, ...), tokens redacted. */
  readonly received: Array<{ at: number; op: number; d: unknown }> = [];

  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sessions = new Map<number, Session>();
  readonly #connections = new Set<Connection>();
  #ack = true;
  #refusing = false;
  #url = '';

  constructor(
    private readonly world: World,
    /** Interval announced in HELLO. */
    public heartbeatInterval: number,
  ) {}

  /** The ws:// URL clients connect to (set when the HTTP server listens). */
  set url(value: string) {
    this.#url = value;
  }

  /** Accepts an HTTP upgrade on the shared HTTP server. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.#refusing) {
      // As a gateway that is down: the upgrade is answered 503 and the connection closed.
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#onConnection(ws, req));
  }

  /** Refuse (or accept again) every new gateway connection: an outage of Discord's gateway. */
  refuseConnections(refusing: boolean): void {
    this.#refusing = refusing;
  }

  /** Turns heartbeat ACKs on or off (off makes discord.js see a zombie connection and reconnect). */
  setHeartbeatAck(enabled: boolean): void {
    this.#ack = enabled;
  }

  /** Ends every live connection; sessions stay resumable unless the close code forbids it. */
  drop(mode: DropMode = { code: GatewayCloseCodes.UnknownError }): number {
    let dropped = 0;
    for (const connection of this.#connections) {
      if (connection.ws.readyState !== WebSocket.OPEN) continue;
      dropped++;
      if (mode === 'terminate') {
        connection.ws.terminate();
      } else {
        connection.ws.close(mode.code, mode.reason ?? 'dropped by the test double');
      }
      this.#closed(connection, mode === 'terminate' ? 1006 : mode.code, 'server');
    }
    return dropped;
  }

  /** Sends INVALID_SESSION (op 9) to every live connection; `resumable: false` forgets the sessions. */
  invalidateSessions(resumable = false): void {
    for (const connection of this.#connections) {
      if (!resumable && connection.session) connection.session.invalidated = true;
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: resumable });
    }
  }

  /** Sends RECONNECT (op 7): the client should close and resume. */
  requestReconnect(): void {
    for (const connection of this.#connections)
      this.#send(connection, { op: GatewayOpcodes.Reconnect, d: null });
  }

  /** Whether the shard serving `guildId` (or shard 0 for DMs) has a live, identified connection. */
  isLive(guildId?: string | null): boolean {
    const session = this.#sessionFor(guildId);
    return Boolean(session?.connection && session.connection.ws.readyState === WebSocket.OPEN);
  }

  /**
   * Dispatches an event to the session of the shard that serves `guildId` (shard 0 without one).
   * With the client disconnected but resumable, the event waits in the backlog and is replayed on RESUME.
   */
  dispatch(t: string, d: unknown, guildId?: string | null): DispatchOutcome {
    const session = this.#sessionFor(guildId);
    return session ? this.#dispatchTo(session, t, d) : 'lost';
  }

  #dispatchTo(session: Session, t: string, d: unknown): DispatchOutcome {
    const frame: DispatchFrame = { op: GatewayOpcodes.Dispatch, t, s: ++session.seq, d };
    session.backlog.push(frame);
    if (session.backlog.length > BACKLOG_LIMIT) session.backlog.shift();
    const connection = session.connection;
    if (connection && connection.ws.readyState === WebSocket.OPEN) {
      this.#send(connection, frame);
      return 'sent';
    }
    return 'queued';
  }

  /** Waits until `stats` satisfies `check`. */
  waitFor(
    check: (stats: GatewayStats) => boolean,
    timeoutMs = DOUBLE_WAIT_MS,
    what = 'a gateway condition',
  ): Promise<true> {
    return this.changes.until(
      () => check(this.stats),
      timeoutMs,
      () => `${what} (${JSON.stringify(this.stats)})`,
    );
  }

  /** Closes every connection and the WebSocket server. */
  async close(): Promise<void> {
    for (const connection of this.#connections) connection.ws.terminate();
    this.#connections.clear();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #sessionFor(guildId?: string | null): Session | undefined {
    const any = this.#sessions.values().next().value;
    if (!any) return undefined;
    const count = BigInt(any.shard[1]);
    const shard = guildId ? Number((BigInt(guildId) >> 22n) % count) : 0;
    const session = this.#sessions.get(shard);
    return session && !session.invalidated ? session : undefined;
  }

  #onConnection(ws: WebSocket, req: IncomingMessage): void {
    const params = new URL(req.url ?? '/', 'ws://localhost').searchParams;
    const connection: Connection = {
      ws,
      session: null,
      compress: params.get('compress') === 'zlib-stream' ? zlibStream() : null,
      chain: Promise.resolve(),
    };
    this.#connections.add(connection);
    this.stats.connections++;
    ws.on('message', (data) => this.#onMessage(connection, data));
    ws.on('close', (code) => this.#closed(connection, code, 'client'));
    ws.on('error', () => this.#closed(connection, 1006, 'client'));
    this.changes.notify();
    const version = params.get('v');
    if (version !== null && version !== '10') {
      ws.close(GatewayCloseCodes.InvalidAPIVersion, 'Invalid API version');
      return;
    }
    this.#send(connection, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.heartbeatInterval } });
  }

  #closed(connection: Connection, code: number, by: 'client' | 'server'): void {
    if (!this.#connections.delete(connection)) return;
    const session = connection.session;
    if (session?.connection === connection) {
      session.connection = null;
      // Discord forgets a session when the client closes normally (1000/1001); other codes keep it resumable.
      if (by === 'client' && (code === 1000 || code === 1001)) session.invalidated = true;
    }
    this.stats.closes.push({ code, by, at: Date.now() });
    this.changes.notify();
  }

  #onMessage(connection: Connection, data: RawData): void {
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(data.toString()) as { op?: unknown; d?: unknown };
    } catch {
      connection.ws.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
      return;
    }
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        this.stats.heartbeats++;
        if (this.#ack) {
          this.stats.heartbeatAcks++;
          this.#send(connection, { op: GatewayOpcodes.HeartbeatAck });
        }
        this.changes.notify();
        return;
      case GatewayOpcodes.Identify:
        this.#record(payload.op, payload.d);
        this.#identify(connection, payload.d as GatewayIdentifyData);
        return;
      case GatewayOpcodes.Resume:
        this.#record(payload.op, payload.d);
        this.#resume(connection, payload.d as GatewayResumeData);
        return;
      default:
        this.#record(typeof payload.op === 'number' ? payload.op : -1, payload.d);
        if (!connection.session)
          connection.ws.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.');
    }
  }

  #record(op: number, d: unknown): void {
    const redacted = d && typeof d === 'object' && 'token' in d ? { ...d, token: '[redacted]' } : d;
    this.received.push({ at: Date.now(), op, d: redacted });
  }

  #identify(connection: Connection, data: GatewayIdentifyData): void {
    if (connection.session) {
      connection.ws.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
      return;
    }
    if (!data?.token) {
      connection.ws.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    const shard: [number, number] = data.shard ?? [0, 1];
    const previous = this.#sessions.get(shard[0]);
    if (previous) previous.invalidated = true;
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      shard,
      seq: 0,
      backlog: [],
      connection,
      invalidated: false,
    };
    this.#sessions.set(shard[0], session);
    connection.session = session;
    this.stats.identifies++;
    const guilds = [...this.world.guilds.values()].filter(
      (g) => Number((BigInt(g.id) >> 22n) % BigInt(shard[1])) === shard[0],
    );
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: this.world.bot,
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.#url,
      shard,
      application: { id: this.world.applicationId, flags: 0 as ApplicationFlags, flags_new: '0' },
    };
    this.#dispatchTo(session, GatewayDispatchEvents.Ready, ready);
    for (const guild of guilds)
      this.#dispatchTo(session, GatewayDispatchEvents.GuildCreate, this.world.guildCreate(guild));
    this.changes.notify();
  }

  #resume(connection: Connection, data: GatewayResumeData): void {
    const session = [...this.#sessions.values()].find((s) => s.id === data?.session_id);
    if (!session || session.invalidated || !data.token) {
      this.stats.failedResumes++;
      this.#send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      this.changes.notify();
      return;
    }
    if (session.connection && session.connection !== connection) session.connection.ws.terminate();
    session.connection = connection;
    connection.session = session;
    const missed = session.backlog.filter((frame) => frame.s > data.seq);
    for (const frame of missed) this.#send(connection, frame);
    this.stats.replayed += missed.length;
    this.stats.resumes++;
    this.#dispatchTo(session, GatewayDispatchEvents.Resumed, null);
    this.changes.notify();
  }

  #send(connection: Connection, payload: object): void {
    const text = JSON.stringify(payload);
    const { ws, compress } = connection;
    if (!compress) {
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
      return;
    }
    connection.chain = connection.chain.then(async () => {
      const frame = await compress(text);
      if (ws.readyState === WebSocket.OPEN) ws.send(frame, { binary: true });
    });
  }
}
