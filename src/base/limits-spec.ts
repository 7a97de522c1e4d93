/**
 * API_LIMITS: the request limits Rollcall keeps to, written `N/window` and separated by commas.
 * A window is a length (`30s`, `10m`, `1h`, `7d`; a bare unit means 1 of it) or `month`, the
 * calendar month in UTC, as the service's free tier counts it.
 */

type LimitWindow = { kind: 'month' } | { kind: 'span'; seconds: number };

export interface LimitSpec {
  /** Requests allowed in the window. */
  points: number;
  window: LimitWindow;
  /** As written in API_LIMITS, normalised (`100/month`, `30/60s`). */
  text: string;
}

/** The free tier's monthly allowance plus a conservative short window. */
export const DEFAULT_API_LIMITS = '100/month,30/1m';

/** Longest span window: the memory store's timers cannot run longer (about 24.8 days). */
const MAX_SPAN_SECONDS = 24 * 86_400;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };
const LIMIT = /^(\d{1,9})\/(?:(month)|(\d{1,9})?([smhd]))$/;

/** The limits in `text`, or the reason it cannot be read (one sentence). */
export function parseLimits(text: string): { ok: true; limits: LimitSpec[] } | { ok: false; error: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, error: 'must name at least one limit, like 100/month' };
  const limits: LimitSpec[] = [];
  for (const part of parts) {
    const match = LIMIT.exec(part);
    if (!match) {
      return {
        ok: false,
        error: `has "${part.slice(0, 40)}"; each limit is N/window, like 100/month, 30/1m or 20/10s`,
      };
    }
    const points = Number(match[1]);
    if (points < 1) return { ok: false, error: `has "${part}"; a limit allows at least 1 request` };
    if (match[2]) {
      if (limits.some((l) => l.window.kind === 'month')) {
        return { ok: false, error: 'names more than one monthly limit' };
      }
      limits.push({ points, window: { kind: 'month' }, text: `${points}/month` });
      continue;
    }
    const seconds = Number(match[3] ?? '1') * (UNIT_SECONDS[match[4] ?? 's'] ?? 1);
    if (seconds < 1 || seconds > MAX_SPAN_SECONDS) {
      return {
        ok: false,
        error: `has "${part}"; a window is from 1 s to 24 d (use month for the monthly allowance)`,
      };
    }
    limits.push({ points, window: { kind: 'span', seconds }, text: `${points}/${seconds}s` });
  }
  return { ok: true, limits };
}

/** The start (ms) of the UTC calendar month after the one holding `nowMs`. */
export function nextMonthStart(nowMs: number): number {
  const d = new Date(nowMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** `YYYY-MM` of the UTC calendar month holding `nowMs`. */
export function monthOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}
