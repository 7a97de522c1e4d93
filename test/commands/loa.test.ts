/** /loa through its command: one LOA and the list read by the reports' rule, from the LOAs already saved. */
import { describe, expect, it } from 'vitest';
import { loa as loaCommand } from '../../commands/loa.js';
import type { Loa, LoaPage } from '../../generated/api.js';
import { NotSavedError } from '../../src/api/errors.js';
import type { Fetched, PageQuery, ReadOptions } from '../../src/api/types.js';
import { type Call, chatInput, fakeResources, selectOptions, showContext } from './roster-fakes.js';

const NOW = Math.floor(Date.now() / 1000);
const D = 86_400;
const ACCEPTED = 3;

// The community's own LOAs: code 3 is carried only by LOAs that started, so it reads as approved.
const history: Loa[] = [
  {
    id: 'h1',
    serverId: 's',
    memberId: 'm9',
    status: ACCEPTED,
    startedAt: NOW - 30 * D,
    endedAt: NOW - 20 * D,
  },
  {
    id: 'h2',
    serverId: 's',
    memberId: 'm8',
    status: ACCEPTED,
    startedAt: NOW - 10 * D,
    endedAt: NOW - 9 * D,
  },
];
// Accepted, never reviewed nor started, past its planned start: /loa active lists it.
const accepted: Loa = {
  id: 'a1',
  serverId: 's',
  memberId: 'm1',
  status: ACCEPTED,
  startAt: NOW - D,
  endAt: NOW + D,
  reason: 'Exams',
};

function fetched<T>(data: T): Fetched<T> {
  return { data, fetchedAt: Date.now(), fromCache: false, stale: false };
}

/** Reads of a community whose LOA page 1 is saved (`saved`) or not. */
function community(saved: boolean, calls: Call[] = []) {
  const resources = fakeResources({}, calls);
  const all = [accepted, ...history];
  const envelope = (items: Loa[]): LoaPage => ({
    data: items,
    page: 1,
    pageSize: 100,
    total: items.length,
    totalPages: 1,
  });
  resources.listLoas = async (query: PageQuery, options?: ReadOptions) => {
    calls.push({ method: 'listLoas', args: [query, options] });
    if (options?.purpose === 'saved-only' && (!saved || query.page > 1)) throw new NotSavedError('not saved');
    return fetched(envelope(all.slice((query.page - 1) * query.limit, query.page * query.limit)));
  };
  resources.getLoa = async (id: string) => {
    calls.push({ method: 'getLoa', args: [id] });
    return fetched(all.find((l) => l.id === id) as Loa);
  };
  return resources;
}

describe('/loa view', () => {
  it('an LOA accepted by its status alone reads as Active, as /loa active lists it, never "Pending review"', async () => {
    const calls: Call[] = [];
    const payload = await loaCommand.execute({
      interaction: chatInput({ sub: 'view', strings: { id: 'a1' } }),
      show: showContext(community(true, calls)),
    });
    expect(payload.embeds?.[0]?.title).toBe('🟢 LOA a1 · Active');
    // The code in words, as this community's LOAs use it (no admin label for it).
    expect(payload.embeds?.[0]?.fields?.find((f) => f.name === 'Status code')?.value).toBe('3 (approved)');
    // The codes are read from saved pages only: no request beyond the LOA itself.
    for (const call of calls.filter((c) => c.method === 'listLoas'))
      expect((call.args[1] as ReadOptions | undefined)?.purpose).toBe('saved-only');
  });

  it('an ended LOA: the title says "Ended", the status code the review\'s outcome, never a state against it', async () => {
    const payload = await loaCommand.execute({
      interaction: chatInput({ sub: 'view', strings: { id: 'h1' } }),
      show: showContext(community(true)),
    });
    expect(payload.embeds?.[0]?.title).toBe('⚫ LOA h1 · Ended');
    expect(payload.embeds?.[0]?.fields?.find((f) => f.name === 'Status code')?.value).toBe('3 (approved)');
  });

  it('with nothing saved, reads the LOA by its own fields', async () => {
    const payload = await loaCommand.execute({
      interaction: chatInput({ sub: 'view', strings: { id: 'a1' } }),
      show: showContext(community(false)),
    });
    expect(payload.embeds?.[0]?.title).toBe('🟡 LOA a1 · Pending review');
    expect(payload.embeds?.[0]?.fields?.find((f) => f.name === 'Status code')?.value).toBe('3');
  });
});

describe('/loa list', () => {
  it('rows and "Open…" labels say the same state, what each item is, within 100 characters', async () => {
    const payload = await loaCommand.execute({
      interaction: chatInput({ sub: 'list' }),
      show: showContext(community(true)),
    });
    const rows = payload.embeds?.[0]?.description?.split('\n') ?? [];
    // Who first (the short id: this community has no directory), then the state; the LOA's id is not on the line.
    expect(rows[0]).toMatch(/^`m1` · 🟢 \*\*Active\*\* · /);
    expect(rows[0]).not.toContain('a1');
    const labels = selectOptions(payload).map((o) => o.label);
    expect(labels[0]).toMatch(/^LOA · member m1 · \d+ \w{3,4}–\d+ \w{3,4} \d{4} · Active$/); // "Sept" in en-GB
    expect(labels[1]).toMatch(/^LOA · member m9 · .* · Ended$/);
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(100);
  });
});
