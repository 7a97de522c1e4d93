/**
 * `npm run try` without a terminal: typed lines go through the session against the real bot (sandbox
 * API + Discord double), and the transcript is checked. Plus the pure parsing of what is typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { matchLabel, snowflakeOf, splitSlash } from '../../tools/try/parse.js';
import { runScript } from '../../tools/try/session.js';
import { startWorld, type World } from '../e2e/world.js';

describe('typed slash commands', () => {
  it('splits command words and name:value pairs, values running to the next name:', () => {
    expect(splitSlash('/log user username:Sir Space public:true')).toEqual({
      words: ['log', 'user'],
      options: [
        { name: 'username', value: 'Sir Space' },
        { name: 'public', value: 'true' },
      ],
    });
    expect(splitSlash('/loa list')).toEqual({ words: ['loa', 'list'], options: [] });
  });

  it('splits only at the known option names, so values may hold other name: text', () => {
    const known = () => ['username', 'public'];
    expect(splitSlash('/log user username:a b:c http://x Public:True', known).options).toEqual([
      { name: 'username', value: 'a b:c http://x' },
      { name: 'public', value: 'True' },
    ]);
    expect(splitSlash('/log user username:"  padded "', known).options).toEqual([
      { name: 'username', value: '  padded ' },
    ]);
    expect(splitSlash('/role view role:', () => ['role']).options).toEqual([{ name: 'role', value: '' }]);
  });

  it('names a mistyped option and refuses text that is not name:value', () => {
    const known = () => ['id', 'public'];
    expect(() => splitSlash('/loa view idd:1', known)).toThrow(
      '/loa view has no option "idd"; its options: id, public',
    );
    expect(() => splitSlash('/loa view id:1 id:2', known)).toThrow('given twice');
    expect(() => splitSlash('/')).toThrow('type a command');
  });

  it('reads Discord ids and matches button labels by alias, prefix or part', () => {
    expect(snowflakeOf('123456789012345678')).toBe('123456789012345678');
    expect(snowflakeOf('<@!123456789012345678>')).toBe('123456789012345678');
    expect(snowflakeOf('bob')).toBeUndefined();
    const labels = ['⏮', '◀', '2 / 15', '▶', '⏭', '🔄 Refresh', '↩ Back to list'];
    expect(matchLabel(labels, 'next')).toBe(3);
    expect(matchLabel(labels, '▶️')).toBe(3);
    expect(matchLabel(labels, 'refresh')).toBe(5);
    expect(matchLabel(labels, 'back')).toBe(6);
    expect(matchLabel(labels, '2 /')).toBe(2);
    expect(matchLabel(labels, 'nothing')).toBe(-1);
  });
});

describe('the REPL against the real bot', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld({ env: { LOG_LEVEL: 'silent' } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('lists LOAs, pages forward, opens one and goes back; stops at quit', async () => {
    const opened = world.sandbox.dataset.loas[10]!;
    const out = await runScript(['/loa list', 'click ▶', 'open 1', 'click back', 'quit', '/loa list'], {
      world,
    });
    expect(out).toContain(
      'rollcall (moderator)> /loa list\n── reply · ephemeral (only you) ──\n┃ ■ Leaves of absence',
    );
    expect(out).toMatch(/\[⏮\] \[◀\] \[2 \/ \d+\] \[▶\] \[⏭\]/);
    expect(out).toContain('Open…: 1) ');
    expect(out).toMatch(/Page 2 of \d+/);
    expect(out).toContain(`LOA ${opened.id}`);
    expect(out).toContain('[↩ Back to list]');
    // back to the page it was opened from
    expect(out.split('click back')[1]).toMatch(/Page 2 of \d+/);
    expect(out.trimEnd().endsWith('Bye.')).toBe(true);
  });

  it('refuses another moderator’s click on a public list; the owner jumps to a page', async () => {
    const out = await runScript(
      ['/loa list public:true', 'as other-mod', 'click next', 'as moderator', 'page 7'],
      {
        world,
      },
    );
    expect(out).toContain('── reply · public ──');
    expect(out).toContain('Now acting as other-mod');
    expect(out).toContain(
      `rollcall (other-mod)> click next\n── reply · ephemeral (only you) ──\n${MESSAGES.notYours}`,
    );
    expect(out).toMatch(/page 7\n\(Go to page: 7\)\n── update \(same message\) · public ──[\s\S]*Page 7 of/);
  });

  it('takes USER options as Discord ids, values with spaces, and shows autocomplete choices', async () => {
    const ds = world.sandbox.dataset;
    const memberId = ds.samples.busyMemberIds[0]!;
    const role = ds.roles.find((r) => typeof r.name === 'string' && r.name.length >= 3)!;
    const out = await runScript(
      [
        `/loa member user:${ds.chatIdOf(memberId)}`,
        '/log user username:Sir Space',
        `complete /role view role:${String(role.name).slice(0, 3)}`,
      ],
      { world },
    );
    expect(out).toContain(`■ Leaves of absence of member ${memberId}`);
    expect(out).toContain('■ Moderation logs of Sir Space');
    expect(out).toContain('── autocomplete ──');
    expect(out).toContain(`${role.name} → ${role.id}`);
  });

  it('explains mistakes without stopping', async () => {
    const out = await runScript(
      ['click ▶', '/nope', '/loa', '/loa view', '/loa member user:bob', 'submit 3', 'frobnicate', 'help'],
      { world },
    );
    expect(out).toContain('error: no message with buttons yet');
    expect(out).toContain('error: there is no command /nope');
    expect(out).not.toContain('/Staff record'); // a user command is no slash command
    expect(out).toContain('error: /loa needs a subcommand: list, view, member');
    expect(out).toContain('error: missing required option id');
    expect(out).toContain('error: user: give a Discord user id');
    expect(out).toContain('error: no form is open for you');
    expect(out).toContain('Unknown command "frobnicate"');
    expect(out).toContain('Commands:');
  });

  it('starts and stops a world of its own when given none', async () => {
    const out = await runScript(['/rollcall help', 'quit'], { intro: true });
    expect(out).toContain('Some values to try:');
    expect(out).toContain('/loa');
    expect(out).toContain('Bye.');
  });
});
