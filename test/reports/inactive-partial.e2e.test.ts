/**
 * /quota inactive under a monthly allowance, end to end through the real bot, the sandbox API and
 * the Discord double: the first report reads only the pages the pace allows, so the snapshot's shifts
 * are not read whole; the answer then lists nobody (no "never on duty", no "Every member had a
 * shift") and says how far reading is, instead of a claim a page not read yet could make false.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedOf, startWorld, type World } from '../e2e/world.js';

let world: World;

beforeAll(async () => {
  // A small month: the pace gives a report a page or two per turn, never the whole snapshot at once.
  world = await startWorld({ env: { API_LIMITS: '300/month,1000/1s' } });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('/quota inactive on a snapshot the pace has not let Rollcall read whole', () => {
  it('lists nobody and says how many pages of the shifts, LOAs and members are read', async () => {
    const { dataset } = world.sandbox;
    const pages =
      Math.ceil(dataset.shifts.length / 100) +
      Math.ceil(dataset.loas.length / 100) +
      Math.ceil(dataset.members.length / 100);
    expect(Math.ceil(dataset.shifts.length / 100)).toBeGreaterThan(1);
    world.sandbox.resetLog();
    const handle = await world.double.slash(world.mod, 'quota', {
      subcommand: 'inactive',
      options: { days: 14 },
    });
    const embed = embedOf((await handle.response()).message);
    const read = world.sandbox.requests.filter((r) => r.operationId?.startsWith('list')).length;
    expect(read).toBeLessThan(pages);
    expect(embed.title).toBe('No shift in over 14 days · on leave left out');
    expect(embed.description).toMatch(
      /^Who went quiet needs every page of the shifts, LOAs and members, and Rollcall has read \d+( of \d+)? so far \(a page at a time, as the monthly API allowance's pace allows\)\. Nobody is listed until then: ask again later\.$/,
    );
    const [, done, total] = /has read (\d+)(?: of (\d+))? so far/.exec(embed.description ?? '') ?? [];
    expect(Number(done)).toBeLessThan(pages);
    if (total !== undefined) expect(Number(total)).toBe(pages);
    const shown = `${embed.description}\n${embed.footer?.text}`;
    expect(shown).not.toMatch(/never on duty|Every member had a shift|\b0 members/);
    expect(embed.footer?.text).toContain('not every page read yet');
  });
});
