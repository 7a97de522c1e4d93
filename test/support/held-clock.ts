/**
 * A test's clock for a whole world (the bot, the sandbox, the Discord double in this process): the
 * wall clock (`Date`, and nothing else) starts at a fixed instant and moves on with real time, so a
 * test whose screens depend on the day (this week, last month, leave ending tomorrow) sees the same
 * ones on any date, while timers, sockets and drivers keep their real time. Start it before the
 * world (the sandbox's data is made around the clock it reads at its start); stop it after.
 */
import { vi } from 'vitest';

/**
 * A Wednesday, mid-month, at midday UTC: "this week", "last week" and "last month" each hold days
 * of data, the month's allowance has 12½ days left to pace, and no day, week or month boundary falls
 * within hours of it.
 */
export const HELD_INSTANT = Date.parse('2026-11-18T12:00:00Z');

/** Holds `Date` at `instant`, moving on with real time; returns the function that lets it go. */
export function holdClock(instant: number = HELD_INSTANT): () => void {
  vi.useFakeTimers({ toFake: ['Date'], now: instant, shouldAdvanceTime: true, advanceTimeDelta: 10 });
  return () => vi.useRealTimers();
}
