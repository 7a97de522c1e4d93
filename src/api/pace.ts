/**
 * Pacing of long allowances (a free community has 100 API requests a month): what is left of a
 * window is spread over the time left in it, and a share of it is kept in reserve for things never
 * read before. A refresh of something already saved is made only while spending is on pace;
 * otherwise the saved copy is shown with its age. Pure functions over a limit's state.
 */

/** Windows at least this long are allowances to pace; shorter ones are rates that queue. */
export const PACED_WINDOW_MS = 10 * 60_000;
/** Share of a paced allowance kept for reads of things never seen before. */
export const RESERVE_SHARE = 0.2;
/** Requests a refresh may run ahead of the pace (so a quiet start is not refused). */
export const PACE_SLACK_SHARE = 0.05;

/** One limit's state in its current window. */
export interface WindowState {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests spent in it so far. */
  used: number;
  /** Window start and end, ms since epoch. */
  startsAt: number;
  resetsAt: number;
}

/** True for a window long enough to be paced. */
export function isPaced(window: WindowState): boolean {
  return window.resetsAt - window.startsAt >= PACED_WINDOW_MS;
}

/** Requests the pace allows to have been spent by `now` for refreshes (the reserve kept aside). */
export function paceAllowance(window: WindowState, now: number): number {
  const length = Math.max(1, window.resetsAt - window.startsAt);
  const elapsed = Math.min(1, Math.max(0, (now - window.startsAt) / length));
  const paced = window.limit * (1 - RESERVE_SHARE);
  const slack = Math.max(1, Math.floor(window.limit * PACE_SLACK_SHARE));
  return Math.min(paced, paced * elapsed + slack);
}

/** True when a refresh of saved data may spend a request now. */
export function refreshOnPace(window: WindowState, now: number): boolean {
  return !isPaced(window) || window.used + 1 <= paceAllowance(window, now);
}

/**
 * When a refresh will next be on pace (ms since epoch): now if it is, the window's reset if the
 * paced share is spent, else the moment the pace has grown past what is spent.
 */
export function nextRefreshAt(window: WindowState, now: number): number {
  if (refreshOnPace(window, now)) return now;
  const paced = window.limit * (1 - RESERVE_SHARE);
  const slack = Math.max(1, Math.floor(window.limit * PACE_SLACK_SHARE));
  if (window.used + 1 > paced) return window.resetsAt;
  const fraction = (window.used + 1 - slack) / paced;
  const at = window.startsAt + Math.ceil(fraction * (window.resetsAt - window.startsAt));
  return Math.min(window.resetsAt, Math.max(now, at));
}
