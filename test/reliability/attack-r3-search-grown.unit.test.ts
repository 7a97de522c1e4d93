/**
 * Attack (round 3): a /log search plans from page 1 as saved, then reads page 1 again; when that read
 * brings a newer page 1 (refreshed by the pace, or the saved copy gone meanwhile) saying the user
 * now has more pages, the search must not read the pages it never planned.
 */
import { describe, expect, it } from 'vitest';
import { log } from '../../commands/log.js';
import { NotSavedError } from '../../src/api/errors.js';
import { limitsOf } from '../api/helpers.js';
import { chatInput, fakeResources, showContext } from '../commands/roster-fakes.js';

describe('/log search whose user grew since page 1 was saved', () => {
  it('reads no more pages not saved than it held', async () => {
    const l = limitsOf('50/month');
    const key = 'k';
    const unplanned: number[] = [];
    let held = 0;
    const holdMonth = async (n: number) => {
      const hold = await l.holdMonth(key, n);
      held += n;
      return hold;
    };
    const page = (n: number, totalPages: number) => ({
      data: {
        data: Array.from({ length: 100 }, (_, i) => ({
          id: `${n}-${i}`,
          username: 'u',
          type: 1,
          createdAt: 1,
        })),
        page: n,
        pageSize: 100,
        total: totalPages * 100,
        totalPages,
      },
      fetchedAt: Date.now(),
      fromCache: false,
      stale: false,
    });
    const resources = {
      ...fakeResources({}),
      async listUserLogs(_u: string, query: { page: number }, options?: { purpose: string }) {
        // Page 1 was saved when the user had 2 pages; nothing else is saved; the API now has 6.
        if (options?.purpose === 'saved-only') {
          if (query.page === 1) return { ...page(1, 2), fromCache: true };
          throw new NotSavedError('not saved');
        }
        if (query.page > 1) unplanned.push(query.page);
        return page(query.page, 6);
      },
    } as unknown as Parameters<typeof log.execute>[0]['show']['community']['resources'];
    const show = showContext(resources, { holdMonth });
    const interaction = chatInput({ sub: 'user', strings: { username: 'u', since: '2000-01-01' } });
    await log.execute({ interaction, show } as Parameters<typeof log.execute>[0]);
    await l.close();
    // Page 1 was saved (no request); page 2 was planned and held: it is the only page it may read.
    expect(held).toBe(1);
    expect(unplanned.length).toBeLessThanOrEqual(held);
  });
});
