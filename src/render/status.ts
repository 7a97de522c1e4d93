/** /rollcall status renderer: a health report → embed JSON. Pure (the clock is passed in). */
import type { APIEmbed } from 'discord.js';
import type { ApiStats, LimitStatus } from '../api/types.js';
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
  return Number.isFinite(s) && s > 0 ? `<t:${s}:f> (<t:${s}:R>)` : NONE;
}

/** One limit of API_LIMITS: used / left / resets at, and for the month the pace. */
export function limitField(limit: LimitStatus) {
  const n = (v: number) => count(v);
  if (limit.kind === 'month') {
    const lines = [
      `${n(limit.used)} used · ${n(limit.left)} left of ${n(limit.points)} · resets ${when(limit.resetAt)}`,
    ];
    const pace = limit.pace;
    if (pace && 'spent' in pace) lines.push('Pace: spent; saved data is shown until it resets');
    else if (pace)
      lines.push(
        `Pace: one refresh of saved data every ${duration(pace.intervalMs / 1000)} (20% kept for new reads) · next ${when(pace.nextAt)}`,
      );
    return field(`API allowance (${safeLine(limit.text, 40)})`, lines.join('\n'), false);
  }
  const bucket = limit.bucket;
  const kept = bucket ? ` (kept as ${n(bucket.perBucket)} every ${duration(bucket.seconds)})` : '';
  return field(
    `Request limit (${safeLine(limit.text, 40)})`,
    `${n(limit.used)} used · ${n(limit.left)} left now${kept} · refills ${when(limit.resetAt)}`,
    false,
  );
}

export function renderStatus(report: StatusReport): APIEmbed {
  const { probe, stats } = report;
  const saved = probe.ok && typeof probe.answeredAt === 'number' && Number.isFinite(probe.answeredAt);
  const ms = saved
    ? `${NONE} (saved answer from <t:${Math.floor((probe.answeredAt ?? 0) / 1000)}:R>: no request spent)`
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
    field('Requests left (tightest limit)', count(stats.budgetRemaining)),
    field('Rate-limited answers', count(stats.rateLimited)),
    field('Saved data served (API down)', count(stats.staleServed)),
    field('Requests shared', count(stats.coalesced)),
    field('Version', code(report.version, 64)),
    field('Uptime', uptime),
  ];
  for (const limit of report.limits ?? []) fields.push(limitField(limit));
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
