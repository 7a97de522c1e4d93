/**
 * The store against both databases: SQLite always; PostgreSQL at 127.0.0.1:5432 when it is
 * reachable, and always in CI (CI=true), where a missing PostgreSQL fails these tests.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sealKey } from '../../src/store/crypto.js';
import { openStore, type Store, StoreError, type StoreOptions } from '../../src/store/index.js';
import { migrations } from '../../src/store/migrations.js';
import { freePort } from '../support/redis.js';
import { backends, PG_URL, type Place, postgres } from './places.js';

const GUILD_A = '1300000000000000001';
const GUILD_B = '1300000000000000002';

const key = () => randomBytes(32);
const secretToken = () => `rc_store_secret_${randomBytes(16).toString('hex')}`;

/** The error `work` rejects with (fails the test when it resolves). */
async function failure(work: Promise<unknown>): Promise<StoreError> {
  const outcome = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(StoreError);
  return outcome as StoreError;
}

describe.each(backends)('store: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];

  async function fresh(): Promise<Place> {
    const place = await backend.fresh();
    places.push(place);
    return place;
  }

  async function open(place: Place, extra: Partial<StoreOptions> = {}): Promise<Store> {
    const store = await openStore({ ...place.options, ...extra });
    stores.push(store);
    return store;
  }

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  describe.runIf(backend.run)('', () => {
    it('applies the versioned migrations once, and again is a no-op', async () => {
      const place = await fresh();
      const secretKey = key();
      const first = await open(place, { secretKey });
      const names = Object.keys(migrations).sort();
      expect(await first.version()).toBe(names.at(-1));
      await first.saveCredential(GUILD_A, { token: secretToken(), linkedBy: '42' });
      await first.close();
      const second = await open(place, { secretKey });
      expect(await second.version()).toBe(names.at(-1));
      const applied = await place.query('select name from rollcall_migration order by name');
      expect(applied.map((r) => r.name)).toEqual(names);
      expect(await second.describeCredential(GUILD_A)).toBeDefined();
    });

    it('refuses a database migrated by a newer version', async () => {
      const place = await fresh();
      await (await open(place)).close();
      await place.query('insert into rollcall_migration (name, timestamp) values (?, ?)', [
        '9999_from_the_future',
        new Date().toISOString(),
      ]);
      const error = await failure(openStore(place.options));
      expect(error.code).toBe('schema');
      expect(error.message).toMatch(/newer version of Rollcall/);
    });

    it('round-trips a credential and its state, never showing the token where it is not asked for', async () => {
      let clock = 1_700_000_000_000;
      const store = await open(await fresh(), { secretKey: key(), now: () => clock });
      const token = secretToken();
      expect(await store.getCredential(GUILD_A)).toBeUndefined();
      const saved = await store.saveCredential(GUILD_A, { token, linkedBy: '42', communityId: 'c-1' });
      expect(saved).not.toHaveProperty('token');
      expect(JSON.stringify(saved)).not.toContain(token);
      const read = await store.getCredential(GUILD_A);
      expect(read).toEqual({ ...saved, token });
      expect(read?.linkedAt.getTime()).toBe(clock);
      expect(read?.communityId).toBe('c-1');
      expect(read?.invalidAt).toBeUndefined();

      clock += 1_000;
      expect(await store.markInvalid(GUILD_A)).toBe(true);
      expect(await store.markInvalid(GUILD_B)).toBe(false);
      expect((await store.describeCredential(GUILD_A))?.invalidAt?.getTime()).toBe(clock);

      // Replacing the token makes it usable again.
      const replacement = secretToken();
      clock += 1_000;
      await store.saveCredential(GUILD_A, { token: replacement, linkedBy: '43' });
      const replaced = await store.getCredential(GUILD_A);
      expect(replaced?.token).toBe(replacement);
      expect(replaced?.invalidAt).toBeUndefined();
      expect(replaced?.linkedBy).toBe('43');
      expect(replaced?.fingerprint).not.toBe(saved.fingerprint);
      expect(await store.getCredential(GUILD_B)).toBeUndefined();
    });

    it('round-trips settings, with defaults and validation', async () => {
      const store = await open(await fresh(), { secretKey: key() });
      const defaults = await store.getSettings(GUILD_A);
      expect(defaults).toEqual({
        accessRoleIds: [],
        accessDiscordRoleIds: [],
        defaultVisibility: 'private',
        labels: { logTypes: {}, loaStatus: {}, loaStartType: {}, auditTypes: {}, banAppeal: {} },
      });
      const settings = {
        accessRoleIds: ['1300000000000000010'],
        accessDiscordRoleIds: ['1300000000000000020'],
        defaultVisibility: 'public' as const,
        apiLimits: '100/30d',
        labels: {
          logTypes: { '1': 'Warning', '2': 'Kick' },
          loaStatus: { '0': 'Pending' },
          loaStartType: { '1': 'Scheduled' },
          auditTypes: { '7': 'Role changed' },
          banAppeal: { '1': 'Allowed' },
        },
      };
      await store.saveSettings(GUILD_A, settings);
      expect(await store.getSettings(GUILD_A)).toEqual(settings);
      expect(await store.getSettings(GUILD_B)).toEqual(defaults);
      await expect(store.saveSettings(GUILD_A, { labels: { logTypes: { warning: 'x' } } })).rejects.toThrow(
        /integer codes/,
      );
      await expect(
        store.saveSettings(GUILD_A, { defaultVisibility: 'loud' as unknown as 'public' }),
      ).rejects.toThrow();
      expect(await store.getSettings(GUILD_A)).toEqual(settings);
    });

    it('deleting a server forgets its credential and settings, and only its own', async () => {
      const store = await open(await fresh(), { secretKey: key() });
      for (const guild of [GUILD_A, GUILD_B]) {
        await store.saveCredential(guild, { token: secretToken(), linkedBy: '42' });
        await store.saveSettings(guild, { defaultVisibility: 'public' });
      }
      await store.deleteGuild(GUILD_A);
      expect(await store.getCredential(GUILD_A)).toBeUndefined();
      expect((await store.getSettings(GUILD_A)).defaultVisibility).toBe('private');
      expect(await store.getCredential(GUILD_B)).toBeDefined();
      expect((await store.getSettings(GUILD_B)).defaultVisibility).toBe('public');
    });

    it('a write is committed when its promise resolves, and survives closing and reopening', async () => {
      const place = await fresh();
      const secretKey = key();
      const store = await open(place, { secretKey });
      const token = secretToken();
      await store.saveCredential(GUILD_A, { token, linkedBy: '42' });
      await store.saveSettings(GUILD_A, { apiLimits: '100/30d' });
      // Another connection sees both rows at once: they were committed, not buffered.
      const rows = await place.query(
        'select guild_id from credentials union all select guild_id from guild_settings',
      );
      expect(rows.map((r) => r.guild_id)).toEqual([GUILD_A, GUILD_A]);
      await store.close();
      const reopened = await open(place, { secretKey });
      expect((await reopened.getCredential(GUILD_A))?.token).toBe(token);
      expect((await reopened.getSettings(GUILD_A)).apiLimits).toBe('100/30d');
    });

    it('a sealed row copied to another server does not decrypt there', async () => {
      const place = await fresh();
      const store = await open(place, { secretKey: key() });
      const token = secretToken();
      await store.saveCredential(GUILD_A, { token, linkedBy: '42' });
      await place.query(
        `insert into credentials (guild_id, sealed, key_id, fingerprint, community_id, linked_by, linked_at, invalid_at, updated_at)
         select ?, sealed, key_id, fingerprint, community_id, linked_by, linked_at, invalid_at, updated_at
         from credentials where guild_id = ?`,
        [GUILD_B, GUILD_A],
      );
      const error = await failure(store.getCredential(GUILD_B));
      expect(error.code).toBe('unreadable');
      expect(error.message).toContain(GUILD_B);
      expect(error.message).not.toContain(token);
      expect((await store.getCredential(GUILD_A))?.token).toBe(token);
    });

    it('an altered sealed value does not decrypt', async () => {
      const place = await fresh();
      const store = await open(place, { secretKey: key() });
      await store.saveCredential(GUILD_A, { token: secretToken(), linkedBy: '42' });
      const [row] = await place.query('select sealed from credentials where guild_id = ?', [GUILD_A]);
      const bytes = Buffer.from(String(row?.sealed), 'base64');
      bytes[14] = (bytes[14] ?? 0) ^ 1; // one bit of the ciphertext
      await place.query('update credentials set sealed = ? where guild_id = ?', [
        bytes.toString('base64'),
        GUILD_A,
      ]);
      expect((await failure(store.getCredential(GUILD_A))).code).toBe('unreadable');
    });

    it('rotates keys: the previous key still opens rows, re-encryption moves them all to the new key', async () => {
      const place = await fresh();
      const oldKey = key();
      const newKey = key();
      const tokens = { [GUILD_A]: secretToken(), [GUILD_B]: secretToken() };
      const before = await open(place, { secretKey: oldKey });
      for (const [guild, token] of Object.entries(tokens))
        await before.saveCredential(guild, { token, linkedBy: '42' });
      await before.close();

      // The new key alone cannot open the old rows: refused at start, naming the setting.
      const refused = await failure(openStore({ ...place.options, secretKey: newKey }));
      expect(refused.code).toBe('key');
      expect(refused.message).toMatch(/^ROLLCALL_SECRET_KEY is not the key that sealed 2 stored API token/);
      expect(refused.message).toContain('ROLLCALL_SECRET_KEY_PREVIOUS');

      const rotating = await open(place, { secretKey: newKey, previousKey: oldKey });
      expect((await rotating.getCredential(GUILD_A))?.token).toBe(tokens[GUILD_A]);
      // New writes use the new key at once.
      await rotating.saveSettings(GUILD_A, {});
      expect(await rotating.reencryptAll()).toBe(2);
      expect(await rotating.reencryptAll()).toBe(0);
      const keyIds = await place.query('select distinct key_id from credentials');
      expect(keyIds.map((r) => r.key_id)).toEqual([sealKey(newKey).id]);
      await rotating.close();

      const after = await open(place, { secretKey: newKey });
      for (const [guild, token] of Object.entries(tokens))
        expect((await after.getCredential(guild))?.token).toBe(token);
      // And the old key alone no longer fits.
      await after.close();
      expect((await failure(openStore({ ...place.options, secretKey: oldKey }))).code).toBe('key');
    });

    it('refuses to start without a key when tokens are stored; an empty store needs none', async () => {
      const place = await fresh();
      const keyless = await open(place);
      expect(await keyless.describeCredential(GUILD_A)).toBeUndefined();
      expect(
        (await failure(keyless.saveCredential(GUILD_A, { token: secretToken(), linkedBy: '42' }))).code,
      ).toBe('key');
      await keyless.close();
      const keyed = await open(place, { secretKey: key() });
      await keyed.saveCredential(GUILD_A, { token: secretToken(), linkedBy: '42' });
      await keyed.close();
      const error = await failure(openStore(place.options));
      expect(error.code).toBe('key');
      expect(error.message).toBe(
        'ROLLCALL_SECRET_KEY is not set, but the store holds 1 sealed API token(s); set the key they were sealed with.',
      );
    });

    it('never holds a token in clear: not in the file bytes or the table dump', async () => {
      const place = await fresh();
      const store = await open(place, { secretKey: key() });
      const tokens = [secretToken(), secretToken()];
      await store.saveCredential(GUILD_A, { token: tokens[0]!, linkedBy: '42' });
      await store.saveCredential(GUILD_B, { token: tokens[1]!, linkedBy: '42' });
      // Replaced and deleted tokens must not linger either (pages are zeroed or rewritten).
      await store.saveCredential(GUILD_B, { token: secretToken(), linkedBy: '42' });
      const dump = await place.dump();
      expect(dump).toContain(GUILD_A); // the dump is real: it holds the rows
      for (const token of tokens) {
        expect(dump).not.toContain(token);
        expect(dump).not.toContain(Buffer.from(token).toString('base64'));
        expect(dump).not.toContain(Buffer.from(token).toString('hex'));
      }
    });
  });
});

