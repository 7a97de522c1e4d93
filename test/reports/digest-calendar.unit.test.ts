/**
 * The compressed calendar of scheduled digests (API_MONTH_SECONDS): a day is a 30th of the period,
 * counted from the epoch like the `month` limit's periods; weekly digests come every 7/30 of the
 * period, on the same instants in every process; the scheduler's tick shrinks in proportion, never
 * below a second. And single-community mode's digest settings (DIGEST_*), refused with one sentence.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseDigestSchedule } from '../../src/base/config.js';
import {
  compressedInstant,
  type DigestSettings,
  digestHorizonMs,
  digestTickMs,
  latestInstant,
  nextInstant,
} from '../../src/community/digest-scheduler.js';
import { WEEKDAYS } from '../../src/reports/period.js';

const CHANNEL = '1300000000000000193';
const weekly: DigestSettings = {
  channelId: CHANNEL,
  cadence: 'weekly',
  day: 'monday',
  hour: 9,
  reports: ['totals', 'quota', 'leave'],
  since: 0,
};
const daily: DigestSettings = { ...weekly, cadence: 'daily' };

describe('the compressed calendar', () => {
  const month = 300; // a month of 300 s: a day is 10 s, an hour 416.67 ms, a week 70 s
  const dayMs = (month * 1000) / 30;

  it('puts a daily digest at its hour of every compressed day, a weekly one every 7 days', () => {
    const now = 1_780_000_123_456;
    const d = compressedInstant(daily, now, month);
    expect(d).toBeLessThanOrEqual(now);
    expect(now - d).toBeLessThan(dayMs);
    // The hour of its day: 9/24 of a day after the day's start (rounded up to a whole ms).
    expect(d - Math.floor(d / dayMs) * dayMs).toBeCloseTo((9 / 24) * dayMs, -1);
    // The next day's instant is one day later.
    expect(Math.abs(compressedInstant(daily, d + dayMs + 1, month) - (d + dayMs))).toBeLessThanOrEqual(1);
    const w = compressedInstant(weekly, now, month);
    expect(now - w).toBeLessThan(7 * dayMs);
    expect(compressedInstant(weekly, w + 7 * dayMs + 1, month) - w).toBeGreaterThanOrEqual(7 * dayMs - 1);
    expect(compressedInstant(weekly, w + 7 * dayMs + 1, month) - w).toBeLessThanOrEqual(7 * dayMs + 1);
    // Day 0 (the epoch) is a Thursday: the first Monday is day 4, at 09:00.
    expect(compressedInstant(weekly, 5 * dayMs, month)).toBe(Math.ceil(4 * dayMs + (9 * dayMs) / 24));
    expect(compressedInstant({ ...weekly, day: 'thursday' }, dayMs, month)).toBe(Math.ceil((9 * dayMs) / 24));
  });

  it('is the latest instant at or before now, exactly at its millisecond, from any process', () => {
    const now = 1_780_000_000_000;
    const at = compressedInstant(weekly, now, month);
    // At the instant itself it is due; one ms before, the week before is.
    expect(compressedInstant(weekly, at, month)).toBe(at);
    expect(compressedInstant(weekly, at - 1, month)).toBeLessThan(at);
    expect(at - compressedInstant(weekly, at - 1, month)).toBeGreaterThan(7 * dayMs - 2);
    // Every time between two instants gives the same instant (what several processes claim).
    for (let t = at; t < at + 7 * dayMs; t += 997) expect(compressedInstant(weekly, t, month)).toBe(at);
  });

  it('starts every period on a midnight: a period is exactly 30 days', () => {
    const period = month * 1000;
    const start = 5_933_333 * period;
    expect(compressedInstant({ ...daily, hour: 0 }, start, month)).toBe(start);
    expect(compressedInstant({ ...daily, hour: 0 }, start - 1, month)).toBe(start - dayMs);
  });

  it('with a period that is no whole number of ms per hour, instants stay whole and ordered', () => {
    const odd = 7; // an hour of 9.72 ms
    let last = 0;
    for (let t = 1_700_000_000_000; t < 1_700_000_000_000 + 2_000; t += 13) {
      const at = latestInstant(daily, 'Europe/London', t, odd);
      expect(Number.isInteger(at)).toBe(true);
      expect(at).toBeLessThanOrEqual(t);
      expect(at).toBeGreaterThanOrEqual(last);
      last = at;
    }
  });

  it('leaves the real calendar alone without API_MONTH_SECONDS', () => {
    const now = Date.parse('2026-03-30T09:30:00Z');
    expect(latestInstant(weekly, 'UTC', now, 0)).toBe(Date.parse('2026-03-30T09:00:00Z'));
  });

  it('ticks every compressed minute, at most once a second and at least once a minute', () => {
    expect(digestTickMs(0)).toBe(60_000);
    expect(digestTickMs(2_592_000)).toBe(60_000); // a real 30-day month
    expect(digestTickMs(259_200)).toBe(6_000); // a month of 3 days: a minute is 6 s
    expect(digestTickMs(300)).toBe(1_000);
  });
});

describe('nextInstant (when the scheduler next looks: the store keeps it as next_at)', () => {
  const zones = ['UTC', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati'];
  const arbitrarySettings = fc.record({
    cadence: fc.constantFrom('daily' as const, 'weekly' as const),
    day: fc.constantFrom(...WEEKDAYS),
    hour: fc.integer({ min: 0, max: 23 }),
  });

  it('is the first scheduled instant after now, on the real calendar in any time zone (DST included)', () => {
    fc.assert(
      fc.property(
        arbitrarySettings,
        fc.constantFrom(...zones),
        fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') }),
        (schedule, zone, now) => {
          const settings = { ...weekly, ...schedule };
          const next = nextInstant(settings, zone, now);
          expect(next).toBeGreaterThan(now);
          expect(next - now).toBeLessThanOrEqual(digestHorizonMs(0));
          // It is scheduled, and nothing is scheduled between now and it.
          expect(latestInstant(settings, zone, next)).toBe(next);
          expect(latestInstant(settings, zone, next - 1)).toBe(latestInstant(settings, zone, now));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('is the first compressed instant after now with API_MONTH_SECONDS', () => {
    fc.assert(
      fc.property(
        arbitrarySettings,
        fc.constantFrom(7, 60, 300, 2_592_000),
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        (schedule, month, now) => {
          const settings = { ...weekly, ...schedule };
          const next = nextInstant(settings, 'UTC', now, month);
          expect(next).toBeGreaterThan(now);
          expect(next - now).toBeLessThanOrEqual(digestHorizonMs(month));
          expect(compressedInstant(settings, next, month)).toBe(next);
          expect(compressedInstant(settings, next - 1, month)).toBe(compressedInstant(settings, now, month));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('single-community digest settings', () => {
  const base = {
    DISCORD_TOKEN: 'discord-token',
    DISCORD_APPLICATION_ID: '1300000000000000100',
    DISCORD_GUILD_ID: '1300000000000000101',
    API_BASE_URL: 'http://127.0.0.1:9/api/v1',
    API_TOKEN: 'community-token',
  };
  const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

  it('reads the channel, a readable schedule and the reports (all three by default)', () => {
    const loaded = load({ DIGEST_CHANNEL_ID: CHANNEL, DIGEST_SCHEDULE: '  Weekly  Friday 17 ' });
    expect(loaded.ok && loaded.config.DIGEST_SCHEDULE).toEqual({
      cadence: 'weekly',
      day: 'friday',
      hour: 17,
    });
    expect(loaded.ok && loaded.config.DIGEST_REPORTS).toEqual(['totals', 'quota', 'leave']);
    const some = load({
      DIGEST_CHANNEL_ID: CHANNEL,
      DIGEST_SCHEDULE: 'daily 0',
      DIGEST_REPORTS: 'leave, totals',
    });
    expect(some.ok && some.config.DIGEST_SCHEDULE).toEqual({ cadence: 'daily', day: 'monday', hour: 0 });
    expect(some.ok && some.config.DIGEST_REPORTS).toEqual(['totals', 'leave']);
    expect(parseDigestSchedule('weekly monday 9')).toEqual({ cadence: 'weekly', day: 'monday', hour: 9 });
  });

  it('refuses a bad schedule, a bad report name, a bad channel with one sentence each', () => {
    const bad = load({
      DIGEST_CHANNEL_ID: '#staff',
      DIGEST_SCHEDULE: 'weekly 9',
      DIGEST_REPORTS: 'totals,hours',
    });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.errors).toEqual([
      'DIGEST_CHANNEL_ID must be a Discord id (17-20 digits)',
      'DIGEST_SCHEDULE must be `daily HOUR` or `weekly DAY HOUR`, the hour 0-23 in REPORTS_TIME_ZONE, e.g. daily 9 or weekly monday 9',
      'DIGEST_REPORTS must be report names separated by commas, of totals, quota, leave',
    ]);
    for (const schedule of [
      'daily 24',
      'daily',
      'weekly someday 9',
      'monthly 9',
      'daily 9 9',
      'daily -1',
      'daily 9.5',
    ])
      expect(parseDigestSchedule(schedule), schedule).toBeUndefined();
  });

  it('refuses DIGEST_CHANNEL_ID in hosted mode, naming /rollcall-admin reports', () => {
    const hosted = loadConfig({
      ...base,
      API_TOKEN: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      DIGEST_CHANNEL_ID: CHANNEL,
    });
    expect(hosted.ok ? [] : hosted.errors).toEqual([
      "DIGEST_CHANNEL_ID is read only with API_TOKEN (single-community mode); in hosted mode each server's admins set their digest with /rollcall-admin reports",
    ]);
  });

  it('refuses QUOTA_ALERT_CHANNEL_ID in hosted mode, saying what hosted mode has instead', () => {
    const hosted = loadConfig({
      ...base,
      API_TOKEN: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      QUOTA_ALERT_CHANNEL_ID: CHANNEL,
    });
    expect(hosted.ok ? [] : hosted.errors).toEqual([
      "QUOTA_ALERT_CHANNEL_ID is read only with API_TOKEN (single-community mode); in hosted mode no allowance alert is posted in a channel: each server's /rollcall status shows its token's allowance, and the log warns at 80% and 100%",
    ]);
    const single = load({ QUOTA_ALERT_CHANNEL_ID: CHANNEL });
    expect(single.ok && single.config.QUOTA_ALERT_CHANNEL_ID).toBe(CHANNEL);
  });

  it('reads REMINDER_CHANNEL_ID and REMINDER_PINGS in single-community mode, refuses the channel in hosted mode', () => {
    const single = load({ REMINDER_CHANNEL_ID: CHANNEL, REMINDER_PINGS: 'true' });
    expect(single.ok && [single.config.REMINDER_CHANNEL_ID, single.config.REMINDER_PINGS]).toEqual([
      CHANNEL,
      true,
    ]);
    const quiet = load({});
    expect(quiet.ok && [quiet.config.REMINDER_CHANNEL_ID, quiet.config.REMINDER_PINGS]).toEqual([
      undefined,
      false,
    ]);
    const hosted = loadConfig({
      ...base,
      API_TOKEN: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      REMINDER_CHANNEL_ID: CHANNEL,
    });
    expect(hosted.ok ? [] : hosted.errors).toEqual([
      "REMINDER_CHANNEL_ID is read only with API_TOKEN (single-community mode); in hosted mode each server's admins set their leave reminders with /rollcall-admin reports",
    ]);
  });
});
