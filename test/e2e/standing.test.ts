/**
 * The staff record's hours end to end (the real bot, the sandbox API, the Discord double): `/member
 * view`, right-click "Staff record" and `/me` shown before the community's report snapshot is read
 * say so in one line where the hours would be; once a report has read it, they show the week's
 * hours; a failure injected into the standing (the scorecard throws) is said as "could not be worked
 * out", with the rest of the record, and logged once at warn for the operator.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import type { DoubleUser, InteractionResponse } from '../doubles/discord/double.js';
import { embedOf, settled, startWorld, type World } from './world.js';

const injected = vi.hoisted(() => ({ fail: false }));

vi.mock('../../src/reports/scorecard.js', async (original) => {
  const real = await original<typeof import('../../src/reports/scorecard.js')>();
  return {
    ...real,
    scorecardOf: (...args: Parameters<typeof real.scorecardOf>) => {
      if (injected.fail) throw new Error('an injected scorecard failure');
      return real.scorecardOf(...args);
    },
  };
});

const WAIT = 30_000;
const W = ENGLISH.member;

let world: World;
let busy: DoubleUser;
let busyMemberId: string;

beforeAll(async () => {
  world = await startWorld();
  const ds = world.sandbox.dataset;
  busyMemberId = ds.samples.busyMemberIds[0]!;
  busy = world.double.user({ id: ds.samples.busyChatIds[0]!, username: 'busy', roles: ['Moderator'] });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const fields = (answer: InteractionResponse) =>
  Object.fromEntries((embedOf(answer.message).fields ?? []).map((f) => [f.name, f.value]));

/** The three ways to a staff record: `/member view user:`, right-click "Staff record", and `/me`. */
async function records(): Promise<InteractionResponse[]> {
  const { double, mod } = world;
  return [
    await (await double.slash(mod, 'member', { subcommand: 'view', options: { user: busy } })).response(),
    await (await double.userCommand(mod, 'Staff record', busy)).response(),
    await (await double.slash(busy, 'me')).response(),
  ];
}

const warnings = () =>
  world.logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } })
    .filter((line) => line.level === 40 && /standing could not be worked out/.test(line.msg));

describe('the staff record', () => {
  it('before the snapshot is read says so where the hours would be', async () => {
    for (const answer of await records()) {
      expect(embedOf(answer.message).title).toContain(busyMemberId);
      expect(fields(answer)['Time on duty']).toBe(W.standingNotRead);
    }
    expect(warnings()).toEqual([]);
  });

  it('after reports have read the snapshot shows the week’s hours', async () => {
    // Each report reads up to 20 pages never read (MAX_NEW_PAGES): a few reports read it all.
    for (let report = 0; report < 5; report++) {
      const totals = await (
        await world.double.slash(world.mod, 'shift', {
          subcommand: 'totals',
          options: { period: 'this-week' },
        })
      ).response({ timeoutMs: WAIT });
      await settled(world, totals, (m) => (embedOf(m).title ?? '').startsWith('Time on duty'));
      const [first] = await records();
      if (!JSON.stringify(fields(first!)).includes('not known yet')) break;
    }
    for (const answer of await records()) {
      const f = fields(answer);
      expect(f['Time on duty']).toBeUndefined();
      const week = Object.entries(f).find(([name]) => name.startsWith('This week ('));
      // "3h 10m in 4 shifts · #2 of 14", or "0 in 0 shifts · no time on duty": read whole, stated.
      expect(week?.[1]).toMatch(/^\S+( \S+)? in \d+ shifts? · (#\d+ of \d+|no time on duty)/);
      expect(embedOf(answer.message).footer?.text).toMatch(/report data .* old/);
    }
  });

  it('says the hours could not be worked out when the standing fails, and logs it once at warn', async () => {
    injected.fail = true;
    try {
      const view = await (
        await world.double.slash(world.mod, 'member', { subcommand: 'view', options: { user: busy } })
      ).response();
      expect(embedOf(view.message).title).toContain(busyMemberId);
      expect(fields(view)['Time on duty']).toBe(W.standingFailed);
      expect(fields(view).Roles).toBeDefined();
      const logged = warnings();
      expect(logged).toHaveLength(1);
      expect(logged[0]?.err?.message).toBe('an injected scorecard failure');
      expect(JSON.stringify(logged)).not.toContain(world.sandbox.token);
    } finally {
      injected.fail = false;
    }
  });
});
