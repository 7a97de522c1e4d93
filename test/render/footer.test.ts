/** The one footer of every view: context, what is missing or held back, then where the data came from, each said once. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Source } from '../../src/api/pages.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { detailEmbed, footerText, listEmbed } from '../../src/render/page.js';
import { renderLeave } from '../../src/render/reports.js';
import { PROPS } from './arbitraries.js';

const AT = Date.parse('2026-11-21T12:00:00Z');
const fresh: Source = { fetchedAt: AT, fromCache: false, stale: false };
const cached: Source = { fetchedAt: AT, fromCache: true, stale: false };
const stale: Source = { fetchedAt: AT, fromCache: true, stale: true };
const paced: Source = {
  fetchedAt: AT,
  fromCache: true,
  stale: false,
  saving: { servedAt: AT + 3 * 3_600_000, nextFreshAt: AT + 3 * 3_600_000 + 12 * 60_000, spent: false },
};
const spent: Source = {
  fetchedAt: AT,
  fromCache: true,
  stale: false,
  saving: { servedAt: AT + 2 * 3_600_000, nextFreshAt: Date.parse('2026-12-01T00:00:00Z'), spent: true },
};
const info = { page: 2, totalPages: 15, total: 150 };

describe('footerText', () => {
  it('says where the data came from once, last, before the timestamp Discord adds', () => {
    expect(footerText(['Page 2 of 15', '150 LOAs'], fresh, undefined, ENGLISH)).toBe(
      'Page 2 of 15 · 150 LOAs · Data as of',
    );
    expect(footerText(['Page 2 of 15', '150 LOAs'], cached, undefined, ENGLISH)).toBe(
      'Page 2 of 15 · 150 LOAs · Saved data as of',
    );
    expect(footerText(['Server srv'], stale, undefined, ENGLISH)).toBe(
      'Server srv · API unavailable: saved data as of',
    );
  });

  it('paced and spent: the reason, then the saved data with its age', () => {
    expect(footerText([], paced, undefined, ENGLISH)).toBe(
      "saving this server's monthly API allowance: fresh data in 12 min · Saved data (3 h old) as of",
    );
    expect(footerText([], spent, undefined, ENGLISH)).toBe(
      "this server's monthly API allowance is spent until 2026-12-01 00:00 UTC · Saved data (2 h old) as of",
    );
  });

  it('reports: the age from when the snapshot was served, and a word when pages are missing', () => {
    expect(footerText(['Page 1 of 1'], fresh, { servedAt: AT + 30_000, complete: true }, ENGLISH)).toBe(
      'Page 1 of 1 · Data as of',
    );
    expect(footerText(['Page 1 of 1'], fresh, { servedAt: AT + 12 * 60_000, complete: false }, ENGLISH)).toBe(
      'Page 1 of 1 · not every page read yet: totals may be low · Saved data (12 min old) as of',
    );
  });

  it('list, detail and report views all end with the same words, none said twice (property)', () => {
    const sources = fc.constantFrom(fresh, cached, stale, paced, spent);
    const facts = fc.record({
      servedAt: fc.integer({ min: AT, max: AT + 9 * 86_400_000 }),
      complete: fc.boolean(),
    });
    fc.assert(
      fc.property(sources, facts, (source, f) => {
        const texts = [
          listEmbed({
            t: ENGLISH,
            title: 'T',
            rows: ['a'],
            info,
            total: ENGLISH.loa.count(info.total),
            source,
            emptyText: '-',
          }).footer?.text,
          detailEmbed({ title: 'T' }, source, 'Server srv', undefined, ENGLISH).footer?.text,
          renderLeave([], info, { ...source, t: ENGLISH }, 'active', 0, f).footer?.text,
        ];
        for (const text of texts) {
          expect(text).toMatch(
            /(^|· )(Data as of|Saved data( \(.+ old\))? as of|API unavailable: saved data as of)$/,
          );
          const words = (text ?? '').toLowerCase().split(' · ');
          expect(words.filter((w) => / as of$/.test(w) || /^as of /.test(w))).toHaveLength(1);
          expect(text).not.toMatch(/data .* old .*data .* old/i);
        }
      }),
      PROPS,
    );
  });
});
