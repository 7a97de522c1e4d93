/** Role renderers: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { Role } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { Words } from '../i18n/words.js';
import { code, colour, field, NONE, plainText, roleMention, safeLine } from './format.js';
import type { Labelled } from './labels.js';
import { detailEmbed, listEmbed } from './page.js';

const COLOUR = 0x99aab5;

/** A valid colour as "#rrggbb" (lower case); anything else → undefined. */
export function colourHex(value: unknown): string | undefined {
  const n = colour(value);
  return n === undefined ? undefined : `#${n.toString(16).padStart(6, '0')}`;
}

/** A whole number as text; anything else → NONE. */
function wholeNumber(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : NONE;
}

/** A role's name for one line, falling back to its id in code when it has none. */
function roleName(role: Partial<Role>, max = 80): string {
  const name = safeLine(role.name, max);
  return name === NONE ? code(role.id, 40) : `**${name}**`;
}

/** One list row: name, id, colour, linked Discord role, created. */
export function roleRow(role: Partial<Role>, t: Words): string {
  const parts = [roleName(role), code(role.id, 40)];
  const hex = colourHex(role.colour);
  if (hex) parts.push(hex);
  if (typeof role.linkedChatRoleId === 'string' && role.linkedChatRoleId.trim() !== '')
    parts.push(t.role.linkedTo(roleMention(role.linkedChatRoleId)));
  parts.push(t.role.createdOn(t.f.date(role.createdAt)));
  return parts.join(' · ');
}

/** A page of roles in the reader's words (`source.t`). */
export function renderRoleList(items: Role[], info: PageInfo, source: Source & Labelled): APIEmbed {
  const t = source.t;
  return listEmbed({
    title: t.role.title,
    rows: items.map((role) => roleRow(role, t)),
    info,
    total: t.role.count(info.total),
    source,
    emptyText: t.role.empty,
    colour: COLOUR,
    t,
  });
}

/** One role in the reader's words (`source.t`). */
export function renderRole(role: Role, source: Source & Labelled): APIEmbed {
  const t = source.t;
  const w = t.role;
  const hex = colourHex(role.colour);
  const name = safeLine(role.name, 200);
  return detailEmbed(
    {
      title: w.detailTitle(name === NONE ? safeLine(role.id, 200) : name),
      color: colour(role.colour) ?? COLOUR,
      fields: [
        field(w.id, code(role.id)),
        field(w.colour, hex ?? code(role.colour, 40)),
        field(w.linkedRole, roleMention(role.linkedChatRoleId)),
        field(w.permissions, code(role.permissions, 1000), false),
        field(w.extraPermissions, wholeNumber(role.extraPermissions)),
        field(w.created, t.f.when(role.createdAt)),
      ],
    },
    source,
    t.records.server(plainText(role.serverId, 40)),
    undefined,
    t,
  );
}
