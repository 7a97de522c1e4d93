/**
 * API_LIMITS: the request limits Rollcall keeps to, written `N/window` and separated by commas.
 * A window is a length (`30s`, `10m`, `1h`, `7d`; a bare unit means 1 of it) or `month`, the
 * calendar month in UTC, as the service's free tier counts it.
 *
 * The one parser of API_LIMITS, `/rollcall-admin settings limits:` and the settings form's limits
 * box. A text it cannot read is refused with a `LimitsProblem`, data rather than words (each
 * language says it from the catalogues), which quotes the limit at fault only when `quotable`:
 * the one rule for what of a limits text may be shown (docs/hosted.md, "What a limits refusal quotes").
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
/** A count, a slash, an optional length and letters: a limit whose unit is not one Rollcall knows. */
const OTHER_UNIT = /^\d{1,9}\/\d{0,9}([a-z]+)$/;

/**
 * What is wrong with a limits text, as data (the reader's words are made from it, and the operator's
 * by `limitsProblemText`): `none`, no limit at all; otherwise the first limit that cannot be kept,
 * its place among the limits written (`place`, from 1, of `of`) and why: `shape`, not `N/window`;
 * `unit`, a window unit other than s, m, h, d or month; `zero`, fewer than 1 request; `window`, a
 * window outside 1 s to 24 d; `twoMonths`, a second monthly limit.
 *
 * `quote`, the limit as written (trimmed, lower case), is there only when it cannot be a secret
 * (`quotable`): a token pasted into the limits box by mistake is never said back or logged, only
 * its place ("the 2nd limit").
 */
export type LimitsProblem =
  | { kind: 'none' }
  | { kind: 'shape' | 'unit' | 'zero' | 'window' | 'twoMonths'; place: number; of: number; quote?: string };

/** The longest limit quoted back. */
export const QUOTE_MAX = 16;
/** The shape of a limit someone tried to write: digits (then letters), or digits, `/`, digits, letters. */
const LIMIT_ATTEMPT = /^(?:\d{1,9}[a-z]{0,7}|\d{0,9}\/\d{0,9}[a-z]{0,7})$/;

/**
 * Whether a limit as written may be quoted back (in a reply, a log line, a start-up error): at most
 * QUOTE_MAX characters, shaped as a limit is (`100`, `30m`, `30/1w`, `0/month`, `/m`: at most 9
 * digits in a run and 7 letters, in that order, with nothing else). A token, a password or a
 * sentence never is; such a limit is named by its place alone.
 */
export function quotable(part: string): boolean {
  return part.length <= QUOTE_MAX && LIMIT_ATTEMPT.test(part);
}

type Parsed = { ok: true; limits: LimitSpec[] } | { ok: false; problem: LimitsProblem };

/** The limits in `text`, or what is wrong with it (`LimitsProblem`: the first limit that cannot be kept). */
export function parseLimits(text: string): Parsed {
  const parts = text
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, problem: { kind: 'none' } };
  const limits: LimitSpec[] = [];
  for (const [i, part] of parts.entries()) {
    const limit = parseLimit(part, limits);
    if (typeof limit === 'string') {
      const at = { place: i + 1, of: parts.length };
      return { ok: false, problem: { kind: limit, ...at, ...(quotable(part) ? { quote: part } : {}) } };
    }
    limits.push(limit);
  }
  return { ok: true, limits };
}

/** One limit, or why it cannot be kept beside the `earlier` ones. */
function parseLimit(
  part: string,
  earlier: readonly LimitSpec[],
): LimitSpec | 'shape' | 'unit' | 'zero' | 'window' | 'twoMonths' {
  const match = LIMIT.exec(part);
  if (!match) {
    const unit = OTHER_UNIT.exec(part)?.[1];
    return unit !== undefined && unit !== 'month' && !(unit in UNIT_SECONDS) ? 'unit' : 'shape';
  }
  const points = Number(match[1]);
  if (points < 1) return 'zero';
  if (match[2]) {
    if (earlier.some((l) => l.window.kind === 'month')) return 'twoMonths';
    return { points, window: { kind: 'month' }, text: `${points}/month` };
  }
  const seconds = Number(match[3] ?? '1') * (UNIT_SECONDS[match[4] ?? 's'] ?? 1);
  if (seconds < 1 || seconds > MAX_SPAN_SECONDS) return 'window';
  return { points, window: { kind: 'span', seconds }, text: `${points}/${seconds}s` };
}

/**
 * The problem for the operator, in English, after the setting's name (`API_LIMITS holds …`): the
 * start-up error. It quotes as the replies do (only a `quote` the parser judged safe).
 */
export function limitsProblemText(problem: LimitsProblem): string {
  if (problem.kind === 'none') return 'must name at least one limit, like 100/month';
  const which = problem.of === 1 ? 'a limit' : `a ${englishOrdinal(problem.place)} limit`;
  const limit = problem.quote === undefined ? which : `${which}, "${problem.quote}",`;
  switch (problem.kind) {
    case 'shape':
      return `holds ${limit} that is not N/window; each limit is N/window, like 100/month, 30/1m or 20/10s`;
    case 'unit':
      return `holds ${limit} whose window unit is none of s, m, h, d or month`;
    case 'zero':
      return `holds ${limit} that allows no request; a limit allows at least 1 request`;
    case 'window':
      return `holds ${limit} whose window is not from 1 s to 24 d (use month for the monthly allowance)`;
    case 'twoMonths':
      return 'names more than one monthly limit';
  }
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st… */
function englishOrdinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
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
