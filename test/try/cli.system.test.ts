/**
 * `npm run try` without a terminal: typed lines go through the session against the real bot (sandbox
 * API + Discord double), and the transcript is checked. Plus the pure parsing of what is typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { matchLabel, parseChoice, snowflakeOf, splitSlash } from '../../tools/try/parse.js';
import { fileSize } from '../../tools/try/render-text.js';
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

describe('options with choices', () => {
  const choices = [
    { name: 'Last month', name_localizations: { de: 'Letzter Monat' }, value: 'last-month' },
    { name: 'This week', value: 'this-week' },
  ];

  it('take the name Discord shows or the value, in any case, and send the value', () => {
    expect(parseChoice('period', choices, 'Last month')).toBe('last-month');
    expect(parseChoice('period', choices, 'last MONTH')).toBe('last-month');
    expect(parseChoice('period', choices, 'last-month')).toBe('last-month');
    expect(parseChoice('period', choices, 'THIS-WEEK')).toBe('this-week');
    expect(parseChoice('period', choices, 'letzter monat')).toBe('last-month');
    expect(parseChoice('days', [{ name: 'Two weeks', value: 14 }], '14')).toBe(14);
  });

  it('refuse anything else, listing the valid ones', () => {
    expect(() => parseChoice('period', choices, 'yesterday')).toThrow(
      'period: "yesterday" is not one of its choices: Last month (last-month), This week (this-week)',
    );
  });

  it('file sizes are written as Discord writes them under an attachment', () => {
    expect(fileSize(812)).toBe('812 bytes');
    expect(fileSize(12_636)).toBe('12.34 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.00 MB');
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

  it('takes a choice by the name the hints show or by its value; a wrong one lists the choices', async () => {
    const out = await runScript(
      ['/loa list status:Pending review', '/loa list status:ACTIVE', '/shift totals period:someday'],
      { world },
    );
    const answers = out.split(/^rollcall \(moderator\)> /m).slice(1);
    expect(answers[0]).toContain('■ Leaves of absence · Pending review');
    expect(answers[1]).toContain('■ Leaves of absence · Active');
    expect(answers[2]).toContain(
      'error: period: "someday" is not one of its choices: This week (this-week), Last week (last-week),',
    );
    // what the bot received is the choice's value
    const sent = world.double
      .interactions()
      .filter((r) => r.commandName === 'loa list')
      .slice(-2)
      .map((r) => JSON.stringify(r.payload.data));
    expect(sent[0]).toContain('"value":"pending"');
    expect(sent[1]).toContain('"value":"active"');
  });

  it('pages with bare next and back, as with click next and click back', async () => {
    const out = await runScript(['/loa list', 'next', 'open 1', 'back', 'prev'], { world });
    const answers = out.split(/^rollcall \(moderator\)> /m).slice(1);
    expect(answers[1]).toMatch(/^next\n── update \(same message\)[\s\S]*Page 2 of \d+/);
    expect(answers[2]).toContain('[↩ Back to list]');
    expect(answers[3]).toMatch(/^back\n── update \(same message\)[\s\S]*Page 2 of \d+/);
    expect(answers[4]).toMatch(/Page 1 of \d+/);
    expect(out).not.toContain('Unknown command');
  });

  it('runs Check player on a message: the sample report, then a name it offers; a message naming nobody asks', async () => {
    const [sample] = world.sandbox.dataset.samples.playerMessages;
    const [player] = sample?.names ?? [];
    if (!sample || !player) throw new Error('the sandbox has no sample report naming a player');
    const logReads = () =>
      world.sandbox.requests.filter((r) => r.path.endsWith(`/logs/user/${encodeURIComponent(player)}`))
        .length;
    const before = logReads();
    const out = await runScript(
      ['check-player', `open ${player}`, 'check-player someone was rude', 'submit Sir Space'],
      {
        world,
      },
    );
    const answers = out.split(/^rollcall \(moderator\)> /m).slice(1);
    expect(answers[0]).toContain(
      "check-player\n── reporter's message (right-click → Apps → Check player) ──\n",
    );
    expect(answers[0]).toContain(sample.content);
    expect(answers[0]).toContain('── reply · ephemeral (only you) ──\n┃ ■ Players named in this message');
    expect(answers[0]).toContain(`Open…: 1) ${player}`);
    expect(answers[1]).toContain(`■ Player ${player}`);
    // one request per page of the player's logs (every page: the API gives no order)
    const logs = world.sandbox.dataset.logs.filter((l) => l.username === player).length;
    expect(logReads()).toBe(before + Math.ceil(logs / 100));
    expect(answers[2]).toContain('someone was rude');
    expect(answers[2]).toContain('── modal ──\nModal "Check player"');
    expect(answers[2]).toContain('(answer with: submit <value>)');
    expect(answers[3]).toContain('Sir Space');
    // The bot received a MESSAGE command on the posted message, run by the moderator.
    const runs = world.double.interactions().filter((r) => r.commandName === 'Check player');
    expect(runs.slice(-2).map((r) => r.user.username)).toEqual(['moderator', 'moderator']);
    expect(runs.at(-1)?.targetMessageId).toBeDefined();
  });

  it('shows the CSV file that Export CSV attaches', async () => {
    const out = await runScript(['/role list', 'click Export'], { world });
    const exported = out.split('click Export\n')[1] ?? '';
    expect(exported).toContain('Exported 20 rows in 1 CSV file');
    const file = exported.match(/^📎 (\S+\.csv) \((\d+(?:\.\d\d)? (?:bytes|KB))\)$/m);
    expect(file, exported).not.toBeNull();
    const stored = world.double
      .messages()
      .flatMap((m) => m.message.attachments)
      .find((a) => a.filename === file?.[1]);
    expect(stored).toBeDefined();
    expect(fileSize(stored?.size ?? -1)).toBe(file?.[2]);
  });

  it('starts and stops a world of its own when given none', async () => {
    const out = await runScript(['/rollcall help', 'quit'], { intro: true });
    expect(out).toContain('Some values to try:');
    expect(out).toContain('/loa');
    expect(out).toContain('Bye.');
  });
});
