/**
 * The LOA renderers under the same hostile data as the others: within Discord's limits, no live
 * mention, never a throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import {
  loaEntry,
  loaLength,
  loaOptionLabel,
  loaRow,
  renderLoa,
  renderLoaList,
} from '../../src/render/loa.js';
import type { LoaState } from '../../src/reports/leave.js';
import {
  anyValue,
  idLike,
  maybe,
  nastyString,
  nastyTimestamp,
  openEntries,
  PROPS,
  pageInfoArb,
  record,
  sourceArb,
} from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings, pingProblems, snowflakesIn } from './limits.js';

const T = 1_700_000_000;

const source = { fetchedAt: T * 1000, fromCache: false, stale: false };

const loaArb = record({
  id: maybe(idLike),
  serverId: maybe(idLike),
  memberId: maybe(idLike),
  reason: maybe(nastyString),
  reasonHistory: openEntries,
  extensionRequests: openEntries,
  status: maybe(fc.oneof(fc.integer({ min: 0, max: 6 }), nastyTimestamp)),
  startType: maybe(fc.oneof(fc.integer({ min: 0, max: 2 }), nastyTimestamp)),
  createdAt: maybe(nastyTimestamp),
  startAt: maybe(nastyTimestamp),
  startedAt: maybe(nastyTimestamp),
  endAt: maybe(nastyTimestamp),
  endedAt: maybe(nastyTimestamp),
  endedBy: maybe(idLike),
  reviewedAt: maybe(nastyTimestamp),
  reviewedBy: maybe(idLike),
  denyReason: maybe(nastyString),
  cancelledAt: maybe(nastyTimestamp),
  expiredAt: maybe(nastyTimestamp),
}).map((l) => l as unknown as Loa);

const STATES: LoaState[] = [
  'Cancelled',
  'Denied',
  'Ended',
  'Expired',
  'Active',
  'Approved',
  'Pending review',
];
const stateArb = fc.constantFrom(...STATES);

describe('LOA renderers (properties)', () => {
  it('a list row is one line that shows no mention and is never cut by the list', () => {
    fc.assert(
      fc.property(loaArb, stateArb, (loa, state) => {
        const row = loaRow(loa, state, undefined, ENGLISH);
        expect(row).not.toContain('\n');
        expect(Array.from(row).length).toBeLessThanOrEqual(400);
        expect(pingProblems('row', row, new Set())).toEqual([]);
      }),
      PROPS,
    );
  });

  it('a list page fits Discord and shows no mention', () => {
    fc.assert(
      fc.property(
        fc.array(loaArb, { maxLength: 10 }),
        pageInfoArb,
        sourceArb,
        // The title /loa member gives: a member id as parseId accepts it.
        fc.option(fc.stringMatching(/^[A-Za-z0-9_.:-]{1,64}$/), { nil: undefined }),
        (items, info, src, memberId) => {
          const title = memberId === undefined ? undefined : `Leaves of absence of member ${memberId}`;
          const embed = renderLoaList(items, info, { ...src, t: ENGLISH }, () => 'Active', title);
          assertEmbedWithinLimits(embed);
          assertNoPings(embed);
        },
      ),
      PROPS,
    );
  });

  it('a detail fits Discord and shows no mention but of the Discord users it names (member ids as code)', () => {
    fc.assert(
      fc.property(loaArb, sourceArb, stateArb, (loa, src, state) => {
        const embed = renderLoa(loa, { ...src, t: ENGLISH }, state);
        assertEmbedWithinLimits(embed);
        assertNoPings(embed, snowflakesIn(loa, ['reviewedBy', 'endedBy']));
        expect(embed.title).toMatch(new RegExp(` · ${state}$`));
      }),
      PROPS,
    );
  });

  it('an "Open…" label says what the item is, within 100 characters, dates and state always shown', () => {
    fc.assert(
      fc.property(loaArb, stateArb, (loa, state) => {
        const label = loaOptionLabel(loa, state, undefined, undefined, ENGLISH);
        expect(label.length).toBeLessThanOrEqual(100);
        expect(label).toMatch(new RegExp(`^LOA · member .* · ${state}$`));
        expect(label).not.toContain('\n');
      }),
      PROPS,
    );
  });

  it('never throws on anything at all in any field', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('id', 'reason', 'status', 'startAt', 'endAt', 'reasonHistory'),
          anyValue,
        ),
        (raw) => {
          const loa = raw as unknown as Loa;
          assertEmbedWithinLimits(renderLoa(loa, { ...source, t: ENGLISH }, 'Pending review'));
          loaRow(loa, 'Pending review', undefined, ENGLISH);
          loaOptionLabel(loa, 'Pending review', undefined, undefined, ENGLISH);
          loaLength(loa, ENGLISH);
        },
      ),
      PROPS,
    );
  });
});

describe('LOA renderers (examples)', () => {
  it('shows an approved LOA with its dates and length', () => {
    const embed = renderLoa(
      {
        id: 'loa_1',
        serverId: 'srv',
        memberId: 'm1',
        reason: 'Exams @here',
        status: 1,
        createdAt: T - 100,
        startAt: T,
        endAt: T + 86_400,
        reviewedAt: T - 50,
        reviewedBy: 'staff',
      },
      { ...source, t: ENGLISH },
      'Approved',
    );
    const value = (name: string) => embed.fields?.find((f) => f.name === name)?.value;
    expect(embed.title).toBe('🔵 LOA loa\\_1 · Approved');
    expect(embed.description).toBe('Exams @\u200Bhere');
    expect(value('Length')).toBe('1d');
    expect(value('Ends')).toBe(`<t:${T + 86_400}:f> (<t:${T + 86_400}:R>)`);
    expect(value('Cancelled')).toBeUndefined();
    expect(embed.fields?.map((f) => f.name)).toEqual([
      'Member',
      'Status code',
      'Requested',
      'Starts',
      'Ends',
      'Length',
      'Reviewed',
      'Reviewed by',
    ]);
  });

  it('escapes the keys of reasonHistory and extensionRequests entries', () => {
    const embed = renderLoa(
      {
        id: 'l',
        serverId: 's',
        memberId: 'm',
        reasonHistory: [{ '@everyone': 'x', '<@123456789012345678>': 'y' }],
        extensionRequests: [{ '[x](https://e.com)': 1 }],
      },
      { ...source, t: ENGLISH },
      'Pending review',
    );
    assertNoPings(embed);
    expect(embed.fields?.find((f) => f.name === 'Extension requests')?.value).toContain('\\[x](');
  });

  // The 6000 total is counted in UTF-16 units (the stricter reading): long fields shrink, none is lost.
  it('keeps every field within the limits when the text is made of astral characters', () => {
    const long = '𝕏'.repeat(2000);
    const embed = renderLoa(
      {
        id: 'l',
        serverId: 's',
        memberId: 'm',
        reason: long,
        denyReason: long,
        reasonHistory: Array.from({ length: 5 }, () => ({ note: long })),
      },
      { ...source, t: ENGLISH },
      'Denied',
    );
    assertEmbedWithinLimits(embed);
    // Every field with a value stays (the others are left out: nothing to show).
    expect(embed.fields?.map((f) => f.name)).toEqual(['Member', 'Deny reason', 'Reason history']);
  });

  it('an "Open…" label names the kind, the member, the dates and the state', () => {
    const march3 = Date.UTC(2026, 2, 3) / 1000;
    const march10 = Date.UTC(2026, 2, 10) / 1000;
    const loa = { id: 'l', serverId: 's', memberId: 'm1', startAt: march3, endAt: march10 } as Loa;
    expect(loaOptionLabel(loa, 'Active', undefined, undefined, ENGLISH)).toBe(
      'LOA · member m1 · 3 Mar–10 Mar 2026 · Active',
    );
    const across = { ...loa, startAt: Date.UTC(2025, 11, 28) / 1000, endAt: Date.UTC(2026, 0, 3) / 1000 };
    expect(loaOptionLabel(across, 'Approved', undefined, undefined, ENGLISH)).toBe(
      'LOA · member m1 · 28 Dec 2025–3 Jan 2026 · Approved',
    );
    expect(loaOptionLabel({ ...loa, endAt: 0 }, 'Pending review', undefined, undefined, ENGLISH)).toBe(
      'LOA · member m1 · from 3 Mar 2026 · Pending review',
    );
    // A long member id is shown by its short form; the dates and state stay.
    const long = loaOptionLabel(
      { ...loa, memberId: 'x'.repeat(200) },
      'Pending review',
      undefined,
      undefined,
      ENGLISH,
    );
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/member …x{8} · 3 Mar–10 Mar 2026 · Pending review$/);
  });

  it("shows a status code in words: the admins' label first, else what the community's LOAs read it as", () => {
    const item = { id: 'l', serverId: 's', memberId: 'm', status: 3 } as Loa;
    const status = (embed: ReturnType<typeof renderLoa>) =>
      embed.fields?.find((f) => f.name === 'Status code')?.value;
    expect(status(renderLoa(item, { ...source, t: ENGLISH }, 'Active', 'approved'))).toBe('3 (approved)');
    const labelled = { ...source, labels: { loaStatus: { '3': 'Accepted' } } };
    expect(status(renderLoa(item, { ...labelled, t: ENGLISH }, 'Active', 'approved'))).toBe('3 (Accepted)');
    expect(status(renderLoa(item, { ...source, t: ENGLISH }, 'Pending review'))).toBe('3');
  });
});

describe('LOA detail in words', () => {
  const base = { id: 'l', serverId: 's', memberId: 'm' };
  const fieldOf = (embed: ReturnType<typeof renderLoa>, name: string) =>
    embed.fields?.find((f) => f.name === name)?.value;

  it('leaves out an empty reason history and extension requests (no "None")', () => {
    const embed = renderLoa(
      { ...base, reasonHistory: [], extensionRequests: [] },
      { ...source, t: ENGLISH },
      'Pending review',
    );
    expect(embed.fields?.map((f) => f.name)).toEqual(['Member']);
  });

  it('says an extension request in words: status, the end moved, when and by whom, the reason last', () => {
    const entry = {
      id: 'x1',
      reviewedBy: '923055604840539853',
      requestedAt: T,
      previousEndAt: T + 86_400,
      newEndAt: T + 3 * 86_400,
      reason: 'Family trip',
      status: 'approved',
      reviewedAt: T + 3600,
      handledInDm: true,
    };
    expect(loaEntry(entry, undefined, ENGLISH)).toBe(
      `**Approved** · end <t:${T + 86_400}:d> → <t:${T + 3 * 86_400}:d> · requested <t:${T}:d> · reviewed <t:${T + 3600}:d> by \`923055604840539853\` · handled in dm: yes · “Family trip”`,
    );
    const embed = renderLoa(
      {
        ...base,
        extensionRequests: [entry, { ...entry, status: 'pending', reviewedBy: null, reviewedAt: null }],
      },
      { ...source, t: ENGLISH },
      'Active',
    );
    const shown = fieldOf(embed, 'Extension requests');
    expect(shown).toContain('2 entries\n• **Approved**');
    expect(shown).toContain(
      `• **Pending** · end <t:${T + 86_400}:d> → <t:${T + 3 * 86_400}:d> · requested <t:${T}:d> · handled in dm: yes · “Family trip”`,
    );
    expect(shown).not.toMatch(/requestedAt|previousEndAt|newEndAt|reviewedBy|\(\+\d+ more\)/);
  });

  it("says an entry's time, who and other keys as sentences of the reader's language", () => {
    const entry = { requestedAt: T, approvedBy: 'x9', days: 3, expiredAt: Number.MAX_SAFE_INTEGER };
    expect(loaEntry(entry, undefined, wordsFor('de'))).toBe(
      `requested: <t:${T}:d> · approved by: \`x9\` · days: 3 · expired: ${Number.MAX_SAFE_INTEGER} (kein gültiges Datum)`,
    );
    // In the pseudo-locale every part is a sentence of the catalogue: nothing outside ⟦brackets⟧ but the joins.
    const pseudo = loaEntry(entry, undefined, wordsFor('en-XA'));
    let outside = pseudo;
    while (/⟦[^⟦⟧]*⟧/.test(outside)) outside = outside.replace(/⟦[^⟦⟧]*⟧/g, '');
    expect(outside.replace(/ · /g, '')).toBe('');
  });

  it('says a reason change in words', () => {
    expect(loaEntry({ reason: 'Exams', changedAt: T, changedBy: '42' }, undefined, ENGLISH)).toBe(
      `changed <t:${T}:d> by \`42\` · “Exams”`,
    );
  });

  it("shows the start type by the admins' label first, else by what the community's LOAs say", () => {
    const loa = { ...base, startType: 0, status: 2 };
    expect(
      fieldOf(
        renderLoa(loa, { ...source, t: ENGLISH }, 'Active', 'approved', 'starting when requested'),
        'Start type',
      ),
    ).toBe('0 (reads as starting when requested)');
    expect(
      fieldOf(
        renderLoa(loa, { ...source, t: ENGLISH }, 'Active', 'approved', 'starting when requested'),
        'Status code',
      ),
    ).toBe('2 (approved)');
    const labelled = {
      ...source,
      labels: { loaStartType: { '0': 'Right away' }, loaStatus: { '2': 'Accepted' } },
    };
    const embed = renderLoa(
      loa,
      { ...labelled, t: ENGLISH },
      'Active',
      'approved',
      'starting when requested',
    );
    expect(fieldOf(embed, 'Start type')).toBe('0 (Right away)');
    expect(fieldOf(embed, 'Status code')).toBe('2 (Accepted)');
    expect(fieldOf(renderLoa(loa, { ...source, t: ENGLISH }, 'Active'), 'Start type')).toBe('0');
  });
});
