/** A player's record from their logs ("Check player"): counts, labels first, a ban in effect. */
import { describe, expect, it } from 'vitest';
import type { Log } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { renderPlayer, typeCounts } from '../../src/render/player.js';
import { assertEmbedWithinLimits, assertNoPings } from './limits.js';

const T = 1_800_000_000;
const log = (id: string, type: number, extra: Partial<Log> = {}) =>
  ({
    id,
    username: 'Bob_1',
    type,
    createdAt: T - Number(id.slice(1)) * 60,
    hidden: false,
    expired: false,
    tempBan: false,
    ...extra,
  }) as Log;
const source = (labels = {}) => ({ fetchedAt: T * 1000, fromCache: false, stale: false, labels });

describe('renderPlayer', () => {
  const logs = [
    log('l1', 2),
    log('l2', 2, { hidden: true }),
    log('l3', 7, { tempBan: true, unbanAt: T + 3600 }),
    log('l4', 2, { expired: true }),
    log('l5', 9),
    log('l6', 9),
    log('l7', 9),
  ];

  it('counts by type with the types the admins named first, then by count', () => {
    expect(typeCounts(logs, { ...source({ logTypes: { 7: 'Ban' } }), t: ENGLISH }, ENGLISH)).toEqual([
      '7 (Ban): 1',
      '2: 3',
      '9: 3',
    ]);
    expect(typeCounts(logs, { ...source(), t: ENGLISH }, ENGLISH)).toEqual(['2: 3', '9: 3', '7: 1']);
  });

  it('shows the total, a ban still in effect, hidden and expired counts and the five newest', () => {
    const embed = renderPlayer({ username: 'Bob_1', logs, total: 250 }, { ...source(), t: ENGLISH });
    assertEmbedWithinLimits(embed);
    assertNoPings(embed);
    const f = Object.fromEntries((embed.fields ?? []).map((x) => [x.name, x.value]));
    expect(embed.title).toBe('⛔ Player Bob\\_1');
    expect(f.Entries).toBe('250 (counts of the 7 read, order unknown)');
    expect(embed.footer?.text).toContain('The newest 5 of the 7 read shown');
    expect(f['Temporary ban']).toMatch(/^In effect until <t:1800003600:f>/);
    expect(f.Hidden).toBe('1');
    expect(f.Expired).toBe('1');
    expect(embed.description?.split('\n')).toHaveLength(5);
    expect(embed.description?.split('\n')[0]).toContain('`l1`');
  });

  it('a ban whose unban time has passed is not in effect', () => {
    const passed = [log('l1', 7, { tempBan: true, unbanAt: T - 60 })];
    const embed = renderPlayer({ username: 'Bob_1', logs: passed, total: 1 }, { ...source(), t: ENGLISH });
    expect(embed.title).toBe('Player Bob\\_1');
    expect(embed.fields?.find((x) => x.name === 'Temporary ban')?.value).toBe('None in effect');
  });

  const ban = (record: Parameters<typeof renderPlayer>[0]) =>
    renderPlayer(record, { ...source(), t: ENGLISH }).fields?.find((x) => x.name === 'Temporary ban')?.value;

  it('an entry marked expired holds no ban, whatever its unban time', () => {
    const lifted = [log('l1', 7, { tempBan: true, unbanAt: T + 3600, expired: true })];
    const embed = renderPlayer({ username: 'Bob_1', logs: lifted, total: 1 }, { ...source(), t: ENGLISH });
    expect(embed.title).toBe('Player Bob\\_1');
    expect(ban({ username: 'Bob_1', logs: lifted, total: 1 })).toBe('None in effect');
  });

  it('"none in effect" only when every entry was read; otherwise what is known, and when the rest can be', () => {
    const read = [log('l1', 2), log('l2', 2)];
    expect(ban({ username: 'Bob_1', logs: read, total: 2 })).toBe('None in effect');
    expect(ban({ username: 'Bob_1', logs: read, total: 130 })).toBe(
      'Not known: none in effect among the 2 of 130 entries read',
    );
    expect(ban({ username: 'Bob_1', logs: read, total: 130, possibleAt: T + 86_400 })).toBe(
      `Not known: none in effect among the 2 of 130 entries read; the rest can be read <t:${T + 86_400}:f> (<t:${T + 86_400}:R>)`,
    );
  });

  it('a temporary ban without an unban time is never "none in effect"', () => {
    const open = [log('l1', 2), log('l2', 7, { tempBan: true })];
    expect(ban({ username: 'Bob_1', logs: open, total: 2 })).toBe(
      `A temporary ban of <t:${T - 120}:f> (<t:${T - 120}:R>) has no unban time: it may still be in effect`,
    );
  });

  it('the newest are by creation time whatever order the logs came in; every entry read: no qualifier', () => {
    const shuffled = [
      log('l9', 2),
      log('l3', 2),
      log('l7', 2),
      log('l1', 2),
      log('l8', 2),
      log('l2', 2),
      log('l6', 2),
    ];
    const embed = renderPlayer({ username: 'Bob_1', logs: shuffled, total: 7 }, { ...source(), t: ENGLISH });
    const ids = embed.description?.split('\n').map((row) => /`(l\d)`/.exec(row)?.[1]);
    expect(ids).toEqual(['l1', 'l2', 'l3', 'l6', 'l7']);
    expect(embed.fields?.find((x) => x.name === 'Entries')?.value).toBe('7');
    expect(embed.footer?.text).toContain('The newest 5 shown');
  });
});
