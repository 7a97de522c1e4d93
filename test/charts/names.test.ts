/**
 * The charts name members as the text does: the display name of a member's Discord user when the
 * directory knows them and it is at hand, else their id's short form among the page's ids, unique
 * on the page (ids made in the same second share their first characters; others share their last).
 */
import { describe, expect, it } from 'vitest';
import { chartNames } from '../../commands/report-data.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { totalsSpec } from '../../src/render/charts/spec.js';
import { onPage, person } from '../../src/render/people.js';

const row = (memberId: string) => ({
  memberId,
  seconds: 3600,
  shifts: 1,
  longest: 3600,
  active: 0,
  approximate: false,
});
const namesIn = (spec: ReturnType<typeof totalsSpec>) => {
  const part = 'job' in spec ? spec.job.parts[0] : undefined;
  return part?.type === 'bars' ? part.rows.map((r) => r.name) : [];
};

describe('the names a chart draws', () => {
  it('ids sharing their first or their last eight characters: each its own name, the text’s short form', () => {
    const ids = [
      '6749f0a1aaaa000000000001',
      '6749f0a1bbbb000000000002',
      '6749f0a2cccc4748bbfd0003',
      '6749f0a3dddd4748bbfd0003',
    ];
    const people = onPage(undefined, ids);
    const names = namesIn(
      totalsSpec({ period: 'p', rows: ids.map(row), name: chartNames(people, undefined) }, ENGLISH),
    );
    expect(new Set(names).size).toBe(ids.length);
    ids.forEach((id, i) => {
      // The text shows the same short form in code: `…4748bbfd0003` → "member …4748bbfd0003".
      const short = person(id, people).replaceAll('`', '');
      expect(names[i]).toBe(ENGLISH.people.member(short));
    });
  });

  it('a member whose Discord user is known and named: that name; known but not at hand: the short id', () => {
    const ids = ['6749f0a1aaaa000000000001', '6749f0a1bbbb000000000002'];
    const people = onPage(
      new Map([
        [ids[0] as string, '123456789012345678'],
        [ids[1] as string, '223456789012345678'],
      ]),
      ids,
    );
    const display = (user: string) => (user === '123456789012345678' ? 'Ålice' : undefined);
    const names = namesIn(
      totalsSpec({ period: 'p', rows: ids.map(row), name: chartNames(people, display) }, ENGLISH),
    );
    expect(names[0]).toBe('Ålice');
    expect(names[1]).toBe(ENGLISH.people.member('…00000002'));
  });
});
