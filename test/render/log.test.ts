import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Log } from '../../generated/api.js';
import type { Source } from '../../src/api/pages.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { NONE } from '../../src/render/format.js';
import {
  logFlags,
  logRow,
  renderLog,
  renderLogList,
  tempBanState,
  tempBanText,
} from '../../src/render/log.js';
import {
  anyValue,
  idLike,
  maybe,
  nastyString,
  nastyTimestamp,
  openEntries,
  PROPS,
  pageInfoArb,
  record,
  snowflake,
  sourceArb,
} from './arbitraries.js';
import {
  assertEmbedWithinLimits,
  assertNoPings,
  assertShownFields,
  pingProblems,
  snowflakesIn,
} from './limits.js';

const BY_FIELDS = ['createdBy', 'completedBy', 'hiddenBy', 'expiredBy'] as const;

const logArb = record({
  id: maybe(idLike),
  serverId: maybe(idLike),
  username: maybe(nastyString),
  gameId: maybe(idLike),
  type: maybe(fc.oneof(fc.integer({ min: 0, max: 10 }), nastyTimestamp)),
  typeId: maybe(idLike),
  text: maybe(nastyString),
  description: maybe(nastyString),
  proof: openEntries,
  createdAt: maybe(nastyTimestamp),
  createdBy: maybe(fc.oneof(snowflake, idLike)),
  editedBy: openEntries,
  completedBy: maybe(fc.oneof(snowflake, idLike)),
  hidden: maybe(fc.boolean()),
  hiddenBy: maybe(fc.oneof(snowflake, idLike)),
  expired: maybe(fc.boolean()),
  expiredAt: maybe(nastyTimestamp),
  expiredBy: maybe(fc.oneof(snowflake, idLike)),
  tempBan: maybe(fc.boolean()),
  unbanAt: maybe(nastyTimestamp),
}).map((l) => l as unknown as Log);

const DETAIL_FIELDS = [
  'Game username',
  'Game id',
  'Type',
  'Type id',
  'Created',
  'Created by',
  'Completed by',
  'Hidden',
  'Hidden by',
  'Expired',
  'Expired at',
  'Expired by',
  'Temporary ban',
  'Proof',
  'Edited by',
];

const source = (fetchedAt: number): Source => ({ fetchedAt, fromCache: false, stale: false });
const NOW_S = 1_700_000_000;
const NOW = NOW_S * 1000;

describe('log renderers (properties)', () => {
  it('a list row is one bounded line that shows no mention', () => {
    fc.assert(
      fc.property(logArb, sourceArb, (log, src) => {
        const row = logRow(log, src.fetchedAt, undefined, ENGLISH);
        expect(typeof row).toBe('string');
        expect(row).not.toContain('\n');
        // Short enough that listEmbed never has to cut a row of a full page (4096 / 10 - 1).
        expect(Array.from(row).length).toBeLessThanOrEqual(400);
        expect(pingProblems('row', row, new Set())).toEqual([]);
      }),
      PROPS,
    );
  });

  it('a list page fits Discord and shows no mention', () => {
    fc.assert(
      fc.property(
        fc.array(logArb, { maxLength: 10 }),
        pageInfoArb,
        sourceArb,
        fc.option(nastyString, { nil: undefined }),
        (items, info, src, username) => {
          const embed = renderLogList(items, info, { ...src, t: ENGLISH }, username);
          assertEmbedWithinLimits(embed);
          assertNoPings(embed);
          expect(embed.description?.split('\n').length).toBe(Math.max(1, items.length));
        },
      ),
      PROPS,
    );
  });

  it('a detail fits Discord, shows every field with a value and shows only the mentions of *By ids', () => {
    fc.assert(
      fc.property(logArb, sourceArb, (log, src) => {
        const embed = renderLog(log, { ...src, t: ENGLISH });
        assertEmbedWithinLimits(embed);
        assertNoPings(embed, snowflakesIn(log, BY_FIELDS));
        assertShownFields(embed, DETAIL_FIELDS);
      }),
      PROPS,
    );
  });

  it('never throws on anything at all in any field', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...Object.keys(logArb)), anyValue), sourceArb, (raw, src) => {
        const log = raw as unknown as Log;
        assertEmbedWithinLimits(renderLog(log, { ...src, t: ENGLISH }));
        assertEmbedWithinLimits(
          renderLogList([log], { page: 1, totalPages: 1, total: 1 }, { ...src, t: ENGLISH }),
        );
      }),
      PROPS,
    );
  });
});

