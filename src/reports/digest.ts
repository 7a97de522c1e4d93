/**
 * Scheduled digests' settings and schedule, pure: which reports, daily or weekly, the day and hour
 * in the server's report time zone; the latest scheduled instant at or before a given time, and the
 * report period a digest covers. Posting and claiming runs is src/digests.ts.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { type PeriodKind, WEEKDAYS } from './period.js';

export const DIGEST_REPORTS = ['totals', 'quota', 'leave'] as const;
export type DigestReport = (typeof DIGEST_REPORTS)[number];

export const digestSettingsSchema = z.object({
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

/** The latest instant (ms) at or before `now` at which the digest is scheduled, in `timeZone`. */
export function latestInstant(settings: DigestSettings, timeZone: string, now: number): number {
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

/** The report period a digest covers: last week for a weekly digest, the week so far for a daily one. */
export function digestPeriod(settings: DigestSettings): PeriodKind {
  return settings.cadence === 'weekly' ? 'last-week' : 'this-week';
}
