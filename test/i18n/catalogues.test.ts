/**
 * The catalogues against the English they translate: every key of every section in every
 * language (and nothing else), every sentence translated, commands, settings and Discord markup
 * kept as they are, typed text quoted as text, and Discord's rules for what is registered.
 */
import { ApplicationCommandType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { commandBodies } from '../../src/deploy-commands.js';
import { errorMessage, errorText, MESSAGES, say, UserError } from '../../src/discord/replies.js';
import { CATALOGUES, type Catalogue, catalogueFor } from '../../src/i18n/catalogue.js';
import { commandEntries, localize } from '../../src/i18n/commands.js';
import { ENGLISH_SECTIONS } from '../../src/i18n/en.js';
import { ENGLISH, type Words, wordsFor, wordsOf } from '../../src/i18n/words.js';

/** The parts of a command definition the Discord rules read. */
interface Node {
  type?: number;
  name: string;
  options?: readonly Node[];
  choices?: readonly { name: string; value: string | number }[];
}

const isMenu = (command: Node) =>
  command.type === ApplicationCommandType.User || command.type === ApplicationCommandType.Message;

/** Every key of `words` (nested keys joined by dots), sorted: what completeness is checked on. */
function keysOf(words: object, prefix = ''): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(words)) {
    if (prefix === '' && key === 'f') continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (value !== null && typeof value === 'object') keys.push(...keysOf(value, path));
    else keys.push(path);
  }
  return keys.sort();
}

/** Discord's pattern for slash command and option names (lower case too, where a case exists). */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** What Discord would refuse in a definition's localizations: one line per fault. */
function localizationProblems(commands: readonly Node[]): string[] {
  const problems: string[] = [];
  const check = (where: string, map: unknown, valid: (text: string) => boolean) => {
    for (const [locale, text] of Object.entries((map ?? {}) as Record<string, string>))
      if (!valid(text)) problems.push(`${where} [${locale}]: ${JSON.stringify(text)}`);
  };
  const visit = (node: Node & Record<string, unknown>, path: string, menu: boolean) => {
    check(`${path} name`, node.name_localizations, (t) =>
      menu ? t.length >= 1 && t.length <= 32 : NAME.test(t) && t === t.toLowerCase(),
    );
    check(`${path} description`, node.description_localizations, (t) => t.length >= 1 && t.length <= 100);
    for (const choice of node.choices ?? [])
      check(
        `${path} choice ${choice.value}`,
        (choice as Record<string, unknown>).name_localizations,
        (t) => t.length >= 1 && t.length <= 100,
      );
    for (const option of node.options ?? [])
      visit(option as Node & Record<string, unknown>, `${path} ${option.name}`, false);
  };
  for (const command of commands)
    visit(command as Node & Record<string, unknown>, command.name, isMenu(command));
  return problems;
}

/** Every command as registered in hosted mode (the largest set). */
const bodies = commandBodies('ModerateMembers', true);
const englishCommands = new Map(commandEntries(bodies).map((e) => [e.key, e.english]));

const AT = 1_800_000_000;
const LINKED_AT = new Date(AT * 1000);
/**
 * The values each sentence is said with here (one list per branch of the sentence). A sentence
 * not listed is said with numbers (1234, 1235…): list it here if it takes anything else.
 */
