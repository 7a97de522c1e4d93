/**
 * A TCP relay to the real PostgreSQL whose connections can go silent: each stops forwarding both
 * ways and reading, without closing (as a vanished peer behind a firewall: no FIN, no RST). With
 * `freeze`, connections made after that are accepted and get nothing either (a database behind a
 * link that passes nothing); otherwise they are relayed normally.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface PgRelay {
  port: number;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Every open connection goes silent; returns how many. */
  silence(): number;
  /** Every open connection goes silent, and so does every new one until `speak`. */
  freeze(): number;
  /** The silent connections forward again, and new ones are relayed. */
  speak(): void;
  close(): Promise<void>;
}

export async function pgRelay(targetPort: number): Promise<PgRelay> {
  const pairs: Array<{ client: Socket; upstream: Socket }> = [];
  let frozen = false;
  let connections = 0;
  let silenced: typeof pairs = [];
  const mute = (pair: { client: Socket; upstream: Socket }) => {
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.client.pause();
    pair.upstream.pause();
    silenced.push(pair);
  };
  const server: Server = createServer((client) => {
    connections++;
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) s.on('error', () => {});
    const pair = { client, upstream };
    pairs.push(pair);
    if (frozen) mute(pair);
    else client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const open = () => pairs.filter((p) => !p.client.destroyed && !p.upstream.destroyed);
  const relay: PgRelay = {
    port: (server.address() as { port: number }).port,
    get connections() {
      return connections;
    },
    silence() {
      silenced = [];
      for (const pair of open()) mute(pair);
      return silenced.length;
    },
    freeze() {
      frozen = true;
      return relay.silence();
    },
    speak() {
      frozen = false;
      for (const { client, upstream } of silenced) {
        client.pipe(upstream).pipe(client);
        client.resume();
        upstream.resume();
      }
      silenced = [];
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return relay;
}
