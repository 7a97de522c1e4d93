/**
 * /log user with its type and since filters: the parsing of `since`, and the filters end to end
 * through the real bot, the sandbox API and the Discord double (the API has no query parameters for
 * them, so the bot gathers the user's logs and filters them itself).
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesSearch, parseSearchArg, parseSince, searchArg } from '../../commands/log.js';
import type { Log } from '../../generated/api.js';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { control, embedOf, startWorld, type World } from '../e2e/world.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('since as typed', () => {
  it('a period back from now: hours, days, weeks', () => {
    expect(parseSince('12h', NOW)).toBe(NOW / 1000 - 12 * 3600);
    expect(parseSince('7d', NOW)).toBe(NOW / 1000 - 7 * 86_400);
    expect(parseSince(' 30D ', NOW)).toBe(NOW / 1000 - 30 * 86_400);
    expect(parseSince('4w', NOW)).toBe(NOW / 1000 - 28 * 86_400);
  });

  it('a date (UTC midnight) or a date and time', () => {
    expect(parseSince('2026-11-01', NOW)).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(parseSince('2026-11-01T18:30', NOW)).toBe(Date.UTC(2026, 10, 1, 18, 30) / 1000);
    expect(parseSince('2024-02-29', NOW)).toBe(Date.UTC(2024, 1, 29) / 1000);
  });

  it('anything else is one sentence', () => {
    for (const bad of [
      '',
      'yesterday',
      '7',
      'd7',
      '0d',
      '-7d',
      '7 days',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-11-01T24:00',
      '1969-12-31',
      '4000000d',
      '1e3d',
    ]) {
      expect(() => parseSince(bad, NOW), bad).toThrow(new UserError(MESSAGES.badSince));
    }
  });

  it('a search round-trips through its view argument, whatever the username (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          username: fc.string({ minLength: 1, maxLength: 64 }),
          type: fc.option(fc.integer({ min: 0, max: 999_999_999 }), { nil: undefined }),
          since: fc.option(fc.integer({ min: 0, max: 253_402_300_799 }), { nil: undefined }),
          savedOnlyUntil: fc.option(fc.integer({ min: 0, max: 253_402_300_799 }), { nil: undefined }),
        }),
        (search) => {
          expect(parseSearchArg(searchArg(search))).toEqual(search);
        },
      ),
    );
    expect(parseSearchArg('nope')).toBeUndefined();
    expect(parseSearchArg('01::name')).toBeUndefined();
  });

  it('filters on both: type equal, createdAt at or after since; a log without createdAt never passes since', () => {
    const log = { id: 'a', type: 3, createdAt: 1_000 } as Log;
    expect(matchesSearch(log, { type: 3, since: 1_000 })).toBe(true);
    expect(matchesSearch(log, { type: 4, since: undefined })).toBe(false);
    expect(matchesSearch(log, { type: undefined, since: 1_001 })).toBe(false);
    expect(matchesSearch({ id: 'b', type: 3 } as Log, { type: undefined, since: 0 })).toBe(false);
  });
});

describe('/log user type: since: end to end', () => {
  let world: World;
  let username: string;
  let logs: Log[];
  beforeAll(async () => {
    world = await startWorld();
    username = world.sandbox.dataset.samples.busyUsernames[0]!;
    logs = world.sandbox.dataset.logs.filter((l) => l.username === username);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  const slash = async (options: Record<string, unknown>) =>
    (
      await world.double.slash(world.mod, 'log', {
        subcommand: 'user',
        options: { username, ...options } as never,
      })
    ).response();

  /** The most common type code of the user's logs, and a since that keeps some of them. */
  function filters() {
    const counts = new Map<number, number>();
    for (const l of logs) counts.set(l.type!, (counts.get(l.type!) ?? 0) + 1);
    const type = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const times = logs
      .map((l) => l.createdAt ?? 0)
      .filter((t) => t > 0)
      .sort((a, b) => a - b);
    const since = times[Math.floor(times.length / 2)]!;
    return { type, since };
  }

  it('type and since: the list holds exactly the matching logs, and says so in its title', async () => {
    expect(logs.length).toBeGreaterThan(20);
    const { type, since } = filters();
    const sinceDate = new Date(since * 1000).toISOString().slice(0, 16); // minutes: "2026-10-03T14:05"
    const sinceSeconds = Date.parse(`${sinceDate}:00Z`) / 1000;
    const expected = logs.filter((l) => l.type === type && (l.createdAt ?? 0) >= sinceSeconds);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(logs.length);
    const answer = await slash({ type, since: sinceDate });
    const embed = embedOf(answer.message);
    expect(embed.title).toContain(`type ${type}`);
    expect(embed.title).toContain(
      `since ${new Date(sinceSeconds * 1000).toISOString().replace('.000Z', 'Z')}`,
    );
    expect(embed.footer?.text).toMatch(
      new RegExp(`^Page 1 of ${Math.max(1, Math.ceil(expected.length / 10))} · ${expected.length} `),
    );
    const shown = expected.slice(0, 10).map((l) => l.id);
    for (const id of shown) expect(embed.description).toContain(id);

    // Its export holds exactly the matching logs, with the log columns.
    const handle = await world.double.click(
      world.mod,
      answer.message!,
      control(answer.message, '📄 Export CSV'),
    );
    await handle.response();
    const file = handle.calls.flatMap((c) => c.files)[0]!;
    const [header, ...rows] = parse(file.data.toString('utf8'), { bom: true }) as string[][];
    expect(header?.slice(0, 4)).toEqual(['id', 'username', 'gameId', 'type']);
    expect(rows.map((r) => r[0]).sort()).toEqual(expected.map((l) => l.id).sort());
  });

  it('a relative since (30d) keeps the logs of the last 30 days, paged like any list', async () => {
    const cutoff = Math.floor(Date.now() / 1000) - 30 * 86_400;
    const expected = logs.filter((l) => (l.createdAt ?? 0) >= cutoff);
    const answer = await slash({ since: '30d' });
    expect(embedOf(answer.message).footer?.text).toMatch(new RegExp(`· ${expected.length} `));
  });

  it('a type with no log gives the empty list, and paging reads nothing more once the logs are saved', async () => {
    await slash({ type: 999_999 });
    world.sandbox.resetLog();
    const answer = await slash({ type: 999_999 });
    expect(embedOf(answer.message).description).toContain('No moderation logs found.');
    expect(world.sandbox.requests).toEqual([]);
  });

  it('a since Rollcall cannot read is one private sentence, and nothing is read', async () => {
    world.sandbox.resetLog();
    const answer = await slash({ since: 'last tuesday' });
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(MESSAGES.badSince);
    expect(world.sandbox.requests).toEqual([]);
  });

  it('type autocomplete offers the codes seen in the user’s saved logs, and spends no request', async () => {
    // A user not searched yet: only the page the plain list read is saved.
    const other = world.sandbox.dataset.samples.busyUsernames[1]!;
    const theirs = world.sandbox.dataset.logs.filter((l) => l.username === other);
    const ask = async () =>
      (
        await world.double.autocomplete(world.mod, 'log', 'user', 'type', '', {
          options: { username: other } as never,
        })
      ).response();
    world.sandbox.resetLog();
    expect((await ask()).choices).toEqual([]); // nothing saved yet: nothing read to find out
    expect(world.sandbox.requests).toEqual([]);
    await (
      await world.double.slash(world.mod, 'log', {
        subcommand: 'user',
        options: { username: other } as never,
      })
    ).response();
    world.sandbox.resetLog();
    const seen = [...new Set(theirs.slice(0, 100).map((l) => l.type!))].sort((a, b) => a - b);
    expect((await ask()).choices?.map((c) => c.value)).toEqual(seen.slice(0, 25));
    expect(world.sandbox.requests).toEqual([]);
  });
});