const SAMPLES: Record<string, unknown[][]> = {
  'sentences.nameMatchesSeveral': [
    ['Moderator', 'roles', ['Moderator (`1`)', 'Moderator (`2`)'], 0],
    ['Moderator', 'roles', ['Moderator (`1`)'], 3],
  ],
  'sentences.userOrId': [['member id']],
  'sentences.accessNoLinkedRole': [[['Staff']], [['Staff', 'Helper']]],
  'sentences.accessMisconfigured': [
    ['ACCESS_ROLE_IDS', '700000000000000001', true, 'ACCESS_DISCORD_ROLE_IDS'],
    ['ACCESS_ROLE_IDS', 'Moderator', false, 'ACCESS_DISCORD_ROLE_IDS'],
  ],
  'sentences.accessFirstChecksSpent': [[AT, 'ACCESS_DISCORD_ROLE_IDS']],
  'sentences.accessRoleIsDiscord': [
    [['Moderator'], 'discord-roles'],
    [['1', '2'], 'discord-roles'],
  ],
  'access.rolesRead': [['150', '<t:1700000000:f>']],
  'access.rolesUnread': [['The API is down.', '<t:1700000000:f>']],
  'access.ruleDiscordRoles': [['ACCESS_DISCORD_ROLE_IDS', '`1`']],
  'access.ruleRoles': [['ACCESS_ROLE_IDS']],
  'access.refusalLine': [['cause', 2, '<t:1700000000:f>']],
  'sentences.giveId': [['LOA id']],
  'sentences.badId': [['shift id', 100]],
  'sentences.allowanceMark': [
    [1_500, 2_000, AT],
    [2_000, 2_000, AT],
  ],
  'sentences.setupLinked': [
    ['c-1', 12],
    [undefined, 0],
    [undefined, 1],
  ],
  'sentences.linkState': [
    [{ fingerprint: 'ab12', communityId: 'c-1', linkedBy: '42', linkedAt: LINKED_AT, invalidAt: undefined }],
    [
      {
        fingerprint: 'ab12',
        communityId: undefined,
        linkedBy: '42',
        linkedAt: LINKED_AT,
        invalidAt: LINKED_AT,
      },
    ],
  ],
  'sentences.settingsState': [
    [{ visibility: 'private', accessRoles: [], requireMember: false, limits: undefined }],
    [
      {
        visibility: 'public',
        accessRoles: ['Staff'],
        requireMember: false,
        limits: '100/month',
        discordRoles: ['<@&7>'],
      },
    ],
    // ACCESS_REQUIRE_MEMBER, with no access role and with one.
    [{ visibility: 'private', accessRoles: [], requireMember: true, limits: undefined }],
    [{ visibility: 'private', accessRoles: ['Staff'], requireMember: true, limits: undefined }],
  ],
  'sentences.badLimits': [
    [{ kind: 'none' }],
    [{ kind: 'shape', place: 1, of: 1, quote: '100' }],
    [{ kind: 'shape', place: 2, of: 2 }],
    [{ kind: 'unit', place: 1, of: 2, quote: '30/1w' }],
    [{ kind: 'zero', place: 3, of: 3, quote: '0/1m' }],
    [{ kind: 'window', place: 2, of: 2, quote: '10/30d' }],
    [{ kind: 'twoMonths', place: 2, of: 2, quote: '50/month' }],
  ],
  'sentences.unknownRoles': [[['Staff', 'Other']]],
  'sentences.accessUnchecked': [['(reason)']],
  'sentences.accessRolesChecked': [
    [['Staff'], ['Helper']],
    [['Staff'], []],
  ],
  'sentences.notAChoice': [['week-start', ['monday', 'sunday']]],
  'sentences.optionOutOfRange': [
    ['quota-hours', 0, 1_680, false],
    ['wave', 0, 100_000, true],
  ],
  'sentences.badOptionValue': [['digest-hour']],
  'sentences.pageRange': [[1], [12_000]],
  'sentences.labelsState': [[[{ name: 'LOA status', labels: [['3', 'Approved']] }]], [[]]],
  'sentences.labelSaved': [['3', 'Approved']],
  'sentences.labelCleared': [['3']],
  'sentences.labelsTableCleared': [['LOA status']],
  'sentences.unknownDiscordRoles': [[['Staff']]],
  'sentences.botDiscordRoles': [[['Rollcall']], [['Rollcall', 'Carl-bot']]],
  'sentences.everyoneDiscordRole': [['@everyone']],
  'sentences.setupSaving': [
    [1_020, 5_000, AT],
    [0, 5_000, AT],
  ],
  'sentences.badTimeZone': [['Mars/Olympus']],
  'sentences.reportSettingsState': [
    [{ timeZone: 'UTC', weekStart: 'monday', quotas: ['Staff 10h'] }],
    [{ timeZone: 'UTC', weekStart: 'sunday', quotas: [] }],
  ],
  'sentences.digestNoChannel': [['99']],
  'sentences.digestMissing': [['99', ['Send Messages']]],
  'sentences.cannotPostIn': [
    ['99', ['Embed Links']],
    ['99', ['Embed Links', 'Attach Files']],
  ],
  'sentences.chartCannotPost': [['99', ['Attach Files']]],
  'reminders.missing': [['99', ['Send Messages']]],
  'reminders.refused': [
    ['99', ['Send Messages']],
    ['99', ['View Channel', 'Send Messages']],
  ],
  'reminders.noChannel': [['99']],
  'reminders.state': [[undefined], [{ channelId: '99', pings: true }], [{ channelId: '99', pings: false }]],
  'reminders.count': [[1], [3]],
  'reminders.reminder': [['<@42>', '<t:1780000000:f>']],
  'reminders.returningRow': [['<@42>', '<t:1780000000:f>']],
  'reminders.startingRow': [['<@42>', '<t:1780000000:f>', '<t:1780086400:f>']],
  'admin.digestDaily': [['09:00 UTC']],
  'admin.digestWeekly': [['Monday', '09:00 UTC']],
  'sentences.digestState': [
    [undefined],
    [{ channelId: '99', when: 'daily at 09:00', reports: ['totals'], problem: 'x' }],
  ],
  'sentences.queued': [
    [2, 40],
    [21, 600],
  ],
  'sentences.inactiveExportReading': [
    [3, 5, false],
    [1, undefined, true],
  ],
  'export.done': [
    [{ rows: 1, total: 1, files: 1, requests: 1, fetchedAtSeconds: AT, capped: undefined }],
    [{ rows: 10_000, total: 10_050, files: 3, requests: 99, fetchedAtSeconds: AT, capped: 10_000 }],
  ],
  'export.needs': [
    [1, 0, AT],
    [12, 7, AT],
  ],
  'export.fileName': [
    ['rollcall-shift-all', 1, 1],
    ['rollcall-shift-all', 2, 3],
  ],
};

