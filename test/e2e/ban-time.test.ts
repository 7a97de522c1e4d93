/**
 * A temporary ban is said as of the time the answer is shown, not the time its entry was read: a
 * log served from the cache after its unban time has passed never says "Still in effect" (the LOA
 * views classify leave by the same clock). The real bot through discord.js, the sandbox API and the
 * Discord double; the wall clock held (`Date` only) and moved on past the unban time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Dataset, generateDataset } from '../doubles/sandbox/data.js';
import { holdClock } from '../support/held-clock.js';
import { control, embedOf, startWorld, type World } from './world.js';

let world: World;
let releaseClock: () => void;
let ds: Dataset;
let username: string;
let logId: string;

/** Seconds after the data's time at which the ban's unban time falls. */
const UNBAN_IN = 30;

beforeAll(async () => {
  releaseClock = holdClock();
  ds = generateDataset();
  // A player with a few logs (one page), one of them a temporary ban ending soon.
  const [name, logs] = [...ds.logsByUsername.entries()].find(([, l]) => l.length >= 3 && l.length < 50)!;
  username = name;
  for (const log of logs) Object.assign(log, { tempBan: false, expired: false });
  const ban = logs[0]!;
  Object.assign(ban, { tempBan: true, expired: false, unbanAt: ds.baseTime + UNBAN_IN });
  logId = ban.id;
  world = await startWorld({ sandbox: { dataset: ds } });
}, 60_000);
afterAll(async () => {
  await world?.close();
  releaseClock?.();
});

const banField = (message: Parameters<typeof embedOf>[0]) =>
  embedOf(message).fields?.find((f) => f.name === 'Temporary ban')?.value ?? '';

async function record() {
  const picked = await (
    await world.double.messageCommand(world.mod, 'Check player', {
      author: world.double.user({ username: 'reporter' }),
      content: `Player: ${username} was rude`,
    })
  ).response();
  return (
    await world.double.select(world.mod, picked.message!, control(picked.message, 'Open…'), [username])
  ).response();
}

describe('a temporary ban whose unban time passes while its entry is saved', () => {
  it('is "Still in effect" while the unban time is ahead, then "has passed" from the saved entry', async () => {
    const view = () =>
      world.double
        .slash(world.mod, 'log', { subcommand: 'view', options: { id: logId } })
        .then((h) => h.response());
    const list = () =>
      world.double
        .slash(world.mod, 'log', { subcommand: 'user', options: { username } })
        .then((h) => h.response());

    const before = await view();
    expect(banField(before.message)).toContain('Still in effect');
    expect(embedOf(before.message).title).toMatch(/^⛔/);
    const listBefore = await list();
    const row = (m: typeof listBefore) =>
      embedOf(m.message)
        .description?.split('\n')
        .find((r) => r.includes(logId)) ?? '';
    expect(row(listBefore)).toMatch(/^⛔/);
    const recordBefore = await record();
    expect(banField(recordBefore.message)).toMatch(/^In effect until/);

    // Past the unban time, within the list's and the item's freshness: every answer is the saved one.
    vi.setSystemTime(Date.now() + (UNBAN_IN + 15) * 1000);
    world.sandbox.resetLog();

    const after = await view();
    expect(banField(after.message)).toContain('Unban time has passed');
    expect(banField(after.message)).not.toContain('Still in effect');
    expect(embedOf(after.message).title).not.toMatch(/^⛔/);
    const listAfter = await list();
    expect(row(listAfter)).toMatch(/^🔓/);
    const recordAfter = await record();
    expect(banField(recordAfter.message)).toBe('None in effect');
    expect(embedOf(recordAfter.message).title).not.toMatch(/^⛔/);
    // Nothing was read again: the saved answers said it.
    expect(world.sandbox.requests).toEqual([]);
  });
});
