import { describe, expect, it } from 'vitest';
import type { Role } from '../../generated/api.js';
import { GATHER_MAX_PAGES, gatherPages } from '../../src/api/pages.js';
import { ROLE_PAGES_MAX, readRoles, readRolesOrEmpty } from '../../src/api/roles.js';
import { autocompleteChoices, resolveTyped } from '../../src/discord/lookup.js';
import { UserError } from '../../src/discord/replies.js';
import { type Call, fakeResources, manyRoles } from './roster-fakes.js';

const name = (r: Role) => r.name;
const id = (r: Role) => r.id;

describe('autocompleteChoices', () => {
  const roles: Role[] = [
    { id: 'r1', serverId: 's', name: 'Senior Moderator' },
    { id: 'r2', serverId: 's', name: 'Moderator' },
    { id: 'r3', serverId: 's', name: 'Trial moderator' },
    { id: 'r4', serverId: 's', name: 'Admin' },
    { id: 'mod-x', serverId: 's', name: 'Helper' },
  ];

  it('filters case-insensitively and ranks name starts, word starts, anywhere, then ids', () => {
    expect(autocompleteChoices(roles, 'MOD', name, id)).toEqual([
      { name: 'Moderator', value: 'r2' },
      { name: 'Senior Moderator', value: 'r1' },
      { name: 'Trial moderator', value: 'r3' },
      { name: 'Helper', value: 'mod-x' },
    ]);
    expect(autocompleteChoices(roles, 'erat', name, id).map((c) => c.value)).toEqual(['r1', 'r2', 'r3']);
    expect(autocompleteChoices(roles, 'zzz', name, id)).toEqual([]);
  });

  it('offers everything (in list order) for empty input, at most 25', () => {
    const many = manyRoles(60);
    const choices = autocompleteChoices(many, '', name, id);
    expect(choices).toHaveLength(25);
    expect(choices[0]).toEqual({ name: 'Role 0', value: 'r0' });
    expect(autocompleteChoices(many, '  role 1', name, id)).toHaveLength(11);
  });

  it('makes names plain text of at most 100 characters, falling back to the id', () => {
    const odd: Role[] = [
      { id: 'a', serverId: 's', name: `**${'x'.repeat(300)}**` },
      { id: 'b', serverId: 's', name: '\u200B\u202E  ' },
      { id: 'c', serverId: 's' },
    ];
    const choices = autocompleteChoices(odd, '', name, id);
    expect(Array.from(choices[0]?.name ?? '').length).toBe(100);
    expect(choices[1]).toEqual({ name: 'b', value: 'b' });
    expect(choices[2]).toEqual({ name: 'c', value: 'c' });
  });

  it('shows the id beside a name that several items share, and only then', () => {
    const twins: Role[] = [
      { id: 'r2', serverId: 's', name: 'Twin' },
      { id: 'r3', serverId: 's', name: 'twin' },
      { id: 'r4', serverId: 's', name: 'Twins' },
      { id: 'r5', serverId: 's', name: `${'L'.repeat(120)}` },
      { id: 'r6', serverId: 's', name: `${'l'.repeat(120)}` },
    ];
    expect(autocompleteChoices(twins, 'twin', name, id)).toEqual([
      { name: 'Twin (r2)', value: 'r2' },
      { name: 'twin (r3)', value: 'r3' },
      { name: 'Twins', value: 'r4' },
    ]);
    const long = autocompleteChoices(twins, 'll', name, id);
    expect(long.map((c) => [c.name.length, c.name.endsWith(` (${c.value})`)])).toEqual([
      [100, true],
      [100, true],
    ]);
  });

  it('leaves out items whose id could not be sent back (bad characters, too long, duplicates)', () => {
    const bad = [
      { id: 'a b', serverId: 's', name: 'Space' },
      { id: 'x'.repeat(101), serverId: 's', name: 'Long' },
      { id: 'ok', serverId: 's', name: 'Fine' },
      { id: 'ok', serverId: 's', name: 'Duplicate' },
      { serverId: 's', name: 'No id' } as unknown as Role,
    ];
    expect(autocompleteChoices(bad, '', name, id)).toEqual([{ name: 'Fine', value: 'ok' }]);
  });
});

