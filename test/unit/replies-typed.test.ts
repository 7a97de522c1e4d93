/**
 * Sentences that quote what a moderator or admin typed show it as text: a typed role mention,
 * @everyone or bold markers stay inert (escaped, so Discord renders them as typed and pings nobody).
 * Every MESSAGES function is listed here as quoting typed text or not, so a new one is classified.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';

const HOSTILE = ['<@&1>', '@everyone', '**x**'] as const;

/** Each sentence that quotes typed text, with the typed text put in. */
const QUOTING: Record<string, (typed: string) => string> = {
  nameMatchesSeveral: (typed) => MESSAGES.nameMatchesSeveral(typed, 'roles', ['A (`1`)', 'B (`2`)'], 0),
  badLimits: (typed) => MESSAGES.badLimits({ kind: 'shape', place: 1, of: 1, quote: typed }),
  unknownRoles: (typed) => MESSAGES.unknownRoles([typed, 'Other']),
  accessRoleIsDiscord: (typed) => MESSAGES.accessRoleIsDiscord([typed], 'discord-roles'),
  accessMisconfigured: (typed) =>
    MESSAGES.accessMisconfigured('ACCESS_ROLE_IDS', typed, true, 'ACCESS_DISCORD_ROLE_IDS'),
  unknownDiscordRoles: (typed) => MESSAGES.unknownDiscordRoles([typed]),
  botDiscordRoles: (typed) => MESSAGES.botDiscordRoles([typed, 'Other']),
  everyoneDiscordRole: (typed) => MESSAGES.everyoneDiscordRole(typed),
  badTimeZone: (typed) => MESSAGES.badTimeZone(typed),
};

/** Sentences taking strings that are not typed text (ids, names from the code, other sentences). */
const NOT_QUOTING = [
  'userOrId',
  'giveId',
  'badId',
  'badUsername',
  'rateLimited',
  'allowanceMark',
  'allowanceSpent',
  'reportPaced',
  'setupLinked',
  'linkState',
  'settingsState',
  'accessRolesChecked',
  'accessUnchecked',
  'accessChecksSpent',
  'accessFirstChecksSpent',
  'meSpent',
  'accessNotSpender',
  'accessNoLinks',
  'accessRolesUnread',
  'meRolesUnread',
  'accessNoLinkedRole',
  'accessHeld',
  'pageRange',
  'labelsState',
  'labelSaved',
  'labelCleared',
  'labelsTableCleared',
  'labelBadLength',
  'setupSaving',
  'tokenHeld',
  'setupTooOften',
  'tooManyRoles',
  'labelTooMany',
  'searchNeeds',
  'searchPartial',
  'reportSettingsState',
  'digestNoChannel',
  'digestMissing',
  'digestState',
  'queued',
  'notAChoice',
  'optionOutOfRange',
  'badOptionValue',
  'inactiveExportReading',
  'cannotPostIn',
  'chartCannotPost',
  'playerLogsNotSent',
];

describe('sentences quoting typed text', () => {
  it('classifies every MESSAGES function', () => {
    const functions = Object.entries(MESSAGES)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    expect(functions).toEqual([...Object.keys(QUOTING), ...NOT_QUOTING].sort());
  });

  for (const [name, sentence] of Object.entries(QUOTING)) {
    it(`${name} shows a typed mention, @everyone and markdown inert`, () => {
      for (const typed of HOSTILE) {
        const text = sentence(typed);
        // The typed text is there, escaped: `\<@&1>`, `@\u200Beveryone`, `\*\*x\*\*`.
        expect(text).not.toMatch(/(^|[^\\])<@&1>/);
        expect(text).not.toMatch(/@everyone/);
        expect(text).not.toMatch(/(^|[^\\])\*\*x/);
      }
      expect(sentence('<@&1>')).toContain('\\<@&1>');
      expect(sentence('@everyone')).toContain('@\u200Beveryone');
      expect(sentence('**x**')).toContain('\\*\\*x\\*\\*');
    });
  }

  it('leaves ordinary typed text as typed', () => {
    expect(MESSAGES.badTimeZone('Mars/Olympus')).toMatch(/^Mars\/Olympus is not a time zone/);
    expect(MESSAGES.unknownRoles(['No Such Role'])).toContain('called No Such Role;');
  });
});
