import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NEW_PAGES } from '../../src/community/snapshots.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { quotaCheck } from '../../src/reports/leave.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf, type World } from '../e2e/world.js';
import { startHostedWorld } from '../hosted/world.js';

const REMINDER_TEXT = ENGLISH.reminders;

/** The digest's language line of a server whose admins chose none (the double's servers are English). */
const SERVER_LANGUAGE = ENGLISH.digest.language(ENGLISH.digest.serverDefault('English'));

const A = '1300000000000000011';
const B = '1300000000000000012';
const TOKEN_A = 'reports-community-a-token-1f2e3d';
const TOKEN_B = 'reports-community-b-token-4c5b6a';

let world: World;
let admin: DoubleUser;
/** Where community B's report reads start in the sandbox's log (after its setup's own read). */
let bStart = 0;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [
      { guildId: A, token: TOKEN_A, seed: 11, label: 'reports-a' },
      { guildId: B, token: TOKEN_B, seed: 22, label: 'reports-b' },
    ],
    keyByte: 7,
    env: { API_LIMITS: '1000/1s' },
  }));
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function adminReports(guildId: string, options: Record<string, unknown>) {
  const handle = await world.double.slash(admin, 'rollcall-admin', {
    subcommand: 'reports',
    guildId,
    options: options as never,
  });
  return (await handle.response()).message?.content ?? '';
}

async function report(
  guildId: string,
  name: string,
  subcommand: string,
  options: Record<string, unknown> = {},
) {
  const handle = await world.double.slash(world.mod, name, {
    subcommand,
    guildId,
    options: options as never,
  });
  return embedOf((await handle.response()).message);
}

describe('/rollcall-admin reports', () => {
  it("sets one server's time zone, week start and a quota, and refuses bad values with one sentence", async () => {
    const community = world.sandbox.datasetOf(TOKEN_A);
    const role = community.roles[0];
    if (!role?.name) throw new Error('no role');
    expect(await adminReports(A, { 'time-zone': 'Mars/Olympus' })).toBe(MESSAGES.badTimeZone('Mars/Olympus'));
    expect(await adminReports(A, { 'quota-role': role.name })).toBe(MESSAGES.quotaNeedsBoth);
    expect(await adminReports(A, { 'quota-role': 'no such role', 'quota-hours': 3 })).toBe(
      MESSAGES.unknownRole,
    );
    const saved = await adminReports(A, {
      'time-zone': 'Europe/London',
      'week-start': 'sunday',
      'quota-role': role.name,
      'quota-hours': 2.5,
    });
    expect(saved).toBe(
      `${MESSAGES.settingsSaved}\n${MESSAGES.reportSettingsState({
        timeZone: 'Europe/London',
        weekStart: 'sunday',
        quotas: [`${role.name}: 2.5 h`],
      })}\n${MESSAGES.digestState(undefined)}\n${SERVER_LANGUAGE}\n${REMINDER_TEXT.state(undefined)}\n${ENGLISH.admin.reviewAfter(undefined)}`,
    );
    // The other server keeps the defaults.
    expect(await adminReports(B, { show: true })).toBe(
      `${MESSAGES.reportSettingsState({ timeZone: 'UTC', weekStart: 'monday', quotas: [] })}\n${MESSAGES.digestState(undefined)}\n${SERVER_LANGUAGE}\n${REMINDER_TEXT.state(undefined)}\n${ENGLISH.admin.reviewAfter(undefined)}`,
    );
  });

  it("each server's reports use its own settings and its own community", async () => {
    const community = world.sandbox.datasetOf(TOKEN_A);
    const role = community.roles[0];
    const holders = community.members.filter((m) => m.roles?.includes(role?.id ?? ''));
    // Reads of a large community are spread over calls; run until its snapshot is whole.
    let quotaA = await report(A, 'quota', 'check', { period: 'this-week' });
    for (let i = 0; i < 5 && /not every page read yet/.test(quotaA.footer?.text ?? ''); i++)
      quotaA = await report(A, 'quota', 'check', { period: 'this-week' });
    expect(quotaA.footer?.text).not.toMatch(/not every page read yet/);
    expect(quotaA.title).toMatch(/^Quota check · This week \(.*, Europe\/London\)$/);
    expect(quotaA.footer?.text).toMatch(new RegExp(`· ${holders.length} members? ·`));
    bStart = world.sandbox.requests.length;
    const quotaB = await report(B, 'quota', 'check', { period: 'this-week' });
    expect(quotaB.title).toMatch(/UTC\)$/);
    // B's snapshot is read in part by this first call: it says how far, never that no member holds a
    // quota role (the next test reads it whole).
    expect(quotaB.description).toMatch(/^Not known yet: Rollcall has read \d+ of \d+ pages so far/);
    expect(quotaB.description).not.toMatch(/No member holds/);
    // Snapshots are per community: B's members never show in A's leave list and the reverse.
    const idsB = new Set(world.sandbox.datasetOf(TOKEN_B).loas.map((l) => l.id));
    const activeA = await report(A, 'loa', 'active');
    for (const id of activeA.description?.match(/[0-9a-f]{24}/g) ?? []) expect(idsB.has(id)).toBe(false);
  });

  it('a large community is read over several calls of at most MAX_NEW_PAGES pages, page 1 of every list first', async () => {
    const label = 'reports-b';
    const byB = () =>
      world.sandbox.requests.filter((r) => r.token === label && r.operationId?.startsWith('list'));
    const before = byB().length;
    // B was read once by the quota check above; count what this call and the next ones read.
    const first = await report(B, 'shift', 'totals', { period: '30-days' });
    const community = world.sandbox.datasetOf(TOKEN_B);
    const pages =
      Math.ceil(community.shifts.length / 100) +
      Math.ceil(community.loas.length / 100) +
      Math.ceil(community.members.length / 100) +
      Math.ceil(community.roles.length / 100);
    expect(pages).toBeGreaterThan(2 * MAX_NEW_PAGES);
    // The first call (the quota check above) read page 1 of every list before any page 2.
    const firstCall = world.sandbox.requests
      .slice(bStart)
      .filter((r) => r.token === label)
      .slice(0, MAX_NEW_PAGES);
    expect(
      firstCall
        .slice(0, 4)
        .map((r) => `${r.operationId}:${r.query.page}`)
        .sort(),
    ).toEqual(['listLoas:1', 'listMembers:1', 'listRoles:1', 'listShifts:1']);
    expect(byB().length - before).toBeLessThanOrEqual(MAX_NEW_PAGES);
    expect(first.footer?.text).toMatch(/not every page read yet/);
    let last = first;
    for (let i = 0; i < 5 && /not every page read yet/.test(last.footer?.text ?? ''); i++)
      last = await report(B, 'shift', 'totals', { period: '30-days' });
    expect(last.footer?.text).not.toMatch(/not every page read yet/);
    // Every page was read once, whatever call read it.
    const read = world.sandbox.requests
      .slice(bStart)
      .filter((r) => r.token === label && r.operationId?.startsWith('list'));
    const distinct = new Set(read.map((r) => `${r.operationId}:${r.query.page}`));
    expect(distinct.size).toBe(pages);
    expect(read.length).toBe(pages);
  });
});

