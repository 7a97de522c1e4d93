/**
 * Hostile or malformed input, end to end: tampered, truncated, old, oversized and foreign custom_ids;
 * option values with slashes, dots, `%`, unicode, whitespace and 1000 characters; usernames with path
 * tricks; commands in DMs and in servers Rollcall is not set up for; API text that tries to ping,
 * link or format. Every one is refused with one clear private sentence or shown as plain data;
 * nothing reaches the API unencoded; nobody is pinged.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { InteractionResponse } from '../doubles/discord/double.js';
import { type Dataset, generateDataset } from '../doubles/sandbox/data.js';
import type { SandboxLog } from '../doubles/sandbox/types.js';
import { control, embedOf } from '../e2e/world.js';
import {
  ask,
  auditEverything,
  forbiddenIn,
  HOSTILE_ALL,
  HOSTILE_ROLE_ID,
  HOSTILE_TEXTS,
  ignoreMaxLength,
  injectSelectOption,
  labelText,
  logRecords,
  type ReliableWorld,
  startReliableWorld,
  tamperCustomId,
  visibleText,
} from './support.js';

const HOSTILE_USERNAME = '@everyone [pwn](https://evil.example) ../../admin';

/** The default dataset with hostile text patched into records every command shows. */
function hostileDataset(): Dataset {
  const ds = generateDataset();
  const loa = ds.loas[0]!;
  loa.reason = HOSTILE_ALL;
  loa.denyReason = HOSTILE_TEXTS.userMention;
  const log = ds.logs[0]! as SandboxLog;
  const oldName = log.username;
  log.username = HOSTILE_USERNAME;
  log.text = HOSTILE_ALL;
  log.description = HOSTILE_ALL;
  const byName = ds.logsByUsername as Map<string, SandboxLog[]>;
  if (oldName)
    byName.set(
      oldName,
      (byName.get(oldName) ?? []).filter((l) => l !== log),
    );
  byName.set(HOSTILE_USERNAME, [log]);
  const role = ds.roles[0]!;
  role.name = `${HOSTILE_TEXTS.everyone} ${HOSTILE_TEXTS.roleMention} ${HOSTILE_TEXTS.bidi}`;
  ds.shifts[0]!.type = `${HOSTILE_TEXTS.maskedLink} ${HOSTILE_TEXTS.codeFence}`;
  ds.auditLogs[0]!.description = { reason: HOSTILE_ALL, [HOSTILE_TEXTS.everyone]: HOSTILE_TEXTS.roleMention };
  const app = ds.applications[0]! as Record<string, unknown>;
  app.title = `${HOSTILE_TEXTS.everyone} ${HOSTILE_TEXTS.zeroWidth}`;
  app.description = HOSTILE_ALL;
  ds.joinRequests[0]!.joinCode = HOSTILE_ALL;
  // astral text: one character, two UTF-16 units (Discord's limits are read in the stricter units)
  const wide = ds.loas[1]!;
  wide.reason = `${'🏖️'.repeat(1_400)} end`;
  wide.denyReason = '𝕏'.repeat(1_100);
  ds.roles[1]!.name = '🙂'.repeat(120);
  ds.shifts[1]!.type = '𝓢'.repeat(90);
  return ds;
}

let world: ReliableWorld;
let other: ReliableWorld['mod'];
const OTHER_GUILD = '1100000000000000001';

beforeAll(async () => {
  world = await startReliableWorld({
    sandbox: { dataset: hostileDataset() },
    double: { extraGuilds: [{ id: OTHER_GUILD, name: 'Not configured' }] },
  });
  other = world.double.user({ username: 'other-mod', roles: ['Moderator'] });
});
afterEach(() => {
  world.sandbox.set({ faults: null });
});
afterAll(async () => {
  await world?.close();
});

/** Requests the sandbox received since the log was last reset, as decoded single path segments. */
function sentPaths(): string[] {
  return world.sandbox.requests.map((r) => r.path);
}

/** A private answer whose whole visible text is `sentence`. */
function expectRefusal(answer: InteractionResponse, sentence: string | RegExp) {
  expect(answer.ephemeral).toBe(true);
  expect(answer.message?.embeds ?? []).toEqual([]);
  if (typeof sentence === 'string') expect(answer.message?.content).toBe(sentence);
  else expect(answer.message?.content).toMatch(sentence);
}

