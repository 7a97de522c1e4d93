/** The shared formatters a moderator sees everywhere: timestamps Discord cannot show, and counts. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import { field, formatCount, NONE, openLabel, shownFields } from '../../src/render/format.js';
import { joinWithin } from '../../src/render/inline-list.js';
import { renderLoa } from '../../src/render/loa.js';
import { describeValue } from '../../src/render/open-values.js';
import { detailEmbed, listEmbed } from '../../src/render/page.js';
import { hitRate } from '../../src/render/status.js';

const timestamp = ENGLISH.f.when;
const plainDay = ENGLISH.f.day;

const source = { fetchedAt: 1_700_000_000_000, fromCache: false, stale: false };

describe('fields of a detail view', () => {
  it('leaves out what is absent, empty or not set, and keeps what was said (None, 0, No)', () => {
    const fields = [
      field('Ended', timestamp(0)),
      field('Reason', NONE),
      field('Note', '  '),
      field('Roles', 'None'),
      field('Wave', '0'),
      field('Hidden', 'No'),
    ];
    expect(shownFields(fields).map((f) => f.name)).toEqual(['Roles', 'Wave', 'Hidden']);
    const embed = detailEmbed({ title: 'T', fields }, source, undefined, undefined, ENGLISH);
    expect(embed.fields?.map((f) => f.name)).toEqual(['Roles', 'Wave', 'Hidden']);
  });

  it('an LOA with only a member shows no em-dash fields', () => {
    const embed = renderLoa(
      { id: 'l', serverId: 's', memberId: 'm' },
      { ...source, t: ENGLISH },
      'Pending review',
    );
    expect(embed.fields?.map((f) => f.value)).not.toContain(NONE);
    expect(embed.fields?.map((f) => f.name)).toContain('Member');
  });
});

describe('"Open…" labels', () => {
  it('say the kind first, leave out parts with no value, and fit 100 characters', () => {
    const day = Date.UTC(2026, 2, 3) / 1000;
    expect(plainDay(day)).toBe('3 Mar 2026');
    expect(plainDay(day, false)).toBe('3 Mar');
    expect(plainDay(0)).toBe('');
    expect(openLabel(['Log', 'Type 3 (Warning)', 'Sir Space', plainDay(day)])).toBe(
      'Log · Type 3 (Warning) · Sir Space · 3 Mar 2026',
    );
    expect(openLabel(['Shift', 'Active', NONE, plainDay(undefined) || 'sh_1'])).toBe('Shift · Active · sh_1');
    expect(openLabel(['Log', 'x'.repeat(300)]).length).toBe(100);
  });
});

describe('timestamp', () => {
  it('shows a timestamp past year 9999 as the number with a hint, not a bare number', () => {
    expect(timestamp(253_402_300_800)).toBe('253402300800 (not a valid date)');
    expect(timestamp(Number.MAX_SAFE_INTEGER)).toBe(`${Number.MAX_SAFE_INTEGER} (not a valid date)`);
    expect(timestamp(253_402_300_799)).toBe('<t:253402300799:f> (<t:253402300799:R>)');
    expect(timestamp(0)).toBe(NONE);
    expect(timestamp(-5)).toBe('-5 (not a valid date)');
  });

  it('carries the hint into detail fields and open-shaped values', () => {
    const embed = renderLoa(
      { id: 'l1', memberId: 'm1', serverId: 's', startedAt: 253_402_300_800 } as never,
      { ...source, t: ENGLISH },
      'Pending review',
    );
    const started = embed.fields?.find((f) => f.name === 'Started');
    expect(started?.value).toBe('253402300800 (not a valid date)');
    expect(describeValue('createdAt', 300_000_000_000, undefined, ENGLISH)).toBe(
      '300000000000 (not a valid date)',
    );
  });
});

describe('counts', () => {
  it('are written with thousands separators by one formatter', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(Number.NaN)).toBe(NONE);
    expect(formatCount('12')).toBe(NONE);
  });

  it('show with separators in list footers, "+N more", status and sentences', () => {
    const embed = listEmbed({
      t: ENGLISH,
      title: 'Audit log',
      rows: ['a'],
      info: { page: 1, totalPages: 123_457, total: 1_234_567 },
      total: ENGLISH.auditLog.count(1_234_567),
      source,
      emptyText: 'none',
    });
    expect(embed.footer?.text).toMatch(/^Page 1 of 123,457 · 1,234,567 entries · /);
    expect(
      joinWithin(
        Array.from({ length: 1_502 }, () => 'role'),
        30,
        ENGLISH,
      ),
    ).toBe('role, role, role +1,499 more');
    expect(hitRate({ cacheHits: 12_000, cacheMisses: 3_000 }, ENGLISH)).toBe('80% (12,000 of 15,000 reads)');
    expect(MESSAGES.pageRange(123_457)).toBe('Enter a page number from 1 to 123,457.');
  });
});

describe('lengths of time, one rule', () => {
  it('the largest unit and the next when not 0; nothing is "0", in every language', () => {
    const f = ENGLISH.f;
    expect(f.duration(7 * 3600 + 30)).toBe('7h');
    expect(f.duration(7 * 3600 + 5 * 60 + 30)).toBe('7h 5m');
    expect(f.duration(2 * 86_400 + 3 * 3600)).toBe('2d 3h');
    expect(f.duration(45 * 60 + 10)).toBe('45m 10s');
    expect(f.duration(30)).toBe('30s');
    expect(f.duration(0)).toBe('0');
    expect(f.duration(-1)).toBe(NONE);
    expect(wordsFor('de').f.duration(7 * 3600 + 30)).toBe('7 Std.');
    expect(
      wordsFor('de').reports.doneOf(wordsFor('de').f.duration(0), wordsFor('de').f.duration(12 * 3600)),
    ).toMatch(/^0 .*12 Std\.$/);
  });
});
