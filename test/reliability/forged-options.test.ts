/**
 * Option values Discord's own client never sends, sent anyway (a modified client, a hand-made
 * request): a choice that is none of its choices, a number outside its range, a value of another
 * type, a subcommand the command does not define. The real bot in hosted mode, through the Discord
 * double with the checks dropped from the registered definitions. Each is refused with one private
 * sentence before any handler runs: nothing is saved, nothing is read from the API, nothing is
 * logged as a failure.
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { WEEKDAYS } from '../../src/reports/period.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { World } from '../e2e/world.js';
import { startHostedWorld } from '../hosted/world.js';
import { ignoreDefinition, logRecords, unchecked } from './support.js';

const REMINDER_TEXT = ENGLISH.reminders;

/** The digest's language line of a server whose admins chose none (the double's servers are English). */
const SERVER_LANGUAGE = ENGLISH.digest.language(ENGLISH.digest.serverDefault('English'));

const GUILD = '1300000000000000031';
const TOKEN = 'forged-options-community-token-7a8b9c';

let world: World;
let admin: DoubleUser;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [{ guildId: GUILD, token: TOKEN, seed: 31, label: 'forged' }],
    keyByte: 9,
    env: { API_LIMITS: '1000/1s' },
  }));
  // A modified client: no choices, no ranges, and digest-hour sent as text.
  ignoreDefinition(world.double, 'rollcall-admin', ['choices', 'min_value', 'max_value'], {
    'digest-hour': ApplicationCommandOptionType.String,
  });
  for (const name of ['shift', 'loa'])
    ignoreDefinition(world.double, name, ['choices', 'min_value', 'max_value']);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function admin_(subcommand: string, options: Record<string, unknown> = {}) {
  const handle = await world.double.slash(admin, 'rollcall-admin', {
    subcommand,
    guildId: GUILD,
    options: options as never,
  });
  const answer = await handle.response();
  expect(answer.ephemeral).toBe(true);
  return answer.message?.content ?? '';
}

describe('/rollcall-admin with forged values', () => {
  it('a week-start that is none of its choices is refused, and the settings saved before read back unchanged', async () => {
    const before = await admin_('reports', { 'time-zone': 'Europe/London', 'week-start': 'sunday' });
    expect(before).toContain(MESSAGES.settingsSaved);
    expect(await admin_('reports', { 'week-start': '@everyone' })).toBe(
      MESSAGES.notAChoice('week-start', WEEKDAYS),
    );
    // With the time zone given alongside, still nothing is saved.
    expect(await admin_('reports', { 'time-zone': 'Asia/Tokyo', 'week-start': 'someday' })).toBe(
      MESSAGES.notAChoice('week-start', WEEKDAYS),
    );
    // A language Rollcall does not offer: one sentence naming the choices, nothing saved.
    expect(await admin_('reports', { language: 'xx' })).toBe(
      MESSAGES.notAChoice('language', [
        'server default',
        'English',
        'Deutsch',
        'Español',
        'Français',
        'Português (Brasil)',
      ]),
    );
    expect(await admin_('reports', { show: true })).toBe(
      `${MESSAGES.reportSettingsState({ timeZone: 'Europe/London', weekStart: 'sunday', quotas: [] })}\n${MESSAGES.digestState(undefined)}\n${SERVER_LANGUAGE}\n${REMINDER_TEXT.state(undefined)}\n${ENGLISH.admin.reviewAfter(undefined)}`,
    );
  });

  it('a visibility that is none of its choices is one sentence, not a logged stack; nothing saved', async () => {
    const lines = world.logLines.length;
    expect(await admin_('settings', { visibility: 'everyone' })).toBe(
      MESSAGES.notAChoice('visibility', ['private', 'public']),
    );
    expect(await admin_('settings', { show: true })).toContain('Answers: private by default');
    const logged = world.logLines.slice(lines).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(JSON.stringify(logged)).not.toContain('ZodError');
    // Refusals are told at info; nothing at warn or above.
    expect(logged.filter((r) => Number(r.level) >= 40)).toEqual([]);
  });

  it('a digest hour outside 0-23, or sent as text, is refused and no digest is saved', async () => {
    const channel = world.double.channel(undefined, GUILD);
    const digest = { digest: 'daily', 'digest-channel': channel.id };
    expect(await admin_('reports', { ...digest, 'digest-hour': '99' })).toBe(
      MESSAGES.badOptionValue('digest-hour'),
    );
    expect(await admin_('reports', { show: true })).toContain(MESSAGES.digestState(undefined));
  });

  it('a quota-hours above its maximum is refused', async () => {
    expect(await admin_('reports', { 'quota-role': 'x', 'quota-hours': 1000 })).toBe(
      MESSAGES.optionOutOfRange('quota-hours', 0, 168, false),
    );
  });
});

