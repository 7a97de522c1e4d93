/** /rollcall status renderer: a health report → embed JSON. Pure (the clock is passed in). */
import type { APIEmbed } from 'discord.js';
import type { ApiStats, LimitStatus } from '../api/types.js';
import { isoMs } from '../i18n/dates.js';
import type { Words } from '../i18n/words.js';
import {
  type AccessRolesRead,
  type AccessRulesShown,
  accessRolesText,
  accessRulesText,
  type RefusalRecord,
  refusalsText,
} from './access.js';
import { clampEmbed, code, field, NONE, safeLine, safeText } from './format.js';

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
  access?: AccessRolesRead;
  /** The access rules as configured (each listed with what it costs). */
  rules?: AccessRulesShown;
  /** The server's last refusals, newest first (with `rules`). */
  refusals?: readonly RefusalRecord[];
}

const OK = 0x57f287;
const BAD = 0xed4245;

/** Cache hits as a percentage of cache reads, e.g. "87.5% (35 of 40 reads)"; no reads yet → NONE. */
export function hitRate(stats: Partial<ApiStats>, t: Words): string {
  const hits = stats.cacheHits;
  const misses = stats.cacheMisses;
  if (typeof hits !== 'number' || typeof misses !== 'number') return NONE;
  if (!Number.isFinite(hits) || !Number.isFinite(misses) || hits < 0 || misses < 0) return NONE;
  const reads = hits + misses;
  if (reads === 0) return `${NONE} (${t.status.noReadsYet})`;
  return t.status.hits(Math.round((hits / reads) * 1000) / 10, hits, reads);
}

/** The cache's kind in words; an unknown one as it is. */
function backendName(backend: unknown, t: Words): string {
  if (backend === 'memory') return t.status.backendMemory;
  if (backend === 'redis') return t.status.backendRedis;
  if (backend === 'none') return t.status.backendOff;
  return safeLine(backend, 40);
}

/** A Discord timestamp (full date and relative) for ms since epoch; NONE when not a date. */
function when(ms: number, t: Words): string {
  const s = Math.floor(ms / 1000);
  return Number.isFinite(s) && s > 0 ? t.f.when(s) : NONE;
}

/**
 * One limit of API_LIMITS, from the counts every process shares: for the month what is left of it,
 * what was used and when it resets, and the pace; for a short window what is left in the current
 * one and when it refills.
 */
function limitField(limit: LimitStatus, now: number = Number.NaN, t: Words) {
  const text = safeLine(limit.text, 40);
  if (limit.kind === 'month') {
    const lines = [t.status.monthLine(limit.left, limit.points, limit.used, when(limit.resetAt, t))];
    const pace = limit.pace;
    if (pace && 'spent' in pace) lines.push(t.status.paceSpent);
    else if (pace)
      lines.push(t.status.paceLine(t.f.duration(pace.intervalMs / 1000), nextRefresh(pace.nextAt, now, t)));
    return field(t.status.monthName(text), lines.join('\n'), false);
  }
  const bucket = limit.bucket;
  const window = bucket ? t.f.duration(bucket.seconds) : text;
  const left = bucket ? t.status.leftOfWindow(limit.left, bucket.perBucket) : t.f.count(limit.left);
  return field(
    t.status.windowName(text),
    t.status.windowLine(left, window, limit.used, when(limit.resetAt, t)),
    false,
  );
}

/** "next <t:…>", or "one is due now" when the pace's turn has come. */
function nextRefresh(nextAt: number, now: number, t: Words): string {
  return Number.isFinite(now) && nextAt <= now ? t.status.dueNow : t.status.next(when(nextAt, t));
}

/**
 * The two numbers a moderator asks for, from the same shared counts as the limits' own fields:
 * what is left this month, and what can be read right now (the short windows and the pace).
 * Without a reading of the limits, the API layer's last count is shown and says so.
 */
function allowanceFields(report: StatusReport, t: Words) {
  const limits = report.limits;
  if (!limits) return [field(t.status.leftAsCounted, t.f.count(report.stats.budgetRemaining))];
  const month = limits.find((l) => l.kind === 'month');
  const left = month ? t.status.leftOf(month.left, month.points) : t.status.noMonthlyLimit;
  const windows = limits.filter((l) => l.kind === 'span');
  const emptied = windows.find((l) => l.left <= 0);
  let now: string;
  if (month?.pace && 'spent' in month.pace) now = t.status.savedOnlyUntil(when(month.resetAt, t));
  else if (emptied) now = t.status.nothingUntil(when(emptied.resetAt, t), safeLine(emptied.text, 40));
  else {
    // New reads are bounded by every limit at once: the month's rest and each window's.
    const lefts = [...(month ? [month.left] : []), ...windows.map((l) => l.left)];
    const reads = lefts.length > 0 ? t.status.upToReads(Math.min(...lefts)) : t.status.anyRead;
    const pace = month?.pace && !('spent' in month.pace) ? month.pace : undefined;
    now = pace ? t.status.readsAndRefresh(reads, nextRefresh(pace.nextAt, report.now, t)) : reads;
  }
  return [field(t.status.leftThisMonth, left), field(t.status.allowedNow, now)];
}

export function renderStatus(report: StatusReport, t: Words): APIEmbed {
  const { probe, stats } = report;
  const saved = probe.ok && typeof probe.answeredAt === 'number' && Number.isFinite(probe.answeredAt);
  const ms = saved
    ? `${NONE} (${t.status.savedProbe(t.f.ago(Math.floor((probe.answeredAt ?? 0) / 1000)))})`
    : Number.isFinite(probe.roundTripMs)
      ? t.status.milliseconds(Math.max(0, Math.round(probe.roundTripMs)))
      : NONE;
  const health =
    stats.cacheBackend === 'none'
      ? ''
      : ` · ${stats.cacheHealthy === true ? t.status.healthy : t.status.notAnswering}`;
  const uptime = Number.isFinite(report.uptimeSeconds) ? t.f.duration(report.uptimeSeconds) : NONE;
  const count = t.f.count;
  const fields = [
    field(t.status.api, probe.ok ? t.status.reachable : t.status.notReachable),
    field(t.status.roundTrip, ms),
    field(t.status.cache, `${backendName(stats.cacheBackend, t)}${health}`),
    field(t.status.hitRate, hitRate(stats, t)),
    field(t.status.requestsMade, count(stats.requests)),
    ...allowanceFields(report, t),
    field(t.status.rateLimited, count(stats.rateLimited)),
    field(t.status.staleServed, count(stats.staleServed)),
    field(t.status.coalesced, count(stats.coalesced)),
    field(t.status.version, code(report.version, 64)),
    field(t.status.uptime, uptime),
  ];
  for (const limit of report.limits ?? []) fields.push(limitField(limit, report.now, t));
  const read = report.access ?? { links: [] };
  if (report.rules) {
    fields.push(field(t.status.accessRules, accessRulesText(report.rules, read, t), false));
    fields.push(field(t.status.lastRefusals, refusalsText(report.refusals ?? [], t), false));
  } else {
    const access = accessRolesText(read, t);
    if (access) fields.push(field(t.status.accessRoles, access, false));
  }
  if (!probe.ok && probe.problem) fields.push(field(t.status.problem, safeText(probe.problem, 1000), false));
  const date = isoMs(report.now);
  return clampEmbed({
    title: t.status.title,
    color: probe.ok ? OK : BAD,
    fields,
    footer: { text: t.status.footer },
    timestamp: date,
  });
}
