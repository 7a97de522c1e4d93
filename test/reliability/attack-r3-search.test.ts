/**
 * Attack (round 3): a /log search plans and holds what it reads when the command runs, but its
 * list's buttons (next page, refresh, export) read the search again later. When the saved pages
 * are gone by then (no cache, or a day later), a page turn must not read every page of the user's
 * logs unplanned, into the reserve kept for records never seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { control, embedOf, startWorld, type World } from '../e2e/world.js';

describe('/log search: its list read again once the saved pages are gone', () => {
  let world: World;
  let dataset: ReturnType<typeof generateDataset>;
  const POINTS = 15; // 3 kept in reserve: 12 may be spent on pages never read
  beforeAll(async () => {
    dataset = generateDataset({ usernames: 2, logs: 2_500 });
    // No response cache and no saved answers in the store: nothing is saved between two
    // interactions (as a day later, or evicted).
    world = await startWorld({
      sandbox: { dataset },
      env: { API_LIMITS: `${POINTS}/month,1000/1s`, CACHE_MAX_ENTRIES: '0', SAVED_ANSWERS_MAX_BYTES: '0' },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('a page turn does not spend the reserve', async () => {
    const username = dataset.samples.busyUsernames[0]!;
    const logs = dataset.logs.filter((l) => l.username === username);
    expect(logs.length).toBeGreaterThan(1_000); // 10 pages searched
    world.sandbox.resetLog();
    const answer = await (
      await world.double.slash(world.mod, 'log', {
        subcommand: 'user',
        options: { username, since: '2000-01-01' } as never,
      })
    ).response();
    embedOf(answer.message);
    const next = await world.double.click(world.mod, answer.message!, control(answer.message, '▶'));
    // Nothing saved: the list cannot be searched again without planning; the command can.
    expect((await next.response()).message?.content).toBe(MESSAGES.expired);
    expect(world.sandbox.requests.length).toBeLessThanOrEqual(POINTS - Math.ceil(POINTS * 0.2));
  }, 60_000);
});
