/** Member renderers: API object → embed JSON. Pure; role names come from a role index the caller loads. */
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Member, Role } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import { said, type Text, type Words } from '../i18n/words.js';
import type { Coverage } from '../reports/coverage.js';
import type { QuotaRow } from '../reports/leave.js';
import type { Scorecard } from '../reports/scorecard.js';
import { code, colour, field, NONE, plainText, roleMention, safeLine, userMention } from './format.js';
import { joinWithin, stringItems } from './inline-list.js';
import type { Labelled } from './labels.js';
import { type MarkName, mark } from './marks.js';
import { ageText, detailEmbed, listEmbed } from './page.js';
import { discordUserOf, type People, person } from './people.js';
import { partialOf, readSoFar } from './reports.js';

const COLOUR = 0x57f287;
/** Role names shown in a list row before "+N more". */
const ROW_ROLE_CHARS = 120;

/** Community roles by id, as loaded from the role list (possibly empty when it could not be read). */
export type RoleIndex = ReadonlyMap<string, Partial<Role>>;

/** A member's distinct role ids (strings only, blanks dropped), in the order the API gave them. */
export function memberRoleIds(member: Partial<Member>): string[] {
  return [...new Set(stringItems(member.roles).filter((id) => id.trim() !== ''))];
}

/** A role id as its escaped name when the index knows it, otherwise the id in code. */
export function roleLabel(id: string, roles: RoleIndex, max = 60): string {
  const role = roles.get(id);
  const name = role ? safeLine(role.name, max) : NONE;
  return name === NONE ? code(id, 40) : name;
}

/**
 * A role id as its plain-text name (for select descriptions, where markdown is not rendered), or
 * the id itself when the index does not know it or the role has no visible name.
 */
export function rolePlainLabel(id: string, roles: RoleIndex, max = 60): string {
  const name = plainText(roles.get(id)?.name, max);
  return name === NONE ? plainText(id, max) : name;
}

/** The colour of the member's first role that has a valid colour, for the embed. */
export function memberColour(member: Partial<Member>, roles: RoleIndex): number | undefined {
  for (const id of memberRoleIds(member)) {
    const c = colour(roles.get(id)?.colour);
    if (c !== undefined) return c;
  }
  return undefined;
}

/** One list row: who (a mention when the directory knows them, else the id), first role names, join date. */
export function memberRow(
  member: Partial<Member>,
  roles: RoleIndex,
  people: People | undefined,
  t: Words,
): string {
  const names = memberRoleIds(member).map((id) => roleLabel(id, roles, 40));
  return [
    person(member.id, people),
    joinWithin(names, ROW_ROLE_CHARS, t, ', ', t.member.noRolesInRow),
    t.member.joinedOn(t.f.date(member.createdAt)),
  ].join(' · ');
}

/** A page of members in the reader's words (`source.t`). */
export function renderMemberList(
  items: Member[],
  info: PageInfo,
  source: Source & Labelled,
  roles: RoleIndex,
): APIEmbed {
  const t = source.t;
  return listEmbed({
    title: t.member.title,
    rows: items.map((m) => memberRow(m, roles, source.people, t)),
    info,
    total: t.member.count(info.total),
    source,
    emptyText: t.member.empty,
    colour: COLOUR,
    t,
  });
}

/** What the report snapshot says of a member, for their record: the period and how old the data is. */
export interface MemberStanding {
  card: Scorecard;
  /** The period's title ("This week (23 Nov 2026 – 29 Nov 2026, UTC)"), said in the reader's words. */
  period: string | Text;
  /** How old the snapshot is (ms). */
  ageMs: number;
  /** What the snapshot's read covers (src/reports/coverage.ts): while partial, no absence is stated. */
  coverage?: Coverage;
  /** The member's shifts left out of their time: a start or end that is no date (said in the footer). */
  shiftsLeftOut?: number;
}

/**
 * Why a record has no standing, from a closed set (commands/member.ts `standingOf`), each said in one
 * line where the hours would be: reports are not available here; the snapshot is not read yet; none
 * of the lists the standing needs is read yet (`coverage`: how far reading is); the member's id
 * cannot be looked up; the snapshot refused with a sentence of its own (the store not answering);
 * an unexpected error (logged for the operator).
 */
export type StandingGap =
  | { missing: 'reports-off' | 'not-read' | 'member-id' | 'failed' }
  | { missing: 'parts-not-read'; coverage: Coverage }
  | { missing: 'refused'; text: Text };

/** A standing, or why there is none. */
type StandingOrGap = MemberStanding | StandingGap;

function isGap(s: StandingOrGap | undefined): s is StandingGap {
  return s !== undefined && 'missing' in s;
}

