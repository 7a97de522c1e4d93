/**
 * A moderator refused again and again under one token (no member record of that community: the
 * server was linked to the wrong one) is held for ten minutes, checked with no request. Once an
 * admin replaces the token (setup) with the community that has their record, the hold of the old
 * token's refusals says nothing of the new one: the next check looks them up with the new token.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { replaceToken, startHostedWorld } from './world.js';

const A = '1350000000000000011';
// The sandbox's tokens (not secrets); the second server is never linked, only there so that the
// sandbox knows the token.
const WRONG_TOKEN = 'hold-wrong-token-3f2a';
const RIGHT_TOKEN = 'hold-right-token-9b7c';

let world: World;
let admin: DoubleUser;
let moderator: DoubleUser;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [
      { guildId: A, token: WRONG_TOKEN, seed: 51, label: 'hold-wrong' },
      { guildId: '1350000000000000012', token: RIGHT_TOKEN, seed: 52, label: 'hold-right', linked: false },
    ],
    keyByte: 16,
    env: { ACCESS_REQUIRE_MEMBER: 'true' },
  }));
  const right = world.sandbox.datasetOf(RIGHT_TOKEN);
  const wrong = world.sandbox.datasetOf(WRONG_TOKEN);
  const wrongIds = new Set(wrong.members.map((m) => wrong.chatIdOf(m.id)));
  const member = right.members.find((m) => {
    const id = right.chatIdOf(m.id);
    return id !== undefined && !wrongIds.has(id);
  });
  moderator = world.double.user({
    id: right.chatIdOf(member!.id)!,
    username: 'hold-mod',
    roles: ['Moderator'],
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const help = async () =>
  (await world.double.slash(moderator, 'rollcall', { subcommand: 'help', guildId: A })).response();
const lookups = () => world.sandbox.requests.filter((r) => r.path.includes('/server/members/chat/')).length;

it("a hold of the old token's refusals does not hold the new token's check back", async () => {
  for (let n = 0; n < 3; n++)
    expect((await help()).message?.content).toMatch(/^Rollcall found no community member linked/);
  world.sandbox.resetLog();
  expect((await help()).message?.content).toMatch(/^You were refused several times in a row/);
  expect(lookups()).toBe(0);
  // The admin replaces the token with the community that has the moderator's record.
  expect(await replaceToken(world, admin, A, RIGHT_TOKEN)).toMatch(/^Linked: /);
  const next = await help();
  expect(next.message?.content ?? '').not.toMatch(/refused several times/);
  expect(next.message?.embeds ?? []).toHaveLength(1);
  expect(lookups()).toBe(1);
}, 60_000);
