/** /rollcall status renderer: a health report → embed JSON. Pure (the clock is passed in). */
import type { APIEmbed } from 'discord.js';
import type { ApiStats } from '../api/types.js';
import { clampEmbed, code, duration, field, NONE, safeLine, safeText } from './format.js';

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
}

const OK = 0x57f287;
const BAD = 0xed4245;

/** A count as text; anything that is not a finite number → NONE. */
function count(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value)) : NONE;
}

/** Cache hits as a percentage of cache reads, e.g. "87.5% (35 of 40 reads)"; no reads yet → NONE. */
export function hitRate(stats: Partial<ApiStats>): string {
  const hits = stats.cacheHits;
  const misses = stats.cacheMisses;
  if (typeof hits !== 'number' || typeof misses !== 'number') return NONE;
  if (!Number.isFinite(hits) || !Number.isFinite(misses) || hits < 0 || misses < 0) return NONE;
  const reads = hits + misses;
  if (reads === 0) return `${NONE} (no reads yet)`;
  const percent = Math.round((hits / reads) * 1000) / 10;
  return `${percent}% (${Math.round(hits)} of ${Math.round(reads)} reads)`;
}

const BACKENDS: Record<string, string> = {
  memory: 'In memory',
  redis: 'Redis',
  none: 'Off',
};

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
    field('Request budget left', count(stats.budgetRemaining)),
    field('Rate-limited answers', count(stats.rateLimited)),
    field('Saved data served (API down)', count(stats.staleServed)),
    field('Requests shared', count(stats.coalesced)),
    field('Version', code(report.version, 64)),
    field('Uptime', uptime),
  ];
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
