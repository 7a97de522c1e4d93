import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { clampEmbed, truncateUnits } from '../../src/render/format.js';
import { PROPS } from './arbitraries.js';

const hasLoneSurrogate = (s: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('truncateUnits', () => {
  it('cuts to UTF-16 units without splitting a character', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 0, max: 400 }),
        (text, max) => {
          const out = truncateUnits(text, max);
          expect(out.length).toBeLessThanOrEqual(Math.max(0, max));
          if (!hasLoneSurrogate(text)) expect(hasLoneSurrogate(out)).toBe(false);
          if (text.length <= max) expect(out).toBe(text);
          else if (max > 0) expect(out.endsWith('…')).toBe(true);
        },
      ),
      PROPS,
    );
    expect(truncateUnits('𝕏𝕏𝕏', 4)).toBe('𝕏…');
    expect(truncateUnits('ab\\\\cd', 4)).toBe('ab…');
  });
});

describe('clampEmbed past the 6000 total', () => {
  it('keeps every field through clampEmbed, whatever the characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 3000 }),
        fc.array(fc.string({ unit: 'binary', maxLength: 1024 }), { maxLength: 20 }),
        (description, values) => {
          const fields = values.map((v, i) => ({ name: `f${i}`, value: v || '—' }));
          const embed = clampEmbed({ title: 'T', description, fields, footer: { text: 'x'.repeat(200) } });
          expect(embed.fields).toHaveLength(fields.length);
        },
      ),
      PROPS,
    );
  });

  it('leaves an embed that fits untouched', () => {
    const embed = { title: 't', description: 'd', fields: [{ name: 'n', value: 'v' }] };
    expect(clampEmbed(embed)).toEqual(embed);
  });
});