describe('store: the database is not there', () => {
  it('SQLite: a DATA_DIR that cannot be made is one clear sentence', async () => {
    const file = join(tmpdir(), `rollcall-not-a-dir-${randomBytes(4).toString('hex')}`);
    writeFileSync(file, 'a file, not a folder');
    const error = await failure(openStore({ dataDir: file, secretKey: key() }));
    rmSync(file);
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/^The store file .* cannot be opened \(E[A-Z]+\); check DATA_DIR/);
  });

  it('PostgreSQL: nothing listening at start is one clear sentence, without the password', async () => {
    const port = await freePort();
    const started = performance.now();
    const error = await failure(
      openStore({
        databaseUrl: `postgres://rollcall:pw-very-secret@127.0.0.1:${port}/rollcall`,
        secretKey: key(),
      }),
    );
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      `The database at postgres://127.0.0.1:${port}/rollcall cannot be reached (ECONNREFUSED); check DATABASE_URL and that PostgreSQL is running.`,
    );
    expect(error.message).not.toContain('pw-very-secret');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('PostgreSQL: a server that does not answer at start times out with one clear sentence', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const started = performance.now();
      const error = await failure(
        openStore({
          databaseUrl: `postgres://127.0.0.1:${port}/test`,
          connectTimeoutMs: 300,
          secretKey: key(),
        }),
      );
      const elapsed = performance.now() - started;
      expect(error.code).toBe('unavailable');
      expect(error.message).toMatch(/cannot be reached/);
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(3_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe.runIf(postgres.run)('store: PostgreSQL shared with another schema', () => {
  it("migrates its own schema even when another schema of the database holds the store's tables", async () => {
    // Another Rollcall (or a test) whose migration stopped half-way in its own schema.
    const other = await postgres.fresh();
    const place = await postgres.fresh();
    const otherSchema = other.options.schema as string;
    await place.query(`create schema "${otherSchema}"`);
    await place.query(
      `create table "${otherSchema}".rollcall_migration_lock (id text primary key, is_locked integer)`,
    );
    await place.query(
      `create table "${otherSchema}".rollcall_migration (name text primary key, timestamp text)`,
    );
    try {
      const store = await openStore({ ...place.options, secretKey: key() });
      try {
        expect(await store.version()).toBe(Object.keys(migrations).sort().at(-1));
      } finally {
        await store.close();
      }
    } finally {
      await other.remove();
      await place.remove();
    }
  });
});

/** A TCP relay to the real PostgreSQL that can be cut (every connection dropped) and restored. */
async function relay(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const port = await freePort();
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    port,
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
    restore: listen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}

describe.runIf(postgres.run)('store: PostgreSQL goes away mid-run', () => {
  it('each call fails with one clear StoreError (no crash), and works again once it is back', async () => {
    const place = await postgres.fresh();
    const link = await relay(5432);
    const background: StoreError[] = [];
    const url = PG_URL.replace(':5432/', `:${link.port}/`);
    const store = await openStore({
      ...place.options,
      databaseUrl: url,
      connectTimeoutMs: 500,
      // No pause: each call tries the database (the circuit's pause is test/store/faults.test.ts's).
      circuitPauseMs: 0,
      secretKey: key(),
      onBackgroundError: (error) => background.push(error),
    });
    try {
      const token = secretToken();
      await store.saveCredential(GUILD_A, { token, linkedBy: '42' });
      await link.cut();
      for (const call of [() => store.getCredential(GUILD_A), () => store.saveSettings(GUILD_A, {})]) {
        const error = await failure(call());
        expect(error.code).toBe('unavailable');
        expect(error.message).toMatch(
          new RegExp(`^The database at postgres://127.0.0.1:${link.port}/test is not answering \\(`),
        );
        expect(error.message).not.toContain(token);
      }
      await link.restore();
      expect((await store.getCredential(GUILD_A))?.token).toBe(token);
      for (const error of background) expect(error.code).toBe('unavailable');
    } finally {
      await store.close().catch(() => {});
      await link.close();
      await place.remove();
    }
  });
});