/**
 * Words that may be the same as the English: `key` in every language, `locale:key` in one, and
 * `key#i` for one sample only (a sentence that is all data, a word the languages share).
 */
const SAME_ALLOWED = new Set<string>([
  'export.fileName',
  // "No" is Spanish too.
  'es-ES:common.no',
  // The labels themselves, as the admins named them: data.
  'sentences.labelsState#0',
  // "Digest" is German too; the schedule and report names are the caller's.
  'de:sentences.digestState#1',
  // "id" is an id in these languages too, and "roles" Spanish.
  'es-ES:sentences.idName',
  'fr:sentences.idName',
  'pt-BR:sentences.idName',
  'es-ES:sentences.rolesName',
  // "LOA" is German too.
  'de:reminders.count',
  // The same in every language: names (LOA, API, Redis), and texts made only of values.
  'loa.dateRange',
  'loa.detailTitle',
  'loa.optionKind',
  'loa.entryValue',
  'reports.periodSpan',
  'sentences.accessRolesChecked',
  'status.api',
  'status.backendRedis',
  // Words these languages spell as English does (Banner, Server, Id, Type, Version…).
  'es-ES:application.banner',
  'es-ES:application.id',
  'es-ES:loa.optionId',
  'es-ES:member.id',
  'es-ES:member.roles',
  'es-ES:records.no',
  'es-ES:role.id',
  'es-ES:role.title',
  'pt-BR:application.banner',
  'pt-BR:application.id',
  'pt-BR:loa.optionId',
  'pt-BR:member.id',
  'pt-BR:member.loas',
  'pt-BR:role.id',
  'pt-BR:status.cache',
  'de:application.banner',
  'de:application.server',
  'de:auditLog.server',
  'de:joinRequest.server',
  'de:log.server',
  'de:log.text',
  'de:member.loas',
  'de:records.server',
  'de:status.cache',
  'de:status.problem',
  'de:status.version',
  'fr:application.id',
  'fr:loa.optionId',
  'fr:application.questions',
  'fr:application.sections',
  'fr:auditLog.description',
  'fr:auditLog.openType',
  'fr:auditLog.type',
  'fr:auditLog.typeOf',
  'fr:log.description',
  'fr:log.openType',
  'fr:log.type',
  'fr:log.typeOf',
  'fr:member.id',
  'fr:member.quota',
  'fr:role.id',
  'fr:role.permissions',
  'fr:shift.type',
  'fr:reports.filterType',
  'fr:status.cache',
  'fr:status.version',
]);

const allowedSame = (locale: string, key: string, i: number) =>
  [key, `${locale}:${key}`, `${key}#${i}`, `${locale}:${key}#${i}`].some((k) => SAME_ALLOWED.has(k));

