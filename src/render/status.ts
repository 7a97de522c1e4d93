/** /rollcall status renderer: a health report → embed JSON. Pure (the clock is passed in). */
import { type APIEmbed, TimestampStyles, time } from 'discord.js';
import type { ApiStats, LimitStatus } from '../api/types.js';
import { type AccessRoleLink, accessRolesText } from './access.js';
import { clampEmbed, code, duration, field, formatCount, NONE, safeLine, safeText } from './format.js';

/** What /rollcall status measured and gathered. */
export interface StatusReport {
  /** The cheap live read: did it succeed, how long it took, and the sentence when it did not. */
  probe: { ok: boolean; roundTripMs: number; problem?: string; answeredAt?: number };
  stats: ApiStats;
  version: string;
  /** Seconds since the process started. */
  uptimeSeconds: number;
  /** When the report was made (ms since epoch). */
  now: number;
  /** Where each limit of API_LIMITS stands. */
  limits?: LimitStatus[];
  /** The access roles: which are checked for free (linked) and which cost a member lookup. */
  access?: readonly AccessRoleLink[];
}

const OK = 0x57f287;
const BAD = 0xed4245;

/** A count as text, with separators; anything that is not a finite number → NONE. */
const count = formatCount;

/** Cache hits as a percentage of cache reads, e.g. "87.5% (35 of 40 reads)"; no reads yet → NONE. */
export function hitRate(stats: Partial<ApiStats>): string {
  const hits = stats.cacheHits;
  const misses = stats.cacheMisses;
  if (typeof hits !== 'number' || typeof misses !== 'number') return NONE;
  if (!Number.isFinite(hits) || !Number.isFinite(misses) || hits < 0 || misses < 0) return NONE;
  const reads = hits + misses;
  if (reads === 0) return `${NONE} (no reads yet)`;
  const percent = Math.round((hits / reads) * 1000) / 10;
  return `${percent}% (${formatCount(hits)} of ${formatCount(reads)} reads)`;
}

const BACKENDS: Record<string, string> = {
  memory: 'In memory',
  redis: 'Redis',
  none: 'Off',
};

/** A Discord timestamp (full date and relative) for ms since epoch; NONE when not a date. */
function when(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (!Number.isFinite(s) || s <= 0) return NONE;
  return `${time(s, TimestampStyles.ShortDateTime)} (${time(s, TimestampStyles.RelativeTime)})`;
}

/**
 * One limit of API_LIMITS, from the counts every process shares: for the month what is left of it,
 * what was used and when it resets, and the pace; for a short window what is left in the current
 * one and when it refills.
 */
export function limitField(limit: LimitStatus, now: number = Number.NaN) {
  const n = (v: number) => count(v);
  if (limit.kind === 'month') {
    const lines = [
      `${n(limit.left)} of ${n(limit.points)} left this month · ${n(limit.used)} used · resets ${when(limit.resetAt)}`,
    ];
    const pace = limit.pace;
    if (pace && 'spent' in pace) lines.push('Pace: spent; saved data is shown until it resets');
    else if (pace)
      lines.push(
        `Pace: one refresh of saved data every ${duration(pace.intervalMs / 1000)} (20% kept for new reads) · ${nextRefresh(pace.nextAt, now)}`,
      );
    return field(`API allowance (${safeLine(limit.text, 40)})`, lines.join('\n'), false);
  }
  const bucket = limit.bucket;
  const window = bucket ? duration(bucket.seconds) : safeLine(limit.text, 40);
  const of = bucket ? ` of ${n(bucket.perBucket)}` : '';
  return field(
    `Request limit (${safeLine(limit.text, 40)})`,
    `${n(limit.left)}${of} left in this ${window} window · ${n(limit.used)} used · refills ${when(limit.resetAt)}`,
    false,
  );
}

