/**
 * Stale-first answers through the real API layer: a read of something saved waits for the monthly
 * allowance's pace and is answered from the saved copy with its age; something never seen is still
 * read; a spent allowance answers saved data, or one sentence naming the reset.
 */

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { gatherPages } from '../../src/api/pages.js';
import type { Api } from '../../src/api/types.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { errorMessage, MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { footerText } from '../../src/render/page.js';
import {
  fakeClock,
  fastDeps,
  rejection,
  silentLogger,
  startServer,
  type TestServer,
  testConfig,
} from './helpers.js';

let server: TestServer;
const apis: Api[] = [];
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((a) => a.close()));
  await server.close();
});

function paced(limits: string, clock: ReturnType<typeof fakeClock>): Api {
  const parsed = parseLimits(limits);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  const api = createApi(
    testConfig(server.baseUrl, { API_LIMITS: parsed.limits, CACHE_TTL_ITEM_SECONDS: 60, API_RETRIES: 0 }),
    silentLogger,
    { ...fastDeps, now: clock.now },
  );
  apis.push(api);
  return api;
}

describe('pacing: stale-first answers', () => {
  it('a fresh read that would outrun the pace is not made: the saved copy is served with its age', async () => {
    const clock = fakeClock(Date.parse('2026-11-21T00:00:00Z')); // 10 days left: a refresh every 3 h
    const api = paced('100/month', clock);
    const first = await api.resources.getLoa('L1');
    expect(first.saving).toBeUndefined();
    clock.advance(61_000);
    const refreshed = await api.resources.getLoa('L1'); // the pace's first turn
    expect(refreshed.fromCache).toBe(false);
    expect(server.requests).toHaveLength(2);

    clock.advance(3 * 3_600_000); // past the freshness TTL; the next turn (kept in real time) is 3 h away
    const saved = await api.resources.getLoa('L1');
    expect(server.requests).toHaveLength(2);
    expect(saved).toMatchObject({ fromCache: true, stale: false, fetchedAt: refreshed.fetchedAt });
    expect(saved.saving?.spent).toBe(false);
    expect(footerText([], saved, undefined, ENGLISH)).toBe(
      "saving this server's monthly API allowance: fresh data in 3 h · Saved data (3 h old) as of",
    );

    // The refresh button is paced too, and says when a fresh read is possible.
    const button = await api.resources.getLoa('L1', { purpose: 'refresh' });
    expect(server.requests).toHaveLength(2);
    expect(button.saving).toBeDefined();

    // Something never seen is read (the reserve is for it).
    const other = await api.resources.getLoa('L2');
    expect(other.fromCache).toBe(false);
    expect(server.requests).toHaveLength(3);
  });

  it('an access check (maximum age) is never answered from a paced copy', async () => {
    const clock = fakeClock(Date.parse('2026-11-21T00:00:00Z'));
    const api = paced('100/month', clock);
    await api.resources.getMember('M1');
    clock.advance(61_000);
    await api.resources.getMember('M1');
    clock.advance(61_000);
    const checked = await api.resources.getMember('M1', { purpose: 'access-lookup', maxAgeMs: 30_000 });
    expect(checked.fromCache).toBe(false);
    expect(server.requests).toHaveLength(3);
  });

  it('a spent allowance: saved data with its age, or one sentence naming the reset', async () => {
    const clock = fakeClock(Date.parse('2026-11-30T12:00:00Z'));
    const api = paced('2/month', clock);
    await api.resources.getLoa('L1');
    await api.resources.getLoa('L2');
    clock.advance(2 * 3_600_000);
    const saved = await api.resources.getLoa('L1');
    expect(saved.saving).toMatchObject({ spent: true, nextFreshAt: Date.parse('2026-12-01T00:00:00Z') });
    expect(footerText([], saved, undefined, ENGLISH)).toBe(
      "this server's monthly API allowance is spent until 2026-12-01 00:00 UTC · Saved data (2 h old) as of",
    );
    const error = await rejection(api.resources.getLoa('L3'));
    expect(error).toMatchObject({ kind: 'quota', resetAt: Date.parse('2026-12-01T00:00:00Z') });
    const reset = Date.parse('2026-12-01T00:00:00Z') / 1000;
    expect(errorMessage(error)).toBe(MESSAGES.allowanceSpent(reset));
    expect(errorMessage(error)).toBe(
      `This community server's monthly API allowance is spent and Rollcall has no saved copy of this; it can read new data again <t:${reset}:f> (<t:${reset}:R>).`,
    );
    expect(server.requests).toHaveLength(2);
  });
});

describe('saved-for-the-allowance, across pages', () => {
  it('a list gathered from several pages is marked when any page was served to save the allowance', async () => {
    const saving = { nextFreshAt: 5_000, servedAt: 4_000, spent: false };
    const pages = [
      {
        data: { data: [{ id: 'a' }], page: 1, totalPages: 2, total: 2 },
        fetchedAt: 1_000,
        fromCache: true,
        stale: false,
      },
      {
        data: { data: [{ id: 'b' }], page: 2, totalPages: 2, total: 2 },
        fetchedAt: 2_000,
        fromCache: true,
        stale: false,
        saving,
      },
    ];
    const gathered = await gatherPages(async ({ page }) => pages[page - 1]!);
    expect(gathered.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(gathered).toMatchObject({ fetchedAt: 1_000, saving });
    expect(footerText([], gathered, undefined, ENGLISH)).toMatch(
      /^saving this server's monthly API allowance: fresh data in .* · Saved data \(under a minute old\) as of$/,
    );
  });
});