/** What a translation must keep as it is: commands, settings, code spans and Discord markup. */
const VERBATIM = /\/[a-z][a-z-]*(?: [a-z][a-z-]*)?|\b[A-Z][A-Z_]{3,}\b|`[^`]+`|<(?:t:\d+:[fR]|#\d+|@&?\d+)>/g;

/** The word or sentence at `key` of `words`, said with each of its samples. */
function saidAt(words: Words, key: string): string[] {
  const value = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], words);
  if (typeof value === 'string') return [value];
  const fn = value as (...args: unknown[]) => string;
  const samples = SAMPLES[key] ?? [Array.from({ length: fn.length }, (_, i) => 1_234 + i)];
  return samples.map((args) => fn(...args));
}

const verbatim = (text: string) => (text.match(VERBATIM) ?? []).sort();

describe.each(CATALOGUES.map((c) => [c.locale, c] as const))('the %s catalogue', (locale, catalogue) => {
  const words = wordsOf(catalogue);

  it('has every command text and nothing else', () => {
    expect(Object.keys(catalogue.commands).sort()).toEqual([...englishCommands.keys()].sort());
  });

  it('has every key of every section English has, and nothing else', () => {
    const english = new Set(keysOf(ENGLISH));
    const own = new Set(keysOf(words));
    expect({
      missing: [...english].filter((k) => !own.has(k)),
      extra: [...own].filter((k) => !english.has(k)),
    }).toEqual({ missing: [], extra: [] });
  });

  it('differs from the English it translates (nothing left untranslated by mistake)', () => {
    const same = keysOf(ENGLISH).flatMap((key) => {
      const english = saidAt(ENGLISH, key);
      return saidAt(words, key).flatMap((text, i) =>
        text === english[i] && !allowedSame(locale, key, i) ? [`${key}#${i}`] : [],
      );
    });
    expect(same).toEqual([]);
  });

  it('keeps every command, setting, code span and Discord markup of the English', () => {
    for (const key of keysOf(ENGLISH)) {
      const english = saidAt(ENGLISH, key);
      saidAt(words, key).forEach((text, i) => {
        expect(verbatim(text), `${key} #${i}`).toEqual(verbatim(english[i] ?? ''));
      });
    }
  });

  it('quotes typed text as text, as the English does', () => {
    const hostile = '<@&1> @everyone **x**';
    const sentences = words.sentences;
    for (const text of [
      sentences.nameMatchesSeveral(hostile, 'roles', ['A (`1`)', 'B (`2`)'], 0),
      sentences.badLimits({ kind: 'shape', place: 2, of: 2, quote: hostile }),
      sentences.unknownRoles([hostile]),
      sentences.unknownDiscordRoles([hostile]),
      sentences.botDiscordRoles([hostile]),
      sentences.everyoneDiscordRole(hostile),
      sentences.badTimeZone(hostile),
    ]) {
      expect(text).toContain('\\<@&1>');
      expect(text).not.toMatch(/(^|[^\\])<@&1>/);
      expect(text).not.toMatch(/@everyone/);
      expect(text).not.toMatch(/(^|[^\\])\*\*x/);
    }
  });

  it('names an export file with letters, digits and dashes only', () => {
    for (const parts of [1, 3]) {
      expect(words.export.fileName('rollcall-shift-all', 2, parts)).toMatch(
        /^rollcall-shift-all[A-Za-z0-9-]*\.csv$/,
      );
    }
  });
});

describe('registration', () => {
  it('every localized name and description passes Discord rules, in every language', () => {
    expect(localizationProblems(bodies)).toEqual([]);
    const loa = bodies.find((b) => b.name === 'loa');
    expect(loa?.description_localizations).toEqual({
      'es-ES': 'Ausencias (LOA) del servidor de la comunidad',
      'es-419': 'Ausencias (LOA) del servidor de la comunidad',
      'pt-BR': 'Ausências (LOAs) do servidor da comunidade',
      de: 'Abwesenheiten (LOAs) des Community-Servers',
      fr: 'Absences (LOA) du serveur communautaire',
    });
    // Slash command and option names stay English: they are typed and quoted.
    expect(JSON.stringify(bodies)).not.toContain('"name_localizations":{"de"');
    const shift = bodies.find((b) => b.name === 'shift') as unknown as
      | { options?: { name: string }[] }
      | undefined;
    const choice = shift?.options?.find((o) => o.name === 'totals') as unknown as {
      options: { name: string; choices?: unknown[] }[];
    };
    expect(choice.options.find((o) => o.name === 'period')?.choices?.[0]).toMatchObject({
      value: 'this-week',
      name_localizations: { de: 'Diese Woche', fr: 'Cette semaine' },
    });
  });

  it('refuses what Discord would: a long or capitalised name, a long description', () => {
    const wide: Catalogue = {
      locale: 'de',
      ordinal: (n) => n,
      units: { d: 'd', h: 'h', m: 'm', s: 's' },
      invalidDate: (raw) => raw,
      sections: ENGLISH_SECTIONS,
      commands: {
        'View member.name': 'Mitglied anzeigen (ein viel zu langer Name)',
        'Open LOA.name': 'LOA öffnen',
        'loa.description': 'x'.repeat(101),
      },
    };
    const menus = [
      { type: 2, name: 'View member' },
      { type: 3, name: 'Open LOA' },
      { type: 1, name: 'loa', description: 'Leaves', name_localizations: { fr: 'Absences' } },
    ];
    expect(localizationProblems(localize(menus, [wide]))).toEqual([
      'View member name [de]: "Mitglied anzeigen (ein viel zu langer Name)"',
      'loa name [fr]: "Absences"',
      `loa description [de]: "${'x'.repeat(101)}"`,
    ]);
    // A context-menu name may have capitals and spaces.
    expect(localize(menus, [wide])[1]).toMatchObject({ name_localizations: { de: 'LOA öffnen' } });
  });

  it('leaves the definitions it was given as they were', () => {
    const before = JSON.stringify(commandBodies('ModerateMembers'));
    localize(commandBodies('ModerateMembers'));
    expect(JSON.stringify(commandBodies('ModerateMembers'))).toBe(before);
  });
});

