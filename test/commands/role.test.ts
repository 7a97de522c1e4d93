import { describe, expect, it } from 'vitest';
import { role, roleDetailView, roleListView } from '../../commands/role.js';
import type { Role } from '../../generated/api.js';
import { showDetail, showList } from '../../src/discord/paging/show.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import {
  autocompleteInput,
  type Call,
  chatInput,
  fakeResources,
  manyRoles,
  optionNames,
  selectOptions,
  showContext,
} from './roster-fakes.js';

const roles: Role[] = [
  { id: 'r-senior', serverId: 's', name: 'Senior Moderator', colour: '#112233', createdAt: 1_600_000_000 },
  { id: 'r-mod', serverId: 's', name: 'Moderator', linkedChatRoleId: '123456789012345678' },
];

function run(strings: Record<string, string>, sub = 'view', data = { roles }, calls: Call[] = []) {
  const show = showContext(fakeResources(data, calls));
  return role.execute({ interaction: chatInput({ sub, strings }), show });
}

describe('/role', () => {
  it('is a chat-input command with list and view, public on each, autocomplete on view', () => {
    const subs = role.data.options ?? [];
    expect(subs.map((s) => s.name)).toEqual(['list', 'view']);
    for (const s of subs) expect(optionNames(s).at(-1)).toBe('public');
    const [roleOption] = (subs[1] as { options: Array<{ name: string; autocomplete?: boolean }> }).options;
    expect(roleOption).toMatchObject({ name: 'role', autocomplete: true });
    expect(role.views.map((v) => v.id)).toEqual(['role.all', 'role']);
  });

  it('lists roles one API page per Discord page', async () => {
    const calls: Call[] = [];
    const payload = await run({}, 'list', { roles: manyRoles(23) }, calls);
    expect(calls[0]).toMatchObject({ method: 'listRoles', args: [{ page: 1, limit: 10 }, {}] });
    expect(payload.embeds?.[0]?.title).toBe('Roles');
    expect(payload.embeds?.[0]?.footer?.text).toMatch(/^Page 1 of 3 · 23 roles/);
  });

  it('shows a picked role by id', async () => {
    const calls: Call[] = [];
    const payload = await run({ role: 'r-mod' }, 'view', { roles }, calls);
    expect(calls.filter((c) => c.method === 'getRole').map((c) => c.args[0])).toEqual(['r-mod']);
    expect(payload.embeds?.[0]?.title).toBe('Role Moderator');
  });

  it('finds a role by its full name typed without picking', async () => {
    const calls: Call[] = [];
    await run({ role: 'senior moderator' }, 'view', { roles }, calls);
    expect(calls.filter((c) => c.method === 'getRole').map((c) => c.args[0])).toEqual(['r-senior']);
  });

  it('takes a raw id typed by hand, and says clearly when nothing has it', async () => {
    await expect(run({ role: 'unknown-id' })).rejects.toThrow(
      new UserError('No role with that id or name was found on this community server.'),
    );
    await expect(run({ role: 'no such name' })).rejects.toThrow(UserError);
  });

  it('still takes an id when the role list cannot be read', async () => {
    const calls: Call[] = [];
    const resources = fakeResources({ roles }, calls);
    resources.listRoles = async () => {
      throw new Error('down');
    };
    const payload = await role.execute({
      interaction: chatInput({ sub: 'view', strings: { role: 'r-senior' } }),
      show: showContext(resources),
    });
    expect(payload.embeds?.[0]?.color).toBe(0x112233);
  });

  it('autocompletes role names to ids, filtered, at most 25, from the whole cached list', async () => {
    const calls: Call[] = [];
    const show = showContext(fakeResources({ roles: [...roles, ...manyRoles(300)] }, calls));
    const choices = await role.autocomplete?.({ interaction: autocompleteInput('role', 'mod'), show });
    expect(choices).toEqual([
      { name: 'Moderator', value: 'r-mod' },
      { name: 'Senior Moderator', value: 'r-senior' },
    ]);
    expect(
      calls.every((c) => c.method === 'listRoles' && (c.args[0] as { limit: number }).limit === 100),
    ).toBe(true);
    const all = await role.autocomplete?.({ interaction: autocompleteInput('role', 'role'), show });
    expect(all).toHaveLength(25);
    expect(await role.autocomplete?.({ interaction: autocompleteInput('other', 'x'), show })).toEqual([]);
  });

  it('two roles with the same name: autocomplete shows both with ids, a typed name lists both', async () => {
    const twins: Role[] = [...roles, { id: 'r-mod-2', serverId: 's', name: 'moderator' }];
    const calls: Call[] = [];
    const show = showContext(fakeResources({ roles: twins }, calls));
    const choices = await role.autocomplete?.({ interaction: autocompleteInput('role', 'moderator'), show });
    expect(choices).toEqual([
      { name: 'Moderator (r-mod)', value: 'r-mod' },
      { name: 'moderator (r-mod-2)', value: 'r-mod-2' },
      { name: 'Senior Moderator', value: 'r-senior' },
    ]);
    const typed = role.execute({
      interaction: chatInput({ sub: 'view', strings: { role: 'Moderator' } }),
      show,
    });
    await expect(typed).rejects.toThrow(
      new UserError(
        'Moderator is the name of 2 roles: Moderator (`r-mod`), moderator (`r-mod-2`). Pick one from the list, or give its id.',
      ),
    );
    expect(calls.some((c) => c.method === 'getRole')).toBe(false);
  });

  it('leaves ids that can never be opened out of Open…, lists them, and does not blame the moderator', async () => {
    const odd: Role[] = [
      { id: '..', serverId: 's', name: 'Dots' },
      { id: '.', serverId: 's', name: 'Dot' },
      { id: 'ok', serverId: 's', name: 'Fine' },
      { id: 'a b', serverId: 's', name: 'Spaced' },
    ];
    const calls: Call[] = [];
    const show = showContext(fakeResources({ roles: odd }, calls));
    const payload = await showList(roleListView, show);
    expect(selectOptions(payload).map((o) => o.value)).toEqual(['ok', 'a b']);
    const listed = payload.embeds?.[0]?.description ?? '';
    for (const name of ['Dots', 'Dot', 'Fine', 'Spaced']) expect(listed).toContain(name);
    // A forged or stale select that still names one: the sentence says the record cannot be opened.
    for (const id of ['..', '.']) {
      await expect(
        showDetail(roleDetailView, id, show, { view: roleListView.id, page: 1, arg: '' }),
      ).rejects.toThrow(new UserError(MESSAGES.cannotOpen));
    }
    expect(MESSAGES.cannotOpen).not.toMatch(/check the id|you gave|not a valid/i);
    expect(calls.filter((c) => c.method === 'getRole')).toEqual([]);
    const opened = await showDetail(roleDetailView, 'a b', show, { view: roleListView.id, page: 1, arg: '' });
    expect(opened.embeds?.[0]?.title).toBe('Role Spaced');
  });
});
