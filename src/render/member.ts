/** Member renderers: API object → embed JSON. Pure; role names come from a role index the caller loads. */
import type { APIEmbed } from 'discord.js';
import type { Member, Role } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import {
  code,
  colour,
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
import { detailEmbed, listEmbed } from './page.js';
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

export function renderMember(member: Member, source: Source & Labelled, roles: RoleIndex): APIEmbed {
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
      ],
    },
    source,
    `Server ${plainText(member.serverId, 40)}`,
  );
}