describe('sentences', () => {
  it("are said in the reader's way: numbers, places and plurals", () => {
    expect(wordsFor('de').sentences.pageRange(12_000)).toBe('Gib eine Seitenzahl von 1 bis 12.000 ein.');
    expect(wordsFor('fr').sentences.queued(2, 40)).toBe(
      "En attente du quota d'API : vous êtes 2e dans la file, environ 40 s.",
    );
    expect(wordsFor('de').sentences.optionOutOfRange('wave', 0, 100_000, true)).toBe(
      '`wave` erwartet eine ganze Zahl von 0 bis 100.000. Es wurde nichts getan.',
    );
    expect(wordsFor('pt-BR').sentences.allowanceSpent(AT)).toContain('<t:1800000000:f> (<t:1800000000:R>)');
    expect(wordsFor('de').export.done(SAMPLES['export.done']?.[1]?.[0] as never)).toMatch(
      /^10\.000 Zeilen in 3 CSV-Dateien exportiert; dafür waren 99 Anfragen/,
    );
    expect(wordsFor('de').export.done(SAMPLES['export.done']?.[0]?.[0] as never)).toMatch(
      /^1 Zeile in 1 CSV-Datei exportiert; dafür war 1 Anfrage/,
    );
  });

  it('picks the language from the locale; a locale with no catalogue reads English', () => {
    expect(wordsFor('de').sentences.accessNoDiscordRole).toBe(
      'Rollcall ist für Inhaber bestimmter Discord-Rollen auf diesem Server, und du hast keine davon: Ein Server-Admin kann dir eine geben.',
    );
    expect(wordsFor('es-419').sentences.accessNoDiscordRole).toBe(
      wordsFor('es-ES').sentences.accessNoDiscordRole,
    );
    for (const locale of ['ja', 'en-US', 'en-GB', '', null, undefined])
      expect(wordsFor(locale).sentences.accessNoDiscordRole).toBe(MESSAGES.accessNoDiscordRole);
    expect(catalogueFor('pt-PT')?.locale).toBe('pt-BR');
  });
});

describe('a refusal', () => {
  const german = wordsFor('de');

  it("carries its words: English as its message, the reader's language when said", () => {
    const error = new UserError(say.pageRange(12_000));
    expect(error.message).toBe('Enter a page number from 1 to 12,000.');
    expect(error.text(german)).toBe('Gib eine Seitenzahl von 1 bis 12.000 ein.');
    expect(errorText(error)(german)).toBe('Gib eine Seitenzahl von 1 bis 12.000 ein.');
    expect(new UserError(say.accessNoDiscordRole).text(german)).toBe(german.sentences.accessNoDiscordRole);
  });

  it('given as a plain string is data, said as it is in every language', () => {
    const error = new UserError('as typed');
    expect(error.message).toBe('as typed');
    expect(error.text(german)).toBe('as typed');
  });

  it('says a sentence it quotes in the same language', () => {
    const unchecked = say.accessUnchecked(errorText(new ApiError('http', 'unavailable', { status: 503 })));
    expect(unchecked(german)).toBe(german.sentences.accessUnchecked(german.sentences.unavailable));
    expect(unchecked(ENGLISH)).toBe(MESSAGES.accessUnchecked(MESSAGES.unavailable));
  });

  it("from the API is said in the reader's language too", () => {
    const busy = new ApiError('busy', 'busy', { retryAfterSeconds: 7 });
    expect(errorText(busy)(german)).toBe(german.sentences.rateLimited(7));
    expect(errorMessage(busy)).toBe(MESSAGES.rateLimited(7));
    expect(errorText(new Error('bug'))(german)).toBe(german.sentences.internal);
  });
});