/** The type code most of `logs` carry. */
function commonType(logs: Log[]): number {
  const counts = new Map<number, number>();
  for (const l of logs) counts.set(l.type!, (counts.get(l.type!) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

async function search(world: World, username: string, options: Record<string, unknown>) {
  return (
    await world.double.slash(world.mod, 'log', {
      subcommand: 'user',
      options: { username, ...options } as never,
    })
  ).response();
}

/** The page numbers of the user-log reads the sandbox saw since its log was last reset. */
function pagesRead(world: World): number[] {
  return world.sandbox.requests.map((r) => Number(r.query.page));
}

describe('/log user search and a tiny monthly allowance', () => {
  let world: World;
  beforeAll(async () => {
    // 5 a month, 1 kept in reserve (20%): 4 may be spent on pages never read.
    world = await startWorld({ env: { API_LIMITS: '5/month,1000/1s' } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('the pages that do not fit are not read: the saved page is searched, and the embed says what a full search needs and when', async () => {
    const username = world.sandbox.dataset.samples.busyUsernames[0]!;
    const logs = world.sandbox.dataset.logs.filter((l) => l.username === username);
    const pages = Math.ceil(logs.length / 100);
    expect(pages).toBeGreaterThan(5); // more than the whole allowance
    const type = commonType(logs);
    world.sandbox.resetLog();
    const answer = await search(world, username, { type });
    // Page 1 (it says how many pages there are) fits; the other pages do not (3 left to spend).
    expect(pagesRead(world)).toEqual([1]);
    const expected = logs.slice(0, 100).filter((l) => l.type === type);
    expect(expected.length).toBeGreaterThan(10);
    const embed = embedOf(answer.message);
    expect(embed.title).toContain(`1 of ${pages} saved pages searched`);
    expect(embed.footer?.text).toMatch(
      new RegExp(`^Page 1 of ${Math.ceil(expected.length / 10)} · ${expected.length} `),
    );
    const resetAt = Math.floor(nextMonthStart(Date.now()) / 1000);
    expect(embed.fields).toContainEqual({
      name: 'Saved pages only',
      value: MESSAGES.searchPartial(1, pages, pages - 1, resetAt),
    });

    // Paging the partial list reads nothing, and it stays the same partial list.
    world.sandbox.resetLog();
    const next = await world.double.click(world.mod, answer.message!, control(answer.message, '▶'));
    const page2 = embedOf((await next.response()).message);
    expect(world.sandbox.requests).toEqual([]);
    expect(page2.footer?.text).toMatch(
      new RegExp(`^Page 2 of ${Math.ceil(expected.length / 10)} · ${expected.length} `),
    );
    expect(page2.title).toContain(`1 of ${pages} saved pages searched`);
  });

  it('a search of the saved pages that matches nothing says none of those searched match, not that there are none', async () => {
    const username = world.sandbox.dataset.samples.busyUsernames[0]!;
    world.sandbox.resetLog();
    const answer = await search(world, username, { type: 999_999 });
    expect(pagesRead(world)).toEqual([]); // page 1 is saved from the search before
    const embed = embedOf(answer.message);
    expect(embed.title).toContain('saved pages searched');
    expect(embed.description).toContain(ENGLISH.log.noneAmongSearched);
    expect(embed.description).not.toContain(ENGLISH.log.empty);
  });

  it('with nothing saved and nothing to spare, one sentence says when the search is possible, and nothing is read', async () => {
    // 1 spent above; spend the other 3 that may be spent on three plain lists (one page each).
    const busy = world.sandbox.dataset.samples.busyUsernames;
    for (const other of busy.slice(1, 4)) await search(world, other, {});
    world.sandbox.resetLog();
    const answer = await search(world, busy[4]!, { since: '30d' });
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(MESSAGES.searchNeeds(Math.floor(nextMonthStart(Date.now()) / 1000)));
    expect(world.sandbox.requests).toEqual([]);
  });
});

describe('/log user search and a generous monthly allowance', () => {
  let world: World;
  let dataset: ReturnType<typeof generateDataset>;
  beforeAll(async () => {
    // Two players share 2,500 logs: the busier one has more than 1,000.
    dataset = generateDataset({ usernames: 2, logs: 2_500 });
    world = await startWorld({ sandbox: { dataset }, env: { API_LIMITS: '1000/month,1000/1s' } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('every page is read and searched, as without an allowance', async () => {
    const username = dataset.samples.busyUsernames[1]!;
    const logs = dataset.logs.filter((l) => l.username === username);
    const pages = Math.ceil(logs.length / 100);
    expect(pages).toBeGreaterThan(1);
    expect(pages).toBeLessThanOrEqual(10);
    const type = commonType(logs);
    const expected = logs.filter((l) => l.type === type);
    world.sandbox.resetLog();
    const answer = await search(world, username, { type });
    expect(pagesRead(world).sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    const embed = embedOf(answer.message);
    expect(embed.footer?.text).toMatch(
      new RegExp(`^Page 1 of ${Math.ceil(expected.length / 10)} · ${expected.length} `),
    );
    expect(embed.title).not.toContain('saved pages');
    expect(embed.title).not.toContain('logs searched');
    expect(embed.fields ?? []).toEqual([]);
  });

  it('a player with more than 1,000 logs: the first 1,000 are searched, and the title says so', async () => {
    const username = dataset.samples.busyUsernames[0]!;
    const logs = dataset.logs.filter((l) => l.username === username);
    expect(logs.length).toBeGreaterThan(1_000);
    const type = commonType(logs);
    const expected = logs.slice(0, 1_000).filter((l) => l.type === type);
    expect(expected.length).toBeLessThan(logs.filter((l) => l.type === type).length);
    world.sandbox.resetLog();
    const answer = await search(world, username, { type });
    expect(pagesRead(world).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const embed = embedOf(answer.message);
    expect(embed.title).toContain('first 1,000 logs searched');
    expect(embed.footer?.text).toMatch(
      new RegExp(`^Page 1 of ${Math.ceil(expected.length / 10)} · ${expected.length} `),
    );
  });
});

describe('/log user: two searches started together share the allowance', () => {
  let world: World;
  let dataset: ReturnType<typeof generateDataset>;
  let points = 0;
  beforeAll(async () => {
    // Two players with several pages of logs each; an allowance where either full search fits
    // alone (after both first pages) but both together would eat into the reserve.
    dataset = generateDataset({ usernames: 2, logs: 1_600 });
    const need = dataset.samples.busyUsernames
      .slice(0, 2)
      .map((u) => Math.min(10, Math.ceil(dataset.logs.filter((l) => l.username === u).length / 100)) - 1);
    for (let n = 5; n < 200 && points === 0; n++) {
      const spare = n - 2 - Math.ceil(n * 0.2);
      if (spare >= Math.max(...need) && spare < need[0]! + need[1]!) points = n;
    }
    world = await startWorld({ sandbox: { dataset }, env: { API_LIMITS: `${points}/month,1000/1s` } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('one of them searches the saved pages only, and the reserve is not spent', async () => {
    expect(points).toBeGreaterThan(0);
    const [a, b] = dataset.samples.busyUsernames as [string, string];
    world.sandbox.resetLog();
    const answers = await Promise.all([
      search(world, a, { since: '2000-01-01' }),
      search(world, b, { since: '2000-01-01' }),
    ]);
    const titles = answers.map((answer) => embedOf(answer.message).title ?? '');
    expect(titles.filter((t) => t.includes('saved pages searched'))).toHaveLength(1);
    expect(world.sandbox.requests.length).toBeLessThanOrEqual(points - Math.ceil(points * 0.2));
  });
});
