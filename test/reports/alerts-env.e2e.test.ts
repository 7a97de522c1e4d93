/**
 * Single-community mode's allowance alerts (QUOTA_ALERT_CHANNEL_ID), end to end: their channel is
 * checked as the digest's and the leave reminders' are (environment-channel.ts), at start and before
 * each alert. A channel the bot may not send in, one it cannot find, or one of a server not in
 * DISCORD_GUILD_ID is one log line at start, and no alert is ever posted there; a channel of the
 * community's server gets the alert when the month passes its mark. An alert whose check failed
 * waits and is tried again a minute later (on vitest's fake clock, over `environmentAlerts` itself).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllowanceMark } from '../../src/api/types.js';
import { createLogger } from '../../src/base/log.js';
import { ALERT_PROBLEMS, environmentAlerts } from '../../src/community/environment-channel.js';
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

const MINUTE = 60_000;
/** The month's allowance starts again in 30 days (of the test's clock: any date). */
const RESET_AT = Date.now() + 30 * 24 * 60 * MINUTE;
const MARK_80: AllowanceMark = { share: 0.8, used: 80, points: 100, resetAt: RESET_AT };
const MARK_100: AllowanceMark = { share: 1, used: 100, points: 100, resetAt: RESET_AT };

/**
 * `environmentAlerts` over QUOTA_ALERT_CHANNEL_ID = STAFF with fakes: `found` says whether Discord
 * finds the channel (in GUILD), `problem` what the channel check answers (a function: it may throw).
 */
function fakeAlerts(world: { found: boolean; problem: () => string | undefined }) {
  const posted: AllowanceMark[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const asked = { guild: 0, check: 0 };
  const alerts = environmentAlerts({
    channelId: STAFF,
    guildIds: [GUILD],
    guildOf: async () => {
      asked.guild++;
      return world.found ? GUILD : undefined;
    },
    check: async () => {
      asked.check++;
      return world.problem();
    },
    post: (mark) => posted.push(mark),
    logger: createLogger({
      level: 'info',
      format: 'json',
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    }),
  });
  return { alerts, posted, lines, asked, said: (msg: string) => lines.filter((l) => l.msg === msg) };
}

describe('single-community allowance alerts: one that could not be posted waits', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a channel not found at the first alert and found a minute later gets the alert, once', async () => {
    const world = { found: false, problem: () => undefined };
    const { alerts, posted, asked, said } = fakeAlerts(world);
    alerts.alert(MARK_80);
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual([]);
    expect(said(CANNOT)).toHaveLength(1);
    world.found = true;
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(posted).toEqual([]);
    expect(asked.guild).toBe(1); // not asked again within the minute
    await vi.advanceTimersByTimeAsync(1);
    expect(posted).toEqual([MARK_80]);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(posted).toEqual([MARK_80]);
    expect(asked).toEqual({ guild: 2, check: 1 }); // nothing more tried once it was posted
    expect(said('allowance alerts (QUOTA_ALERT_CHANNEL_ID) can be posted again')).toHaveLength(1);
  });

  it('two marks while the channel is not found: only the newer is posted', async () => {
    const world = { found: false, problem: () => undefined };
    const { alerts, posted } = fakeAlerts(world);
    alerts.alert(MARK_80);
    await vi.advanceTimersByTimeAsync(20_000);
    alerts.alert(MARK_100);
    await vi.advanceTimersByTimeAsync(20_000);
    world.found = true;
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(posted).toEqual([MARK_100]);
  });

  it('a check that keeps failing never posts, and is logged once', async () => {
    const missing = ALERT_PROBLEMS.missing(STAFF, ['Send Messages']);
    const { alerts, posted, asked, said } = fakeAlerts({ found: true, problem: () => missing });
    alerts.alert(MARK_80);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(posted).toEqual([]);
    expect(asked.check).toBe(11); // at once, then every minute
    expect(said(CANNOT).map((l) => l.problem)).toEqual([missing]);
  });

  it('a check that throws is logged once however often it is tried, and the alert posted once it passes', async () => {
    const world = {
      found: true,
      problem: (): string | undefined => {
        throw new Error('Discord is not answering');
      },
    };
    const { alerts, posted, asked, said } = fakeAlerts(world);
    alerts.alert(MARK_100);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(asked.check).toBe(6);
    expect(posted).toEqual([]);
    expect(said('the allowance alerts channel could not be checked')).toHaveLength(1);
    world.problem = () => undefined;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(posted).toEqual([MARK_100]);
  });

  it('an alert still waiting when its month starts again is dropped: it would say what is no longer so', async () => {
    const world = { found: false, problem: () => undefined };
    const { alerts, posted, asked } = fakeAlerts(world);
    alerts.alert({ ...MARK_100, resetAt: Date.now() + 2.5 * MINUTE });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(asked.guild).toBe(3);
    world.found = true;
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(posted).toEqual([]);
    expect(asked.guild).toBe(3); // not tried again once its month had started again
  });

  it('the wait never keeps the process alive, and stop ends it', async () => {
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const world = { found: false, problem: () => undefined };
    const { alerts, posted, asked } = fakeAlerts(world);
    alerts.alert(MARK_80);
    await vi.advanceTimersByTimeAsync(0);
    const waits = timeouts.mock.results.map((r) => r.value as NodeJS.Timeout);
    timeouts.mockRestore();
    expect(waits).toHaveLength(1);
    expect(waits[0]?.hasRef()).toBe(false);
    alerts.stop();
    world.found = true;
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(posted).toEqual([]);
    expect(asked.guild).toBe(1);
  });
});
