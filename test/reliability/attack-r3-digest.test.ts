/**
 * Attack (round 3) on single-community digests and clock jumps: a process that first saw the
 * digest's settings with its clock far ahead (a bad clock at boot, set right later) must not keep
 * every later run from being posted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EnvDigestWorld, STAFF, startEnvDigestWorld } from '../reports/env-digest-world.js';

let world: EnvDigestWorld;

beforeAll(async () => {
  world = await startEnvDigestWorld();
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const at = (iso: string) => Date.parse(iso);
const postedIn = (channelId: string) =>
  world.double.channelMessages.filter((m) => m.channel_id === channelId);

describe('single-community digest after a clock jump', () => {
  it('a clock that ran a year ahead at first start, then set right: the next run is posted', async () => {
    const dataDir = world.dataDir();
    const env = { DATA_DIR: dataDir, DIGEST_SCHEDULE: 'daily 9' };
    world.clock.now = at('2027-06-01T12:00:00Z'); // the clock is a year ahead
    const wrong = await world.start(env);
    await wrong.app.digests?.tick();
    const before = postedIn(STAFF).length;
    await wrong.app.stop(2_000);

    world.clock.now = at('2026-06-01T08:00:00Z'); // set right, restarted
    const right = await world.start(env);
    await right.app.digests?.tick();
    world.clock.now = at('2026-06-01T09:00:00Z');
    expect(await right.app.digests?.tick()).toBe(1);
    expect(postedIn(STAFF)).toHaveLength(before + 1);

    // And a clock that jumps back while running (set right without a restart) as well.
    world.clock.now = at('2026-06-05T12:00:00Z');
    expect(await right.app.digests?.tick()).toBe(1); // the missed run of the 5th
    world.clock.now = at('2026-06-03T12:00:00Z'); // back two days
    await right.app.digests?.tick();
    world.clock.now = at('2026-06-06T09:00:00Z');
    expect(await right.app.digests?.tick()).toBe(1);
    await right.app.stop(2_000);
  }, 60_000);
});