describe('API text that tries to ping, link or format', () => {
  const cases: Array<[string, () => { name: string; input: Parameters<typeof ask>[2] }]> = [
    [
      'an LOA reason',
      () => ({
        name: 'loa',
        input: { subcommand: 'view', options: { id: world.sandbox.dataset.loas[0]!.id } },
      }),
    ],
    ['the LOA list', () => ({ name: 'loa', input: { subcommand: 'list' } })],
    [
      'a log text and username',
      () => ({
        name: 'log',
        input: { subcommand: 'view', options: { id: world.sandbox.dataset.logs[0]!.id } },
      }),
    ],
    [
      'a username as a list title',
      () => ({ name: 'log', input: { subcommand: 'user', options: { username: HOSTILE_USERNAME } } }),
    ],
    ['role names in the list', () => ({ name: 'role', input: { subcommand: 'list' } })],
    [
      'a role name in detail',
      () => ({
        name: 'role',
        input: { subcommand: 'view', options: { role: world.sandbox.dataset.roles[0]!.id } },
      }),
    ],
    ['a shift type', () => ({ name: 'shift', input: { subcommand: 'list' } })],
    [
      'an audit log description (keys and values)',
      () => ({ name: 'audit-log', input: { subcommand: 'list' } }),
    ],
    [
      'an application title and description',
      () => ({
        name: 'application',
        input: { subcommand: 'view', options: { application: world.sandbox.dataset.applications[0]!.id } },
      }),
    ],
    ['the application list', () => ({ name: 'application', input: { subcommand: 'list' } })],
    [
      'a join code',
      () => ({
        name: 'join-request',
        input: { subcommand: 'view', options: { 'user-id': world.sandbox.dataset.joinRequests[0]!.userId } },
      }),
    ],
    ['member role names', () => ({ name: 'member', input: { subcommand: 'list' } })],
  ];
  it.each(cases)(
    '%s: shown as text; no mention, link, fence or hidden character survives',
    async (_what, make) => {
      const { name, input } = make();
      const answer = await ask(world, name, { ...input, options: { ...input?.options, public: true } });
      expect(answer.ephemeral).toBe(false);
      const text = visibleText(answer.message);
      expect(text.length).toBeGreaterThan(0);
      expect(forbiddenIn(text)).toBeUndefined();
      // the only invisible character left is the one that breaks a mass mention
      expect(text).not.toMatch(/[\u200B-\u200D\u202A-\u202E\u2060\uFEFF](?!everyone|here)/);
      // labels are plain text (no mention or markdown is rendered there) but hide nothing either
      expect(labelText(answer.message)).not.toMatch(/[\u200B-\u200D\u202A-\u202E\u2060\uFEFF]/);
      expect(answer.message?.allowed_mentions).toEqual(expect.objectContaining({ parse: [] }));
      expect(answer.message?.mentions ?? []).toEqual([]);
      expect(answer.message?.mention_roles ?? []).toEqual([]);
      expect(answer.message?.mention_everyone).toBe(false);
    },
  );

  it('the hostile text is still there to read, escaped', async () => {
    const answer = await ask(world, 'loa', {
      subcommand: 'view',
      options: { id: world.sandbox.dataset.loas[0]!.id },
    });
    const description = embedOf(answer.message).description ?? '';
    expect(description).toContain('@\u200Beveryone');
    expect(description).toContain(`\\<@${'123456789012345678'}>`);
    expect(description).toContain('free nitro');
    expect(description).toContain('console.log');
  });

  it('role names in autocomplete choices are plain text without hidden characters', async () => {
    const answer = await (await world.double.autocomplete(world.mod, 'role', 'view', 'role', '')).response();
    const names = (answer.choices ?? []).map((c) => c.name).join('\n');
    expect(names).toContain('everyone');
    expect(names).not.toMatch(/[\u200B-\u200D\u202A-\u202E\u2060\uFEFF]/);
    expect(names).not.toContain(`<@&${HOSTILE_ROLE_ID}>x`);
  });
});

