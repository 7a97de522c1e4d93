/**
 * The month and linking, from outside: the real bot in hosted mode, the Discord double, the sandbox
 * API (requests counted per token by its log) and the store's month ledger.
 *
 * - A free-tier token (100/month) linked to a third server with 98 left is linked: a link check
 *   spends from the month like any read, whatever the pace of refreshes; it is refused only when
 *   nothing is left above the reserve, with a sentence saying how many requests are left.
 * - The month counts from its first request with a token, whether or not a monthly limit is known:
 *   under the bot's limits without a month, a plan declared after linking (or before) keeps the
 *   month to the plan, link check included; two servers on one token, one declaring 10/month after
 *   both linked, spend 10, across a restart too.
 * - An unlinked server's admin commands that need its community say it is not linked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { type App, createApp } from '../../src/app.js';
import { monthOf } from '../../src/base/limits-spec.js';
import { createLogger } from '../../src/base/log.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { tokenHash } from '../../src/store/crypto.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf, type World } from '../e2e/world.js';
import { link, startHostedWorld } from './world.js';

/** Sandbox tokens (not secrets). */
const FREE = 'free-tier-token-5c1a';
const LATE = 'late-plan-token-7e2b';
const EARLY = 'early-plan-token-3d9f';
const SHARED = 'shared-plan-token-4a8c';

const [A, B, C, D, E] = ['1610000000000000001', '1610000000000000002', '1610000000000000003'].concat([
  '1610000000000000004',
  '1610000000000000005',
]) as [string, string, string, string, string];

/** Requests the sandbox answered for the token labelled `label`. */
function spentBy(world: World, label: string): number {
  return world.sandbox.requests.filter((r) => r.token === label).length;
}

async function settings(world: World, admin: DoubleUser, guildId: string, options: Record<string, string>) {
  return (
    await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'settings', options, guildId })
    ).response()
  ).message?.content;
}

/** `/shift view` of the `n`th shift of the token's community (a record never read before: one request). */
async function viewShift(world: World, guildId: string, token: string, n: number) {
  const id = world.sandbox.datasetOf(token).shifts[n]?.id as string;
  return (
    await (
      await world.double.slash(world.mod, 'shift', { subcommand: 'view', options: { id }, guildId })
    ).response()
  ).message;
}

describe('a free-tier token (100/month)', () => {
  let world: World;
  let admin: DoubleUser;
  let store: Store;

  beforeAll(async () => {
    ({ world, admin, store } = await startHostedWorld({
      servers: [
        { guildId: A, token: FREE, seed: 61, label: 'free' },
        { guildId: B, token: FREE, seed: 61, label: 'free', linked: false },
        { guildId: C, token: FREE, seed: 61, label: 'free', linked: false },
        { guildId: D, token: FREE, seed: 61, label: 'free', linked: false },
        { guildId: E, token: FREE, seed: 61, label: 'free', linked: false },
      ],
      keyByte: 11,
      // The free tier's month; a wide span, so no check waits for a bucket (nothing here is about spans).
      env: { API_LIMITS: '100/month,1000/1s' },
    }));
  }, 90_000);
  afterAll(async () => {
    await world?.close();
  });

  it('links a second and a third server with 98 of 100 left: each check is one request of the month', async () => {
    await link(world, admin, B, FREE);
    // The third check finds the roles saved by the first two, and the pace's turn taken: it must
    // still go (only the API can say whether the token works), and it does.
    await link(world, admin, C, FREE);
    expect(spentBy(world, 'free')).toBe(3);
    expect(await store.allowance.used(tokenHash(FREE), monthOf(Date.now()))).toBe(3);
  }, 60_000);

  it('refuses a check only when nothing is left above the reserve, saying how many are left', async () => {
    // D declares its plan (5 a month) before linking: the strictest for the token from then on.
    // 3 spent, 2 left, 1 kept in reserve: the check has room, and is the 4th.
    expect(await settings(world, admin, D, { limits: '5/month,1000/1s' })).toContain(
      'API limits: 5/month,1000/1s.',
    );
    await link(world, admin, D, FREE);
    expect(spentBy(world, 'free')).toBe(4);
    // E links the same token: 1 left, and it is the reserve. Nothing is read, and the admin is told.
    await (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: E })).response();
    const refused = (
      await (
        await world.double.submitModal(
          admin,
          ADMIN_IDS.modal,
          { [ADMIN_IDS.tokenField]: FREE },
          { guildId: E },
        )
      ).response()
    ).message?.content;
    const nextAt = Number(/<t:(\d+):R>/.exec(refused ?? '')?.[1]);
    expect(refused).toBe(MESSAGES.setupSaving(1, 5, nextAt));
    expect(refused).toContain('1 of its 5 API requests left this month');
    expect(spentBy(world, 'free')).toBe(4);
    expect(await store.describeCredential(E)).toBeUndefined();
  }, 60_000);

  it('tells the admin of an unlinked server that it is not linked, not that the API is not answering', async () => {
    const unlinked = await settings(world, admin, E, { 'access-roles': 'Staff' });
    expect(unlinked).toBe(MESSAGES.notLinked);
    const quota = (
      await (
        await world.double.slash(admin, 'rollcall-admin', {
          subcommand: 'reports',
          options: { 'quota-role': 'Staff', 'quota-hours': 4 },
          guildId: E,
        })
      ).response()
    ).message?.content;
    expect(quota).toBe(MESSAGES.notLinked);
  }, 60_000);
});

