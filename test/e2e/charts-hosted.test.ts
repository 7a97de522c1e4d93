/**
 * A hosted server's admins turn charts off (`/rollcall-admin reports charts:False`): that server's
 * answers come without them (and say nothing of it), another server's keep theirs; on again, back.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureCharts } from '../../src/render/charts/index.js';
import { UNHURRIED } from '../charts/fixtures.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { startHostedWorld } from '../hosted/world.js';
import { embedOf, settled, type World } from './world.js';

configureCharts(UNHURRIED);

const A = '1380000000000000001';
const B = '1380000000000000002';
const WAIT = 30_000;

let world: World;
let admin: DoubleUser;
let mod: DoubleUser;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [
      { guildId: A, token: 'charts-community-a-token-5d1e', seed: 81, label: 'charts-a' },
      { guildId: B, token: 'charts-community-b-token-8a2f', seed: 82, label: 'charts-b' },
    ],
    keyByte: 12,
    env: { API_LIMITS: '1000/1s' },
  }));
  mod = world.double.user({
    username: 'charts-mod',
    roles: ['Moderator'],
    permissions: PermissionFlagsBits.ModerateMembers,
  });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/** The server's /shift totals once it is the report (not how far its read is). */
async function totals(guildId: string) {
  const handle = await world.double.slash(mod, 'shift', {
    subcommand: 'totals',
    guildId,
    options: { period: '30-days' } as never,
  });
  return settled(world, await handle.response({ timeoutMs: WAIT }), (m) =>
    (embedOf(m).title ?? '').startsWith('Time on duty'),
  );
}

async function adminReports(guildId: string, options: Record<string, unknown>): Promise<string> {
  const handle = await world.double.slash(admin, 'rollcall-admin', {
    subcommand: 'reports',
    guildId,
    options: options as never,
  });
  return (await handle.response({ timeoutMs: WAIT })).message?.content ?? '';
}

describe('the reports setting charts:', () => {
  it('off leaves that server’s charts out, and says so in the settings; on brings them back', async () => {
    expect((await totals(A)).attachments.map((a) => a.filename)).toEqual(['totals-chart.png']);
    expect(await adminReports(A, { charts: false })).toContain('Charts: off');
    const off = await totals(A);
    expect(off.attachments).toEqual([]);
    expect(embedOf(off).description).not.toMatch(/chart/i);
    expect((await totals(B)).attachments.map((a) => a.filename)).toEqual(['totals-chart.png']);
    expect(await adminReports(A, { charts: true })).not.toContain('Charts: off');
    expect((await totals(A)).attachments.map((a) => a.filename)).toEqual(['totals-chart.png']);
  });
});
