/**
 * The store's saved answers against both databases (SQLite always; PostgreSQL at 127.0.0.1:5432
 * when it listens, always in CI): read back until they expire, replaced under the same key, each
 * community kept within its bytes with the newest kept, and gone with the last server of its token.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/store/crypto.js';
import { openStore, type SavedAnswer, type Store } from '../../src/store/index.js';
import { backends, type Place } from './places.js';

const T0 = 1_800_000_000_000;
const community = () => randomBytes(8).toString('hex');

/** An answer of `size` characters of entry, read at `fetchedAt`, kept for an hour. */
function answer(tenantHash: string, name: string, fetchedAt: number, size = 100): SavedAnswer {
  return {
    key: `rollcall:v1:${tenantHash}:listLoas:{"page":${JSON.stringify(name)}}`,
    entry: JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 30)), fetchedAt }),
    fetchedAt,
    expiresAt: fetchedAt + 3_600_000,
  };
}

const bytesOf = (a: SavedAnswer) => Buffer.byteLength(a.key) + Buffer.byteLength(a.entry);

describe.each(backends)('saved answers in the store: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];

  async function open(): Promise<{ store: Store; place: Place }> {
    const place = await backend.fresh();
    places.push(place);
    const store = await openStore({ ...place.options, secretKey: Buffer.alloc(32, 5) });
    stores.push(store);
    return { store, place };
  }

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  describe.runIf(backend.run)('', () => {
    it('reads an answer back until it expires, and a later save under its key replaces it', async () => {
      const { store } = await open();
      const t = community();
      const first = answer(t, 'one', T0);
      await store.answers.save(t, [first], 1_000_000);
      expect(await store.answers.get(t, first.key, T0 + 1)).toEqual(first);
      expect(await store.answers.get(t, first.key, first.expiresAt)).toBeUndefined();
      expect(await store.answers.get(community(), first.key, T0 + 1)).toBeUndefined(); // another token's
      const newer = { ...answer(t, 'one', T0 + 60_000, 300) };
      await store.answers.save(t, [newer], 1_000_000);
      expect(await store.answers.get(t, first.key, T0 + 60_001)).toEqual(newer);
      expect(await store.answers.bytes(t)).toBe(bytesOf(newer));
    });

    it("keeps each community within its bytes: the oldest read go first, the newest stay, another's untouched", async () => {
      const { store } = await open();
      const [a, b] = [community(), community()];
      const other = answer(b, 'kept', T0 - 1_000_000);
      await store.answers.save(b, [other], 10_000);
      // 30 answers of ~1 KB into a bound of 10 KB, saved in three batches, not in the order read.
      const all = Array.from({ length: 30 }, (_, i) => answer(a, `p${i}`, T0 + i * 1_000, 1_000));
      const shuffled = [...all].sort(
        (x, y) => ((x.key.length * 7 + x.fetchedAt) % 11) - ((y.key.length * 7 + y.fetchedAt) % 11),
      );
      for (let i = 0; i < shuffled.length; i += 10)
        await store.answers.save(a, shuffled.slice(i, i + 10), 10_000);
      const held = await store.answers.bytes(a);
      expect(held).toBeLessThanOrEqual(10_000);
      const kept = [];
      for (const x of all) if (await store.answers.get(a, x.key, T0)) kept.push(x);
      // Exactly the newest that fit.
      let room = 10_000;
      const newest = [];
      for (const x of [...all].reverse()) {
        if (bytesOf(x) > room) break;
        room -= bytesOf(x);
        newest.unshift(x);
      }
      expect(kept.map((x) => x.key)).toEqual(newest.map((x) => x.key));
      // The total kept beside the rows is exactly what they weigh.
      expect(held).toBe(kept.reduce((sum, x) => sum + bytesOf(x), 0));
      expect(newest.length).toBeGreaterThan(5);
      expect(await store.answers.get(b, other.key, T0)).toEqual(other);
      // An answer alone over the bound is not kept, and takes nothing out.
      await store.answers.save(a, [answer(a, 'huge', T0 + 100_000, 20_000)], 10_000);
      expect(await store.answers.bytes(a)).toBe(held);
    });

    it("is forgotten with the last server of its token (another server's token keeps its own)", async () => {
      const { store } = await open();
      const [one, two] = [
        `rc_answers_${randomBytes(8).toString('hex')}`,
        `rc_answers_${randomBytes(8).toString('hex')}`,
      ];
      await store.saveCredential('1300000000000000011', { token: one, linkedBy: '42' });
      await store.saveCredential('1300000000000000012', { token: one, linkedBy: '42' });
      await store.saveCredential('1300000000000000013', { token: two, linkedBy: '42' });
      const [a, b] = [answer(tokenHash(one), 'a', T0), answer(tokenHash(two), 'b', T0)];
      await store.answers.save(tokenHash(one), [a], 10_000);
      await store.answers.save(tokenHash(two), [b], 10_000);
      await store.deleteGuild('1300000000000000011');
      expect(await store.answers.get(tokenHash(one), a.key, T0)).toEqual(a); // still linked elsewhere
      await store.deleteGuild('1300000000000000012');
      expect(await store.answers.get(tokenHash(one), a.key, T0)).toBeUndefined();
      expect(await store.answers.get(tokenHash(two), b.key, T0)).toEqual(b);
    });
  });
});
