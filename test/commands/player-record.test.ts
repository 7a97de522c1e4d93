/**
 * "Check player" reads what its promises need: the API gives no order, so a player's newest entries
 * and a ban in effect can be on any page. A player with 130 entries (two API pages) served oldest
 * first, newest first, reversed between pages, with an entry repeated across pages, and with a
 * month that cannot spare the second page.
 */

import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { playerView } from '../../commands/player.js';
import type { Log } from '../../generated/api.js';
import { NotSavedError } from '../../src/api/errors.js';
import type { LimitStatus } from '../../src/api/limits/types.js';
import type { PageQuery, ReadOptions } from '../../src/api/types.js';
import type { Community } from '../../src/discord/community.js';
import type { HoldMonth } from '../../src/discord/paging/allowance.js';
import { ENGLISH } from '../../src/i18n/words.js';

const NOW = Date.now();
const T = Math.floor(NOW / 1000);
const WEEK = 7 * 86_400;

/** Entry k of 130 (0 the oldest), one an hour; the newest is a temporary ban made an hour ago. */
const entry = (k: number): Log => ({
  id: `k${k}`,
  serverId: 's1',
  username: 'Bob_1',
  type: k === 129 ? 7 : 2,
  createdAt: T - (130 - k) * 3600,
  hidden: false,
  expired: false,
  tempBan: k === 129,
  ...(k === 129 ? { unbanAt: T + WEEK } : {}),
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

interface Fake {
  community: Community;
  /** The API pages a request was made for, in order. */
  requests: number[];
}

/** A community whose API serves these pages (page n is pages[n - 1]); `saved`: pages already saved. */
function fake(pages: Log[][], saved: number[] = [], holdMonth?: HoldMonth, total = 130): Fake {
  const requests: number[] = [];
  const kept = new Set(saved);
  const resources = {
    async listUserLogs(_username: string, { page }: PageQuery, options: ReadOptions = { purpose: 'ask' }) {
      if (options.purpose === 'saved-only' && !kept.has(page)) throw new NotSavedError('not saved');
      const fromCache = kept.has(page) && options.purpose !== 'refresh';
      if (!fromCache) {
        requests.push(page);
        kept.add(page);
      }
      const data = { data: pages[page - 1] ?? [], page, pageSize: 100, total, totalPages: pages.length };
      return { data, fetchedAt: NOW, fromCache, stale: false };
    },
  };
  return { community: { resources, allowance: { holdMonth } } as unknown as Community, requests };
}

async function open(f: Fake): Promise<APIEmbed> {
  const fetched = await playerView.fetch(f.community, 'Bob_1', { purpose: 'ask' });
  return playerView.render(fetched.data, { ...fetched, t: ENGLISH });
}

const fieldOf = (embed: APIEmbed, name: string) => embed.fields?.find((x) => x.name === name)?.value;
const idsShown = (embed: APIEmbed) => embed.description?.split('\n').map((row) => /`(k\d+)`/.exec(row)?.[1]);
const NEWEST_FIVE = ['k129', 'k128', 'k127', 'k126', 'k125'];

/** The record of all 130: the ban an hour old in effect, the real five newest, counts of all. */
function expectWhole(embed: APIEmbed) {
  expect(embed.title).toBe('⛔ Player Bob\\_1');
  expect(fieldOf(embed, 'Temporary ban')).toBe(`In effect until <t:${T + WEEK}:f> (<t:${T + WEEK}:R>)`);
  expect(idsShown(embed)).toEqual(NEWEST_FIVE);
  expect(fieldOf(embed, 'Entries')).toBe('130');
  expect(fieldOf(embed, 'By type')).toBe('2: 129\n7: 1');
  expect(embed.footer?.text).toContain('The newest 5 shown');
}

describe('Check player over a list whose order the API does not give', () => {
  it('130 entries served oldest first: both pages read, the ban in effect and the real five newest', async () => {
    const f = fake([range(0, 99), range(100, 129)]);
    expectWhole(await open(f));
    expect(f.requests).toEqual([1, 2]);
  });

  it('the same served newest first', async () => {
    const f = fake([range(30, 129).reverse(), range(0, 29).reverse()]);
    expectWhole(await open(f));
  });

  it('the order reversed between pages', async () => {
    const f = fake([range(0, 99), range(100, 129).reverse()]);
    expectWhole(await open(f));
    const g = fake([range(30, 129).reverse(), range(0, 29)]);
    expectWhole(await open(g));
  });

  it('an empty page 1 of a list that counts 130 is no "no logs": the pages after it are read', async () => {
    const f = fake([[], range(0, 99), range(100, 129)]);
    const embed = await open(f);
    expect(f.requests).toEqual([1, 2, 3]);
    expect(embed.title).toBe('⛔ Player Bob\\_1');
    expect(fieldOf(embed, 'Entries')).toBe('130');
  });

  it('pages that count 130 and hold none: said so, not "no logs"', async () => {
    await expect(open(fake([[], []]))).rejects.toThrow(
      'The community server API counts 130 logs for that player but sent none of them; try again in a moment.',
    );
    // A list that counts none is "no logs".
    await expect(open(fake([[]], [], undefined, 0))).rejects.toThrow('No logs for that player.');
  });

  it('an entry repeated across pages is counted once', async () => {
    const f = fake([range(0, 99), [entry(99), ...range(100, 129)]]);
    expectWhole(await open(f));
  });

  it('a list that shifted while read (one entry twice, one never seen): nothing claimed that was not read', async () => {
    // The newest entry, the ban, moved out of sight: page 2 repeats entry 99 in its place.
    const f = fake([range(0, 99), [entry(99), ...range(100, 128)]]);
    const embed = await open(f);
    expect(embed.title).toBe('Player Bob\\_1');
    expect(fieldOf(embed, 'Entries')).toBe('130 (counts of the 129 read, order unknown)');
    expect(fieldOf(embed, 'Temporary ban')).toBe(
      'Not known: none in effect among the 129 of 130 entries read',
    );
    expect(embed.footer?.text).toContain('The newest 5 of the 129 read shown');
  });

  describe('the month decides the second request', () => {
    const resetAt = NOW + 10 * 86_400_000;
    const spent: LimitStatus = { text: '100/month', kind: 'month', points: 100, used: 100, left: 0, resetAt };
    const roomy: LimitStatus = { ...spent, used: 10, left: 90 };
    const holds = (status: LimitStatus) => {
      const taken: string[] = [];
      const holdMonth: HoldMonth = async (n) => {
        taken.push(`hold ${n}`);
        return {
          statuses: [status],
          spent: async () => void taken.push('spent'),
          release: async () => void taken.push('release'),
        };
      };
      return { holdMonth, taken };
    };

    it('spared: page 2 is held, read and its hold given back', async () => {
      const { holdMonth, taken } = holds(roomy);
      const f = fake([range(0, 99), range(100, 129)], [], holdMonth);
      expectWhole(await open(f));
      expect(f.requests).toEqual([1, 2]);
      expect(taken).toEqual(['hold 1', 'spent', 'release']);
    });

    it('not spared: no second request; the counts are of what was read and the ban is not decided', async () => {
      const { holdMonth, taken } = holds(spent);
      const f = fake([range(0, 99), range(100, 129)], [], holdMonth);
      const embed = await open(f);
      expect(f.requests).toEqual([1]);
      expect(taken).toEqual(['hold 1', 'release']);
      const at = Math.floor(resetAt / 1000);
      expect(embed.title).toBe('Player Bob\\_1');
      expect(fieldOf(embed, 'Entries')).toBe('130 (counts of the 100 read, order unknown)');
      expect(fieldOf(embed, 'Temporary ban')).toBe(
        `Not known: none in effect among the 100 of 130 entries read; the rest can be read <t:${at}:f> (<t:${at}:R>)`,
      );
      expect(embed.footer?.text).toContain('The newest 5 of the 100 read shown');
    });

    it('not spared, more pages than the record ever reads: it says the first 1,000 can be read then, not the rest', async () => {
      const { holdMonth } = holds(spent);
      const twelve = Array.from({ length: 12 }, (_, n) =>
        range(0, 99).map((l) => ({ ...l, id: `p${n}-${l.id}` })),
      );
      const f = fake(twelve, [], holdMonth, 1_200);
      const embed = await open(f);
      expect(f.requests).toEqual([1]);
      const at = Math.floor(resetAt / 1000);
      expect(fieldOf(embed, 'Temporary ban')).toBe(
        `Not known: none in effect among the 100 of 1,200 entries read; the first 1,000 can be read <t:${at}:f> (<t:${at}:R>)`,
      );
      // An empty page 1 still reads by the page size the API echoes: the first 1,000, not 0.
      const emptyFirst = fake([[], ...twelve.slice(1)], [2], holdMonth, 1_200);
      expect(fieldOf(await open(emptyFirst), 'Temporary ban')).toBe(
        `Not known: none in effect among the 100 of 1,200 entries read; the first 1,000 can be read <t:${at}:f> (<t:${at}:R>)`,
      );
    });

    it('not spared but page 2 saved: it is read for nothing and the record is whole', async () => {
      const { holdMonth } = holds(spent);
      const f = fake([range(0, 99), range(100, 129)], [2], holdMonth);
      expectWhole(await open(f));
      expect(f.requests).toEqual([1]);
    });
  });
});
