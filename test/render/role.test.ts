import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { colourHex, renderRole, renderRoleList, roleRow } from '../../src/render/role.js';
import { PROPS, pageInfoArb, roleArb, sourceArb } from './arbitraries.js';
import { assertEmbedWithinLimits, assertNoPings, snowflakesIn } from './limits.js';

const source = { fetchedAt: 1_700_000_000_000, fromCache: false, stale: false };

describe('role renderers', () => {
  it('show a role: name, colour, permissions in code, linked role mention, created', () => {
    const role: Role = {
      id: 'r1',
      serverId: 's1',
      name: 'Senior *Moderator*',
      colour: '#FF8800',
      permissions: '123456789012345678901234567890',
      extraPermissions: 7,
      linkedChatRoleId: '123456789012345678',
      createdAt: 1_700_000_000,
    };
    const embed = renderRole(role, { ...source, t: ENGLISH });
    expect(embed.title).toBe('Role Senior \\*Moderator\\*');
    expect(embed.color).toBe(0xff8800);
    const byName = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(byName.Colour).toBe('#ff8800');
    expect(byName.Permissions).toBe('`123456789012345678901234567890`');
    expect(byName['Extra permissions']).toBe('7');
    expect(byName['Linked Discord role']).toBe('<@&123456789012345678>');
    expect(byName.Created).toBe('<t:1700000000:f> (<t:1700000000:R>)');
    assertNoPings(embed, ['123456789012345678']);
  });

  it('leaves absent values out and never mentions a non-snowflake linked role', () => {
    const embed = renderRole({ id: 'r2', serverId: 's', linkedChatRoleId: '<@&1>' } as Role, {
      ...source,
      t: ENGLISH,
    });
    const byName = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(byName.Colour).toBeUndefined();
    expect(byName['Linked Discord role']).toBe('`<@&1>`');
    expect(byName.Created).toBeUndefined();
    expect(embed.title).toBe('Role r2');
    assertNoPings(embed);
  });

  it('colourHex accepts only six hex digits', () => {
    expect(colourHex('00ff00')).toBe('#00ff00');
    expect(colourHex('#fff')).toBeUndefined();
    expect(colourHex(42)).toBeUndefined();
  });

  it('a row escapes the name and shows the id in code', () => {
    expect(roleRow({ id: 'x', name: '@everyone' } as Role, ENGLISH)).toContain('@\u200Beveryone');
  });

  it('any role renders within Discord limits with no unintended mention (property)', () => {
    fc.assert(
      fc.property(roleArb, sourceArb, (raw, src) => {
        const role = raw as unknown as Role;
        const embed = renderRole(role, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(embed, snowflakesIn(role, ['linkedChatRoleId']));
      }),
      PROPS,
    );
  });

  it('any page of roles renders within Discord limits with no unintended mention (property)', () => {
    fc.assert(
      fc.property(fc.array(roleArb, { maxLength: 10 }), pageInfoArb, sourceArb, (raw, info, src) => {
        const roles = raw as unknown as Role[];
        const embed = renderRoleList(roles, info, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(
          embed,
          roles.flatMap((r) => snowflakesIn(r, ['linkedChatRoleId'])),
        );
      }),
      PROPS,
    );
  });

  it('many roles on one page still fit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(roleArb, { minLength: 11, maxLength: 40 }),
        pageInfoArb,
        sourceArb,
        (raw, info, src) => {
          assertEmbedWithinLimits(renderRoleList(raw as unknown as Role[], info, { ...src, t: ENGLISH }));
        },
      ),
      { numRuns: 25 },
    );
  });
});
