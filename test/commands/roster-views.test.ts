import { describe, expect, it } from 'vitest';
import { application } from '../../commands/application.js';
import { commands as registered } from '../../commands/index.js';
import { joinRequest } from '../../commands/join-request.js';
import { member } from '../../commands/member.js';
import { role } from '../../commands/role.js';
import { createRollcallCommand } from '../../commands/rollcall.js';
import { ViewRegistry } from '../../src/discord/paging/views.js';

const roster = [role, member, application, joinRequest];

describe('roster commands together', () => {
  it('register their views next to the existing ones without clashes, with custom_id-safe ids', () => {
    const registry = new ViewRegistry();
    for (const command of registered) registry.register(...command.views);
    for (const id of [
      'role.all',
      'role',
      'member.all',
      'member',
      'member.chat',
      'application.all',
      'application',
      'join-request',
    ]) {
      expect(registry.get(id)?.id).toBe(id);
      expect(id).toMatch(/^[a-z][a-z0-9.-]{0,23}$/);
    }
    expect(registry.get('loa.member')?.kind).toBe('list'); // the member view's LOAs shortcut target
    expect(() => registry.check()).not.toThrow();
  });

  it('have unique, valid names and Discord-sized descriptions', () => {
    const all = [
      ...roster,
      createRollcallCommand(
        () => [],
        () => ({ version: '0', stats: {} as never }),
      ),
    ];
    const names = new Set<string>();
    for (const { data } of all) {
      expect(data.name).toMatch(/^[a-z][a-z-]{0,31}$/);
      expect(names.has(data.name)).toBe(false);
      names.add(data.name);
      expect(data.description.length).toBeLessThanOrEqual(100);
      for (const sub of data.options ?? []) {
        expect(sub.description.length).toBeLessThanOrEqual(100);
        for (const o of 'options' in sub ? (sub.options ?? []) : [])
          expect(o.description.length).toBeLessThanOrEqual(100);
      }
    }
  });
});
