/**
 * The secrets audit for hosted mode: two servers link their own community's token through the
 * modal, a third pastes a token the API rejects, moderators use every kind of read, a token is
 * revoked mid-run (401), reads fail; then every log line (trace), REST body, error, Redis key and
 * value, and the store itself (the SQLite files byte for byte; for PostgreSQL every row as JSON
 * and a pg_dump of its schema) is searched for the tokens, their `Bearer` headers, the secret key
 * and the database password: zero hits. On SQLite, and on PostgreSQL when it listens (CI=true:
 * always).
 */
import { randomBytes } from 'node:crypto';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { MESSAGES } from '../../src/discord/replies.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { controls, embedOf } from '../e2e/world.js';
import { dumpRedis } from '../hosted/redis-dump.js';
import { type Backend, backends, PG_URL, type Place } from '../store/places.js';
import { hasRedisServer, OwnRedis } from '../support/redis.js';
import {
  ask,
  auditEverything,
  type ReliableWorld,
  recordError,
  recordSecrets,
  recordText,
  secret,
  secretFindings,
  startReliableWorld,
} from './support.js';

const withRedis = hasRedisServer || process.env.CI === 'true';

const A = '1330000000000000001';
const B = '1330000000000000002';
const C = '1330000000000000003';

function hostedAudit(backend: Backend): void {
  const tokenA = secret('rc-hosted-token-a');
  const tokenB = secret('rc-hosted-token-b');
  const rejected = secret('rc-hosted-rejected');
  const dbPassword = secret('rc-db-password');
  const secretKey = randomBytes(32).toString('base64');
  // The linked tokens are no setting: the audit is told of them. (The key and the database
  // password are settings, found by secretValues.)
  recordSecrets(...[tokenA, tokenB, rejected].flatMap((t) => [t, `Bearer ${t}`]));

  let world: ReliableWorld;
  let admin: DoubleUser;
  let place: Place;
  let redis: OwnRedis | undefined;

  beforeAll(async () => {
    place = await backend.fresh();
    const schema = place.options.schema;
    if (schema) await place.query(`create schema if not exists "${schema}"`);
    if (withRedis) {
      redis = await OwnRedis.create();
      await redis.start();
    }
    // PostgreSQL here trusts local connections, so the password is never asked for: it is in the
    // URL only to prove it goes nowhere.
    const url = new URL(PG_URL);
    url.password = dbPassword;
    url.searchParams.set('options', `-c search_path=${schema}`);
    world = await startReliableWorld({
      sandbox: {
        communities: {
          [tokenA]: { seed: 41, label: 'hosted-a' },
          [tokenB]: { seed: 42, label: 'hosted-b' },
        },
      },
      double: {
        guildId: A,
        extraGuilds: [
          { id: B, name: 'Community B' },
          { id: C, name: 'Community C' },
        ],
      },
      env: {
        API_TOKEN: '',
        DISCORD_GUILD_ID: '',
        ROLLCALL_SECRET_KEY: secretKey,
        API_RETRIES: '0',
        API_LIMITS: '100000/month',
        LOG_LEVEL: 'trace',
        ...(redis ? { CACHE_URL: redis.url } : {}),
        ...(schema ? { DATABASE_URL: url.toString() } : { DATA_DIR: place.options.dataDir as string }),
      },
    });
    admin = world.double.user({
      username: 'admin',
      permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
    });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
    await redis?.stop();
    await place?.remove();
  });

  async function setup(guildId: string, token: string) {
    await (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId })).response();
    return (
      await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: token }, { guildId })
    ).response();
  }

  it('links, reads, refuses and fails in two servers without the tokens going anywhere', async () => {
    expect((world.app.store() as Store).kind).toBe(backend.name);
    expect((await setup(C, rejected)).message?.content).toBe(MESSAGES.setupRejected);
    expect((await setup(A, tokenA)).message?.content).toMatch(/^Linked: /);
    expect((await setup(B, tokenB)).message?.content).toMatch(/^Linked: /);
    const shown = await (
      await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId: A })
    ).response();
    expect(shown.message?.content).toContain('Token fingerprint: ');

    for (const guildId of [A, B]) {
      const data = world.sandbox.datasetOf(guildId === A ? tokenA : tokenB);
      for (const [name, input] of [
        ['loa', { subcommand: 'list' }],
        ['log', { subcommand: 'user', options: { username: data.samples.busyUsernames[0]! } }],
        ['shift', { subcommand: 'list' }],
        ['member', { subcommand: 'list' }],
        ['audit-log', { subcommand: 'list' }],
        ['rollcall', { subcommand: 'status' }],
      ] as const) {
        const answer = await ask(world, name, { ...input, guildId });
        expect(answer.message?.embeds?.length, `/${name} in ${guildId}`).toBe(1);
      }
      const listed = await ask(world, 'loa', { subcommand: 'list', guildId });
      const next = [...controls(listed.message).entries()].find(([, id]) => id.startsWith('rc1:n:'))?.[1];
      const turned = await (await world.double.click(world.mod, listed.message!, next as string)).response();
      expect(embedOf(turned.message).title).toBe('Leaves of absence');
    }

    // Reads that fail: a record that is not there, and the check of a token the API rejects.
    const community = await world.app.hosted?.resolve(A);
    if (typeof community !== 'object') throw new Error(`no community for A: ${community}`);
    await community.resources.getLoa('no-such-loa', { purpose: 'refresh' }).then(
      () => expect.unreachable('the read should fail'),
      (error: unknown) => recordError('hosted 404', error),
    );
    recordText('check of a rejected token', JSON.stringify(await world.app.hosted?.check(rejected, C)));

    // Server B's token is revoked: the next read gets a 401, and the reads after it are refused
    // without a request (a read a minute later would confirm it: test/hosted/rejection.test.ts).
    world.sandbox.set({
      tokens: {
        [tokenA]: { permission: 'all', label: 'hosted-a', dataset: world.sandbox.datasetOf(tokenA) },
      },
    });
    const revoked = await ask(world, 'application', { subcommand: 'list', guildId: B });
    // Held, not yet rejected for good: told when Rollcall tries it again (REJECTION_CONFIRM_MS on).
    const retryAt = /<t:(\d+):R>/.exec(revoked.message?.content ?? '')?.[1];
    expect(revoked.message?.content).toBe(MESSAGES.tokenHeld(Number(retryAt)));
    const again = await ask(world, 'loa', { subcommand: 'list', guildId: B });
    expect(again.message?.content).toBe(revoked.message?.content);
  });

  it('leaves no token in the store (files or table dump) or in Redis', async () => {
    const store = world.app.store() as Store;
    const dump = await place.dump();
    // The dump holds the rows: each linked server's fingerprint is there (the token is not).
    for (const guildId of [A, B])
      expect(dump).toContain((await store.describeCredential(guildId))?.fingerprint);
    recordText(`${backend.name} store dump`, dump);
    if (redis) {
      const values = dumpRedis(redis).join('\n');
      // The API data of both communities is cached there, under two credential hashes.
      const hashes = new Set(values.split('\n').map((line) => /^rollcall:v1:([0-9a-f]+):/.exec(line)?.[1]));
      hashes.delete(undefined);
      expect(hashes.size).toBe(2);
      recordText('Redis keys and values', values);
    }
    expect(secretFindings()).toEqual([]);
  });

  it('the grep covers what it claims: a planted token, key or password is found', () => {
    for (const planted of [
      tokenA,
      `Bearer ${tokenB}`,
      secretKey,
      ...(place.options.schema ? [dbPassword] : []),
    ]) {
      world.logLines.push(JSON.stringify({ msg: 'planted', detail: planted }));
      try {
        expect(secretFindings().length).toBeGreaterThan(0);
      } finally {
        world.logLines.pop();
      }
    }
    expect(secretFindings()).toEqual([]);
  });
}

for (const backend of backends) {
  describe.skipIf(!backend.run)(`hosted mode on ${backend.title}`, () => hostedAudit(backend));
}

auditEverything();
