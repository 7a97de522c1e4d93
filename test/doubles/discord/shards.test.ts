/**
 * The double serves several shards: real discord.js clients, each one shard of two, IDENTIFY with
 * `[shard, count]`, get their own sessions and only their servers, and each interaction reaches the
 * client of its server's shard only. GET /gateway/bot recommends the count it was given.
 */
import {
  type Client,
  Events,
  type Interaction,
  REST,
  type RESTGetAPIGatewayBotResult,
  Routes,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from './client.js';
import { type DiscordDouble, startDiscordDouble } from './double.js';
import { shardOf, snowflakeOnShard } from './snowflake.js';

const COUNT = 2;
let double: DiscordDouble | undefined;
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.destroy();
  await double?.close();
  double = undefined;
});

describe('several shards', () => {
  it('recommends the count it was given on GET /gateway/bot', async () => {
    double = await startDiscordDouble({ recommendedShards: 3 });
    const rest = new REST({ api: double.restUrl }).setToken('fake-token');
    const info = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
    expect(info.shards).toBe(3);
  });

  it('gives each shard its own session and servers, and delivers interactions on the server’s shard', async () => {
    const ids = [snowflakeOnShard(0, COUNT, 1), snowflakeOnShard(1, COUNT, 2), snowflakeOnShard(1, COUNT, 3)];
    expect(ids.map((id) => shardOf(id, COUNT))).toEqual([0, 1, 1]);
    double = await startDiscordDouble({
      guildId: ids[0] as string,
      extraGuilds: ids.slice(1).map((id) => ({ id, name: `Server ${id}` })),
    });
    const seen: string[][] = [[], []];
    for (const shard of [0, 1]) {
      const client = await connectClient(double, { shards: [shard], shardCount: COUNT });
      clients.push(client);
      client.on(Events.InteractionCreate, (interaction: Interaction) => {
        seen[shard]?.push(interaction.guildId ?? 'dm');
        if (interaction.isChatInputCommand())
          void interaction.reply({ content: `shard ${shard}`, allowedMentions: { parse: [] } });
      });
    }
    const [zero, one] = clients as [Client, Client];
    expect([...zero.guilds.cache.keys()]).toEqual([ids[0]]);
    expect([...one.guilds.cache.keys()].sort()).toEqual([ids[1], ids[2]].sort());
    const sessions = double.gateway.received
      .filter((r) => r.op === 2)
      .map((r) => (r.d as { shard: [number, number] }).shard);
    expect(sessions).toEqual([
      [0, 2],
      [1, 2],
    ]);

    const user = double.user({ username: 'someone' });
    for (const guildId of ids) {
      const answer = await (await double.slash(user, 'ping', { guildId })).response();
      expect(answer.message?.content).toBe(`shard ${shardOf(guildId, COUNT)}`);
    }
    expect(seen).toEqual([[ids[0]], [ids[1], ids[2]]]);

    // With shard 1's client gone, its servers' interactions are not delivered; shard 0 is unaffected.
    await one.destroy();
    clients.pop();
    await double.gateway.waitFor(() => !double?.gateway.isLive(ids[1]), 5_000, 'shard 1 closed');
    expect(double.gateway.isLive(ids[0])).toBe(true);
    const lost = await double.slash(user, 'ping', { guildId: ids[1] as string });
    await expect(lost.response()).rejects.toThrow();
    const kept = await (await double.slash(user, 'ping', { guildId: ids[0] as string })).response();
    expect(kept.message?.content).toBe('shard 0');
  }, 20_000);
});
