/**
 * A list that grew while the snapshot read it, end to end through the real bot, the sandbox API and
 * the Discord double: page 1 of the LOAs says 2 pages, and by the time page 2 is read the list has
 * grown to 3. The newest page read says how many pages there are, so page 3 is read too (or, when
 * it cannot be, the answer says it is partial); never a "complete" list missing a page the API said it has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { onLeaveAt } from '../../src/reports/leave.js';
import { type Dataset, generateDataset } from '../doubles/sandbox/data.js';
import type { RequestLogEntry } from '../doubles/sandbox/server.js';
import { embedOf, settled, startWorld, type World } from '../e2e/world.js';

let world: World;
let ds: Dataset;
/** The LOAs added while page 1 was answered: each on leave now. */
const added: Loa[] = [];

/** An approved LOA of `memberId`, started an hour ago and ending in three days. */
function onLeaveNow(template: Loa, memberId: string, n: number, now: number): Loa {
  return {
    ...template,
    id: `ab${String(n).padStart(22, '0')}`,
    memberId,
    denyReason: '',
    startAt: now - 3_600,
    startedAt: now - 3_600,
    reviewedAt: now - 7_200,
    endAt: now + 3 * 86_400,
    endedAt: 0,
    cancelledAt: 0,
    expiredAt: 0,
  };
}

beforeAll(async () => {
  ds = generateDataset({ loas: 150, shifts: 150, members: 60, roles: 12, logs: 50, auditLogs: 20 });
  // Members with no LOA of their own, so each added LOA is their only leave.
  const withLoas = new Set(ds.loas.map((l) => l.memberId));
  const free = ds.members.filter((m) => !withLoas.has(m.id)).slice(0, 60);
  expect(free.length).toBeGreaterThan(0);
  for (let i = 0; i < 60; i++)
    added.push(onLeaveNow(ds.loas[0] as Loa, free[i % free.length]!.id, i, ds.baseTime));
  let grown = false;
  const gate = (entry: Readonly<RequestLogEntry>) => {
    // Page 1 of the LOAs is already decided (2 pages); the list grows before its answer leaves.
    if (!grown && entry.path.endsWith('/server/loas') && entry.query.page === '1') {
      grown = true;
      (ds.loas as Loa[]).push(...added);
    }
    return undefined;
  };
  world = await startWorld({ sandbox: { dataset: ds, gate } });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('a list that grows between the snapshot reading its pages', () => {
  it('/loa active reads the page the newer page says there is, and counts the leave on it', async () => {
    const ask = async () => {
      const handle = await world.double.slash(world.mod, 'loa', { subcommand: 'active' });
      return embedOf(await settled(world, await handle.response(), (m) => (m.embeds ?? []).length > 0));
    };
    await ask();
    // Once the refresh is done: the answer as saved.
    const embed = await ask();
    const page3 = world.sandbox.requests.filter(
      (r) => r.path.endsWith('/server/loas') && r.query.page === '3',
    );
    expect(page3.length).toBeGreaterThan(0);
    expect(`${embed.description}\n${embed.footer?.text}`).not.toMatch(/Partial|not every page read/);
    // Everyone on leave now is counted, the members whose LOAs are on page 3 among them.
    const expected = onLeaveAt(ds.loas, Math.floor(Date.now() / 1000)).length;
    expect(expected).toBeGreaterThanOrEqual(added.length);
    expect(embed.footer?.text).toContain(`${expected.toLocaleString('en-US')} LOAs`);
  });
});
