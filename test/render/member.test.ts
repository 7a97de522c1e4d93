import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Member, Role } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import {
  memberColour,
  memberRow,
  type RoleIndex,
  renderMember,
  renderMemberList,
  roleLabel,
} from '../../src/render/member.js';
import { memberArb, PROPS, pageInfoArb, roleArb, snowflake, sourceArb } from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings } from './limits.js';

const source = { fetchedAt: 1_700_000_000_000, fromCache: true, stale: false };

function index(roles: Array<Partial<Role>>): RoleIndex {
  return new Map(roles.filter((r) => typeof r.id === 'string').map((r) => [r.id as string, r]));
}

/** Snowflake-shaped linked Discord role ids in an index: the only role mentions a member embed may show. */
function linkedIds(roles: RoleIndex): string[] {
  return [...roles.values()]
    .map((r) => r.linkedChatRoleId)
    .filter((id): id is string => typeof id === 'string' && /^\d{17,20}$/.test(id));
}

const roles = index([
  { id: 'r-mod', name: 'Moderator', colour: 'not a colour', linkedChatRoleId: '223456789012345678' },
  { id: 'r-admin', name: 'Admin_*x*', colour: '#ff0000' },
  { id: 'r-blank', name: '   ' },
]);

describe('member renderers', () => {
  it('resolve role ids to escaped names; unknown ids show as the id in code', () => {
    expect(roleLabel('r-mod', roles)).toBe('Moderator');
    expect(roleLabel('r-admin', roles)).toBe('Admin\\_\\*x\\*');
    expect(roleLabel('r-blank', roles)).toBe('`r-blank`');
    expect(roleLabel('nope', roles)).toBe('`nope`');
  });

  it("take the embed colour from the member's first role with a valid colour", () => {
    expect(memberColour({ roles: ['nope', 'r-mod', 'r-admin'] }, roles)).toBe(0xff0000);
    expect(memberColour({ roles: ['r-mod'] }, roles)).toBeUndefined();
    const embed = renderMember(
      { id: 'm1', serverId: 's', roles: ['r-mod'] },
      { ...source, t: ENGLISH },
      roles,
    );
    expect(embed.color).toBe(0x57f287);
  });

  it('show a member with role names, join date and linked Discord roles, the id once (in the title)', () => {
    const member: Member = {
      id: 'm1',
      serverId: 's',
      roles: ['r-mod', 'r-admin', 'gone'],
      createdAt: 1_600_000_000,
    };
    const embed = renderMember(member, { ...source, t: ENGLISH }, roles);
    const byName = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(byName.Roles).toBe('Moderator, Admin\\_\\*x\\*, `gone`');
    expect(byName['Role count']).toBeUndefined();
    expect(byName.Id).toBeUndefined();
    expect(byName['Discord user']).toBeUndefined();
    expect(
      JSON.stringify(
        renderMember(
          member,
          { t: ENGLISH, ...source, people: new Map([['m1', '310000000000000001']]) },
          roles,
        ),
      ),
    ).toContain('"name":"Discord user","value":"<@310000000000000001>"');
    expect(byName.Joined).toBe('<t:1600000000:f> (<t:1600000000:R>)');
    expect(byName['Linked Discord roles']).toBe('<@&223456789012345678>');
    expect(embed.color).toBe(0xff0000);
    assertNoPings(embed, ['223456789012345678']);
    // "None" only when every role was read: with 'gone' unread, nothing is said of its links.
    const none = renderMember({ ...member, roles: ['gone'] }, { ...source, t: ENGLISH }, roles);
    expect(none.fields?.map((f) => f.name)).not.toContain('Linked Discord roles');
    const read = renderMember(
      { ...member, roles: ['r-admin'] },
      { ...source, t: ENGLISH },
      new Map([['r-admin', { id: 'r-admin' }]]),
    );
    expect(read.fields?.find((f) => f.name === 'Linked Discord roles')?.value).toBe('None');
  });

  it('a row shows the id, the first role names and the join date', () => {
    const row = memberRow(
      { id: 'm1', roles: ['r-mod', 'r-admin'], createdAt: 1_600_000_000 },
      roles,
      undefined,
      ENGLISH,
    );
    expect(row).toBe('`m1` · Moderator, Admin\\_\\*x\\* · joined <t:1600000000:d>');
    const many = memberRow(
      { id: 'm2', roles: Array.from({ length: 60 }, (_, i) => `role-${i}`) },
      roles,
      undefined,
      ENGLISH,
    );
    expect(many).toMatch(/\+\d+ more · joined —$/);
    expect(memberRow({ id: 'm3', roles: [] }, roles, undefined, ENGLISH)).toContain('no roles');
  });

  it('any member with any role index renders within limits with no unintended mention (property)', () => {
    const arb = fc.array(roleArb, { maxLength: 60 }).chain((list) => {
      const ids = list.map((r) => r.id).filter((id): id is string => typeof id === 'string');
      const pick = ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), snowflake) : snowflake;
      return fc.tuple(fc.constant(list), memberArb(pick));
    });
    fc.assert(
      fc.property(arb, sourceArb, ([list, raw], src) => {
        const idx = index(list as Array<Partial<Role>>);
        const embed = renderMember(raw as unknown as Member, { ...src, t: ENGLISH }, idx);
        assertEmbedWithinLimits(embed);
        assertNoPings(embed, linkedIds(idx));
      }),
      PROPS,
    );
  });

  it('any page of members renders within limits with no unintended mention (property)', () => {
    fc.assert(
      fc.property(
        fc.array(roleArb, { maxLength: 30 }),
        fc.array(memberArb(), { maxLength: 10 }),
        pageInfoArb,
        sourceArb,
        (list, members, info, src) => {
          const idx = index(list as Array<Partial<Role>>);
          const embed = renderMemberList(members as unknown as Member[], info, { ...src, t: ENGLISH }, idx);
          assertEmbedWithinLimits(embed);
          assertNoPings(embed);
        },
      ),
      PROPS,
    );
  });
});
