import { createInflate } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type DiscordDouble, startDiscordDouble } from './double.js';

interface Frame {
  op: number;
  t?: string | null;
  s?: number | null;
  d?: unknown;
}

/** A bare gateway client that queues every frame it receives. */
class RawClient {
  readonly frames: Frame[] = [];
  readonly ws: WebSocket;
  closeCode: number | null = null;
  #waiters: Array<() => void> = [];

  constructor(url: string, decode: (data: Buffer, push: (frame: Frame) => void) => void = RawClient.json) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data: Buffer) => decode(data, (frame) => this.#push(frame)));
    this.ws.on('error', () => {});
    this.ws.on('close', (code) => {
      this.closeCode = code;
      this.#wake();
    });
  }

  static json(data: Buffer, push: (frame: Frame) => void): void {
    push(JSON.parse(data.toString()) as Frame);
  }

  #push(frame: Frame): void {
    this.frames.push(frame);
    this.#wake();
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  send(payload: object): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(payload));
    else this.ws.once('open', () => this.ws.send(JSON.stringify(payload)));
  }

  /** Waits for the first frame (in arrival order, from `from`) matching `match`. */
  async next(match: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching frame; got ${JSON.stringify(this.frames.map((f) => [f.op, f.t]))}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async closed(timeoutMs = 3000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (this.closeCode === null) throw new Error('socket did not close');
    return this.closeCode;
  }
}

const doubles: DiscordDouble[] = [];
const sockets: RawClient[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  for (const d of doubles.splice(0)) await d.close();
});

async function double(options: Parameters<typeof startDiscordDouble>[0] = {}): Promise<DiscordDouble> {
  const d = await startDiscordDouble({ heartbeatInterval: 1000, ...options });
  doubles.push(d);
  return d;
}

function connect(
  d: DiscordDouble,
  query = '?v=10&encoding=json',
  decode?: ConstructorParameters<typeof RawClient>[1],
): RawClient {
  const client = new RawClient(`${d.gatewayUrl}${query}`, decode);
  sockets.push(client);
  return client;
}

const identify = (shard: [number, number] = [0, 1]) => ({
  op: 2,
  d: { token: 'fake', intents: 1, properties: { os: 'linux', browser: 'test', device: 'test' }, shard },
});