describe('API text made of wide characters (emoji, math letters)', () => {
  it.each([
    [
      'an LOA with 1400 emoji and 1100 math letters',
      () => ({
        name: 'loa',
        input: { subcommand: 'view', options: { id: world.sandbox.dataset.loas[1]!.id } },
      }),
    ],
    ['the LOA list and its select', () => ({ name: 'loa', input: { subcommand: 'list' } })],
    ['the role list with a 120-emoji name', () => ({ name: 'role', input: { subcommand: 'list' } })],
    [
      'the role in detail',
      () => ({
        name: 'role',
        input: { subcommand: 'view', options: { role: world.sandbox.dataset.roles[1]!.id } },
      }),
    ],
    ['the shift list', () => ({ name: 'shift', input: { subcommand: 'list' } })],
  ] as Array<[string, () => { name: string; input: Parameters<typeof ask>[2] }]>)(
    "%s: fits Discord's limits and is answered",
    async (_what, make) => {
      const { name, input } = make();
      const answer = await ask(world, name, input);
      expect(answer.message?.embeds?.length).toBe(1);
    },
  );

  it('autocomplete choices of wide role names fit', async () => {
    const answer = await (
      await world.double.autocomplete(world.mod, 'role', 'view', 'role', '🙂')
    ).response();
    expect(answer.choices?.length).toBeGreaterThan(0);
  });
});

