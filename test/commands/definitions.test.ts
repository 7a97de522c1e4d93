/** Every command definition against Discord's rules for application commands; views and their links. */
import { ApplicationCommandOptionType, type ChatInputCommandInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { adminData, createAdmin, type Links, type ReportSettingsPlace } from '../../commands/admin/index.js';
import { auditLog } from '../../commands/audit-log.js';
import { commands } from '../../commands/index.js';
import { loa } from '../../commands/loa.js';
import { log, logDetailView, logUserView } from '../../commands/log.js';
import { shift, shiftDetailView, shiftListView } from '../../commands/shift.js';
import type { Resources } from '../../src/api/types.js';
import { createLogger } from '../../src/base/log.js';
import type { Command, ServerCommand } from '../../src/discord/command.js';
import {
  argumentsOf,
  defineCommand,
  PUBLIC_OPTION,
  publicOption,
  userOrIdOptions,
} from '../../src/discord/command.js';
import { ViewRegistry } from '../../src/discord/paging/views.js';
import { Router } from '../../src/discord/router.js';
import { fakeCommunity } from './roster-fakes.js';

const NAME = /^[-_a-z0-9]{1,32}$/;
// The view part of a custom_id (src/discord/paging/custom-id.ts).
const VIEW_ID = /^[a-z][a-z0-9.-]{0,23}$/;

interface Option {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  options?: Option[];
  choices?: Array<{ name: string; value: unknown }>;
}

const mine: Command[] = [log, shift, auditLog];

/** Characters Discord counts towards the 4000 limit of one command: names, descriptions, choice values. */
function commandChars(options: Option[]): number {
  return options.reduce(
    (n, o) =>
      n +
      o.name.length +
      o.description.length +
      (o.choices ?? []).reduce((c, ch) => c + ch.name.length + String(ch.value).length, 0) +
      commandChars(o.options ?? []),
    0,
  );
}

describe.each(commands.map((c) => [c.data.name, c] as const))('/%s definition', (_name, command) => {
  const data = command.data;
  const subcommands = (data.options ?? []) as Option[];

  it('has a valid name and description', () => {
    expect(data.name).toMatch(NAME);
    expect(data.description.length).toBeGreaterThan(0);
    expect(data.description.length).toBeLessThanOrEqual(100);
  });

  it('is made of at most 25 subcommands, each with valid, lowercase, at most 25 options', () => {
    // A command is its subcommands, but /me (the caller's own record: nothing to choose).
    if (!('own' in command && command.own)) expect(subcommands.length).toBeGreaterThan(0);
    expect(subcommands.length).toBeLessThanOrEqual(25);
    for (const sub of subcommands) {
      expect(sub.type).toBe(ApplicationCommandOptionType.Subcommand);
      expect(sub.name).toMatch(NAME);
      expect(sub.description.length).toBeGreaterThan(0);
      expect(sub.description.length).toBeLessThanOrEqual(100);
      const options = sub.options ?? [];
      expect(options.length).toBeLessThanOrEqual(25);
      expect(new Set(options.map((o) => o.name)).size).toBe(options.length);
      for (const o of options) {
        expect(o.name, `${sub.name}.${o.name}`).toMatch(NAME);
        expect(o.description.length).toBeGreaterThan(0);
        expect(o.description.length, `${sub.name}.${o.name}`).toBeLessThanOrEqual(100);
      }
    }
    expect(
      commandChars([{ type: 1, name: data.name, description: data.description }, ...subcommands]),
    ).toBeLessThanOrEqual(4000);
  });

  it('puts required options before optional ones, and has the shared public option last', () => {
    for (const sub of subcommands) {
      const options = sub.options ?? [];
      const firstOptional = options.findIndex((o) => !o.required);
      if (firstOptional !== -1) expect(options.slice(firstOptional).every((o) => !o.required)).toBe(true);
      expect(options.at(-1)?.name, sub.name).toBe(PUBLIC_OPTION);
      expect(options.at(-1)?.type).toBe(ApplicationCommandOptionType.Boolean);
    }
  });

  it('limits free-text ids and usernames to 64 characters, names picked by autocomplete to 100', () => {
    for (const sub of subcommands) {
      for (const o of (sub.options ?? []).filter((x) => x.type === ApplicationCommandOptionType.String)) {
        const { max_length, autocomplete } = o as Option & { max_length?: number; autocomplete?: boolean };
        expect(max_length, `${sub.name}.${o.name}`).toBe(autocomplete ? 100 : 64);
      }
    }
  });
});

describe('views', () => {
  const all = [loa, ...mine];
  const registry = new ViewRegistry();
  registry.register(...all.flatMap((c) => c.views));

  it('are registered once each, with ids a custom_id can carry', () => {
    const ids = all.flatMap((c) => c.views.map((v) => v.id));
    expect(ids).toEqual(
      expect.arrayContaining(['log.user', 'log', 'shift.all', 'shift', 'audit-log.all', 'audit-log']),
    );
    for (const id of ids) expect(id).toMatch(VIEW_ID);
    expect(() => registry.register(logDetailView)).toThrow(/registered twice/);
  });

  it('link only to views that exist, of the right kind: checked at registration', () => {
    const every = new ViewRegistry();
    for (const command of commands) every.register(...command.views);
    expect(() => every.check()).not.toThrow();

    const opensNothing = new ViewRegistry();
    opensNothing.register({ ...shiftListView, open: { ...shiftListView.open!, detailView: 'shift.gone' } });
    expect(() => opensNothing.check()).toThrow(/shift.all opens shift.gone/);

    const opensAList = new ViewRegistry();
    opensAList.register(
      { ...shiftListView, open: { ...shiftListView.open!, detailView: 'log.user' } },
      logUserView,
    );
    expect(() => opensAList.check()).toThrow(/shift.all opens log.user/);

    const shortcutToNothing = new ViewRegistry();
    shortcutToNothing.register(shiftDetailView);
    expect(() => shortcutToNothing.check()).toThrow(/shift links to loa.member/);

    const shortcutToArgless = new ViewRegistry();
    shortcutToArgless.register(
      { ...shiftDetailView, shortcuts: [{ label: 'x', view: 'shift.all', arg: () => 'a' }] },
      shiftListView,
    );
    expect(() => shortcutToArgless.check()).toThrow(/shift links to shift.all/);
  });

  it('with a broken link, the router refuses to start', () => {
    const broken = new ViewRegistry();
    broken.register(shiftDetailView);
    const options = {
      commands: [shift],
      community: async () => fakeCommunity({} as Resources),
      logger: createLogger({ level: 'silent', format: 'json' }),
    };
    expect(() => new Router({ ...options, views: broken })).toThrow(/broken view links/);
    const whole = new ViewRegistry();
    whole.register(...shift.views, ...loa.views, ...commands.find((c) => c.data.name === 'member')!.views);
    expect(() => new Router({ ...options, views: whole })).not.toThrow();
  });
});

describe('/rollcall-admin on the router', () => {
  const options = {
    views: new ViewRegistry(),
    community: async () => fakeCommunity({} as Resources),
    logger: createLogger({ level: 'silent', format: 'json' }),
  };
  const admin = createAdmin({} as Links, {} as ReportSettingsPlace);

  it('is its subcommands, each a command that needs no community and requires Manage Server', () => {
    const registered = adminData.options.map((o) => o.name);
    expect(admin.commands.map((c) => c.data.options?.map((o) => o.name))).toEqual(registered.map((n) => [n]));
    for (const command of admin.commands) {
      expect(command.data.name).toBe(adminData.name);
      expect([command.scope, command.requires]).toEqual(['server', 'manage-server']);
    }
    expect([admin.controls.scope, admin.controls.requires]).toEqual(['server', 'manage-server']);
    expect(() => new Router({ ...options, commands: [shift, ...admin.commands] })).not.toThrow();
  });

  it('parses exactly the custom_ids old messages carry', () => {
    expect(admin.controls.parse('rca:replace')?.on).toBe('button');
    expect(admin.controls.parse('rca:unlink')?.on).toBe('button');
    expect(admin.controls.parse('rca:setup')?.on).toBe('modal');
    for (const id of ['rca:', 'rca:token', 'rca:unlink:x', 'rc1:n:loa.all:1:1:-']) {
      expect(admin.controls.parse(id), id).toBeUndefined();
    }
    expect(admin.controls.prefix).toBe('rca:');
  });

  it('the router refuses to start when a command split into subcommand modules is ambiguous', () => {
    const [setup, settings] = admin.commands as [ServerCommand, ServerCommand];
    expect(() => new Router({ ...options, commands: [setup, setup] })).toThrow(
      /two commands answer \/rollcall-admin setup/,
    );
    const both = { ...setup, data: { ...setup.data, options: [...adminData.options] } };
    expect(() => new Router({ ...options, commands: [both, settings] })).toThrow(
      /rollcall-admin is defined more than once/,
    );
  });
});

describe('typed options', () => {
  const data = defineCommand({
    name: 'thing',
    description: 'Things',
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'list',
        description: 'All',
        options: [publicOption],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'view',
        description: 'One',
        options: [...userOrIdOptions('thing-id', 'The id'), publicOption],
      },
    ],
  });
  const interaction = {
    options: {
      getSubcommand: () => 'view',
      getString: (name: string) => (name === 'thing-id' ? 't-1' : null),
      getUser: () => null,
    },
  } as unknown as ChatInputCommandInteraction;

  it('read the values the definition names; a mistyped name fails the type check', () => {
    const args = argumentsOf(interaction, data);
    expect(args.subcommand()).toBe('view');
    expect(args.string('thing-id')).toBe('t-1');
    expect(args.user('user')).toBeNull();
    // @ts-expect-error: no option of that name
    expect(args.string('thing_id')).toBeNull();
    // @ts-expect-error: 'user' is a user option, not a string one
    args.string('user');
    // @ts-expect-error: no subcommand of that name
    expect(args.subcommand() === 'lst').toBe(false);
  });
});