/** "next <t:…>", or "one is due now" when the pace's turn has come. */
function nextRefresh(nextAt: number, now: number): string {
  return Number.isFinite(now) && nextAt <= now ? 'one is due now' : `next ${when(nextAt)}`;
}

/**
 * The two numbers a moderator asks for, from the same shared counts as the limits' own fields:
 * what is left this month, and what can be read right now (the short windows and the pace).
 * Without a reading of the limits, the API layer's last count is shown and says so.
 */
function allowanceFields(report: StatusReport) {
  const limits = report.limits;
  if (!limits) {
    return [field('Requests left (as last counted here)', count(report.stats.budgetRemaining))];
  }
  const month = limits.find((l) => l.kind === 'month');
  const left = month ? `${count(month.left)} of ${count(month.points)}` : 'No monthly limit';
  const windows = limits.filter((l) => l.kind === 'span');
  const emptied = windows.find((l) => l.left <= 0);
  let now: string;
  if (month?.pace && 'spent' in month.pace) now = `Saved data only, until ${when(month.resetAt)}`;
  else if (emptied) now = `Nothing until ${when(emptied.resetAt)} (${safeLine(emptied.text, 40)})`;
  else {
    // New reads are bounded by every limit at once: the month's rest and each window's.
    const lefts = [...(month ? [month.left] : []), ...windows.map((l) => l.left)];
    const reads =
      lefts.length > 0 ? `Up to ${count(Math.min(...lefts))} new reads` : 'Any read (no limit set)';
    const pace = month?.pace && !('spent' in month.pace) ? month.pace : undefined;
    now = pace ? `${reads}; refresh of saved data: ${nextRefresh(pace.nextAt, report.now)}` : reads;
  }
  return [field('Left this month', left), field('Allowed now', now)];
}

export function renderStatus(report: StatusReport): APIEmbed {
  const { probe, stats } = report;
  const saved = probe.ok && typeof probe.answeredAt === 'number' && Number.isFinite(probe.answeredAt);
  const ms = saved
    ? `${NONE} (saved answer from ${time(Math.floor((probe.answeredAt ?? 0) / 1000), TimestampStyles.RelativeTime)}: no request spent)`
    : Number.isFinite(probe.roundTripMs)
      ? `${Math.max(0, Math.round(probe.roundTripMs))} ms`
      : NONE;
  const backend =
    (typeof stats.cacheBackend === 'string' && Object.hasOwn(BACKENDS, stats.cacheBackend)
      ? BACKENDS[stats.cacheBackend]
      : undefined) ?? safeLine(stats.cacheBackend, 40);
  const health =
    stats.cacheBackend === 'none' ? '' : stats.cacheHealthy === true ? ' · healthy' : ' · not answering';
  const uptime = Number.isFinite(report.uptimeSeconds) ? duration(report.uptimeSeconds) : NONE;
  const fields = [
    field('API', probe.ok ? '🟢 Reachable' : '🔴 Not reachable'),
    field('Round trip', ms),
    field('Cache', `${backend}${health}`),
    field('Cache hit rate', hitRate(stats)),
    field('API requests made', count(stats.requests)),
    ...allowanceFields(report),
    field('Rate-limited answers', count(stats.rateLimited)),
    field('Saved data served (API down)', count(stats.staleServed)),
    field('Requests shared', count(stats.coalesced)),
    field('Version', code(report.version, 64)),
    field('Uptime', uptime),
  ];
  for (const limit of report.limits ?? []) fields.push(limitField(limit, report.now));
  const access = accessRolesText(report.access ?? []);
  if (access) fields.push(field('Access roles', access, false));
  if (!probe.ok && probe.problem) fields.push(field('Problem', safeText(probe.problem, 1000), false));
  const date = Number.isFinite(report.now) ? new Date(report.now) : undefined;
  return clampEmbed({
    title: 'Rollcall status',
    color: probe.ok ? OK : BAD,
    fields,
    footer: { text: 'Counts since Rollcall started' },
    timestamp: date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined,
  });
}
