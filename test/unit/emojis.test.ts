/** The application emojis' files are within Discord's limits, and the marks choose them by name. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMOJI_NAMES, MARKS, mark, useApplicationEmojis } from '../../src/render/marks.js';

const folder = new URL('../../assets/emojis/', import.meta.url);

describe('assets/emojis', () => {
  it('holds one PNG per emoji name, 128 × 128, at most 256 KiB, each name Discord takes and prefixed', () => {
    expect(EMOJI_NAMES.length).toBeGreaterThanOrEqual(10);
    for (const name of EMOJI_NAMES) {
      expect(name).toMatch(/^rc_[a-z0-9_]{1,29}$/);
      const png = readFileSync(new URL(`${name}.png`, folder));
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
      expect(png.length).toBeLessThanOrEqual(256 * 1024);
      expect(readFileSync(new URL(`${name}.svg`, folder), 'utf8')).toMatch(/^<svg /);
    }
  });
});

describe('mark', () => {
  it('is the Unicode until the application has the emoji, then <:name:id>; others and forgeries are ignored', () => {
    expect(mark('pass')).toBe('✅');
    const used = useApplicationEmojis([
      { name: 'rc_pass', id: '123456789012345678', animated: false },
      { name: 'party', id: '123456789012345679' },
      { name: 'rc_fail', id: '12><@1' },
      { name: 'rc_ban', id: null },
    ]);
    expect(used).toBe(1);
    expect(mark('pass')).toBe('<:rc_pass:123456789012345678>');
    expect(mark('fail')).toBe(MARKS.fail.unicode);
    expect(mark('ban')).toBe('⛔');
    useApplicationEmojis([]);
    expect(mark('pass')).toBe('✅');
  });
});
