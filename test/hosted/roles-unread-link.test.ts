/**
 * A roles list the old token could not read is forgotten when the server's token is replaced or the
 * server unlinked, through the real bot in hosted mode: the guard's next check reads the list with
 * the token linked now (a holder of the linked Discord role is let in free), not after the old
 * token's retry time (ten minutes, in which no first check is spent on anyone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { MESSAGES } from '../../src/discord/replies.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf, type World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1340000000000000001';
// The sandbox's tokens (not secrets); the other servers are never linked, only there so that the
// sandbox knows each token.
const OLD_TOKEN = 'roles-unread-old-token-8c1d';
const NEW_TOKEN = 'roles-unread-new-token-5e9a';
const LATER_TOKEN = 'roles-unread-later-token-3f6b';

let world: World;
let admin: DoubleUser;
let store: Store;
let moderator: DoubleUser;

type Role = { id: string; name?: string; linkedChatRoleId?: string };
const rolesOf = (token: string) => world.sandbox.datasetOf(token).roles as unknown as Role[];

beforeAll(async () => {
  ({ world, admin, store } = await startHostedWorld({
    servers: [
      { guildId: A, token: OLD_TOKEN, seed: 37, label: 'roles-unread-old', linked: false },
      { guildId: '1340000000000000002', token: NEW_TOKEN, seed: 38, label: 'new', linked: false },
      { guildId: '1340000000000000003', token: LATER_TOKEN, seed: 39, label: 'later', linked: false },
    ],
    keyByte: 14,
  }));
  moderator = world.double.user({ username: 'linked-mod', roles: ['Moderator'] });
  // Each community links its first role to the Moderator role of A.
  for (const token of [OLD_TOKEN, NEW_TOKEN, LATER_TOKEN])
    (rolesOf(token)[0] as Role).linkedChatRoleId = world.double.role('Moderator', A).id;
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const rolesReads = () => world.sandbox.requests.filter((r) => r.path.endsWith('/server/roles'));
const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/'));
const loaList = async () =>
  (await world.double.slash(moderator, 'loa', { subcommand: 'list', guildId: A })).response();

/** `token`'s first role as A's access role (straight into the store: no roles read with it). */
async function accessRoleOf(token: string): Promise<void> {
  const [role] = rolesOf(token) as [Role];
  await store.saveSettings(A, { ...(await store.getSettings(A)), accessRoleIds: [role.id] });
}

/**
 * A linked to `token` in the store (no check: nothing of its roles saved), with its first role as
 * the access role, and the guard's read of the roles list failing: the moderator is refused, and
 * within the retry time the list is not read again.
 */
async function rolesUnreadWith(token: string): Promise<void> {
  await store.saveCredential(A, { token, linkedBy: admin.id });
  await accessRoleOf(token);
  world.sandbox.resetLog();
  world.sandbox.failNext(1, '500');
  const refused = await loaList();
  expect(rolesReads().map((r) => r.status)).toEqual([500]);
  expect(refused.message?.embeds ?? []).toEqual([]);
  world.sandbox.resetLog();
  expect((await loaList()).message?.embeds ?? []).toEqual([]);
  expect(rolesReads()).toEqual([]);
}

/** The admin replaces A's token with `token`: setup, Replace token, the token modal. */
async function replaceToken(token: string): Promise<void> {
  const shown = await (
    await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: A })
  ).response();
  const replace = await (await world.double.click(admin, shown.message!, ADMIN_IDS.replace)).response();
  expect(replace.modal?.custom_id).toBe(ADMIN_IDS.modal);
  const linked = await (
    await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: token }, { guildId: A })
  ).response();
  expect(linked.message?.content).toMatch(/^Linked: /);
}

/** The moderator, holding the linked Discord role, is let in free: no member lookup. */
async function letInFree(): Promise<void> {
  world.sandbox.resetLog();
  const answer = await loaList();
  expect(embedOf(answer.message).title).toBe('Leaves of absence');
  expect(lookups()).toEqual([]);
}

describe('the roles list the old token could not read', () => {
  it('is read with the new token at the next check once the token is replaced (setup)', async () => {
    await rolesUnreadWith(OLD_TOKEN);
    await replaceToken(NEW_TOKEN);
    await accessRoleOf(NEW_TOKEN);
    await letInFree();
  }, 60_000);

  it('is forgotten when the server is unlinked: a token stored for it later is read at once', async () => {
    await rolesUnreadWith(LATER_TOKEN);
    const unlinked = await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'unlink', guildId: A })
    ).response();
    expect(unlinked.message?.content).toBe(MESSAGES.unlinked);
    // Linked again without setup's own forgetting (the store's link, as setup's is once checked).
    await store.saveCredential(A, { token: LATER_TOKEN, linkedBy: admin.id });
    await accessRoleOf(LATER_TOKEN);
    await letInFree();
    expect(rolesReads().map((r) => r.status)).toEqual([200]);
  }, 60_000);
});