describe('resolveTyped', () => {
  const roles: Role[] = [
    { id: 'r1', serverId: 's', name: 'Senior Moderator' },
    { id: 'r2', serverId: 's', name: 'Twin' },
    { id: 'r3', serverId: 's', name: 'twin' },
  ];

  it('takes a picked id, a full name typed without picking, or a raw id', () => {
    expect(resolveTyped('r1', roles, name, id, 'role id')).toBe('r1');
    expect(resolveTyped(' senior MODERATOR ', roles, name, id, 'role id')).toBe('r1');
    expect(resolveTyped('other-id', roles, name, id, 'role id')).toBe('other-id');
    expect(resolveTyped('other-id', [], name, id, 'role id')).toBe('other-id');
  });

  it('does not guess between two roles of the same name: one sentence names both with their ids', () => {
    expect(() => resolveTyped('TWIN', roles, name, id, 'role id', 'roles')).toThrow(
      new UserError(
        'TWIN is the name of 2 roles: Twin (`r2`), twin (`r3`). Pick one from the list, or give its id.',
      ),
    );
    // A picked choice is an id, so it still opens one of them.
    expect(resolveTyped('r3', roles, name, id, 'role id', 'roles')).toBe('r3');
    const many: Role[] = Array.from({ length: 12 }, (_, i) => ({
      id: `t${i}`,
      serverId: 's',
      name: '**Same**',
    }));
    const sentence = (() => {
      try {
        resolveTyped('**same**', many, name, id, 'role id', 'roles');
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(sentence).toBe(
      `\\*\\*same\\*\\* is the name of 12 roles: ${many
        .slice(0, 10)
        .map((r) => `\\*\\*Same\\*\\* (\`${r.id}\`)`)
        .join(', ')} and 2 more. Pick one from the list, or give its id.`,
    );
  });

  it('refuses what is neither a name nor an id', () => {
    expect(() => resolveTyped('no such role', roles, name, id, 'role id')).toThrow(UserError);
    expect(() => resolveTyped('', roles, name, id, 'role id')).toThrow('Give the role id.');
  });
});

describe('gatherPages and the role directory', () => {
  it('reads pages of 100 up to the cap and says when the list was cut', async () => {
    const calls: Call[] = [];
    const resources = fakeResources({ roles: manyRoles(1730) }, calls);
    const directory = await readRoles(resources);
    expect(calls.map((c) => c.args[0])).toEqual(
      Array.from({ length: ROLE_PAGES_MAX }, (_, i) => ({ page: i + 1, limit: 100 })),
    );
    expect(directory.roles).toHaveLength(1000);
    expect(directory.complete).toBe(false);
    expect(directory.byId.get('r42')?.name).toBe('Role 42');
  });

  it('reads one page when one is enough', async () => {
    const calls: Call[] = [];
    const directory = await readRoles(fakeResources({ roles: manyRoles(3) }, calls));
    expect(calls).toHaveLength(1);
    expect(directory.complete).toBe(true);
  });

  it('keeps one item per id and reports the oldest, staleest source', async () => {
    const gathered = await gatherPages<{ id: string }>(async ({ page }) => ({
      data: { data: [{ id: 'same' }, { id: `p${page}` }], totalPages: 2 },
      fetchedAt: 1000 * page,
      fromCache: page === 1,
      stale: page === 2,
    }));
    expect(gathered.items.map((i) => i.id)).toEqual(['same', 'p1', 'p2']);
    expect(gathered).toMatchObject({ fetchedAt: 1000, fromCache: false, stale: true, complete: true });
  });

  it('survives an absurd totalPages and a failing read (empty directory)', async () => {
    const calls: number[] = [];
    const gathered = await gatherPages<{ id: string }>(async ({ page }) => {
      calls.push(page);
      return { data: { data: [], totalPages: 1e12 }, fetchedAt: 0, fromCache: false, stale: false };
    });
    expect(calls).toHaveLength(GATHER_MAX_PAGES);
    expect(gathered.complete).toBe(false);
    const failing = fakeResources({});
    failing.listRoles = async () => {
      throw new Error('down');
    };
    const errors: unknown[] = [];
    const empty = await readRolesOrEmpty(failing, (e) => errors.push(e));
    expect(empty.byId.size).toBe(0);
    expect(errors).toHaveLength(1);
  });
});
