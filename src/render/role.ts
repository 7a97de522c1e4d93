/** Role renderers: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { Role } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import {
  code,
  colour,
  field,
  NONE,
  plainText,
  roleMention,
  safeLine,
  shortDate,
  timestamp,
} from './format.js';
import { detailEmbed, listEmbed } from './page.js';

const COLOUR = 0x99aab5;

/** A valid colour as "#rrggbb" (lower case); anything else → undefined. */
export function colourHex(value: unknown): string | undefined {
  const n = colour(value);
  return n === undefined ? undefined : `#${n.toString(16).padStart(6, '0')}`;
}

/** A whole number as text; anything else → NONE. */
export function wholeNumber(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : NONE;
}

/** A role's name for one line, falling back to its id in code when it has none. */
export function roleName(role: Partial<Role>, max = 80): string {
  const name = safeLine(role.name, max);
  return name === NONE ? code(role.id, 40) : `**${name}**`;
}

/** One list row: name, id, colour, linked Discord role, created. */
export function roleRow(role: Partial<Role>): string {
  const parts = [roleName(role), code(role.id, 40)];
  const hex = colourHex(role.colour);
  if (hex) parts.push(hex);
  if (typeof role.linkedChatRoleId === 'string' && role.linkedChatRoleId.trim() !== '')
    parts.push(`linked ${roleMention(role.linkedChatRoleId)}`);
  parts.push(`created ${shortDate(role.createdAt)}`);
  return parts.join(' · ');
}

export function renderRoleList(items: Role[], info: PageInfo, source: Source): APIEmbed {
  return listEmbed({
    title: 'Roles',
    rows: items.map(roleRow),
    info,
    noun: info.total === 1 ? 'role' : 'roles',
    source,
    emptyText: 'No roles found.',
    colour: COLOUR,
  });
}

export function renderRole(role: Role, source: Source): APIEmbed {
  const hex = colourHex(role.colour);
  const name = safeLine(role.name, 200);
  return detailEmbed(
    {
      title: `Role ${name === NONE ? safeLine(role.id, 200) : name}`,
      color: colour(role.colour) ?? COLOUR,
      fields: [
        field('Id', code(role.id)),
        field('Colour', hex ?? code(role.colour, 40)),
        field('Linked Discord role', roleMention(role.linkedChatRoleId)),
        field('Permissions', code(role.permissions, 1000), false),
        field('Extra permissions', wholeNumber(role.extraPermissions)),
        field('Created', timestamp(role.createdAt)),
      ],
    },
    source,
    `Server ${plainText(role.serverId, 40)}`,
  );
}
