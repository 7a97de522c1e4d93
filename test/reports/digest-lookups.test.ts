/**
 * A round of many due digests looks their tokens up a few at a time (TOKEN_LOOKUPS), not all at
 * once: each lookup is three store queries, and a moderator's own lookup waits behind them.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.js';
import {
  createDigestScheduler,
  type DigestSettings,
  TOKEN_LOOKUPS,
} from '../../src/community/digest-scheduler.js';
import { openStore } from '../../src/store/index.js';
import { sqlite } from '../store/places.js';

const logger = createLogger({ level: 'silent', format: 'json' });
const NINE = Date.parse('2026-03-02T09:00:30Z');
const daily: DigestSettings = {
  channelId: '1300000000000000703',
  cadence: 'daily',
  day: 'monday',
  hour: 9,
  reports: ['leave'],
  since: Date.parse('2026-01-01T00:00:00Z'),
};

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

describe("a round's token lookups", () => {
  it(`run at most ${TOKEN_LOOKUPS} at once, and every digest is still posted`, async () => {
    const place = await sqlite.fresh();
    closers.push(() => place.remove());
    const store = await openStore({ ...place.options, secretKey: randomBytes(32), now: () => NINE });
    closers.push(() => store.close());
    const servers = Array.from({ length: 40 }, (_, i) => String(1300000000000000710n + BigInt(i)));
    for (const guildId of servers) await store.digests.save(guildId, daily);
    let running = 0;
    let most = 0;
    const posted: string[] = [];
    const scheduler = createDigestScheduler({
      digests: () => store.digests,
      timeZone: async () => 'UTC',
      poster: {
        check: async () => undefined,
        async tokenOf(guildId) {
          running++;
          most = Math.max(most, running);
          await sleep(5);
          running--;
          return `token-of-${guildId}`;
        },
        async post(guildId) {
          posted.push(guildId);
        },
      },
      logger,
      now: () => NINE,
    });
    closers.push(() => scheduler.stop());
    expect(await scheduler.tick()).toBe(servers.length);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(TOKEN_LOOKUPS);
    expect(posted.sort()).toEqual([...servers].sort());
  });
});
