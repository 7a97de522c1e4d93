/**
 * What a report is computed from: a community's snapshot (shifts, LOAs, members, roles, with where
 * they came from) and its server's report settings. Each community carries its own source
 * (`Community.reports`, made by src/community/communities.ts over src/community/snapshots.ts), so the
 * report views read the snapshot of the interaction's own server, and never anyone else's.
 */
import { z } from 'zod';
import type { Loa, Member, Role, Shift } from '../../generated/api.js';
import type { Source } from '../api/pages.js';
import type { ReadOptions } from '../api/types.js';
import { DIGEST_LANGUAGES, type DigestLanguage } from './digest.js';
import { type Calendar, DEFAULT_CALENDAR, isTimeZone, WEEKDAYS } from './period.js';

export interface ReportData {
  shifts: Shift[];
  loas: Loa[];
  members: Member[];
  roles: Role[];
  /** The oldest page's time (fetchedAt), whether it was all saved, and the pace's word. */
  source: Source;
  /** When the data was served (ms): reports count active shifts to this time. */
  servedAt: number;
  /** False when some page of a list could not be read yet. */
  complete: boolean;
  /**
   * How far each list is read: its pages saved, and how many it has (undefined while its page 1 is
   * not saved). Absent where the source does not say (tests' fixed data).
   */
  pages?: Record<'shifts' | 'loas' | 'members' | 'roles', ListProgress>;
  /** When the pace allows the next page to be read (ms), when this call was held back from one. */
  nextReadAt?: number;
  /** Requests this call made to refresh the snapshot (pages read from the API). */
  requests: number;
}

/** How far one list of the snapshot is read. */
interface ListProgress {
  read: number;
  total: number | undefined;
}

/** Quotas are hours with at most two decimals, per community role id (counted as whole seconds: `quotaSeconds`). */
export const MAX_QUOTA_HOURS = 168;
export const MAX_QUOTA_ROLES = 25;
/** The review threshold's bounds: a pending LOA is flagged once it has waited longer (hours, up to 30 days). */
export const MAX_REVIEW_HOURS = 720;

const reportSettingsSchema = z.object({
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone, e.g. Europe/London').default('UTC'),
  weekStart: z.enum(WEEKDAYS).default('monday'),
  quotas: z
    .record(z.string().min(1).max(64), z.number().positive().max(MAX_QUOTA_HOURS))
    .refine((q) => Object.keys(q).length <= MAX_QUOTA_ROLES, `at most ${MAX_QUOTA_ROLES} roles`)
    .default({}),
  /**
   * The language of the server's digests (a Discord locale of DIGEST_LANGUAGES); absent: the
   * server's preferred locale. A value no longer offered reads as absent.
   */
  language: z
    .enum(Object.keys(DIGEST_LANGUAGES) as [DigestLanguage, ...DigestLanguage[]])
    .optional()
    .catch(undefined),
  /** Hours a pending LOA may wait before it is flagged (`isOverdue`); absent: never flagged. */
  reviewAfterHours: z.number().int().min(1).max(MAX_REVIEW_HOURS).optional().catch(undefined),
  /** False: the server's answers and digests go without charts (`/rollcall-admin reports charts:`). */
  charts: z.boolean().optional().catch(undefined),
});

export type ReportSettings = z.output<typeof reportSettingsSchema>;

export function calendarOf(settings: ReportSettings): Calendar {
  return { timeZone: settings.timeZone, weekStart: settings.weekStart };
}

export const DEFAULT_REPORT_SETTINGS: ReportSettings = { ...DEFAULT_CALENDAR, quotas: {} };

/** Saved settings read back: anything that no longer validates falls back to the defaults. */
export function readReportSettings(value: unknown, defaults: ReportSettings): ReportSettings {
  const parsed = reportSettingsSchema.safeParse(value ?? {});
  if (!parsed.success) return defaults;
  const saved = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    timeZone: 'timeZone' in saved ? parsed.data.timeZone : defaults.timeZone,
    weekStart: 'weekStart' in saved ? parsed.data.weekStart : defaults.weekStart,
    quotas: 'quotas' in saved ? parsed.data.quotas : defaults.quotas,
    ...(parsed.data.language !== undefined
      ? { language: parsed.data.language }
      : defaults.language !== undefined
        ? { language: defaults.language }
        : {}),
    ...optional('reviewAfterHours', parsed.data.reviewAfterHours ?? defaults.reviewAfterHours),
    ...(parsed.data.charts === false ? { charts: false } : {}),
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

export interface ReportSource {
  /** The snapshot, refreshed first as far as the pace allows (`options.fresh`: the refresh button). */
  data(options?: ReadOptions): Promise<ReportData>;
  settings(): Promise<ReportSettings>;
  /** Save the server's settings; undefined where they come from the environment only. */
  saveSettings?(settings: ReportSettings): Promise<void>;
}
