/**
 * The environment's digest (single-community mode) as the scheduler's store, against a real SQLite
 * store: a channel not found is looked for at most once a minute (Discord is not asked every
 * round) and logged once; the settings' first sighting is kept in the store, shared by processes.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.js';
import {
  digestHorizonMs,
  type EnvironmentDigestSettings,
  environmentDigest,
  readDigestSettings,
} from '../../src/community/digest-scheduler.js';
import { openStore, type Store } from '../../src/store/index.js';
import { sqlite } from '../store/places.js';

const GUILD = '1300000000000000301';
const CHANNEL = '1300000000000000302';
const settings: EnvironmentDigestSettings = {
  channelId: CHANNEL,
  cadence: 'daily',
  day: 'monday',
  hour: 9,
  reports: ['leave'],
};

/** A round's query at `now`, as the scheduler asks it. */
const round = (now: number) => ({ now, horizonMs: digestHorizonMs(0), limit: 100 });

const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', format: 'json', destination }) };
}

describe('the environment digest', () => {
  it('looks for a channel not found at most once a minute, and says so once', async () => {
    const place = await sqlite.fresh();
    const store = await openStore(place.options);
    stores.push(store);
    const { lines, logger } = capture();
    let asked = 0;
    const digest = environmentDigest({
      settings,
      guildIds: [GUILD],
      guildOf: async () => {
        asked++;
        return undefined;
      },
      logger,
    })(store.digests);
    expect(await digest.due(round(Date.now()))).toEqual([]);
    expect(await digest.due(round(Date.now()))).toEqual([]);
    expect(asked).toBe(1);
    expect(lines.filter((l) => l.msg === 'the digest (DIGEST_CHANNEL_ID) cannot be posted')).toHaveLength(1);
  });

  it('keeps when the settings were first seen, for every process; changed settings start afresh', async () => {
    const place = await sqlite.fresh();
    const store = await openStore(place.options);
    stores.push(store);
    const { logger } = capture();
    const make = (now: number, s = settings) =>
      environmentDigest({
        settings: s,
        guildIds: [GUILD],
        guildOf: async () => GUILD,
        logger,
        now: () => now,
      })(store.digests);
    const first = await make(1_000).due(round(1_000));
    expect(first).toEqual([
      { guildId: GUILD, settings: { ...settings, since: 1_000 }, problem: undefined, nextAt: 0 },
    ]);
    // Another process (or a restart) later, same settings: the first sighting stands.
    expect((await make(5_000).due(round(5_000)))[0]?.settings).toEqual({ ...settings, since: 1_000 });
    // Changed settings: seen now.
    const changed = { ...settings, hour: 10 };
    expect((await make(9_000, changed).due(round(9_000)))[0]?.settings).toEqual({ ...changed, since: 9_000 });
    expect(readDigestSettings((await store.digests.get(GUILD))?.settings)?.since).toBe(9_000);
  });

  it("looks at the digest at a process's first round whatever next_at says (REPORTS_TIME_ZONE may have changed), then only when due", async () => {
    const place = await sqlite.fresh();
    const store = await openStore(place.options);
    stores.push(store);
    const { logger } = capture();
    const make = () =>
      environmentDigest({
        settings,
        guildIds: [GUILD],
        guildOf: async () => GUILD,
        logger,
        now: () => 1_000,
      })(store.digests);
    const first = make();
    expect(await first.due(round(1_000))).toHaveLength(1);
    await first.schedule(GUILD, 50_000);
    expect(await first.due(round(1_000))).toEqual([]);
    expect(await first.due(round(50_000))).toHaveLength(1);
    // A restart: its first round looks again, before next_at.
    const restarted = make();
    expect(await restarted.due(round(1_000))).toHaveLength(1);
    expect(await restarted.due(round(1_000))).toEqual([]);
  });
});
