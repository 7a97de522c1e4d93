/**
 * Every timestamp the contract allows (a JSON integer: 0, negatives, 2^53-1, millisecond values)
 * renders as a date or says it is not a valid date, in every language, in every renderer and
 * "Open…" label builder that shows one; nothing throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditListView } from '../../commands/audit-log.js';
import { loaListView } from '../../commands/loa.js';
import { logUserView } from '../../commands/log.js';
import { shiftListView } from '../../commands/shift.js';
import type { AuditLogEntry, Loa, Log, Shift } from '../../generated/api.js';
import { pageInfo } from '../../src/api/pages.js';
import { MAX_TIMESTAMP_SECONDS } from '../../src/base/discord-limits.js';
import { CATALOGUES } from '../../src/i18n/catalogue.js';
import { ENGLISH, pseudoWords, type Words, wordsOf } from '../../src/i18n/words.js';
import { renderApplication, renderApplicationList } from '../../src/render/application.js';
import { renderAuditEntry, renderAuditLogList } from '../../src/render/audit-log.js';
import { isoTime } from '../../src/render/csv.js';
import { NONE } from '../../src/render/format.js';
import { renderJoinRequest } from '../../src/render/join-request.js';
import { loaOptionLabel, renderLoa, renderLoaList } from '../../src/render/loa.js';
import { renderLog, renderLogList } from '../../src/render/log.js';
import { renderMember, renderMemberList } from '../../src/render/member.js';
import { renderRole, renderRoleList } from '../../src/render/role.js';
import { renderShift, renderShiftList } from '../../src/render/shift.js';
import { PROPS } from './arbitraries.js';

/** A page's fetch, which these options do not read. */
const NO_SOURCE = undefined as never;

const LANGUAGES: readonly Words[] = [ENGLISH, ...CATALOGUES.map(wordsOf), pseudoWords()];
const SAFE = Number.MAX_SAFE_INTEGER;

/** Any integer the contract allows, with its edges and millisecond-sized values weighted in. */
const contractInteger = fc.oneof(
  fc.constantFrom(0, 1, -1, MAX_TIMESTAMP_SECONDS, MAX_TIMESTAMP_SECONDS + 1, SAFE, -SAFE, 1_700_000_000_000),
  fc.integer({ min: -SAFE, max: SAFE }),
  fc.integer({ min: 1_000_000_000_000, max: 9_999_999_999_999 }),
  fc.integer({ min: 1, max: MAX_TIMESTAMP_SECONDS }),
);
const language = fc.constantFrom(...LANGUAGES);
const valid = (n: number) => n >= 1 && n <= MAX_TIMESTAMP_SECONDS;

/** What a text showing `n` must hold: a Discord timestamp, nothing, or "n (not a valid date)". */
function expectShown(text: string, n: number, t: Words): void {
  if (n === 0) return;
  if (valid(n)) expect(text).not.toContain(t.f.invalidDate(n));
  else expect(text).toContain(t.f.invalidDate(n));
}

const sourceIn = (t: Words) => ({ fetchedAt: 1_700_000_000_000, fromCache: false, stale: false, t });
const info = pageInfo({ page: 1, totalPages: 1, total: 1, pageSize: 100 }, 1, 1);