describe('temporary ban state', () => {
  it('is judged against the data time, not the clock', () => {
    const log = { tempBan: true, unbanAt: NOW_S + 60 } as Log;
    expect(tempBanState(log, NOW)).toBe('running');
    expect(tempBanState(log, NOW + 60_000)).toBe('passed');
    expect(tempBanState(log, NOW + 61_000)).toBe('passed');
    expect(tempBanState({ tempBan: true, unbanAt: 1 } as Log, 0)).toBe('running');
  });

  it('tells a missing unban time, a non-temporary ban and a missing flag apart', () => {
    expect(tempBanState({ tempBan: true } as Log, NOW)).toBe('no-end');
    expect(tempBanState({ tempBan: true, unbanAt: 0 } as Log, NOW)).toBe('no-end');
    expect(tempBanState({ tempBan: true, unbanAt: -5 } as Log, NOW)).toBe('no-end');
    expect(tempBanState({ tempBan: true, unbanAt: 1.5 } as Log, NOW)).toBe('no-end');
    expect(tempBanState({ tempBan: false, unbanAt: NOW_S } as Log, NOW)).toBe('none');
    expect(tempBanState({} as Log, NOW)).toBe('unknown');
    expect(tempBanState({ tempBan: 'yes' } as unknown as Log, NOW)).toBe('unknown');
  });

  it('is shown with the unban time as a Discord timestamp', () => {
    const running = tempBanText({ tempBan: true, unbanAt: NOW_S + 3600 } as Log, NOW, ENGLISH);
    expect(running).toContain(`<t:${NOW_S + 3600}:f>`);
    expect(running).toContain('Still in effect');
    const passed = tempBanText({ tempBan: true, unbanAt: NOW_S - 3600 } as Log, NOW, ENGLISH);
    expect(passed).toContain(`<t:${NOW_S - 3600}:R>`);
    expect(passed).toContain('Unban time has passed');
    expect(tempBanText({ tempBan: true } as Log, NOW, ENGLISH)).toBe('Temporary ban, unban time not set');
    expect(tempBanText({ tempBan: false } as Log, NOW, ENGLISH)).toBe('No');
    expect(tempBanText({} as Log, NOW, ENGLISH)).toBe(NONE);
  });

  it('an entry marked expired holds no ban in effect, whatever its unban time (docs/api-decisions.md)', () => {
    const lifted = { tempBan: true, unbanAt: NOW_S + 3600, expired: true } as Log;
    expect(tempBanState(lifted, NOW)).toBe('expired');
    expect(tempBanState({ tempBan: true, expired: true } as Log, NOW)).toBe('expired');
    expect(tempBanState({ tempBan: true, unbanAt: NOW_S + 3600, expired: false } as Log, NOW)).toBe(
      'running',
    );
    expect(tempBanState({ tempBan: false, expired: true } as Log, NOW)).toBe('none');
    expect(tempBanText(lifted, NOW, ENGLISH)).toBe(
      `Temporary ban until <t:${NOW_S + 3600}:f> (<t:${NOW_S + 3600}:R>)\nNot in effect: the entry is marked expired`,
    );
    expect(tempBanText({ tempBan: true, expired: true } as Log, NOW, ENGLISH)).toBe(
      'Temporary ban\nNot in effect: the entry is marked expired',
    );
    expect(logFlags(lifted, NOW)).toBe('⌛');
  });

  it('sets the list flags', () => {
    expect(logFlags({ hidden: true, expired: true } as Log, NOW)).toBe('🙈⌛');
    expect(logFlags({ tempBan: true, unbanAt: NOW_S + 1 } as Log, NOW)).toBe('⛔');
    expect(logFlags({ tempBan: true, unbanAt: NOW_S - 1 } as Log, NOW)).toBe('🔓');
    expect(logFlags({ hidden: false, expired: false, tempBan: false } as Log, NOW)).toBe('');
  });
});

describe('log detail', () => {
  const log: Log = {
    id: 'log_1',
    serverId: 'srv',
    username: 'Player_One',
    gameId: '123456',
    type: 3,
    typeId: 'ban-type',
    text: 'Exploiting @everyone',
    description: 'Used <@123456789012345678> as bait',
    proof: [{ type: 'image', url: 'https://cdn.example.com/p.png', addedAt: NOW_S - 10 }],
    createdAt: NOW_S - 100,
    createdBy: '223456789012345678',
    editedBy: [{ userId: '323456789012345678', editedAt: NOW_S - 50 }],
    completedBy: 'staff-7',
    hidden: true,
    hiddenBy: '423456789012345678',
    expired: false,
    expiredAt: 0,
    expiredBy: '',
    tempBan: true,
    unbanAt: NOW_S + 86_400,
  };

  it('shows every field a moderator uses', () => {
    const embed = renderLog(log, { ...source(NOW), t: ENGLISH });
    const value = (name: string) => embed.fields?.find((f) => f.name === name)?.value;
    expect(embed.title).toBe('🙈⛔ Log log\\_1 · type 3');
    expect(embed.description).toContain('Exploiting @\u200Beveryone');
    expect(embed.description).toContain('\\<@123456789012345678>');
    expect(value('Game username')).toBe('Player\\_One');
    expect(value('Created')).toBe(`<t:${NOW_S - 100}:f> (<t:${NOW_S - 100}:R>)`);
    expect(value('Created by')).toBe('<@223456789012345678>');
    expect(value('Completed by')).toBe('`staff-7`');
    expect(value('Hidden by')).toBe('<@423456789012345678>');
    expect(value('Expired')).toBe('No');
    expect(value('Expired at')).toBeUndefined();
    expect(value('Expired by')).toBeUndefined();
    expect(value('Temporary ban')).toContain('Still in effect');
    expect(value('Proof')).toContain('1 entry');
    expect(value('Proof')).toContain('https://cdn.example.com/p.png');
    expect(value('Edited by')).toContain('323456789012345678');
    expect(embed.footer?.text).toContain('Server srv');
  });

  it('renders huge markdown-heavy text within the limits', () => {
    const huge = '*_`\\<@'.repeat(40_000);
    const embed = renderLog(
      { ...log, text: huge, description: huge, username: huge },
      { ...source(NOW), t: ENGLISH },
    );
    assertEmbedWithinLimits(embed);
  });

  it('escapes the keys of open-shaped entries (proof, editedBy)', () => {
    const embed = renderLog(
      { ...log, proof: [{ '<@123456789012345678>': 'x', '@everyone': 'y', '**k**': 1 }] },
      { ...source(NOW), t: ENGLISH },
    );
    assertNoPings(embed, snowflakesIn(log, BY_FIELDS));
    expect(embed.fields?.find((f) => f.name === 'Proof')?.value).toContain('\\*\\*k\\*\\*: 1');
  });
});