/** The one line saying why the record shows no hours, in the reader's words `t`. */
function gapField(gap: StandingGap, t: Words): APIEmbedField {
  const w = t.member;
  const line = (() => {
    switch (gap.missing) {
      case 'reports-off':
        return w.standingReportsOff;
      case 'not-read':
        return w.standingNotRead;
      case 'parts-not-read':
        return w.standingPartsNotRead(readSoFar(gap.coverage, t));
      case 'member-id':
        return w.standingMemberId;
      case 'refused':
        return gap.text(t);
      case 'failed':
        return w.standingFailed;
    }
  })();
  return field(w.timeOnDuty, line, false);
}

const QUOTA_KEYS: Record<QuotaRow['status'], 'quotaMet' | 'quotaNotMet' | 'quotaExempt'> = {
  pass: 'quotaMet',
  fail: 'quotaNotMet',
  'on leave': 'quotaExempt',
};

const QUOTA_MARKS: Record<QuotaRow['status'], MarkName> = {
  pass: 'pass',
  fail: 'fail',
  'on leave': 'onLeave',
};

/**
 * The scorecard's fields: time on duty and rank, quota, leave; a field with nothing to say is left
 * out. In the reader's words `t`.
 */
function standingFields(s: MemberStanding, t: Words): APIEmbedField[] {
  const { card } = s;
  const w = t.member;
  // From a partial read: what was read ("at least … so far"), how far reading is, and never
  // "no time on duty", a "not met" quota or no leave as fact.
  const partial = partialOf(s);
  const onDuty = partial
    ? [
        card.shifts > 0 ? w.timeInShiftsSoFar(t.f.duration(card.seconds), card.shifts) : w.notKnownYet,
        w.rankNotKnownYet,
      ]
    : [
        w.timeInShifts(t.f.duration(card.seconds), card.shifts),
        card.rank === undefined ? w.noTimeOnDuty : w.rank(card.rank, card.ranked),
      ];
  if (card.onDuty) onDuty.push(w.onDutyNow);
  const reading = partial ? `\n${readSoFar(partial, t)}` : '';
  const fields = [field(said(s.period, t), `${onDuty.join(' · ')}${reading}`, false)];
  if (card.quota) {
    const state =
      partial && card.quota.status === 'fail'
        ? `${mark('unknown')} ${w.quotaNotMetSoFar}`
        : `${mark(QUOTA_MARKS[card.quota.status])} ${w[QUOTA_KEYS[card.quota.status]]}`;
    fields.push(
      field(
        w.quota,
        `${state} · ${w.quotaDone(t.f.duration(card.quota.done), t.f.duration(card.quota.required))}`,
      ),
    );
  } else if (partial && card.memberRead === false) fields.push(field(w.quota, w.notKnownYet));
  if (!card.leave && partial) fields.push(field(w.onLeave, w.notKnownYet));
  if (card.leave) {
    const back = Number.isFinite(card.leave.end) ? t.f.when(card.leave.end) : w.noReturnDate;
    fields.push(
      field(
        card.leave.now ? w.onLeave : w.nextLeave,
        card.leave.now ? w.leaveUntil(back) : w.leaveFromBack(t.f.when(card.leave.start), back),
      ),
    );
  }
  return fields;
}

/**
 * One member, with their staff record when the reports have it (else the one line saying why not),
 * in the reader's words (`source.t`).
 */
export function renderMember(
  member: Member,
  source: Source & Labelled,
  roles: RoleIndex,
  shown?: StandingOrGap,
): APIEmbed {
  const t = source.t;
  const w = t.member;
  const standing = isGap(shown) ? undefined : shown;
  const ids = memberRoleIds(member);
  const names = ids.map((id) => roleLabel(id, roles));
  const linked = ids
    .map((id) => roles.get(id)?.linkedChatRoleId)
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '')
    .map((id) => roleMention(id));
  const server = t.records.server(plainText(member.serverId, 40));
  const user = discordUserOf(member.id, source.people);
  const allRead = ids.every((id) => roles.has(id));
  return detailEmbed(
    {
      title: w.detailTitle(safeLine(member.id, 200)),
      color: memberColour(member, roles) ?? COLOUR,
      fields: [
        field(w.discordUser, user === undefined ? NONE : userMention(user)),
        field(w.joined, t.f.when(member.createdAt)),
        field(w.roles, joinWithin(names, 1000, t, ', ', Array.isArray(member.roles) ? w.none : NONE), false),
        // "None" only when every role of the member was read and none is linked.
        field(w.linkedRoles, joinWithin([...new Set(linked)], 1000, t, ' ', allRead ? w.none : NONE), false),
        ...(standing ? standingFields(standing, t) : []),
        ...(isGap(shown) ? [gapField(shown, t)] : []),
      ],
    },
    source,
    standing ? `${server} · ${w.reportDataAge(ageText(standing.ageMs, t))}` : server,
    standing && (partialOf(standing) || standing.shiftsLeftOut)
      ? {
          ...(partialOf(standing) ? { complete: false } : {}),
          ...(standing.shiftsLeftOut ? { shiftsLeftOut: standing.shiftsLeftOut } : {}),
        }
      : undefined,
    t,
  );
}
