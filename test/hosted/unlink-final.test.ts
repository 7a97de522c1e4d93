/**
 * Unlinking is final: reads of a community in flight when its last server is unlinked (or Rollcall
 * is removed from it) complete, and afterwards the store holds nothing of that community (saved
 * answers, directory, snapshot pages), four rounds of each, on SQLite and on PostgreSQL. The API's
 * answers are held by the sandbox's gate (a promise the test settles), not by a real delay; the
 * store's writers are watched, so each round ends once the held reads' writes were tried and settled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { tokenHash } from '../../src/store/crypto.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { type Backend, backends, PG_URL, type Place } from '../store/places.js';
import { link, startHostedWorld } from './world.js';

const A = '1300000000000000051';
const B = '1300000000000000052';
/** Servers linked to A's token one round each, then left (GUILD_DELETE). */
const LEFT = ['1300000000000000061', '1300000000000000062', '1300000000000000063', '1300000000000000064'];
const TOKEN_A = 'unlink-final-a-token-3c5e7a9b1d';
const TOKEN_B = 'unlink-final-b-token-8f6d4b2a0e';
const ROUNDS = 4;
const TABLES = ['saved_answers', 'saved_answer_totals', 'directory', 'snapshot_pages'] as const;
type Writer = 'answers' | 'directory' | 'snapshot';

