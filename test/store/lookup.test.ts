/**
 * `Store.lookup` (src/store/lookup.ts) against both databases: what every interaction asks of the
 * store about its server, in one statement, answering as `getCredential`, `getSettings` and
 * `allowance.tokenLimits({ guildId })` do and failing as they fail. The statements are counted with
 * the store's own `onStatement` hook.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store, StoreError } from '../../src/store/index.js';
import { backends, type Place } from './places.js';

const A = '1310000000000000001';
const B = '1310000000000000002';
const C = '1310000000000000003';
const D = '1310000000000000004';

const secretToken = () => `rc_lookup_secret_${randomBytes(16).toString('hex')}`;

describe.each(backends)('store lookup: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];

  async function open(): Promise<{ place: Place; store: Store; statements: string[] }> {
    const place = await backend.fresh();
    places.push(place);
    const statements: string[] = [];
    const store = await openStore({
      ...place.options,
      secretKey: randomBytes(32),
      onStatement: (text) => statements.push(text),
    });
    stores.push(store);
    statements.length = 0;
    return { place, store, statements };
  }

  /** The three calls the lookup replaces, as they answer. */
  async function separately(store: Store, guildId: string) {
    const [credential, settings, tokenLimits] = await Promise.all([
      store.getCredential(guildId),
      store.getSettings(guildId),
      store.allowance.tokenLimits({ guildId }),
    ]);
    return { credential, settings, tokenLimits };
  }

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  describe.runIf(backend.run)('', () => {
    it('answers as the three calls it replaces, in one statement', async () => {
      const { store, statements } = await open();
      const shared = secretToken();
      await store.saveCredential(A, { token: shared, linkedBy: '7', communityId: 'c-1' });
      await store.saveCredential(B, { token: shared, linkedBy: '8' });
      await store.saveCredential(C, { token: secretToken(), linkedBy: '9' });
      await store.saveSettings(A, { apiLimits: '100/month', defaultVisibility: 'public' });
      await store.saveSettings(B, { apiLimits: '50/month,5/1m' });
      await store.saveSettings(D, { accessRoleIds: ['r1'] });
      await store.markInvalid(C);
      for (const guildId of [A, B, C, D, '1319999999999999999']) {
        statements.length = 0;
        const found = await store.lookup(guildId);
        expect(statements, guildId).toHaveLength(1);
        const expected = await separately(store, guildId);
        expect({ ...found, tokenLimits: [...found.tokenLimits].sort() }, guildId).toEqual({
          ...expected,
          tokenLimits: [...expected.tokenLimits].sort(),
        });
      }
      const a = await store.lookup(A);
      expect(a.credential?.token).toBe(shared);
      expect(a.credential?.communityId).toBe('c-1');
      expect(a.settings.defaultVisibility).toBe('public');
      expect([...a.tokenLimits].sort()).toEqual(['100/month', '50/month,5/1m']);
      expect((await store.lookup(C)).credential?.invalidAt).toBeInstanceOf(Date);
      expect((await store.lookup(C)).tokenLimits).toEqual([undefined]);
      const d = await store.lookup(D);
      expect(d.credential).toBeUndefined();
      expect(d.settings.accessRoleIds).toEqual(['r1']);
      expect(d.tokenLimits).toEqual([]);
    });

    it('fails as getCredential and getSettings do: a token that does not open, settings that do not validate', async () => {
      const { place, store } = await open();
      await store.saveCredential(A, { token: secretToken(), linkedBy: '7' });
      await place.query(
        `insert into credentials (guild_id, sealed, key_id, fingerprint, community_id, linked_by, linked_at, invalid_at, updated_at)
         select ?, sealed, key_id, fingerprint, community_id, linked_by, linked_at, invalid_at, updated_at
         from credentials where guild_id = ?`,
        [B, A],
      );
      const copied = await store.lookup(B).catch((error: unknown) => error);
      expect(copied).toBeInstanceOf(StoreError);
      expect((copied as StoreError).code).toBe('unreadable');
      expect((copied as StoreError).message).not.toContain('rc_lookup_secret_');
      await place.query(`insert into guild_settings (guild_id, settings, updated_at) values (?, ?, ?)`, [
        D,
        '{"accessRoleIds": 5}',
        1,
      ]);
      const unreadable = await store.lookup(D).catch((error: unknown) => error);
      expect((unreadable as StoreError).code).toBe('settings');
      // A server with a credential too: its own settings still refuse; its token's limits still read.
      await store.saveCredential(D, { token: secretToken(), linkedBy: '7' });
      expect(((await store.lookup(D).catch((error: unknown) => error)) as StoreError).code).toBe('settings');
      expect(await store.allowance.tokenLimits({ guildId: D })).toEqual([undefined]);
    });
  });
});