describe('option values', () => {
  beforeAll(() => {
    // a modified client ignores max_length; Rollcall must not rely on Discord enforcing it
    for (const name of ['loa', 'log', 'member', 'shift', 'join-request', 'role'])
      ignoreMaxLength(world.double, name);
  });

  const impossibleIds = [
    'a/b',
    '../members',
    '..',
    '.',
    '...',
    '%2e%2e',
    '%2F',
    '100%',
    'ünïcødé',
    'id with spaces',
    '\u200Bid',
    'tab\tid',
    'new\nline',
    '🙂',
    'x'.repeat(65),
    'x'.repeat(1000),
    '?page=2',
    '#frag',
    'a\\b',
  ];
  it.each(impossibleIds.map((v) => [JSON.stringify(v).slice(0, 40), v]))(
    'an impossible id %s is refused before any API call',
    async (_label, value) => {
      world.sandbox.resetLog();
      const answer = await ask(world, 'loa', { subcommand: 'view', options: { id: value } });
      expectRefusal(
        answer,
        /^That is not a valid LOA id: use up to 64 letters, digits, dashes or underscores\.$/,
      );
      expect(sentPaths()).toEqual([]);
    },
  );

  it.each([
    ['loa', 'member', 'member-id'],
    ['member', 'view', 'member-id'],
    ['shift', 'view', 'id'],
    ['log', 'view', 'id'],
    ['join-request', 'view', 'user-id'],
    ['role', 'view', 'role'],
  ])(
    '/%s %s %s: path tricks and 1000 characters are refused, never sent',
    async (name, subcommand, option) => {
      for (const value of ['../../server/members', '..', 'x'.repeat(1000), '%2e%2e%2f', 'a b']) {
        world.sandbox.resetLog();
        const answer = await ask(world, name, { subcommand, options: { [option]: value } });
        expectRefusal(answer, /^That is not a valid .+\.$/);
        // /role reads the role list to match names; the typed value itself is never part of a path
        for (const path of sentPaths()) expect(decodeURIComponent(path)).not.toContain(value);
        if (name !== 'role') expect(sentPaths()).toEqual([]);
      }
    },
  );

  it.each(['a.b', 'A-1_b:c', '  padded  '])(
    'a possible id %j is sent as one encoded path segment',
    async (value) => {
      world.sandbox.resetLog();
      const answer = await ask(world, 'loa', { subcommand: 'view', options: { id: value } });
      expectRefusal(answer, 'No LOA with that id was found on this community server.');
      expect(sentPaths()).toEqual([`/api/v1/server/loas/${encodeURIComponent(value.trim())}`]);
    },
  );

  const usernames = [
    'slash/name',
    'q?a#b&c=d',
    '100%_legit',
    'Ünïcødé_Ñame',
    'Sir Space',
    '../../members',
    '../',
    'a/../../b',
    '..\\..\\windows',
    '%2e%2e%2f',
    '%00',
    '%',
    '?',
    '#',
    '@everyone',
    '<@123456789012345678>',
    '名前 ユーザー',
    'é'.repeat(60),
  ];
  it.each(usernames.map((v) => [JSON.stringify(v).slice(0, 30), v]))(
    'username %s reaches the API as one encoded segment, and the answer is shown',
    async (_label, value) => {
      world.sandbox.resetLog();
      const answer = await ask(world, 'log', { subcommand: 'user', options: { username: value } });
      const embed = embedOf(answer.message);
      expect(embed.title).toBeDefined();
      const paths = sentPaths();
      expect(paths).toHaveLength(1);
      const prefix = '/api/v1/server/logs/user/';
      expect(paths[0]?.startsWith(prefix)).toBe(true);
      const segment = paths[0]!.slice(prefix.length);
      expect(segment).not.toContain('/');
      expect(decodeURIComponent(segment)).toBe(value);
      const known = world.sandbox.dataset.logsByUsername.get(value)?.length ?? 0;
      expect(embed.footer?.text).toContain(`${known} log`);
    },
  );

  it('a long username whose controls do not fit in a custom_id still pages (stored key)', async () => {
    const value = 'é'.repeat(60);
    const first = await ask(world, 'log', { subcommand: 'user', options: { username: value } });
    const refresh = control(first.message, '🔄');
    expect(refresh).toMatch(/^rc1:r:log\.user:\d+:1:~[A-Za-z0-9_-]+$/);
    expect(refresh.length).toBeLessThanOrEqual(100);
    world.sandbox.resetLog();
    const again = await (await world.double.click(world.mod, first.message!, refresh)).response();
    expect(again.kind).toBe('update');
    expect(decodeURIComponent(sentPaths()[0] ?? '')).toBe(`/api/v1/server/logs/user/${value}`);
  });

  it('…and with the cache switched off (CACHE_MAX_ENTRIES=0) too', async () => {
    const uncached = await startReliableWorld({ env: { CACHE_MAX_ENTRIES: '0' } });
    try {
      const value = 'é'.repeat(60);
      const first = await ask(uncached, 'log', { subcommand: 'user', options: { username: value } });
      const refresh = control(first.message, '🔄');
      expect(refresh).toMatch(/:~[A-Za-z0-9_-]+$/);
      const again = await (await uncached.double.click(uncached.mod, first.message!, refresh)).response();
      expect(again.kind).toBe('update');
      expect(embedOf(again.message).title).toContain(value);
    } finally {
      await uncached.close();
    }
  });

  it.each([
    '..',
    '.',
    '   ',
    'x'.repeat(65),
    'x'.repeat(1000),
    'bad\nname',
    'zero\u200Bwidth',
    'bidi\u202Ename',
  ])('an impossible username %j is refused before any API call', async (value) => {
    world.sandbox.resetLog();
    const answer = await ask(world, 'log', { subcommand: 'user', options: { username: value } });
    expectRefusal(
      answer,
      /^(That is not a valid game username: use up to 64 visible characters\.|Give the game username\.)$/,
    );
    expect(sentPaths()).toEqual([]);
  });

  it.each(['../../', '%', '\u202E', 'x'.repeat(1000), '<@&1>'])(
    'autocomplete typed %j: plain choices, nothing sent unencoded',
    async (typed) => {
      world.sandbox.resetLog();
      const answer = await (
        await world.double.autocomplete(world.mod, 'role', 'view', 'role', typed)
      ).response();
      expect(answer.kind).toBe('autocomplete');
      expect(Array.isArray(answer.choices)).toBe(true);
      for (const path of sentPaths()) expect(path).toMatch(/^\/api\/v1\/server\/roles$/);
    },
  );
});

