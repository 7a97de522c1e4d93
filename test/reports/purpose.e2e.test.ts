/**
 * Requests by purpose, end to end: rollcall_api_requests_total counts a scheduled digest's requests
 * under `digest`, a report command's snapshot reads under `report` (its next page too), and any other
 * read under `read`; the debug "api request" log line names the same purpose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, embedOf } from '../e2e/world.js';
import { parsePrometheus } from '../ops/support.js';
import { type Bot, type EnvDigestWorld, GUILD, startEnvDigestWorld } from './env-digest-world.js';

let world: EnvDigestWorld;
let bot: Bot;

beforeAll(async () => {
  world = await startEnvDigestWorld();
  world.clock.now = Date.parse('2026-03-30T08:00:00Z');
  // Every report reads its snapshot's pages again (no page is fresh), so each purpose makes requests.
  bot = await world.start({ HEALTH_PORT: '0', DIGEST_SCHEDULE: 'daily 9', CACHE_TTL_LIST_SECONDS: '0' });
  await bot.app.digests?.tick();
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** rollcall_api_requests_total summed by purpose. */
async function byPurpose(): Promise<Record<string, number>> {
  const samples = parsePrometheus(await (bot.app.metrics?.text() ?? Promise.resolve('')));
  const sums: Record<string, number> = {};
  for (const s of samples) {
    if (s.name !== 'rollcall_api_requests_total') continue;
    const purpose = s.labels.purpose ?? '(none)';
    sums[purpose] = (sums[purpose] ?? 0) + s.value;
  }
  return sums;
}

/** The purposes named by the "api request" debug lines since line `from`. */
function loggedPurposes(from: number): string[] {
  return bot.logLines
    .slice(from)
    .map((line) => JSON.parse(line) as { msg?: string; purpose?: string })
    .filter((line) => line.msg === 'api request')
    .map((line) => String(line.purpose));
}

describe('requests by purpose', () => {
  it("counts a digest's requests under digest, a report's under report, the rest under read", async () => {
    expect(await byPurpose()).toEqual({});

    let lines = bot.logLines.length;
    world.clock.now = Date.parse('2026-03-30T09:00:00Z');
    expect(await bot.app.digests?.tick()).toBe(1);
    const afterDigest = await byPurpose();
    expect(afterDigest.digest).toBeGreaterThan(0);
    expect(Object.keys(afterDigest)).toEqual(['digest']);
    expect(new Set(loggedPurposes(lines))).toEqual(new Set(['digest']));

    lines = bot.logLines.length;
    const report = await world.double.slash(
      world.double.user({ username: 'mod', roles: ['Moderator'] }),
      'loa',
      {
        subcommand: 'active',
        guildId: GUILD,
      },
    );
    expect((await report.response()).message?.embeds[0]?.title).toBe('On leave now');
    const afterReport = await byPurpose();
    expect(afterReport.report).toBeGreaterThan(0);
    expect(afterReport.digest).toBe(afterDigest.digest);
    expect(afterReport.read).toBeUndefined();
    expect(new Set(loggedPurposes(lines))).toEqual(new Set(['report']));

    // A report's next page reads its snapshot again (no page is fresh): counted as a report's too.
    const mod = world.double.user({ username: 'mod3', roles: ['Moderator'] });
    const totals = await (
      await world.double.slash(mod, 'shift', {
        subcommand: 'totals',
        guildId: GUILD,
        options: { period: '30-days' },
      })
    ).response();
    const beforePage = await byPurpose();
    lines = bot.logLines.length;
    const next = await (
      await world.double.click(mod, totals.message as never, control(totals.message, '▶'))
    ).response();
    expect(embedOf(next.message as never).footer?.text).toMatch(/^Page 2 of/);
    const afterPage = await byPurpose();
    expect(afterPage.report).toBeGreaterThan(beforePage.report ?? 0);
    expect(afterPage.read).toBeUndefined();
    expect(new Set(loggedPurposes(lines))).toEqual(new Set(['report']));

    lines = bot.logLines.length;
    const read = await world.double.slash(
      world.double.user({ username: 'mod2', roles: ['Moderator'] }),
      'loa',
      {
        subcommand: 'list',
        guildId: GUILD,
      },
    );
    await read.response();
    const afterRead = await byPurpose();
    expect(afterRead.read).toBeGreaterThan(0);
    expect(afterRead.report).toBe(afterPage.report);
    expect(afterRead.digest).toBe(afterDigest.digest);
    expect(new Set(loggedPurposes(lines))).toEqual(new Set(['read']));
  });
});
