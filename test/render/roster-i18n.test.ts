/**
 * The LOA, shift, member and role screens in the reader's language: every view rendered with
 * German and French words says their words (titles, fields, states, durations, totals, the staff
 * record) and no English interface word is left. API data (ids, reasons, types) stays as it is.
 */
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { Loa, Member, Role, Shift } from '../../generated/api.js';
import type { PageInfo } from '../../src/api/pages.js';
import { ENGLISH, type Words, wordsFor } from '../../src/i18n/words.js';
import { describeEntries } from '../../src/render/entries.js';
import { joinWithin, roleMentions } from '../../src/render/inline-list.js';
import { loaOptionLabel, renderLoa, renderLoaList } from '../../src/render/loa.js';
import {
  type MemberStanding,
  type RoleIndex,
  renderMember,
  renderMemberList,
} from '../../src/render/member.js';
import { describeObject } from '../../src/render/open-values.js';
import { renderRole, renderRoleList } from '../../src/render/role.js';
import { renderShift, renderShiftList } from '../../src/render/shift.js';
import type { LoaState } from '../../src/reports/leave.js';
import { englishLeft, englishOnlyWords, visibleText } from './roster-words.js';

const T = 1_772_500_000; // 3 Mar 2026
const H = 3600;
const D = 86_400;
const info: PageInfo = { page: 1, totalPages: 2, total: 12 };
const one: PageInfo = { page: 1, totalPages: 1, total: 1 };

const loa: Loa = {
  id: 'l1',
  serverId: 's1',
  memberId: 'm1',
  status: 3,
  startType: 0,
  reason: 'Prüfungen',
  createdAt: T - D,
  startAt: T,
  endAt: T + 7 * D,
  startedAt: T,
  endedAt: T + 6 * D,
  reviewedAt: T - H,
  reviewedBy: 'r1',
  endedBy: 'r2',
  cancelledAt: T + 6 * D,
  expiredAt: T + 7 * D,
  denyReason: 'Zu kurz',
  reasonHistory: [{ reason: 'Urlaub', changedAt: T - H, changedBy: 'r1' }, 7, [1, 2]],
  extensionRequests: [
    { status: 'genehmigt', previousEndAt: T + 7 * D, newEndAt: T + 9 * D, reviewedAt: T, reviewedBy: 'r1' },
    { a: 1, b: 2, c: 3, d: 4, e: 5, f: true },
    ...Array.from({ length: 5 }, (_, i) => ({ x: i })),
  ],
} as unknown as Loa;

const shiftActive: Shift = {
  id: 'sh1',
  serverId: 's1',
  memberId: 'm1',
  type: 'patrol',
  wave: 2,
  autoEnd: false,
  createdAt: T - 2 * H,
  endedAt: 0,
  breakTimestamps: [{ startedAt: T - H }],
} as unknown as Shift;

const shiftEnded: Shift = {
  ...shiftActive,
  id: 'sh2',
  autoEnd: true,
  endedAt: T - 600,
  endedBy: 'r2',
  // API keys are data: named so that no English interface word is among them.
  breakTimestamps: [{ startedAt: T - H, endedAt: T - H + 600 }, { startedAt: T - H / 2 }, { nonsense: 1 }],
} as unknown as Shift;

const roles: RoleIndex = new Map<string, Partial<Role>>([
  ['r-mod', { id: 'r-mod', name: 'Mod', linkedChatRoleId: '223456789012345678' }],
]);
const member: Member = {
  id: 'm1',
  serverId: 's1',
  roles: ['r-mod', ...Array.from({ length: 80 }, (_, i) => `rolle-${i}`)],
  createdAt: T - 100 * D,
} as unknown as Member;
const role: Role = {
  id: 'r-mod',
  serverId: 's1',
  name: 'Mod',
  colour: '#ff8800',
  linkedChatRoleId: '223456789012345678',
  permissions: '8',
  extraPermissions: 3,
  createdAt: T - 200 * D,
} as unknown as Role;

const standing = (now: boolean, quota: 'pass' | 'fail' | 'on leave'): MemberStanding => ({
  card: {
    seconds: 4 * H + 360,
    shifts: 3,
    rank: 2,
    ranked: 14,
    onDuty: true,
    quota: { memberId: 'm1', roleId: 'r-mod', required: 5 * H, done: 4 * H + 360, status: quota },
    leave: now
      ? { now: true, start: T - D, end: Number.POSITIVE_INFINITY }
      : { now: false, start: T + D, end: T + 3 * D },
  },
  period: (t) => t.member.thisWeek('2. März 2026', '8. März 2026', 'UTC'),
  ageMs: 12 * 60_000,
});

const STATES: LoaState[] = [
  'Cancelled',
  'Denied',
  'Ended',
  'Expired',
  'Active',
  'Approved',
  'Pending review',
];