describe('/rollcall-admin reports quota-hours', () => {
  it('keeps hours as REPORTS_QUOTAS does: at most two decimals, so 1.1 h met to 3,960 s passes', async () => {
    const role = world.sandbox.datasetOf(TOKEN_A).roles[1];
    if (!role?.name) throw new Error('no role');
    // More decimals than REPORTS_QUOTAS takes are refused, not saved as typed and owed as 1 h.
    expect(await adminReports(A, { 'quota-role': role.name, 'quota-hours': 1.005 })).toBe(
      MESSAGES.badQuotaHours,
    );
    const saved = await adminReports(A, { 'quota-role': role.name, 'quota-hours': 1.1 });
    const hours = Number(new RegExp(`${role.name}: ([\\d.]+) h`).exec(saved)?.[1]);
    expect(hours).toBe(1.1);
    const member = [{ id: 'm', roles: [role.id] }];
    const onDuty = (seconds: number) => [{ id: 's', memberId: 'm', createdAt: 100, endedAt: 100 + seconds }];
    const period = { start: 0, end: 10_000 };
    const [met] = quotaCheck(member, { [role.id]: hours }, onDuty(3960), [], period, period.end);
    const [short] = quotaCheck(member, { [role.id]: hours }, onDuty(3959), [], period, period.end);
    expect(met).toMatchObject({ required: 3960, status: 'pass' });
    expect(short?.status).toBe('fail');
    await adminReports(A, { 'quota-role': role.name, 'quota-hours': 0 });
  });
});

describe('/rollcall-admin reports review-after-hours', () => {
  it("marks the pending LOAs waiting past one server's threshold, not the other's, and 0 turns it off", async () => {
    const pending = async (guildId: string) => {
      let embed = await report(guildId, 'loa', 'list', { status: 'pending' });
      for (let i = 0; i < 10 && /not every page read yet/.test(embed.footer?.text ?? ''); i++)
        embed = await report(guildId, 'loa', 'list', { status: 'pending' });
      return embed.description?.split('\n') ?? [];
    };
    expect(await adminReports(A, { 'review-after-hours': 24 })).toContain(ENGLISH.admin.reviewAfter(24));
    const rowsA = await pending(A);
    expect(rowsA.length).toBeGreaterThan(0);
    for (const row of rowsA) expect(row).toContain(' · waiting ');
    // Oldest first: the first row waited longest, past a day in a generated community.
    expect(rowsA[0]).toContain(ENGLISH.loa.overdue(24));
    const rowsB = await pending(B);
    expect(rowsB.length).toBeGreaterThan(0);
    for (const row of rowsB) expect(row).not.toContain('⏰');
    expect(await adminReports(A, { 'review-after-hours': 0 })).toContain(
      ENGLISH.admin.reviewAfter(undefined),
    );
    for (const row of await pending(A)) expect(row).not.toContain('⏰');
  });
});
