/**
 * A digest's deadline reaches the API read: a digest whose community's API never answers reads its
 * snapshot (the real snapshot source, the real client, a real local server) until its deadline,
 * which the test's injected timer brings; then the request on the wire is closed, the digest is
 * recorded as not posted, and its token's turn goes to the next server on that token.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { untilAborted } from '../../src/api/abort.js';
import { createApi } from '../../src/api/client.js';
import type { Api } from '../../src/api/types.js';
import { createLogger } from '../../src/base/log.js';
import { createDigestScheduler, type DigestSettings } from '../../src/community/digest-scheduler.js';
import { snapshotSource } from '../../src/community/snapshots.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { openStore, type Store } from '../../src/store/index.js';
import { hangingServer } from '../api/hanging.js';
import { fastDeps, testConfig } from '../api/helpers.js';
import { sqlite } from '../store/places.js';
import { manualTimer } from '../support/manual-timer.js';

const logger = createLogger({ level: 'silent', format: 'json' });
const FIRST = '1300000000000000601';
const SECOND = '1300000000000000602';
const daily: DigestSettings = {
  channelId: '1300000000000000603',
  cadence: 'daily',
  day: 'monday',
  hour: 9,
  reports: ['leave'],
  since: Date.parse('2026-01-01T00:00:00Z'),
};
const NINE = Date.parse('2026-03-02T09:00:30Z');

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

describe("a digest's deadline", () => {
  it('closes its snapshot read on the wire, records the run as not posted, and hands its token the next turn', {
    timeout: 15_000,
  }, async () => {
    const hanging = await hangingServer();
    closers.push(async () => {
      hanging.server.closeAllConnections();
      await new Promise((resolve) => hanging.server.close(resolve));
    });
    const api: Api = createApi(
      testConfig(hanging.url, { CACHE_MAX_ENTRIES: 0, API_TIMEOUT_MS: 60_000, API_RETRIES: 2 }),
      logger,
      fastDeps,
    );
    closers.push(() => api.close());
    const place = await sqlite.fresh();
    closers.push(() => place.remove());
    const store: Store = await openStore({ ...place.options, secretKey: randomBytes(32), now: () => NINE });
    closers.push(() => store.close());
    await store.digests.save(FIRST, daily);
    await store.digests.save(SECOND, daily);
    const reports = snapshotSource({
      community: 'one-token',
      resources: api.resources,
      store: async () => store.snapshots,
      freshMs: 60_000,
      logger,
    });
    const posting: string[] = [];
    const clock = manualTimer();
    const DEADLINE = 60_000;
    const scheduler = createDigestScheduler({
      digests: () => store.digests,
      timeZone: async () => 'UTC',
      // Both servers read with one token: the second waits for the first's turn.
      poster: {
        check: async () => undefined,
        tokenOf: async () => 'one-token',
        async post(guildId, _settings, signal = new AbortController().signal) {
          posting.push(guildId);
          await untilAborted(reports.data(), signal);
        },
      },
      logger,
      now: () => NINE,
      timer: clock,
      deadlineMs: DEADLINE,
      patienceMs: 2 * DEADLINE,
    });
    closers.push(() => scheduler.stop());
    const arrived = hanging.next('arrived');
    const ticking = scheduler.tick();
    await arrived;
    expect(posting).toEqual([FIRST]);
    const closed = hanging.next('closed');
    clock.advance(DEADLINE);
    await closed;
    // The first digest's read was closed unanswered (no retry went out: one request so far); the
    // second server's digest then had its turn and reads in turn.
    const second = hanging.next('arrived');
    await second;
    expect(posting).toEqual([FIRST, SECOND]);
    expect(hanging.closedUnanswered).toBe(1);
    expect(hanging.arrived).toBe(2);
    expect((await store.digests.get(FIRST))?.problem).toBe(MESSAGES.digestFailed);
    const closedAgain = hanging.next('closed');
    clock.advance(DEADLINE);
    await closedAgain;
    expect(await ticking).toBe(0);
    expect((await store.digests.get(SECOND))?.problem).toBe(MESSAGES.digestFailed);
    expect(hanging.closedUnanswered).toBe(2);
  });
});