describe('the guarded date formatter', () => {
  it('gives a date, the not-set dash, or "not a valid date" in the reader’s words, never a throw', () => {
    fc.assert(
      fc.property(contractInteger, language, (n, t) => {
        const f = t.f;
        const shown = [
          f.when(n),
          f.date(n),
          f.ago(n),
          f.day(n),
          f.day(n, false),
          f.dayIn(n, 'Europe/Berlin'),
        ];
        if (n === 0) {
          expect(shown.slice(0, 3)).toEqual([NONE, NONE, NONE]);
          expect(shown.slice(3)).toEqual(['', '', '']);
        } else if (valid(n)) {
          expect(f.when(n)).toBe(`<t:${n}:f> (<t:${n}:R>)`);
          expect(f.date(n)).toBe(`<t:${n}:d>`);
          for (const day of shown.slice(3)) expect(day).toMatch(/\d/);
          for (const text of shown) expect(text).not.toContain(f.invalidDate(n));
        } else {
          for (const text of shown) expect(text).toBe(f.invalidDate(n));
        }
      }),
      PROPS,
    );
  });

  it('says "not a valid date" in each language, never as a year past 9999', () => {
    expect(LANGUAGES.map((t) => t.f.invalidDate(SAFE))).toEqual([
      `${SAFE} (not a valid date)`,
      `${SAFE} (no es una fecha válida)`,
      `${SAFE} (não é uma data válida)`,
      `${SAFE} (kein gültiges Datum)`,
      `${SAFE} (date non valide)`,
      `${SAFE} ⟦(ñót á válíd dáté)⟧`,
    ]);
    expect(ENGLISH.f.day(253_402_300_800)).toBe('253402300800 (not a valid date)');
    expect(ENGLISH.f.day(1_700_000_000_000)).not.toMatch(/55840/);
    expect(ENGLISH.f.day(253_402_300_799)).toBe('31 Dec 9999');
  });

  it('keeps the whole number in a CSV when it is no date, ISO 8601 when it is', () => {
    fc.assert(
      fc.property(contractInteger, (n) => {
        const cell = isoTime(n);
        if (n === 0) expect(cell).toBe('');
        else if (valid(n)) expect(cell).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        else expect(cell).toBe(n);
      }),
      PROPS,
    );
  });
});

describe('every renderer and label that shows a timestamp', () => {
  it('a log, an audit-log entry, a shift, an LOA: detail, list row and "Open…" label', () => {
    fc.assert(
      fc.property(contractInteger, language, (n, t) => {
        const source = sourceIn(t);
        const log = { id: 'lg1', serverId: 's', username: 'Sam_1', type: 3, createdAt: n, unbanAt: n } as Log;
        const entry = { id: 'a1', serverId: 's', userId: 'u1', type: 2, timestamp: n } as AuditLogEntry;
        const shift = { id: 'sh1', serverId: 's', memberId: 'm1', createdAt: n, endedAt: n } as Shift;
        const loa = { id: 'l1', serverId: 's', memberId: 'm1', createdAt: n, startAt: n, endAt: n } as Loa;
        const who = { t };
        const texts = [
          JSON.stringify(renderLog(log, source)),
          JSON.stringify(renderLogList([log], info, source)),
          JSON.stringify(
            logUserView.open?.option({
              item: log,
              context: undefined,
              labels: undefined,
              who,
              source: NO_SOURCE,
            }),
          ),
          JSON.stringify(renderAuditEntry(entry, source)),
          JSON.stringify(renderAuditLogList([entry], info, source)),
          JSON.stringify(
            auditListView.open?.option({
              item: { entry, page: 1 },
              context: undefined,
              labels: undefined,
              who,
              source: NO_SOURCE,
            }),
          ),
          JSON.stringify(renderShift(shift, source)),
          JSON.stringify(renderShiftList([shift], info, source)),
          JSON.stringify(
            shiftListView.open?.option({
              item: shift,
              context: undefined,
              labels: undefined,
              who,
              source: NO_SOURCE,
            }),
          ),
          JSON.stringify(renderLoa(loa, source, 'Cancelled')),
          JSON.stringify(renderLoaList([loa], info, source, () => 'Cancelled')),
          loaOptionLabel(loa, 'Cancelled', undefined, undefined, t),
        ];
        for (const text of texts) expectShown(text, n, t);
        expect(loaListView.open).toBeDefined();
      }),
      PROPS,
    );
  });

  it('a member, a role, an application and a join request', () => {
    fc.assert(
      fc.property(contractInteger, language, (n, t) => {
        const source = sourceIn(t);
        const member = { id: 'm1', serverId: 's', createdAt: n } as never;
        const role = { id: 'r1', serverId: 's', name: 'Staff', createdAt: n } as never;
        const app = { id: 'ap1', serverId: 's', name: 'Form', createdAt: n, lastUpdated: n } as never;
        const request = { id: 'j1', serverId: 's', createdAt: n } as never;
        const texts = [
          JSON.stringify(renderMember(member, source, new Map())),
          JSON.stringify(renderMemberList([member], info, source, new Map())),
          JSON.stringify(renderRole(role, source)),
          JSON.stringify(renderRoleList([role], info, source)),
          JSON.stringify(renderApplication(app, source)),
          JSON.stringify(renderApplicationList([app], info, source)),
          JSON.stringify(renderJoinRequest(request, source)),
        ];
        for (const text of texts) expectShown(text, n, t);
      }),
      PROPS,
    );
  });
});
