/**
 * Show people, not ids, end to end (the real bot, the sandbox API, the Discord double): a
 * right-click on a member teaches the community's directory who they are, and from then on
 * `/loa list` and the LOA's detail name them as a mention (pinging nobody), the "Open…" select by
 * their display name; after a restart (a new process on the same DATA_DIR) still, with no new
 * member lookup.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app.js';
import { createLogger } from '../../src/base/log.js';
import { tokenHash } from '../../src/store/crypto.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf, startWorld, type World } from './world.js';

let world: World;
let sam: DoubleUser;
let memberId: string;
let loaId: string;
let restarted: App | undefined;

beforeAll(async () => {
  world = await startWorld();
  const ds = world.sandbox.dataset;
  // The newest LOA: the first line of /loa list.
  const loa = ds.loas[0]!;
  loaId = loa.id;
  memberId = loa.memberId as string;
  sam = world.double.user({ id: ds.chatIdOf(memberId)!, username: 'sam', nick: 'Sam the Mod' });
}, 60_000);
afterAll(async () => {
  await restarted?.stop(2_000);
  await world?.close();
});

const loaList = async () => (await world.double.slash(world.mod, 'loa', { subcommand: 'list' })).response();
const memberLookups = () =>
  world.sandbox.requests.filter((r) => r.path.startsWith('/server/members/chat/')).length;
const firstLine = (description: string | undefined) => (description ?? '').split('\n')[0] ?? '';

describe('the directory of who is who', () => {
  it('before anyone right-clicked the member, the list shows a short id and no mention', async () => {
    const answer = await loaList();
    const line = firstLine(embedOf(answer.message).description);
    expect(line).toContain(`\`…${memberId.slice(-8)}\``);
    expect(line).not.toContain('<@');
    // The LOA's own id is no longer on the list line.
    expect(line).not.toContain(loaId);
  });

  it('after a right-click on the member, the list and the detail name them, and nobody is pinged', async () => {
    const menu = await (await world.double.userCommand(world.mod, 'LOAs', sam)).response();
    // Their LOAs' "Open…" select names them by the display name the interaction carries (select
    // labels show no mentions).
    expect(JSON.stringify(menu.message?.components)).toContain('"label":"LOA · Sam the Mod · ');
    const answer = await loaList();
    expect(firstLine(embedOf(answer.message).description).startsWith(`<@${sam.id}> · `)).toBe(true);
    const detail = await (
      await world.double.slash(world.mod, 'loa', { subcommand: 'view', options: { id: loaId } })
    ).response();
    const member = embedOf(detail.message).fields?.find((f) => f.name === 'Member');
    expect(member?.value).toBe(`<@${sam.id}> · \`${memberId}\``);
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });

  it('after a restart (a new process on the same DATA_DIR) the list still names them, with no new lookup', async () => {
    // The directory's write is in the background: it is in the store before the restart.
    const store = world.app.store();
    expect(store).toBeDefined();
    const community = tokenHash(world.config.API_TOKEN);
    await expect
      .poll(async () => (await store!.directory.lookup(community, [memberId])).get(memberId))
      .toBe(sam.id);
    await world.app.stop(2_000);
    const lookups = memberLookups();
    const logger = createLogger({
      level: 'silent',
      format: 'json',
      destination: new Writable({ write: (_c, _e, done) => done() }),
    });
    restarted = createApp(world.config, logger);
    await restarted.start();
    const answer = await loaList();
    expect(firstLine(embedOf(answer.message).description).startsWith(`<@${sam.id}> · `)).toBe(true);
    expect(memberLookups()).toBe(lookups);
  });
});
