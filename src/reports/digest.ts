/**
 * Scheduled digests' settings and schedule, pure: which reports, daily or weekly, the day and hour
 * in the server's report time zone; the latest scheduled instant at or before a given time, and the
 * report period a digest covers. Posting and claiming runs is src/community/digest-scheduler.ts.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { DIGEST_REPORTS, type DigestReport, WEEKDAYS } from '../base/config.js';
import type { PeriodKind } from './period.js';

export { DIGEST_REPORTS, type DigestReport };

const digestSettingsSchema = z.object({
  channelId: z.string().regex(/^\d{17,20}$/),
  cadence: z.enum(['daily', 'weekly']),
  /** Weekly digests only: the day they are posted on. */
  day: z.enum(WEEKDAYS).default('monday'),
  /** The hour (0–23) of the server's report time zone. */
  hour: z.number().int().min(0).max(23),
  reports: z.array(z.enum(DIGEST_REPORTS)).min(1).max(3),
  /** When these settings were saved (ms): instants before it are never posted. */
  since: z.number().int().nonnegative(),
});
export type DigestSettings = z.output<typeof digestSettingsSchema>;

export function readDigestSettings(value: unknown): DigestSettings | undefined {
  const parsed = digestSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The latest instant (ms) at or before `now` at which the digest is scheduled, in `timeZone`; with
 * `monthSeconds` over 0 (API_MONTH_SECONDS), on the compressed calendar instead (`compressedInstant`).
 */
export function latestInstant(
  settings: DigestSettings,
  timeZone: string,
  now: number,
  monthSeconds = 0,
): number {
  if (monthSeconds > 0) return compressedInstant(settings, now, monthSeconds);
  const here = DateTime.fromMillis(now, { zone: timeZone });
  const at = (day: DateTime) => day.set({ hour: settings.hour, minute: 0, second: 0, millisecond: 0 });
  let day = here.startOf('day');
  if (settings.cadence === 'weekly') {
    const target = WEEKDAYS.indexOf(settings.day) + 1;
    day = day.minus({ days: (day.weekday - target + 7) % 7 });
  }
  const step = settings.cadence === 'weekly' ? { weeks: 1 } : { days: 1 };
  let instant = at(day);
  while (instant.toMillis() > now) {
    day = day.minus(step);
    instant = at(day);
  }
  return instant.toMillis();
}

/**
 * The first instant (ms) after `now` at which the digest is scheduled: when the scheduler next has
 * something to look at (the store's `next_at`). The same calendar as `latestInstant`, so
 * `latestInstant(nextInstant(t)) === nextInstant(t)` and nothing is scheduled in between.
 */
export function nextInstant(
  settings: DigestSettings,
  timeZone: string,
  now: number,
  monthSeconds = 0,
): number {
  if (monthSeconds > 0) return compressedNext(settings, now, monthSeconds);
  const here = DateTime.fromMillis(now, { zone: timeZone });
  const at = (day: DateTime) => day.set({ hour: settings.hour, minute: 0, second: 0, millisecond: 0 });
  let day = here.startOf('day');
  if (settings.cadence === 'weekly') {
    const target = WEEKDAYS.indexOf(settings.day) + 1;
    day = day.plus({ days: (target - day.weekday + 7) % 7 });
  }
  const step = settings.cadence === 'weekly' ? { weeks: 1 } : { days: 1 };
  let instant = at(day);
  while (instant.toMillis() <= now) {
    day = day.plus(step);
    instant = at(day);
  }
  return instant.toMillis();
}

/** A compressed month's days (API_MONTH_SECONDS is 30 of them) and a week's. */
const MONTH_DAYS = 30;
const WEEK_HOURS = 7 * 24;

/**
 * The compressed calendar (API_MONTH_SECONDS = N > 0, as the bench and the sandbox use): a month is N
 * seconds and a day N/30 of them, counted from the Unix epoch like the `month` limit's periods, so
 * every period is exactly 30 days and starts at midnight. Day 0 is a Thursday (as 1 January 1970 was)
 * and an hour is a 24th of a day; the time zone plays no part. Hour index H (from the epoch) falls at
 * ceil(H × N × 1000 / 720) ms: whole numbers only (H × N × 25 stays near 18 × now, far below 2^53),
 * so every process computes the same instants, and the latest scheduled hour index at or before
 * `now` is found without rounding doubt.
 */
export function compressedInstant(settings: DigestSettings, now: number, monthSeconds: number): number {
  const { at, latest } = compressedHours(settings, now, monthSeconds);
  return at(latest);
}

/** The first compressed instant after `now`: the latest one's hour index plus one cycle. */
function compressedNext(settings: DigestSettings, now: number, monthSeconds: number): number {
  const { at, latest, cycle } = compressedHours(settings, now, monthSeconds);
  return at(latest + cycle);
}

/** The compressed calendar around `now`: the hour index → ms map, the latest scheduled index, the cycle. */
function compressedHours(settings: DigestSettings, now: number, monthSeconds: number) {
  const perHour = monthSeconds * 25; // ms per hour × 18
  const at = (index: number) => Math.ceil((index * perHour) / 18);
  const current = Math.floor((now * 18) / perHour); // the latest hour index whose instant is ≤ now
  const thursdayFirst = (WEEKDAYS.indexOf(settings.day) - 3 + 7) % 7; // days after a Thursday
  const [cycle, offset] =
    settings.cadence === 'weekly' ? [WEEK_HOURS, thursdayFirst * 24 + settings.hour] : [24, settings.hour];
  const back = (((current - offset) % cycle) + cycle) % cycle;
  return { at, latest: current - back, cycle };
}

/**
 * How often the scheduler looks for digests due: every minute, or with API_MONTH_SECONDS a minute of
 * the compressed calendar (a month of N seconds has 43,200 minutes), but at least every second.
 */
export function digestTickMs(monthSeconds: number): number {
  if (monthSeconds <= 0) return 60_000;
  const minute = (monthSeconds * 1000) / (MONTH_DAYS * 24 * 60);
  return Math.min(60_000, Math.max(1_000, Math.round(minute)));
}

/**
 * The least time between two runs of a digest: half its cadence (12 hours for a daily digest, 3.5
 * days for a weekly one), on the compressed calendar with API_MONTH_SECONDS.
 */
export function digestGapMs(settings: DigestSettings, monthSeconds = 0): number {
  const hours = settings.cadence === 'weekly' ? WEEK_HOURS / 2 : 12;
  const hourMs = monthSeconds > 0 ? (monthSeconds * 1000) / (MONTH_DAYS * 24) : 3_600_000;
  return hours * hourMs;
}

/**
 * How far ahead a digest's next instant can be: a week (the longest cadence) and a day to spare (a
 * DST change moves an instant an hour), on the compressed calendar with API_MONTH_SECONDS. A
 * `next_at` stored further ahead was worked out on another clock or calendar (a clock that ran
 * ahead, a restart with another API_MONTH_SECONDS): the scheduler looks at it now and works it out again.
 */
export function digestHorizonMs(monthSeconds = 0): number {
  const dayMs = monthSeconds > 0 ? (monthSeconds * 1000) / MONTH_DAYS : 86_400_000;
  return 8 * dayMs;
}

/**
 * The languages admins may post their server's digests in (/rollcall-admin reports language), by
 * Discord locale, each named in itself. Without a choice, a digest is in the server's preferred
 * locale (Discord's Community servers set it), English where Rollcall has no catalogue for it.
 */
export const DIGEST_LANGUAGES = {
  en: 'English',
  de: 'Deutsch',
  'es-ES': 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
} as const;
export type DigestLanguage = keyof typeof DIGEST_LANGUAGES;

export function isDigestLanguage(value: unknown): value is DigestLanguage {
  return typeof value === 'string' && Object.hasOwn(DIGEST_LANGUAGES, value);
}

/** The locale a server's digest is written in: the admins' choice, else the server's preferred locale. */
export function digestLocale(
  language: DigestLanguage | undefined,
  preferredLocale: string | null | undefined,
): string | undefined {
  return language ?? preferredLocale ?? undefined;
}

/** The report period a digest covers: last week for a weekly digest, the week so far for a daily one. */
export function digestPeriod(settings: DigestSettings): PeriodKind {
  return settings.cadence === 'weekly' ? 'last-week' : 'this-week';
}