/** Every roster view, rendered with `t`: lists (full and empty), details, the staff record. */
function everyView(t: Words): APIEmbed[] {
  const source = { fetchedAt: T * 1000, fromCache: true, stale: false, t };
  let i = 0;
  const stateOf = () => STATES[i++ % STATES.length] as LoaState;
  const loas = STATES.map((_, n) => ({ ...loa, id: `l${n}` }));
  return [
    renderLoaList(loas, info, source, stateOf),
    renderLoaList([], { page: 1, totalPages: 1, total: 0 }, source, stateOf),
    renderLoaList(
      [loa],
      one,
      source,
      () => 'Active',
      (w) => w.loa.titleOfMember('m1'),
    ),
    ...STATES.map((state) => renderLoa(loa, source, state, 'approved', 'starting when requested')),
    renderLoa({ ...loa, startType: 1 } as Loa, source, 'Denied', 'denied', 'starting later'),
    renderShiftList([shiftActive, shiftEnded, { ...shiftEnded, endedAt: -5 } as Shift], info, source),
    renderShiftList([], { page: 1, totalPages: 1, total: 0 }, source),
    renderShift(shiftActive, source),
    renderShift(shiftEnded, source),
    renderShift({ ...shiftEnded, breakTimestamps: [{ nonsense: 1 }] } as Shift, source),
    renderMemberList([member, { ...member, id: 'm2', roles: [] } as Member], one, source, roles),
    renderMemberList([], { page: 1, totalPages: 1, total: 0 }, source, roles),
    renderMember(member, source, roles, standing(false, 'on leave')),
    renderMember({ ...member, roles: [] } as Member, source, roles, standing(true, 'fail')),
    renderMember(member, source, roles, {
      ...standing(false, 'pass'),
      card: { ...standing(false, 'pass').card, rank: undefined },
    }),
    renderRoleList([role], one, source),
    renderRoleList([], { page: 1, totalPages: 1, total: 0 }, source),
    renderRole(role, source),
  ];
}

/** The shared helpers' words, given `t`. */
function helperTexts(t: Words): string {
  return [
    describeEntries([{ a: 1 }, 2, 3, 4, 5, 6], undefined, undefined, t),
    describeObject(
      {
        // Keys are API data: named so that no English interface word is among them.
        ja: true,
        liste: [1, 2, 3, 4],
        leer: [],
        ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i])),
      },
      4000,
      t,
    ),
    describeObject({}, 100, t),
    joinWithin(['aaaa', 'bbbb', 'cccc'], 12, t, ', ', '—'),
    joinWithin(['x'.repeat(50)], 10, t, ', ', '—'),
    roleMentions([], 100, t),
  ].join('\n');
}

describe.each([
  [
    'de',
    [
      'Abwesenheiten',
      'Prüfung ausstehend',
      'Geprüft von',
      '12 LOAs',
      'Schichten',
      '2 Std.',
      'Noch im Dienst',
      'Pausen',
      'Mitglieder',
      'Diese Woche',
      'Quote',
      'Nächste Abwesenheit',
      'Rollen',
      'Verknüpfte Discord-Rolle',
      'Seite 1 von 2',
      '3 (genehmigt)',
    ],
  ],
  [
    'fr',
    [
      'Absences',
      'En attente d’examen',
      'Examinée par',
      '12 LOA',
      'Services',
      'Toujours en service',
      'Pauses',
      'Membres',
      'Cette semaine',
      'Prochaine absence',
      'Rôles',
      'Rôle Discord lié',
      'Page 1 sur 2',
      '3 (approuvée)',
    ],
  ],
] as const)('the roster screens in %s', (locale, theirWords) => {
  const t = wordsFor(locale);

  it('say their words: titles, fields, states, totals, durations, the staff record', () => {
    const text = visibleText(everyView(t));
    for (const word of theirWords) expect(text, word).toContain(word);
  });

  it('leave no English interface word, in any view or helper', () => {
    expect(englishOnlyWords(t).length).toBeGreaterThan(100);
    for (const embed of everyView(t)) expect(englishLeft(visibleText([embed]), t), embed.title).toEqual([]);
    expect(englishLeft(helperTexts(t), t)).toEqual([]);
  });

  it('say an LOA in the "Open…" select in the reader’s words, dates in their language', () => {
    const label = loaOptionLabel(
      { ...loa, startedAt: 0, endedAt: 0 },
      'Pending review',
      new Map([['m1', '323456789012345678']]),
      () => 'Sam',
      t,
    );
    expect(englishLeft(label, t)).toEqual([]);
    expect(label).toContain(t.loa.states.pendingReview);
    expect(label).toContain(t.f.day(T, false));
    expect(label).toMatch(/^LOA · Sam · /);
  });

  it('keep the API data as it is (ids, reasons, types)', () => {
    const text = visibleText(everyView(t));
    for (const data of ['Prüfungen', 'patrol', 'Zu kurz', 'Urlaub']) expect(text).toContain(data);
  });
});

describe('English', () => {
  it('is what the views say in English words, and its own words are all it says', () => {
    const text = visibleText(everyView(ENGLISH));
    expect(text).toContain('Leaves of absence');
    expect(text).toContain('Pending review');
  });
});
