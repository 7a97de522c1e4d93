/**
 * Single-community mode's allowance alerts (QUOTA_ALERT_CHANNEL_ID), end to end: their channel is
 * checked as the digest's and the leave reminders' are (environment-channel.ts), at start and before
 * each alert. A channel the bot may not send in, one it cannot find, or one of a server not in
 * DISCORD_GUILD_ID is one log line at start, and no alert is ever posted there; a channel of the
 * community's server gets the alert when the month passes its mark.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALERT_PROBLEMS } from '../../src/community/environment-channel.js';
import { allowanceAlertText } from '../../src/discord/alerts.js';
import { ENGLISH } from '../../src/i18n/words.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import {
  type Bot,
  ELSEWHERE,
  type EnvDigestWorld,
  GONE,
  GUILD,
  LOCKED,
  STAFF,
  startEnvDigestWorld,
} from './env-digest-world.js';

const CANNOT = 'allowance alerts (QUOTA_ALERT_CHANNEL_ID) cannot be posted';

let world: EnvDigestWorld;
let mod: DoubleUser;

beforeAll(async () => {
  world = await startEnvDigestWorld();
  mod = world.double.user({ username: 'alerts-moderator', roles: ['Moderator'] });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** A bot whose month holds 2 requests, alerting in `channel`, with no digest. */
const startBot = (channel: string) =>
  world.start({ DIGEST_CHANNEL_ID: '', QUOTA_ALERT_CHANNEL_ID: channel, API_LIMITS: '2/month,1000/1s' });

/** The alerts posted in `channel` so far. */
const alertsIn = (channel: string) =>
  world.double.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${channel}/messages`);

/** Spend the month's 2 requests (two lists never read): the 80% and 100% marks fall on the second. */
async function spendTheMonth(): Promise<void> {
  for (const command of ['loa', 'member'])
    await (await world.double.slash(mod, command, { subcommand: 'list', guildId: GUILD })).response();
}

/** The start-up check's line, once it is written (the check runs when the client is ready). */
async function startLine(bot: Bot): Promise<Record<string, unknown>> {
  await vi.waitFor(() => expect(bot.logged(CANNOT)).toHaveLength(1));
  return bot.logged(CANNOT)[0] as Record<string, unknown>;
}

describe('single-community allowance alerts: their channel checked', () => {
  it('a channel of the community server: no problem at start, and the alert when the month passes its mark', async () => {
    const bot = await startBot(STAFF);
    const before = alertsIn(STAFF).length;
    await spendTheMonth();
    await vi.waitFor(() => expect(alertsIn(STAFF)).toHaveLength(before + 1));
    const { content } = (alertsIn(STAFF).at(-1)?.body ?? {}) as { content: string };
    const reset = Number(/<t:(\d+):/.exec(content)?.[1]);
    const mark = { share: 1, used: 2, points: 2, resetAt: reset * 1000 } as const;
    expect(content).toBe(allowanceAlertText(mark, ENGLISH));
    expect(bot.logged(CANNOT)).toEqual([]);
    await bot.app.stop(2_000);
  });

  it('a channel of a server not in DISCORD_GUILD_ID: one error line at start, and no alert posted there', async () => {
    const bot = await startBot(ELSEWHERE);
    const line = await startLine(bot);
    expect(line.level).toBe(50); // error
    expect(String(line.problem)).toMatch(
      /^QUOTA_ALERT_CHANNEL_ID is a channel of a server not in DISCORD_GUILD_ID; no allowance alert is posted/,
    );
    await spendTheMonth();
    // One more round trip: the alert's check (no request: the channel was looked for a moment ago) is done.
    await (await world.double.slash(mod, 'rollcall', { subcommand: 'status', guildId: GUILD })).response();
    expect(alertsIn(ELSEWHERE)).toEqual([]);
    expect(bot.logged(CANNOT)).toHaveLength(1);
    await bot.app.stop(2_000);
  });

  it('a channel the bot may not send in: one warn line at start naming what it lacks, and no alert', async () => {
    const bot = await startBot(LOCKED);
    const line = await startLine(bot);
    expect(line.level).toBe(40); // warn
    expect(line.problem).toBe(ALERT_PROBLEMS.missing(LOCKED, ['Send Messages']));
    await spendTheMonth();
    await (await world.double.slash(mod, 'rollcall', { subcommand: 'status', guildId: GUILD })).response();
    expect(alertsIn(LOCKED)).toEqual([]);
    expect(bot.logged(CANNOT)).toHaveLength(1); // the same problem again: not a second line
    await bot.app.stop(2_000);
  });

  it('a channel the bot cannot find: one warn line at start', async () => {
    const bot = await startBot(GONE);
    const line = await startLine(bot);
    expect(line.level).toBe(40);
    expect(line.problem).toBe(ALERT_PROBLEMS.noChannel(GONE));
    await bot.app.stop(2_000);
  });
});