describe('moderator commands with forged values', () => {
  it.each([
    ['shift', 'totals', { period: 'forever' }, 'period'],
    ['loa', 'list', { status: 'all-of-them' }, 'status'],
  ] as const)(
    '/%s %s: a value that is none of the choices is refused before any API read',
    async (name, subcommand, options, option) => {
      world.sandbox.resetLog();
      const answer = await (
        await world.double.slash(world.mod, name, { subcommand, guildId: GUILD, options })
      ).response();
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.embeds ?? []).toEqual([]);
      expect(answer.message?.content).toMatch(
        new RegExp(
          `^That value is not one of the choices of \`${option}\`; pick one of \`.+\`\\. Nothing was done\\.$`,
        ),
      );
      expect(world.sandbox.requests).toEqual([]);
    },
  );

  it('a `public` flag that is not a boolean is refused privately, before any API read', async () => {
    world.sandbox.resetLog();
    const answer = await (
      await world.double.slash(world.mod, 'loa', {
        subcommand: 'list',
        guildId: GUILD,
        options: { public: 'yes' },
      })
    ).response();
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(MESSAGES.badOptionValue('public'));
    expect(world.sandbox.requests).toEqual([]);
  });

  it('a whole number that is not whole, or out of range, is refused with its range', async () => {
    for (const wave of [-1, 100_001, 2.5]) {
      const answer = await (
        await world.double.slash(world.mod, 'shift', {
          subcommand: 'totals',
          guildId: GUILD,
          options: { period: 'this-week', wave },
        })
      ).response();
      expect(answer.message?.content).toBe(MESSAGES.optionOutOfRange('wave', 0, 100_000, true));
    }
  });
});

describe('a subcommand the command does not define', () => {
  /**
   * Every slash command registered with subcommands (the admin command's too), with the first it
   * defines; `/me`, which has none, is sent a forged one below.
   */
  function everyCommand(): Array<[name: string, subcommand: string]> {
    const registered = [
      ...world.double.registeredCommands(GUILD),
      ...world.double.registeredCommands(null),
    ].filter((c) => c.type === ApplicationCommandType.ChatInput);
    return registered.flatMap((c): Array<[string, string]> => {
      const first = c.options?.find((o) => o.type === ApplicationCommandOptionType.Subcommand);
      if (!first && c.name === 'me') return [];
      if (!first) throw new Error(`/${c.name} has no subcommand`);
      return [[c.name, first.name]];
    });
  }

  it('/me, which has no subcommand, sent one: the unknown-command sentence, nothing read', async () => {
    world.sandbox.resetLog();
    const handle = await unchecked(world.double, () =>
      world.double.slash(world.mod, 'me', { subcommand: 'nope', guildId: GUILD }),
    );
    const answer = await handle.response();
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(MESSAGES.unknownCommand);
    expect(world.sandbox.requests).toEqual([]);
  });

  it.each([
    ['a subcommand it lacks', () => ({ subcommand: 'nope' })],
    ['no subcommand', () => ({})],
    ['its subcommand in a group it lacks', (subcommand: string) => ({ group: 'nope', subcommand })],
    ['a group named as its subcommand', (subcommand: string) => ({ group: subcommand, subcommand: 'nope' })],
  ] as const)('every command, sent %s: the unknown-command sentence, nothing read', async (_, input) => {
    const every = ['loa', 'log', 'audit-log', 'shift', 'role', 'member', 'application', 'join-request'];
    expect(everyCommand().map(([name]) => name)).toEqual(
      expect.arrayContaining([...every, 'quota', 'rollcall', 'rollcall-admin']),
    );
    for (const [name, subcommand] of everyCommand()) {
      world.sandbox.resetLog();
      const handle = await unchecked(world.double, () =>
        world.double.slash(world.mod, name, { ...input(subcommand), guildId: GUILD }),
      );
      const answer = await handle.response();
      expect(answer.ephemeral, `/${name}`).toBe(true);
      expect(answer.message?.content, `/${name}`).toBe(MESSAGES.unknownCommand);
      expect(world.sandbox.requests, `/${name}`).toEqual([]);
    }
  });

  it('autocomplete under a subcommand the command lacks offers nothing and reads nothing', async () => {
    world.sandbox.resetLog();
    const handle = await unchecked(world.double, () =>
      world.double.autocomplete(world.mod, 'role', 'nope', 'role', 'a', { guildId: GUILD }),
    );
    expect((await handle.response()).choices).toEqual([]);
    expect(world.sandbox.requests).toEqual([]);
  });
});

describe('no forged input made the bot fail', () => {
  it('logged no handler failure', () => {
    expect(logRecords(world, 50)).toEqual([]);
  });
});
