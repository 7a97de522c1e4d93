/**
 * Attack (round 3) on requests by purpose: a scheduled digest and moderators' reads running at the
 * same time, through one bot, must each count under their own purpose (AsyncLocalStorage must not
 * carry the digest's label into a moderator's request, nor the other way round); and no new log
 * line carries the API token or the Discord token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bot, type EnvDigestWorld, GUILD, startEnvDigestWorld } from '../reports/env-digest-world.js';

let world: EnvDigestWorld;
let bot: Bot;

beforeAll(async () => {
  world = await startEnvDigestWorld();
  world.clock.now = Date.parse('2026-03-30T08:00:00Z');
  bot = await world.start({
    HEALTH_PORT: '0',
    DIGEST_SCHEDULE: 'daily 9',
    CACHE_TTL_LIST_SECONDS: '0',
    CACHE_TTL_ITEM_SECONDS: '0',
    // A short limit that makes the digest and the moderators wait in one line together.
    API_LIMITS: '1000/month,5/1s',
    LOG_LEVEL: 'trace',
  });
  await bot.app.digests?.tick();
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('requests by purpose under concurrent work', () => {
  it("a digest and moderators' reads at once: each request under its own purpose", async () => {
    const from = bot.logLines.length;
    world.clock.now = Date.parse('2026-03-30T09:00:00Z');
    const loas = world.sandbox.dataset.loas.slice(0, 6).map((l) => l.id);
    const users = world.sandbox.dataset.samples.busyUsernames.slice(0, 3);
    const mods = await Promise.all([
      bot.app.digests?.tick(),
      ...loas.map(async (id, i) =>
        (
          await world.double.slash(world.double.user({ username: `m${i}`, roles: ['Moderator'] }), 'loa', {
            subcommand: 'view',
            guildId: GUILD,
            options: { id } as never,
          })
        ).response(),
      ),
      ...users.map(async (username, i) =>
        (
          await world.double.slash(world.double.user({ username: `u${i}`, roles: ['Moderator'] }), 'log', {
            subcommand: 'user',
            guildId: GUILD,
            options: { username } as never,
          })
        ).response(),
      ),
    ]);
    expect(mods[0]).toBe(1);
    // The digest's post (a channel message, not an interaction answer) lets nobody be pinged either.
    const posts = world.double.calls.filter(
      (c) => c.method === 'POST' && /^\/channels\/\d+\/messages$/.test(c.path),
    );
    expect(posts.length).toBeGreaterThan(0);
    expect(world.double.allowedMentionsViolations()).toEqual([]);
    const lines = bot.logLines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg?: string; op?: string; purpose?: string })
      .filter((line) => line.msg === 'api request');
    const purposes = (ops: string[]) =>
      new Set(lines.filter((l) => ops.includes(String(l.op))).map((l) => l.purpose));
    expect(purposes(['getLoa', 'listUserLogs'])).toEqual(new Set(['read']));
    expect(purposes(['listShifts', 'listMembers', 'listRoles', 'listLoas'])).toEqual(new Set(['digest']));
    const all = bot.logLines.join('\n');
    expect(all).not.toContain('discord-bot-token-for-tests');
    expect(all).not.toContain(world.sandbox.token);
    expect(all).not.toContain('env-digest-token-');
  }, 60_000);
});
