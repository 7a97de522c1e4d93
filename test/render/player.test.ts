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
    expect(typeCounts(logs, source({ logTypes: { 7: 'Ban' } }), ENGLISH)).toEqual([
      '7 (Ban): 1',
      '2: 3',
      '9: 3',
    ]);
    expect(typeCounts(logs, source(), ENGLISH)).toEqual(['2: 3', '9: 3', '7: 1']);
  });

  it('shows the total, a ban still in effect, hidden and expired counts and the five newest', () => {
    const embed = renderPlayer({ username: 'Bob_1', logs, total: 250 }, source());
    assertEmbedWithinLimits(embed);
    assertNoPings(embed);
    const f = Object.fromEntries((embed.fields ?? []).map((x) => [x.name, x.value]));
    expect(embed.title).toBe('⛔ Player Bob\\_1');
    expect(f.Entries).toBe('250 (counts of the newest 7)');
    expect(f['Temporary ban']).toMatch(/^In effect until <t:1800003600:f>/);
    expect(f.Hidden).toBe('1');
    expect(f.Expired).toBe('1');
    expect(embed.description?.split('\n')).toHaveLength(5);
    expect(embed.description?.split('\n')[0]).toContain('`l1`');
  });

  it('a ban whose unban time has passed is not in effect', () => {
    const passed = [log('l1', 7, { tempBan: true, unbanAt: T - 60 })];
    const embed = renderPlayer({ username: 'Bob_1', logs: passed, total: 1 }, source());
    expect(embed.title).toBe('Player Bob\\_1');
    expect(embed.fields?.find((x) => x.name === 'Temporary ban')?.value).toBe('None in effect');
  });
});
