/**
 * People, not ids (src/render/people.ts and the rows built on it): a member the directory knows is a
 * mention, one it does not a short id in lists and the whole id in details; list lines lead with the
 * person and leave the record's own id out; select labels use a display name when one is at hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { loaOptionLabel, loaRow, renderLoa } from '../../src/render/loa.js';
import {
  actor,
  onPage,
  person,
  personInDetail,
  personPlain,
  plainShortId,
  shortId,
  shortIds,
} from '../../src/render/people.js';
import { quotaRow, totalsRow } from '../../src/render/reports.js';
import { shiftRow } from '../../src/render/shift.js';
import { PROPS } from './arbitraries.js';
import { assertNoPings } from './limits.js';

const MEMBER = '69e281ce72c7322a4748bbfd';
const USER = '310000000000000001';
const REVIEWER = '69e281ce72c7322a40000001';
const people = new Map([[MEMBER, USER]]);
const source = { fetchedAt: 1_800_000_000_000, fromCache: false, stale: false, people };

describe('a member as shown', () => {
  it('known: a mention; unknown: the id’s last eight characters in a list, the whole id in a detail', () => {
    expect(person(MEMBER, people)).toBe(`<@${USER}>`);
    expect(person(REVIEWER, people)).toBe('`…40000001`');
    expect(shortId('m1')).toBe('m1');
    expect(personInDetail(MEMBER, people)).toBe(`<@${USER}> · \`${MEMBER}\``);
    expect(personInDetail(REVIEWER, people)).toBe(`\`${REVIEWER}\``);
    // A Discord user id given where a member id may be (createdBy, endedBy) is a user already.
    expect(actor('310000000000000009', people)).toBe('<@310000000000000009>');
    // A directory entry that is not a Discord user id is never made a mention.
    expect(person(MEMBER, new Map([[MEMBER, '@everyone']]))).toBe('`…4748bbfd`');
  });

  it('in plain text: the display name when at hand, else "member" and the short id', () => {
    expect(personPlain(MEMBER, people, (id) => (id === USER ? 'Sam' : undefined), 80, ENGLISH)).toBe('Sam');
    expect(personPlain(MEMBER, people, () => undefined, 80, ENGLISH)).toBe('member …4748bbfd');
    expect(personPlain(MEMBER, undefined, () => 'Sam', 80, ENGLISH)).toBe('member …4748bbfd');
  });
});

describe('list lines lead with the person and leave the record’s id out', () => {
  const loa = {
    id: '6ae66e2b9370499ef66b3642',
    memberId: MEMBER,
    startAt: 1_800_000_000,
    endAt: 1_800_086_400,
  };

  it('an LOA, a shift, a total and a quota row', () => {
    const row = loaRow(loa, 'Active', people, ENGLISH);
    expect(row.startsWith(`<@${USER}> · 🟢 **Active** · `)).toBe(true);
    expect(row).not.toContain(loa.id);
    const shift = shiftRow(
      { id: '6ae66e2b9370499ef66b3643', memberId: MEMBER, createdAt: 1_800_000_000 },
      0,
      people,
      ENGLISH,
    );
    expect(shift.startsWith(`<@${USER}> · `)).toBe(true);
    expect(shift).not.toContain('6ae66e2b9370499ef66b3643');
    const total = {
      memberId: MEMBER,
      seconds: 3600,
      shifts: 1,
      longest: 3600,
      active: 0,
      approximate: false,
    };
    expect(totalsRow(total, 1, people, ENGLISH)).toBe(`**1.** <@${USER}> · 1h · 1 shift · longest 1h`);
    const quota = { memberId: MEMBER, roleId: 'r', status: 'pass' as const, done: 7200, required: 3600 };
    expect(quotaRow(quota, 'Staff', people, ENGLISH).startsWith(`<@${USER}> · ✅ pass · `)).toBe(true);
  });

  it('the LOA’s detail names the member and the reviewer, mentioning only Discord users', () => {
    const embed = renderLoa(
      { ...loa, reviewedBy: REVIEWER, endedBy: MEMBER } as Loa,
      { ...source, t: ENGLISH },
      'Ended',
    );
    const field = (name: string) => embed.fields?.find((f) => f.name === name)?.value;
    expect(field('Member')).toBe(`<@${USER}> · \`${MEMBER}\``);
    expect(field('Reviewed by')).toBe(`\`${REVIEWER}\``);
    expect(field('Ended by')).toBe(`<@${USER}> · \`${MEMBER}\``);
    assertNoPings(embed, [USER]);
  });

  it('an "Open…" label names the member by display name, else by short id', () => {
    expect(loaOptionLabel(loa, 'Active', people, () => 'Sam', ENGLISH)).toMatch(/^LOA · Sam · .+ · Active$/);
    expect(loaOptionLabel(loa, 'Active', undefined, undefined, ENGLISH)).toMatch(
      /^LOA · member …4748bbfd · .+ · Active$/,
    );
  });
});

describe('short ids told apart on one page (docs/api-decisions.md, "Short ids")', () => {
  const A = '69e281ce72c7322a0000000d';
  const B = '69e281ce72c7322b0000000d';

  it('two members sharing their last eight characters read apart on one /quota check page', () => {
    const page = onPage(undefined, [A, B]);
    const rows = [A, B].map((memberId, i) =>
      quotaRow(
        { memberId, required: 3600, roleId: 'r', done: i * 3600, status: i ? 'pass' : 'fail' },
        'Staff',
        page,
        ENGLISH,
      ),
    );
    const shown = rows.map((row) => row.split(' · ')[0]);
    expect(shown[0]).not.toBe(shown[1]);
    expect(shown).toEqual(['`…a0000000d`', '`…b0000000d`']);
    // Alone on a page, the eight characters are enough.
    expect(person(A, onPage(undefined, [A]))).toBe('`…0000000d`');
    expect(plainShortId(B, onPage(undefined, [A, B]))).toBe('…b0000000d');
  });

  it('an id shorter than eight characters is shown whole, as is one whose end is another id', () => {
    const page = onPage(undefined, ['ab12x', A, `x${A}`]);
    expect(person('ab12x', page)).toBe('`ab12x`');
    expect(shortId(A, page.page)).toBe(A);
    expect(shortId(`x${A}`, page.page)).toBe(`x${A}`);
  });

  it('any ids of any length and alphabet: each short form unique on the page and an end of its id', () => {
    const id = fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.string({ unit: fc.constantFrom('0', '1', 'd'), minLength: 1, maxLength: 30 }),
      fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom('0000000d', 'é€😀…abcd')).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1, maxLength: 40 }), (ids) => {
        const short = shortIds(ids);
        const shown = ids.map((i) => short.of(i));
        expect(new Set(shown).size).toBe(ids.length);
        ids.forEach((i, n) => {
          const s = shown[n] as string;
          if (s === i) return;
          expect(s.startsWith('…')).toBe(true);
          expect(i.endsWith(s.slice(1))).toBe(true);
          expect(s.length - 1).toBeGreaterThanOrEqual(8);
        });
        for (const i of ids) if (i.length < 8) expect(short.of(i)).toBe(i);
      }),
      PROPS,
    );
  });
});