describe('custom_ids', () => {
  /** A fresh /loa list answer (public, so another user can click it) and its ▶ custom_id. */
  async function listAnswer() {
    const answer = await ask(world, 'loa', { subcommand: 'list', options: { public: true } });
    return { answer, next: control(answer.message, '▶'), messageId: answer.message!.id };
  }

  const cases: Array<[string, (next: string, owner: string) => string, string]> = [
    ['truncated', (next) => next.slice(0, 12), MESSAGES.expired],
    ['truncated mid-owner', (next) => next.slice(0, 20), MESSAGES.expired],
    ['from an old version', (next) => next.replace(/^rc1:/, 'rc0:'), MESSAGES.oldVersion],
    ['from a future version', (next) => next.replace(/^rc1:/, 'rc9:'), MESSAGES.oldVersion],
    ['from another bot', () => 'loa:p:2', MESSAGES.expired],
    ['a single space', () => ' ', MESSAGES.expired],
    ['oversized (300 characters)', (next) => `${next}${'x'.repeat(300)}`, MESSAGES.expired],
    ['with an unknown action', (next) => next.replace(/^rc1:n:/, 'rc1:z:'), MESSAGES.expired],
    ['with an unknown view', (next) => next.replace(':loa.all:', ':nope:'), MESSAGES.expired],
    [
      'with a page past the largest a control carries',
      (next) => next.replace(/:2:$/, ':999999999999999:'),
      MESSAGES.expired,
    ],
    ['with a page written with a leading zero', (next) => next.replace(/:2:$/, ':02:'), MESSAGES.expired],
    ['with a negative page', (next) => next.replace(/:2:$/, ':-1:'), MESSAGES.expired],
    ['with broken percent-encoding', (next) => `${next}%E0%A4%A`, MESSAGES.expired],
    ['with a stored key that does not exist', (next) => `${next}~AAAAAAAAAAAAAAAA`, MESSAGES.expired],
    ['with a malformed stored key', (next) => `${next}~!!`, MESSAGES.expired],
    ['with an "open" action on a button', (next) => next.replace(/^rc1:n:/, 'rc1:o:'), MESSAGES.expired],
    ['with a "page typed" action on a button', (next) => next.replace(/^rc1:n:/, 'rc1:m:'), MESSAGES.expired],
    [
      'naming someone else as owner',
      (next) => next.replace(/:\d{17,20}:/, ':123456789012345678:'),
      MESSAGES.notYours,
    ],
    ['with a non-numeric owner', (next) => next.replace(/:\d{17,20}:/, ':admin:'), MESSAGES.expired],
  ];
  it.each(cases)(
    '%s: refused privately with one sentence, nothing fetched, message unchanged',
    async (_what, forge, sentence) => {
      const { answer, next } = await listAnswer();
      const messageId = answer.message!.id;
      const forged = forge(next, world.mod.id);
      tamperCustomId(world.double, messageId, next, forged);
      const before = JSON.stringify(world.double.message(messageId)?.embeds);
      world.sandbox.resetLog();
      const result = await (await world.double.click(world.mod, messageId, forged)).response();
      expectRefusal(result, sentence);
      expect(result.kind).toBe('reply');
      expect(sentPaths()).toEqual([]);
      expect(JSON.stringify(world.double.message(messageId)?.embeds)).toBe(before);
    },
  );

  it('a detail view with a traversal argument reaches the API as one encoded segment', async () => {
    const { answer, next } = await listAnswer();
    const forged = `rc1:b:loa:${world.mod.id}:1:..%2F..%2Fmembers`;
    tamperCustomId(world.double, answer.message!.id, next, forged);
    world.sandbox.resetLog();
    const result = await (await world.double.click(world.mod, answer.message!.id, forged)).response();
    expect(result.message?.content).toBe('No LOA with that id was found on this community server.');
    expect(sentPaths()).toEqual(['/api/v1/server/loas/..%2F..%2Fmembers']);
  });

  it('a detail view with a dot-segment argument is refused before any call', async () => {
    const { answer, next } = await listAnswer();
    const forged = `rc1:b:loa:${world.mod.id}:1:..`;
    tamperCustomId(world.double, answer.message!.id, next, forged);
    world.sandbox.resetLog();
    const result = await (await world.double.click(world.mod, answer.message!.id, forged)).response();
    expect(result.ephemeral).toBe(true);
    expect(result.message?.content).toBe(MESSAGES.badRequest);
    expect(sentPaths()).toEqual([]);
  });

  it('an "Open…" value the bot never offered is sent encoded and answered', async () => {
    const { answer } = await listAnswer();
    const open = control(answer.message, 'Open…');
    injectSelectOption(world.double, answer.message!.id, open, '../../members/x');
    world.sandbox.resetLog();
    const result = await (
      await world.double.select(world.mod, answer.message!.id, open, ['../../members/x'])
    ).response();
    expect(result.message?.content).toBe('No LOA with that id was found on this community server.');
    expect(sentPaths()).toEqual(['/api/v1/server/loas/..%2F..%2Fmembers%2Fx']);
  });

  it("someone else's controls: refused privately, the owner's message unchanged", async () => {
    const { answer } = await listAnswer();
    world.sandbox.resetLog();
    const result = await (
      await world.double.click(other, answer.message!.id, control(answer.message, '▶'))
    ).response();
    expectRefusal(result, MESSAGES.notYours);
    expect(sentPaths()).toEqual([]);
    expect(embedOf(world.double.message(answer.message!.id)).footer?.text).toMatch(/^Page 1 of/);
  });

  it("someone else's controls re-labelled with the clicker as owner: still refused", async () => {
    const { answer } = await listAnswer();
    const next = control(answer.message, '▶');
    const forged = next.replace(world.mod.id, other.id);
    tamperCustomId(world.double, answer.message!.id, next, forged);
    world.sandbox.resetLog();
    const result = await (await world.double.click(other, answer.message!.id, forged)).response();
    expectRefusal(result, MESSAGES.notYours);
    expect(sentPaths()).toEqual([]);
    expect(embedOf(world.double.message(answer.message!.id)).footer?.text).toMatch(/^Page 1 of/);
  });

  it('a typed page that is not a number, or out of range, is refused with the range', async () => {
    const { answer } = await listAnswer();
    const modal = await (
      await world.double.click(world.mod, answer.message!.id, control(answer.message, '1 /'))
    ).response();
    const id = String(modal.modal?.custom_id);
    const pages = Math.ceil(world.sandbox.dataset.loas.length / 10);
    for (const typed of [
      'seven',
      '-1',
      '0',
      '1e3',
      '٣',
      '３',
      ' ',
      '1.5',
      '0x10',
      '99999999',
      String(pages + 1),
    ]) {
      const bad = await (await world.double.submitModal(world.mod, id, { page: typed })).response();
      expect(bad.ephemeral).toBe(true);
      expect(bad.message?.content, typed).toBe(`Enter a page number from 1 to ${pages}.`);
    }
    const last = await (await world.double.submitModal(world.mod, id, { page: String(pages) })).response();
    expect(embedOf(last.message).footer?.text).toMatch(new RegExp(`^Page ${pages} of ${pages}`));
  });

  it('a modal submitted with a forged custom_id is refused', async () => {
    for (const [forged, sentence] of [
      ['rc1:m:loa.all:123456789012345678:1:', MESSAGES.notYours],
      ['rc0:m:loa.all:1:1:', MESSAGES.oldVersion],
      ['garbage', MESSAGES.expired],
    ] as const) {
      const result = await (
        await world.double.submitModal(world.mod, forged, { page: '2' }, { unsolicited: true })
      ).response();
      expectRefusal(result, sentence);
    }
  });
});