function unlinkSuite(backend: Backend): void {
  let world: World;
  let admin: DoubleUser;
  let place: Place;
  /** The answers held for each community's label. */
  const held = new Map<string, number>();
  let release: () => void = () => undefined;
  /** Writes of A's community tried since the round's removal, by writer; and writes of any community still running. */
  const tried = new Map<Writer, number>();
  let watching = false;
  let running = 0;

  /** Count every write of the store's community data (the app's own store object). */
  function watch(store: Store): void {
    const a = tokenHash(TOKEN_A);
    const wrap = <T extends object, K extends keyof T>(target: T, name: K, writer: Writer) => {
      const original = (target[name] as (...args: unknown[]) => Promise<void>).bind(target);
      (target as Record<K, unknown>)[name] = async (community: string, ...rest: unknown[]) => {
        if (watching && community === a) tried.set(writer, (tried.get(writer) ?? 0) + 1);
        running++;
        try {
          return await original(community, ...rest);
        } finally {
          running--;
        }
      };
    };
    wrap(store.answers, 'save', 'answers');
    wrap(store.directory, 'remember', 'directory');
    wrap(store.snapshots, 'savePage', 'snapshot');
  }

  beforeAll(async () => {
    place = await backend.fresh();
    const schema = place.options.schema;
    if (schema) await place.query(`create schema if not exists "${schema}"`);
    const storeEnv: Record<string, string> = schema
      ? { DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }
      : { DATA_DIR: place.options.dataDir as string };
    ({ world, admin } = await startHostedWorld({
      servers: [
        { guildId: A, token: TOKEN_A, seed: 71, label: 'unlink-a' },
        { guildId: B, token: TOKEN_B, seed: 72, label: 'unlink-b' },
      ],
      keyByte: 11,
      double: { extraGuilds: LEFT.map((id, n) => ({ id, name: `Left ${n}` })) },
      // A month (answers are saved) wide enough for the reports to read a page at once.
      env: { ...storeEnv, API_LIMITS: '100000000/month' },
    }));
    watch(world.app.store() as Store);
    // Another community's data, which no removal may touch.
    for (const read of await readsIn(B, TOKEN_B)) await read.response();
  }, 60_000);

  afterAll(async () => {
    world?.sandbox.set({ gate: null });
    await world?.close();
    await place?.remove();
  });

  /** Hold every answer from now until `release()`. */
  function hold(): void {
    held.clear();
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let holding = true;
    release = () => {
      holding = false;
      open();
    };
    world.sandbox.set({
      gate: (entry) => {
        if (!holding) return undefined;
        held.set(entry.token ?? '', (held.get(entry.token ?? '') ?? 0) + 1);
        return gate;
      },
    });
  }

  /** A list, a member read for a Discord user (the directory) and a report (the snapshot) in a server. */
  async function readsIn(guildId: string, token: string) {
    const member = world.double.user({
      id: world.sandbox.datasetOf(token).samples.busyChatIds[0] as string,
      username: `member-of-${guildId}`,
    });
    return Promise.all([
      world.double.slash(world.mod, 'loa', { subcommand: 'list', guildId }),
      world.double.slash(world.mod, 'member', { subcommand: 'view', options: { user: member }, guildId }),
      world.double.slash(world.mod, 'loa', { subcommand: 'active', guildId }),
    ]);
  }

  const q = (n: number) => (backend.name === 'postgres' ? `$${n}` : '?');

  /** The rows of a community in each table of its data. */
  async function rowsOf(token: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const rows = await place.query(`select count(*) as n from ${table} where tenant = ${q(1)}`, [
        tokenHash(token),
      ]);
      counts[table] = Number(rows[0]?.n);
    }
    return counts;
  }

  const NOTHING = Object.fromEntries(TABLES.map((t) => [t, 0]));
  let snapshotsTried = 0;

  /** One round: reads of A's community (in `guildId`) held, `remove` run, then the answers let go. */
  async function round(guildId: string, remove: () => Promise<void>): Promise<void> {
    hold();
    try {
      const reads = await readsIn(guildId, TOKEN_A);
      // The reads are on the wire, waiting for their answers: the member and the LOA list's first
      // page (the list and the report's snapshot share that one request).
      // Under a loaded CPU the reads may take seconds to reach the wire: wait for them, not for a clock.
      await expect.poll(() => held.get('unlink-a') ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await remove();
      expect(await rowsOf(TOKEN_A)).toEqual(NOTHING);
      tried.clear();
      watching = true;
      release();
      for (const read of reads) await read.response();
      // What the held reads bought was offered to the store after the removal, and every write settled.
      await expect
        .poll(() => (tried.get('answers') ?? 0) > 0 && (tried.get('directory') ?? 0) > 0 && running === 0, {
          timeout: 10_000,
        })
        .toBe(true);
      snapshotsTried += tried.get('snapshot') ?? 0;
    } finally {
      watching = false;
      release();
    }
    expect(await rowsOf(TOKEN_A)).toEqual(NOTHING);
  }

  it(`keeps nothing of a community unlinked while its reads were in flight (${ROUNDS} rounds)`, async () => {
    for (let n = 0; n < ROUNDS; n++) {
      if (n > 0) await link(world, admin, A, TOKEN_A);
      await round(A, async () => {
        const answer = await (
          await world.double.slash(admin, 'rollcall-admin', { subcommand: 'unlink', guildId: A })
        ).response();
        expect(answer.message?.content).toBe(MESSAGES.unlinked);
      });
    }
    // The report's snapshot page was among them (a report reads at most a page a second: not every round).
    expect(snapshotsTried).toBeGreaterThan(0);
    expect((await rowsOf(TOKEN_B)).saved_answers).toBeGreaterThan(0);
  }, 120_000);

  it(`keeps nothing of a community whose server removed Rollcall while its reads were in flight (${ROUNDS} rounds)`, async () => {
    const store = world.app.store() as Store;
    for (const guildId of LEFT.slice(0, ROUNDS)) {
      await link(world, admin, guildId, TOKEN_A);
      await round(guildId, async () => {
        world.double.dispatch('GUILD_DELETE', { id: guildId }, guildId);
        await expect.poll(async () => store.describeCredential(guildId), { timeout: 30_000 }).toBeUndefined();
      });
    }
    expect((await rowsOf(TOKEN_B)).saved_answers).toBeGreaterThan(0);
  }, 120_000);
}

for (const backend of backends) {
  describe.skipIf(!backend.run)(`unlinking is final on ${backend.title}`, () => unlinkSuite(backend));
}
