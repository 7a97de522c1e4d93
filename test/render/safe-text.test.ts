/** API text is data, never markup: what safeText leaves can render only as the characters it had. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText, safeText } from '../../src/render/format.js';

/** Markdown characters in `text` that are not escaped by an odd run of backslashes. */
function unescaped(text: string, chars: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!chars.includes(text[i] ?? '')) continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && text[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) found.push(`${text[i]}@${i}`);
  }
  return found;
}

/** Lines that Discord would render as a quote, subtext, heading or list. */
const markupLines = (text: string) =>
  text.split('\n').filter((line) => /^\s*(>|-#|#{1,3}\s|[-*+]\s|\d+\.\s)/.test(line));

describe('safeText', () => {
  it.each([
    ['a block quote', '> quoted\nsecond line'],
    ['a quote of the rest', 'reason:\n>>> everything after'],
    ['subtext', '-# small print\n  -# indented small print'],
    ['a heading', '# Big\n## Bigger'],
    ['a list', '- one\n* two\n1. three'],
  ])('escapes %s at the start of a line', (_what, text) => {
    expect(markupLines(safeText(text, 1024))).toEqual([]);
  });

  it('leaves no bold or italic pair inside a 5000-character run of *', () => {
    const out = safeText('*'.repeat(5000), 1024);
    expect(unescaped(out, '*_~|`')).toEqual([]);
    expect(out.length).toBeLessThanOrEqual(1024);
  });

  it('keeps emoji joined by zero-width joiners whole, and strips other invisible characters', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(safeText(`${family} on leave`, 100)).toBe(`${family} on leave`);
    expect(plainText(family, 100)).toBe(family);
    expect(safeText('ad\u200Dmin\u200B \u202Eevil', 100)).toBe('admin evil');
  });

  it('for any text: no unescaped markdown character and no markup line start survive', () => {
    const piece = fc.constantFrom(
      '*',
      '_',
      '~',
      '|',
      '`',
      '>',
      '>>> ',
      '-# ',
      '# ',
      '- ',
      '1. ',
      '\\',
      '\n',
      ' ',
      'a',
      '👨‍👩‍👧',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 5, max: 300 }), (parts, max) => {
        const out = safeText(parts.join(''), max);
        // The last character may be a cut-off escape before the ellipsis; everything else is escaped.
        expect(unescaped(out.replace(/\\…$/, '…'), '*_~|`')).toEqual([]);
        expect(markupLines(out)).toEqual([]);
        expect(out.length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 500 },
    );
  });
});