describe("the bot's limits without a month (1000/1s): a plan declared later applies to what was spent", () => {
  let world: World;
  let admin: DoubleUser;
  let store: Store;
  let restarted: App | undefined;

  beforeAll(async () => {
    ({ world, admin, store } = await startHostedWorld({
      servers: [
        { guildId: A, token: LATE, seed: 62, label: 'late' },
        { guildId: B, token: EARLY, seed: 63, label: 'early', linked: false },
        { guildId: C, token: SHARED, seed: 64, label: 'shared' },
        { guildId: D, token: SHARED, seed: 64, label: 'shared' },
      ],
      keyByte: 12,
      env: { API_LIMITS: '1000/1s' },
    }));
  }, 90_000);
  afterAll(async () => {
    await restarted?.stop(2_000);
    await world?.close();
  });

  /**
   * Read shifts `from`… of `token` on `guildId` (each never read before) until one is refused for
   * the month; how many were read. Fails when none is refused within `most`.
   */
  async function readUntilSpent(guildId: string, token: string, from: number, most = 40) {
    for (let n = from; n < from + most; n++) {
      const message = await viewShift(world, guildId, token, n);
      if (!message?.embeds?.length) {
        expect(message?.content).toMatch(/^This community server's monthly API allowance is spent/);
        return n - from;
      }
      expect(embedOf(message).title).toBeDefined();
    }
    throw new Error(`no read refused in ${most}`);
  }

  it('12/month declared after linking: 12 requests in the month, the link check among them', async () => {
    expect(spentBy(world, 'late')).toBe(1); // the link check, under no monthly limit
    await settings(world, admin, A, { limits: '12/month,1000/1s' });
    expect(await readUntilSpent(A, LATE, 0)).toBeGreaterThan(0);
    expect(spentBy(world, 'late')).toBe(12);
  }, 120_000);

  it('12/month declared before linking: 12 requests in the month', async () => {
    await settings(world, admin, B, { limits: '12/month,1000/1s' });
    await link(world, admin, B, EARLY);
    expect(await readUntilSpent(B, EARLY, 0)).toBeGreaterThan(0);
    expect(spentBy(world, 'early')).toBe(12);
  }, 120_000);

  it('two servers on one token, one declaring 10/month after both linked: 10 requests, across a restart', async () => {
    expect(spentBy(world, 'shared')).toBe(2); // both link checks
    await settings(world, admin, C, { limits: '10/month,1000/1s' });
    // D chose nothing: it reads under C's month all the same.
    for (let n = 0; n < 3; n++) expect(embedOf(await viewShift(world, D, SHARED, n)).title).toBeDefined();
    const before = spentBy(world, 'shared');
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(10);
    expect(await store.allowance.used(tokenHash(SHARED), monthOf(Date.now()))).toBe(before);
    // A restart: the counters file and the store's ledger keep the month; D reads first again.
    await world.app.stop(2_000);
    restarted = createApp(world.config, createLogger({ level: 'silent', format: 'json' }));
    await restarted.start();
    expect(await readUntilSpent(D, SHARED, 3)).toBeGreaterThan(0);
    expect(spentBy(world, 'shared')).toBe(10);
    const ledger = (restarted.store() as Store).allowance;
    expect(await ledger.used(tokenHash(SHARED), monthOf(Date.now()))).toBe(10);
  }, 180_000);
});
