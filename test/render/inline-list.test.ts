import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import { safeLine, safeText } from '../../src/render/format.js';
import { joinWithin, roleMentions } from '../../src/render/inline-list.js';
import { nastyString } from './arbitraries.js';

/** True when some backtick in `text` is preceded by an even number of backslashes. */
function hasUnescapedBacktick(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '`') continue;
    let n = 0;
    for (let j = i - 1; j >= 0 && text[j] === '\\'; j--) n++;
    if (n % 2 === 0) return true;
  }
  return false;
}

describe('joinWithin', () => {
  it('keeps whole parts and counts the rest', () => {
    expect(joinWithin(['aa', 'bb', 'cc'], 100, ENGLISH)).toBe('aa, bb, cc');
    expect(joinWithin(['aa', 'bb', 'cc'], 12, ENGLISH)).toBe('aa +2 more');
    expect(joinWithin([], 10, ENGLISH)).toBe('—');
    expect(joinWithin(['x'.repeat(50)], 10, ENGLISH)).toBe('1 in total');
  });

  it('never exceeds the budget (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 200 }),
        fc.integer({ min: 1, max: 2000 }),
        (parts, max) => {
          expect(Array.from(joinWithin(parts, max, ENGLISH)).length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it('roleMentions mentions snowflakes only and deduplicates', () => {
    expect(roleMentions(['123456789012345678', '123456789012345678', 'x', 7], 200, ENGLISH)).toBe(
      '<@&123456789012345678> `x`',
    );
    expect(roleMentions([], 200, ENGLISH)).toBe('None');
    expect(roleMentions('nope', 200, ENGLISH)).toBe('—');
  });
});

describe('safeText and safeLine', () => {
  it('escapes the backticks escapeMarkdown leaves after a run of three', () => {
    expect(safeText('````js')).toBe('\\`\\`\\`\\`js');
  });

  it('leaves no unescaped backtick and stays within max (property)', () => {
    fc.assert(
      fc.property(nastyString, fc.integer({ min: 1, max: 1500 }), (text, max) => {
        for (const out of [safeText(text, max), safeLine(text, max)]) {
          expect(hasUnescapedBacktick(out)).toBe(false);
          expect(Array.from(out).length).toBeLessThanOrEqual(max);
        }
      }),
      { numRuns: 300 },
    );
  });
});
