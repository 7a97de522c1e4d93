import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { auditRow, auditSummary, renderAuditEntry, renderAuditLogList } from '../../src/render/audit-log.js';
import { describeEntries, describeEntry } from '../../src/render/entries.js';
import { NONE } from '../../src/render/format.js';
import { describeObject } from '../../src/render/open-values.js';
import {
  anyValue,
  idLike,
  maybe,
  nastyTimestamp,
  openObject,
  PROPS,
  pageInfoArb,
  record,
  snowflake,
  sourceArb,
} from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings, pingProblems, snowflakesIn } from './limits.js';

const T = 1_700_000_000;
const source = { fetchedAt: T * 1000, fromCache: true, stale: false };

const entryArb = record({
  id: maybe(idLike),
  serverId: maybe(idLike),
  applicationId: maybe(idLike),
  userId: maybe(fc.oneof(snowflake, idLike)),
  type: maybe(fc.oneof(fc.integer({ min: 0, max: 10 }), nastyTimestamp)),
  timestamp: maybe(nastyTimestamp),
  description: fc.oneof({ weight: 4, arbitrary: openObject }, { weight: 1, arbitrary: anyValue }),
}).map((e) => e as unknown as AuditLogEntry);

describe('audit log renderers (properties)', () => {
  it('a list row is one bounded line that mentions at most its user', () => {
    fc.assert(
      fc.property(entryArb, (entry) => {
        const row = auditRow(entry, undefined, ENGLISH);
        expect(row).not.toContain('\n');
        expect(Array.from(row).length).toBeLessThanOrEqual(400);
        expect(pingProblems('row', row, new Set(snowflakesIn(entry, ['userId'])))).toEqual([]);
      }),
      PROPS,
    );
  });

  it('a list page fits Discord and mentions only the entries’ users', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 10 }), pageInfoArb, sourceArb, (items, info, src) => {
        const embed = renderAuditLogList(items, info, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(
          embed,
          items.flatMap((e) => snowflakesIn(e, ['userId'])),
        );
      }),
      PROPS,
    );
  });

  it('a detail fits Discord, shows every field with a value in order and mentions only its user', () => {
    fc.assert(
      fc.property(
        entryArb,
        sourceArb,
        fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: undefined }),
        (entry, src, page) => {
          const embed = renderAuditEntry(entry, { ...src, t: ENGLISH }, page);
          assertEmbedWithinLimits(embed);
          assertNoPings(embed, snowflakesIn(entry, ['userId']));
          // Fields with no value (absent, empty, not set) are left out; the rest keep their order.
          const names = embed.fields?.map((f) => f.name) ?? [];
          expect(names).toEqual(['Type', 'User', 'Application', 'Time'].filter((n) => names.includes(n)));
          for (const f of embed.fields ?? []) expect(f.value).not.toBe('—');
          if (typeof entry.type === 'number' && Number.isFinite(entry.type)) expect(names).toContain('Type');
          expect(embed.description?.startsWith('**Description**\n')).toBe(true);
        },
      ),
      PROPS,
    );
  });

  it('open-shaped helpers never throw, stay within their budget and escape keys', () => {
    fc.assert(
      fc.property(fc.oneof(openObject, anyValue), fc.integer({ min: 1, max: 4000 }), (value, max) => {
        // describeEntries returns 'None' uncut for an empty list (harmless: callers pass 500 or more).
        const texts = [
          describeObject(value, max, ENGLISH),
          describeEntries(value, Math.max(4, max), undefined, ENGLISH),
        ];
        for (const [i, text] of texts.entries()) {
          expect(Array.from(text).length).toBeLessThanOrEqual(i === 0 ? max : Math.max(4, max));
          expect(pingProblems('text', text, new Set())).toEqual([]);
        }
        expect(pingProblems('entry', describeEntry(value, ENGLISH), new Set())).toEqual([]);
      }),
      PROPS,
    );
  });
});

describe('audit log entry detail', () => {
  const entry: AuditLogEntry = {
    id: 'a1',
    serverId: 'srv',
    applicationId: 'app_1',
    userId: '223456789012345678',
    type: 7,
    timestamp: T - 60,
    description: {
      roleId: 'r1',
      applicant: '<@323456789012345678>',
      answers: 3,
      accepted: true,
      reviewedAt: T - 30,
      changes: [{ field: 'colour', from: '#000000', to: '#ff0000' }],
      nested: { a: 1, '@everyone': 'x' },
      empty: null,
    },
  };

  it('shows every field and the description key by key', () => {
    const embed = renderAuditEntry(entry, { ...source, t: ENGLISH }, 2);
    const value = (name: string) => embed.fields?.find((f) => f.name === name)?.value;
    expect(embed.title).toBe('Audit log entry a1 · type 7');
    expect(value('Type')).toBe('7');
    expect(value('User')).toBe('<@223456789012345678>');
    expect(value('Application')).toBe('`app_1`');
    expect(value('Time')).toBe(`<t:${T - 60}:f> (<t:${T - 60}:R>)`);
    expect(embed.footer?.text).toMatch(/^Server srv · Page 2 of the audit log · Saved data as of$/);
    const lines = embed.description?.split('\n') ?? [];
    expect(lines).toEqual([
      '**Description**',
      '**roleId**: r1',
      '**applicant**: \\<@323456789012345678>',
      '**answers**: 3',
      '**accepted**: yes',
      `**reviewedAt**: <t:${T - 30}:f> (<t:${T - 30}:R>)`,
      '**changes**: 1 entry: field: colour, from: #000000, to: #ff0000',
      '**nested**: a: 1, @\u200Beveryone: x',
      `**empty**: ${NONE}`,
    ]);
    assertNoPings(embed, ['223456789012345678']);
  });

  it('copes with a missing, empty or wrongly typed description', () => {
    expect(renderAuditEntry({ id: 'x', serverId: 's' }, { ...source, t: ENGLISH }).description).toBe(
      `**Description**\n${NONE}`,
    );
    expect(renderAuditEntry({ ...entry, description: {} }, { ...source, t: ENGLISH }).description).toBe(
      '**Description**\nNone',
    );
    const odd = { ...entry, description: 'just text' as unknown as Record<string, unknown> };
    expect(renderAuditEntry(odd, { ...source, t: ENGLISH }).description).toBe('**Description**\njust text');
  });

  it('lists at most 20 keys, then counts the rest', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    const text = describeObject(many, undefined, ENGLISH);
    expect(text.split('\n')).toHaveLength(21);
    expect(text.endsWith('… and 10 more fields')).toBe(true);
  });

  it('summarises the description in a list row', () => {
    expect(auditSummary(entry, undefined, ENGLISH)).toBe(
      'roleId: r1, applicant: \\<@323456789012345678>, answers: 3, accepted: yes (+4 more)',
    );
    expect(auditSummary({ description: {} }, undefined, ENGLISH)).toBe(NONE);
    expect(auditRow(entry, undefined, ENGLISH)).toBe(
      `**type 7** · by <@223456789012345678> · <t:${T - 60}:d> · ${auditSummary(entry, undefined, ENGLISH)} · \`a1\``,
    );
  });
});