describe('where Rollcall is used', () => {
  it('in a DM: a clear refusal, nothing fetched (commands and autocomplete)', async () => {
    world.sandbox.resetLog();
    for (const [name, input] of [
      ['loa', { subcommand: 'list' }],
      ['member', { subcommand: 'view', options: { 'member-id': world.sandbox.dataset.members[0]!.id } }],
      ['rollcall', { subcommand: 'status' }],
    ] as const) {
      const answer = await ask(world, name, { ...input, dm: true, bypassPermissions: true });
      expectRefusal(answer, MESSAGES.dmOnly);
    }
    const choices = await (
      await world.double.autocomplete(world.mod, 'role', 'view', 'role', 'a', {
        dm: true,
        bypassPermissions: true,
      })
    ).response();
    expect(choices.choices).toEqual([]);
    expect(sentPaths()).toEqual([]);
  });

  it('in a server Rollcall is not set up for: a clear refusal, nothing fetched', async () => {
    world.sandbox.resetLog();
    for (const [name, input] of [
      ['loa', { subcommand: 'list' }],
      ['log', { subcommand: 'user', options: { username: 'someone' } }],
    ] as const) {
      const answer = await ask(world, name, { ...input, guildId: OTHER_GUILD });
      expectRefusal(answer, MESSAGES.wrongGuild);
    }
    expect(sentPaths()).toEqual([]);
  });

  it('a command this version does not know: a clear refusal', async () => {
    const answer = await ask(world, 'frobnicate', { options: { x: 'y' } });
    expectRefusal(answer, MESSAGES.unknownCommand);
  });
});

describe('no input made the bot fail', () => {
  it('logged no handler failure (error level) for any hostile input', () => {
    expect(logRecords(world, 50)).toEqual([]);
  });
});

auditEverything();
