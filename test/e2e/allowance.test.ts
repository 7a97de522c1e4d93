/**
 * The monthly allowance as a moderator meets it, through the real bot: a refresh that would outrun
 * the pace shows the saved record with its age and the reason; a spent allowance shows saved data,
 * or one sentence naming when it starts again; /rollcall status shows where each limit stands.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { holdClock } from '../support/held-clock.js';
import { embedOf, startWorld, type World } from './world.js';

let world: World;
const ALERT_CHANNEL = '123456789012345678';

/** Lets the test's clock go: the pace of the month's allowance depends on the time left in it. */
let releaseClock: (() => void) | undefined;

beforeAll(async () => {
  releaseClock = holdClock();
  // A small month (4 requests) and records that are never fresh: every view would like a request.
  world = await startWorld({
    env: {
      API_LIMITS: '4/month,1000/1s',
      CACHE_TTL_ITEM_SECONDS: '0',
      CACHE_TTL_LIST_SECONDS: '0',
      QUOTA_ALERT_CHANNEL_ID: ALERT_CHANNEL,
    },
    // The alerts' channel, in the server of DISCORD_GUILD_ID (one elsewhere is never posted in).
    double: { guild: { channels: [{ name: 'general' }, { id: ALERT_CHANNEL, name: 'staff' }] } },
  });
}, 60_000);
afterAll(async () => {
  await world?.close();
  releaseClock?.();
});

const view = async (id: string) =>
  (await world.double.slash(world.mod, 'loa', { subcommand: 'view', options: { id } })).response();

describe('the monthly allowance, end to end', () => {
  it('paces refreshes, then serves saved data or says when the allowance starts again', async () => {
    const loas = world.sandbox.dataset.loas;
    const [a, b, c, d] = [loas[1]!.id, loas[2]!.id, loas[3]!.id, loas[4]!.id];
    world.sandbox.resetLog();

    expect(embedOf((await view(a)).message).footer?.text).toMatch(/Data as of$/);
    expect(embedOf((await view(a)).message).footer?.text).toMatch(/Data as of$/); // the pace's turn
    const paced = embedOf((await view(a)).message);
    expect(paced.title).toContain(a);
    expect(paced.footer?.text).toMatch(
      / · saving this server's monthly API allowance: fresh data in \d+ (h|d) · Saved data \(under a minute old\) as of$/,
    );
    expect(world.sandbox.requests).toHaveLength(2);

    await view(b); // never seen: the reserve pays for it
    await view(c);
    expect(world.sandbox.requests).toHaveLength(4);

    const never = await view(d);
    const reset = nextMonthStart(Date.now()) / 1000;
    expect(never.message?.content).toBe(MESSAGES.allowanceSpent(reset));
    expect(never.ephemeral).toBe(true);
    const saved = embedOf((await view(a)).message);
    expect(saved.title).toContain(a);
    expect(saved.footer?.text).toMatch(
      / · this server's monthly API allowance is spent until \d{4}-\d\d-01 00:00 UTC · Saved data \(.+ old\) as of$/,
    );
    expect(world.sandbox.requests).toHaveLength(4);

    // The staff channel heard of it once (80% and 100% both fall on the 4th request of 4: the higher
    // mark is said), without pinging anyone.
    const alertCalls = () =>
      world.double.calls.filter(
        (c) => c.method === 'POST' && c.path === `/channels/${ALERT_CHANNEL}/messages`,
      );
    // Posted once its channel is checked (its server, the bot's permissions there).
    await vi.waitFor(() => expect(alertCalls()).toHaveLength(1));
    const alerts = alertCalls();
    expect(alerts.map((c) => (c.body as { content: string }).content)).toEqual([
      MESSAGES.allowanceMark(4, 4, reset),
    ]);
    for (const c of alerts)
      expect((c.body as { allowed_mentions: unknown }).allowed_mentions).toEqual({ parse: [] });

    const status = await (
      await world.double.slash(world.mod, 'rollcall', { subcommand: 'status' })
    ).response();
    const fields = Object.fromEntries((embedOf(status.message).fields ?? []).map((f) => [f.name, f.value]));
    expect(fields['API allowance (4/month)']).toContain(
      `0 of 4 left this month · 4 used · resets <t:${reset}:f>`,
    );
    expect(fields['Left this month']).toBe('0 of 4');
    expect(fields['Allowed now']).toBe(`Saved data only, until <t:${reset}:f> (<t:${reset}:R>)`);
    expect(fields['API allowance (4/month)']).toContain('Pace: spent');
    expect(world.sandbox.requests).toHaveLength(4); // status spent nothing either
  }, 30_000);
});
