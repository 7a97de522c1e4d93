/**
 * A guard read of the roles list with the old token, still in flight while an admin replaces the
 * token (setup), that fails after the replacement's forgetRolesUnread: its failure is not recorded,
 * so the new token's checks read the list at once rather than being refused for the old token's
 * retry time (ten minutes) with no request.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { gate } from '../reliability/support.js';
import { until } from '../support/until.js';
import { replaceToken, startHostedWorld } from './world.js';

const A = '1350000000000000001';
// The sandbox's tokens (not secrets); the second server is never linked, only there so that the
// sandbox knows the token.
const OLD_TOKEN = 'race-old-token-8c1d';
const NEW_TOKEN = 'race-new-token-5e9a';

let world: World;
let admin: DoubleUser;
let store: Store;
let moderator: DoubleUser;

type Role = { id: string; linkedChatRoleId?: string };
const rolesOf = (token: string) => world.sandbox.datasetOf(token).roles as unknown as Role[];

beforeAll(async () => {
  ({ world, admin, store } = await startHostedWorld({
    servers: [
      { guildId: A, token: OLD_TOKEN, seed: 47, label: 'race-old', linked: false },
      { guildId: '1350000000000000002', token: NEW_TOKEN, seed: 48, label: 'race-new', linked: false },
    ],
    keyByte: 15,
  }));
  moderator = world.double.user({ username: 'race-mod', roles: ['Moderator'] });
  for (const token of [OLD_TOKEN, NEW_TOKEN])
    (rolesOf(token)[0] as Role).linkedChatRoleId = world.double.role('Moderator', A).id;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function accessRoleOf(token: string): Promise<void> {
  const [role] = rolesOf(token) as [Role];
  await store.saveSettings(A, { ...(await store.getSettings(A)), accessRoleIds: [role.id] });
}

const loaList = () => world.double.slash(moderator, 'loa', { subcommand: 'list', guildId: A });

it('an old-token roles read failing after the token is replaced does not hold the new token back', async () => {
  await store.saveCredential(A, { token: OLD_TOKEN, linkedBy: admin.id });
  await accessRoleOf(OLD_TOKEN);
  world.sandbox.failNext(1, '500');
  const held = gate(world, (e) => e.path.endsWith('/server/roles') && e.token === 'race-old');
  const inFlight = await loaList();
  await until(() => held.arrived() === 1, 5_000, "the old token's roles read");
  // The admin replaces the token while the old token's read is held.
  expect(await replaceToken(world, admin, A, NEW_TOKEN)).toMatch(/^Linked: /);
  await accessRoleOf(NEW_TOKEN);
  held.release();
  await inFlight.response();
  world.sandbox.set({ gate: null });
  // The moderator holds the Discord role the new community links: let in free.
  const next = await (await loaList()).response();
  expect(next.message?.embeds ?? []).toHaveLength(1);
}, 60_000);
