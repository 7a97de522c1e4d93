/**
 * The catalogues against the English they translate: every key in every language, the same
 * placeholders, Discord's rules for what is registered, and the sentences recognised as written.
 */
import { describe, expect, it } from 'vitest';
import { commandBodies } from '../../src/deploy-commands.js';
import {
  ENGLISH_TEMPLATES,
  englishMessages,
  placeholdersOf,
  recognize,
  translate,
} from '../../src/discord/i18n.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { CATALOGUES, type Catalogue, catalogueFor } from '../../src/i18n/catalogue.js';
import { commandEntries, localizationProblems, localize } from '../../src/i18n/commands.js';
import { english as englishWords } from '../../src/i18n/en.js';

/** Every command as registered in hosted mode (the largest set). */
const bodies = commandBodies('ModerateMembers', true);
const englishCommands = new Map(commandEntries(bodies).map((e) => [e.key, e.english]));
const english = englishMessages();

/** What a translation must keep as it is: commands, settings and their values. */
const VERBATIM = /\/[a-z][a-z-]*(?: [a-z][a-z-]*)?|\b[A-Z][A-Z_]{3,}\b|<t:\{[a-z]+\}:[fR]>/g;

describe.each(CATALOGUES.map((c) => [c.locale, c] as const))('the %s catalogue', (_locale, catalogue) => {
  it('has every command text and nothing else', () => {
    expect(Object.keys(catalogue.commands).sort()).toEqual([...englishCommands.keys()].sort());
  });

  it('has every sentence and nothing else', () => {
    expect(Object.keys(catalogue.messages).sort()).toEqual(Object.keys(english).sort());
  });

  it('keeps every placeholder, command and setting name of the English', () => {
    for (const [key, text] of Object.entries(catalogue.messages)) {
      const source = english[key] ?? '';
      expect(placeholdersOf(text).sort(), key).toEqual(placeholdersOf(source).sort());
      expect(text.match(VERBATIM)?.sort() ?? [], key).toEqual(source.match(VERBATIM)?.sort() ?? []);
    }
  });

  it('differs from the English it translates (nothing left untranslated by mistake)', () => {
    const same = Object.entries(catalogue.messages).filter(([key, text]) => text === english[key]);
    expect(same).toEqual([]);
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
      words: englishWords,
      messages: {},
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
  /** Each template's sentence as MESSAGES writes it, with numbers that need a separator. */
  const written: Record<string, string> = {
    rateLimited: MESSAGES.rateLimited(7),
    allowanceMark: MESSAGES.allowanceMark(1500, 2000, 1_800_000_000),
    'allowanceMark.all': MESSAGES.allowanceMark(2000, 2000, 1_800_000_000),
    allowanceSpent: MESSAGES.allowanceSpent(1_800_000_000),
    reportPaced: MESSAGES.reportPaced(1_800_000_000),
    accessUnchecked: MESSAGES.accessUnchecked(MESSAGES.unavailable),
    accessChecksSpent: MESSAGES.accessChecksSpent(1_800_000_000),
    pageRange: MESSAGES.pageRange(12_000),
    'pageRange.one': MESSAGES.pageRange(1),
    queued: MESSAGES.queued(2, 40),
    setupSaving: MESSAGES.setupSaving(1_020, 5_000, 1_800_000_000),
    'setupSaving.spent': MESSAGES.setupSaving(0, 5_000, 1_800_000_000),
    tokenHeld: MESSAGES.tokenHeld(1_800_000_000),
    setupTooOften: MESSAGES.setupTooOften(3, 10),
    tooManyRoles: MESSAGES.tooManyRoles(10),
    labelBadLength: MESSAGES.labelBadLength(40),
    labelTooMany: MESSAGES.labelTooMany(50),
    notAChoice: MESSAGES.notAChoice('week-start', ['monday', 'sunday']),
    optionOutOfRange: MESSAGES.optionOutOfRange('quota-hours', 0, 1_680, false),
    'optionOutOfRange.whole': MESSAGES.optionOutOfRange('wave', 0, 100_000, true),
    badOptionValue: MESSAGES.badOptionValue('digest-hour'),
  };

  it('each template reads back the sentence MESSAGES writes', () => {
    expect(Object.keys(written).sort()).toEqual(Object.keys(ENGLISH_TEMPLATES).sort());
    for (const [key, sentence] of Object.entries(written)) expect(recognize(sentence)?.key, key).toBe(key);
  });

  it('puts the values back in the reader’s way, a quoted sentence translated too', () => {
    expect(translate(MESSAGES.pageRange(12_000), 'de')).toBe('Gib eine Seitenzahl von 1 bis 12.000 ein.');
    expect(translate(MESSAGES.queued(2, 40), 'fr')).toBe(
      "En attente du quota d'API : vous êtes 2e dans la file, environ 40 s.",
    );
    expect(translate(MESSAGES.optionOutOfRange('wave', 0, 100_000, true), 'de')).toBe(
      '`wave` erwartet eine ganze Zahl von 0 bis 100.000. Es wurde nichts getan.',
    );
    expect(translate(MESSAGES.allowanceSpent(1_800_000_000), 'pt-BR')).toContain(
      '<t:1800000000:f> (<t:1800000000:R>)',
    );
    expect(translate(MESSAGES.accessUnchecked(MESSAGES.unavailable), 'es-ES')).toBe(
      'Rollcall no puede comprobar tu acceso de equipo ahora mismo, así que se niega por seguridad. La API del servidor de la comunidad no responde ahora mismo; inténtalo de nuevo en un minuto.',
    );
  });

  it('picks the language from the locale; unknown locales and unknown sentences stay English', () => {
    expect(translate(MESSAGES.notAllowed, 'de')).toBe(
      'Nur das Team des Community-Servers kann Rollcall nutzen.',
    );
    expect(translate(MESSAGES.notAllowed, 'es-419')).toBe(translate(MESSAGES.notAllowed, 'es-ES'));
    for (const locale of ['ja', 'en-US', 'en-GB', '', null, undefined])
      expect(translate(MESSAGES.notAllowed, locale)).toBe(MESSAGES.notAllowed);
    expect(catalogueFor('pt-PT')?.locale).toBe('pt-BR');
    const quoting = MESSAGES.badTimeZone('Mars/Olympus');
    expect(translate(quoting, 'de')).toBe(quoting);
  });
});
