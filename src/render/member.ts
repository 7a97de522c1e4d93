/** Member renderers: API object → embed JSON. Pure; role names come from a role index the caller loads. */
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Member, Role } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { QuotaRow } from '../reports/leave.js';
import type { Scorecard } from '../reports/scorecard.js';
import {
  code,
  colour,
  duration,
  field,
  formatCount,
  NONE,
  plainText,
  roleMention,
  safeLine,
  shortDate,
  timestamp,
} from './format.js';
import { joinWithin, stringItems } from './inline-list.js';
import type { Labelled } from './labels.js';
import { ageText, detailEmbed, listEmbed } from './page.js';
import { discordUserOf, type People, person, personInDetail } from './people.js';

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
export function memberRow(member: Partial<Member>, roles: RoleIndex, people?: People): string {
  const names = memberRoleIds(member).map((id) => roleLabel(id, roles, 40));
  return [
    discordUserOf(member.id, people) === undefined ? code(member.id, 40) : person(member.id, people),
    joinWithin(names, ROW_ROLE_CHARS, ', ', 'no roles'),
    `joined ${shortDate(member.createdAt)}`,
  ].join(' · ');
}

export function renderMemberList(
  items: Member[],
  info: PageInfo,
  source: Source & Labelled,
  roles: RoleIndex,
): APIEmbed {
  return listEmbed({
    title: 'Members',
    rows: items.map((m) => memberRow(m, roles, source.people)),
    info,
    noun: info.total === 1 ? 'member' : 'members',
    source,
    emptyText: 'No members found.',
    colour: COLOUR,
  });
}

/** What the report snapshot says of a member, for their record: the period and how old the data is. */
export interface MemberStanding {
  card: Scorecard;
  /** The period's title ("This week (23 Nov 2026 – 29 Nov 2026, UTC)"). */
  period: string;
  /** How old the snapshot is (ms). */
  ageMs: number;
}

const QUOTA_TEXT: Record<QuotaRow['status'], string> = {
  pass: '✅ met',
  fail: '❌ not met',
  'on leave': '🌴 exempt (on leave)',
};

/** The scorecard's fields: time on duty and rank, quota, leave; a field with nothing to say is left out. */
export function standingFields(s: MemberStanding): APIEmbedField[] {
  const { card } = s;
  const rank =
    card.rank === undefined ? 'no time on duty' : `#${formatCount(card.rank)} of ${formatCount(card.ranked)}`;
  const fields = [
    field(
      s.period,
      `${duration(card.seconds)} in ${formatCount(card.shifts)} ${card.shifts === 1 ? 'shift' : 'shifts'} · ${rank}${card.onDuty ? ' · on duty now' : ''}`,
      false,
    ),
  ];
  if (card.quota)
    fields.push(
      field(
        'Quota',
        `${QUOTA_TEXT[card.quota.status]} · ${duration(card.quota.done)} of ${duration(card.quota.required)}`,
      ),
    );
  if (card.leave) {
    const back = Number.isFinite(card.leave.end) ? timestamp(card.leave.end) : 'no return date';
    fields.push(
      field(
        card.leave.now ? 'On leave' : 'Next leave',
        card.leave.now ? `until ${back}` : `from ${timestamp(card.leave.start)} · back ${back}`,
      ),
    );
  }
  return fields;
}

export function renderMember(
  member: Member,
  source: Source & Labelled,
  roles: RoleIndex,
  standing?: MemberStanding,
): APIEmbed {
  const ids = memberRoleIds(member);
  const names = ids.map((id) => roleLabel(id, roles));
  const linked = ids
    .map((id) => roles.get(id)?.linkedChatRoleId)
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '')
    .map((id) => roleMention(id));
  return detailEmbed(
    {
      title: `Member ${safeLine(member.id, 200)}`,
      color: memberColour(member, roles) ?? COLOUR,
      fields: [
        field('Id', personInDetail(member.id, source.people)),
        field('Joined', timestamp(member.createdAt)),
        field('Role count', formatCount(ids.length)),
        field(`Roles`, joinWithin(names, 1000, ', ', Array.isArray(member.roles) ? 'None' : NONE), false),
        field('Linked Discord roles', joinWithin([...new Set(linked)], 1000, ' ', 'None'), false),
        ...(standing ? standingFields(standing) : []),
      ],
    },
    source,
    `Server ${plainText(member.serverId, 40)}${standing ? ` · report data ${ageText(standing.ageMs)} old` : ''}`,
  );
}