describe('gateway', () => {
  it('HELLO, IDENTIFY → READY then GUILD_CREATE per guild with increasing sequence; heartbeat ACK', async () => {
    const d = await double({ extraGuilds: [{}, {}] });
    const c = connect(d);
    const hello = await c.next((f) => f.op === 10);
    expect(hello.d).toEqual({ heartbeat_interval: 1000 });
    c.send(identify());
    const ready = await c.next((f) => f.t === 'READY');
    expect(ready).toMatchObject({ op: 0, s: 1 });
    expect(ready.d).toMatchObject({
      v: 10,
      user: { id: d.bot.id, bot: true },
      application: { id: d.applicationId },
      resume_gateway_url: d.gatewayUrl,
    });
    expect((ready.d as { guilds: unknown[] }).guilds).toHaveLength(3);
    await c.next((f) => f.t === 'GUILD_CREATE' && f.s === 4);
    const creates = c.frames.filter((f) => f.t === 'GUILD_CREATE');
    expect(creates.map((f) => f.s)).toEqual([2, 3, 4]);
    expect(creates[0]?.d).toMatchObject({
      id: d.guildId,
      unavailable: false,
      members: [{ user: { id: d.bot.id } }],
    });
    c.send({ op: 1, d: 4 });
    await c.next((f) => f.op === 11);
    expect(d.gatewayStats).toMatchObject({ identifies: 1, heartbeats: 1, heartbeatAcks: 1 });
    expect(d.gateway.received[0]).toMatchObject({ op: 2, d: { token: '[redacted]' } });
  });

  it('RESUME replays what the session missed, then RESUMED; an unknown session gets INVALID_SESSION', async () => {
    const d = await double();
    const first = connect(d);
    first.send(identify());
    const ready = await first.next((f) => f.t === 'READY');
    const sessionId = (ready.d as { session_id: string }).session_id;
    await first.next((f) => f.t === 'GUILD_CREATE');
    d.dropGateway();
    expect(await first.closed()).toBe(4000);
    expect(d.dispatch('GUILD_UPDATE', { id: d.guildId }, d.guildId)).toBe('queued');
    const second = connect(d);
    await second.next((f) => f.op === 10);
    second.send({ op: 6, d: { token: 'fake', session_id: sessionId, seq: 2 } });
    const resumed = await second.next((f) => f.t === 'RESUMED');
    expect(second.frames.filter((f) => f.op === 0).map((f) => [f.t, f.s])).toEqual([
      ['GUILD_UPDATE', 3],
      ['RESUMED', 4],
    ]);
    expect(resumed.s).toBe(4);
    const stranger = connect(d);
    await stranger.next((f) => f.op === 10);
    stranger.send({ op: 6, d: { token: 'fake', session_id: 'nope', seq: 1 } });
    expect(await stranger.next((f) => f.op === 9)).toMatchObject({ d: false });
    expect(d.gatewayStats).toMatchObject({ resumes: 1, failedResumes: 1, replayed: 1 });
  });

  it('a client closing with 1000 ends its session: RESUME is refused', async () => {
    const d = await double();
    const c = connect(d);
    c.send(identify());
    const ready = await c.next((f) => f.t === 'READY');
    c.ws.close(1000);
    await c.closed();
    await d.waitForGateway((s) => s.closes.length === 1);
    const again = connect(d);
    await again.next((f) => f.op === 10);
    again.send({
      op: 6,
      d: { token: 'fake', session_id: (ready.d as { session_id: string }).session_id, seq: 1 },
    });
    expect(await again.next((f) => f.op === 9)).toMatchObject({ d: false });
  });

  it('closes with 4003 on a payload before IDENTIFY and 4012 on another API version', async () => {
    const d = await double();
    const early = connect(d);
    await early.next((f) => f.op === 10);
    early.send({ op: 3, d: { status: 'online' } });
    expect(await early.closed()).toBe(4003);
    const old = connect(d, '?v=6&encoding=json');
    expect(await old.closed()).toBe(4012);
  });

  it('routes guild events to the shard that owns the guild', async () => {
    const guildOn = (ms: bigint) => ({ id: String((ms << 22n) | 1n) });
    const d = await double({ extraGuilds: [guildOn(1000n), guildOn(1001n), guildOn(1002n)] });
    const shards = [connect(d), connect(d)];
    for (const [i, s] of shards.entries()) s.send(identify([i, 2]));
    const readies = await Promise.all(shards.map((s) => s.next((f) => f.t === 'READY')));
    const owned = readies.map((r) => (r.d as { guilds: Array<{ id: string }> }).guilds.map((g) => g.id));
    expect(owned.flat().sort()).toEqual(d.guilds.map((g) => g.id).sort());
    expect(owned.every((ids) => ids.length > 0)).toBe(true);
    for (const [i, ids] of owned.entries()) {
      for (const id of ids) expect(Number((BigInt(id) >> 22n) % 2n)).toBe(i);
    }
    const target = d.guilds[1]!.id;
    const shard = Number((BigInt(target) >> 22n) % 2n);
    d.dispatch('GUILD_UPDATE', { id: target }, target);
    await shards[shard]!.next((f) => f.t === 'GUILD_UPDATE');
    expect(shards[1 - shard]!.frames.some((f) => f.t === 'GUILD_UPDATE')).toBe(false);
  });

  it('speaks zlib-stream when asked: one deflate stream, a sync flush per payload', async () => {
    const d = await double();
    const inflate = createInflate();
    let pending = '';
    const frames: Frame[] = [];
    inflate.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      try {
        frames.push(JSON.parse(pending) as Frame);
        pending = '';
      } catch {
        // incomplete payload
      }
    });
    const c = connect(d, '?v=10&encoding=json&compress=zlib-stream', (data, push) => {
      expect(data.subarray(-4)).toEqual(Buffer.from([0, 0, 0xff, 0xff]));
      inflate.write(data, () => {
        for (const frame of frames.splice(0)) push(frame);
      });
    });
    await c.next((f) => f.op === 10);
    c.send(identify());
    await c.next((f) => f.t === 'GUILD_CREATE');
    expect(c.frames.map((f) => f.op)).toEqual([10, 0, 0]);
  });
});
