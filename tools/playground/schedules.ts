/**
 * What Rollcall posts on its own in the playground's channel: the sample community's scheduled
 * digest (DIGEST_CHANNEL_ID, daily at 09:00) and its leave reminders (REMINDER_CHANNEL_ID), both in
 * the channel the conversation happens in (#general, given a fixed id so the settings can name it
 * before the bot starts).
 *
 * The playground opens on the morning's posts: the digest (its "Returning this week" and "Starting
 * this week" sections) and a reminder for each leave ending tomorrow, as a staff channel shows them.
 * The real schedulers post them, on a clock of their own that runs a day behind while the bot starts
 * (so the digest reads as set up yesterday, and today's 09:00 run as due), then the real one: the
 * playground then asks each scheduler for one round, as its timer would.
 */
import type { World, WorldOptions } from '../../test/e2e/world.js';

/** The playground's channel (#general of the double's server). */
export const CHANNEL_ID = '1300000000000005180';

const DAY_MS = 86_400_000;

/** The schedulers' clock: a day behind until `post` has run. */
export interface SchedulerClock {
  behindMs: number;
}

/**
 * The world's options with the channel, the digest and the reminders set, and the schedulers'
 * clock; settings given in `world.env` win.
 */
export function withSchedules(world: WorldOptions, clock: SchedulerClock): WorldOptions {
  return {
    ...world,
    now: () => Date.now() - clock.behindMs,
    double: {
      ...world.double,
      guild: { ...world.double?.guild, channels: [{ id: CHANNEL_ID, name: 'general' }, { name: 'mod-log' }] },
    },
    env: {
      DIGEST_CHANNEL_ID: CHANNEL_ID,
      DIGEST_SCHEDULE: 'daily 9',
      DIGEST_REPORTS: 'leave',
      REMINDER_CHANNEL_ID: CHANNEL_ID,
      ...world.env,
    },
  };
}

/** A clock a day behind. */
export function schedulerClock(): SchedulerClock {
  return { behindMs: DAY_MS };
}

/** Reports read before the morning's posts, at most (each reads up to 20 new pages of the snapshot). */
const WARM_READS = 5;

/**
 * The morning's posts: the start's rounds finished on the clock a day behind (the digest first seen
 * then; no snapshot yet, so no reminder); the community's report snapshot read whole, as the
 * moderators' reports of the days before would have (while the pace lets reads go on: under a
 * monthly allowance it stops at the first read that made no request, or was refused); then the real clock's
 * rounds: the digest due today, posted, and the reminders of leave ending tomorrow.
 */
export async function postMorning(world: World, clock: SchedulerClock): Promise<void> {
  await world.app.digests?.tick();
  await world.app.reminders?.tick();
  const reports = (await world.app.community(world.double.guildId)).reports;
  for (let i = 0; reports && i < WARM_READS; i += 1) {
    // A read the allowance refuses (nothing saved, no turn free) ends the warming too.
    const read = await reports.data().catch(() => undefined);
    if (!read || read.complete || read.requests === 0) break;
  }
  clock.behindMs = 0;
  await world.app.digests?.tick();
  await world.app.reminders?.tick();
}
