/**
 * The charts' SVG (src/render/charts/svg.ts): a name is data, never markup (any name gives a
 * well-formed document resvg draws), the hours axis has nice integer ticks covering its domain, a
 * long name is cut with "…" to its column by the font's own metrics, and the day chart's legend is
 * there only when some day is on leave.
 */
import { Resvg } from '@resvg/resvg-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import { FONT_FILES, textWidth } from '../../src/render/charts/metrics.js';
import { type ChartJob, SPECS } from '../../src/render/charts/spec.js';
import { cutToWidth, escapeXml, svg, ticks } from '../../src/render/charts/svg.js';
import { chartData } from '../charts/fixtures.js';

const NAME_PIXELS = 210;
const LABEL = 12;
const HOSTILE = [
  '<script>alert(1)</script>',
  '&amp;',
  'a & b < c',
  ']]>',
  '"quoted" \'single\'',
  '<!-- -->',
  '<![CDATA[x]]>',
  '\u0007bell \uFFFF \uD800 lone',
  'x'.repeat(10_000),
  'יוסי כהן '.repeat(20),
  'محمد علي '.repeat(20),
];

/** The elements a chart is made of: an escaped name adds none. */
const ELEMENTS = new Set(['svg', 'rect', 'g', 'text', 'line', 'path', 'circle']);

const totalsJob = (names: readonly string[]): ChartJob => {
  const spec = SPECS.totals(
    {
      period: 'p',
      rows: names.map((_, i) => ({
        memberId: `m${i}`,
        seconds: (i + 1) * 3600,
        shifts: 1,
        longest: 0,
        active: 0,
        approximate: false,
      })),
      name: (id) => ({ name: names[Number(id.slice(1))], short: id }),
    },
    ENGLISH,
  );
  if (!('job' in spec)) throw new Error('no chart');
  return spec.job;
};

const drawn = (document: string) =>
  new Resvg(document, {
    font: { loadSystemFonts: false, fontFiles: [FONT_FILES.regular, FONT_FILES.bold] },
  }).render();

describe('a name is data, never markup', () => {
  it('the five markup characters are escaped, and what XML cannot hold is replaced', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(escapeXml('\u0000\u0007\uFFFE\uD800')).toBe('    ');
    expect(escapeXml('😀 ok')).toBe('😀 ok');
  });

  it('hostile names: a well-formed SVG of the chart’s own elements only, which resvg draws', () => {
    for (const title of ['p', ...HOSTILE]) {
      const job = { ...totalsJob(HOSTILE), title };
      const document = svg(job);
      const tags = new Set([...document.matchAll(/<\/?([A-Za-z][\w:-]*)/g)].map((m) => m[1]));
      expect([...tags].filter((tag) => !ELEMENTS.has(tag as string))).toEqual([]);
      expect(document).not.toContain(']]>');
      const image = drawn(document);
      expect(image.width).toBeGreaterThan(600);
      expect(document.length).toBeLessThan(60_000);
    }
  });
});

describe('the hours axis', () => {
  it('integer ticks a nice step apart (1, 2 or 5 × 10^k), from 0, covering the domain', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.integer({ min: 2, max: 20 }),
        (top, count) => {
          const found = ticks(top, count);
          expect(found[0]).toBe(0);
          const step = (found[1] ?? top + 1) - 0;
          for (const [i, tick] of found.entries()) {
            expect(Number.isInteger(tick)).toBe(true);
            expect(tick).toBe(i * step);
          }
          if (found.length > 1) {
            const power = 10 ** Math.floor(Math.log10(step));
            expect([1, 2, 5]).toContain(step / power);
            expect(found.length).toBeLessThanOrEqual(2 * count + 1);
          }
          expect(found.at(-1)).toBeLessThanOrEqual(top);
          expect((found.at(-1) as number) + step).toBeGreaterThan(top);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the totals chart’s labels are its ticks, written with the reader’s separators', () => {
    const job = totalsJob(['a']);
    const wide = {
      ...job,
      numbers: { decimal: ',', group: '.' },
      parts: job.parts.map((p) => (p.type === 'bars' ? { ...p, top: 12_000 } : p)),
    };
    const labels = [
      ...svg(wide).matchAll(/text-anchor="middle" font-size="12" fill="#333333">([\d.]+)</g),
    ].map((m) => m[1]);
    expect(labels[0]).toBe('0');
    expect(labels).toContain('10.000');
    expect(labels.every((l) => /^\d{1,3}(\.\d{3})*$/.test(l as string))).toBe(true);
  });
});

describe('names beside their bars', () => {
  it('a long name is cut with "…" and fits its 210 px by the font’s metrics; a short one is whole', () => {
    for (const long of [
      'A'.repeat(32),
      'W'.repeat(200),
      'x'.repeat(10_000),
      'Дмитрий Иванович Константинопольский',
    ]) {
      const cut = cutToWidth(long, NAME_PIXELS, LABEL);
      expect(cut.endsWith('…')).toBe(true);
      expect(long.startsWith(cut.slice(0, -1))).toBe(true);
      expect(textWidth(cut, LABEL)).toBeLessThanOrEqual(NAME_PIXELS);
      expect(textWidth(cut, LABEL)).toBeGreaterThan(NAME_PIXELS * 0.85);
    }
    for (const short of ['Zoë', 'Дмитрий Иванов', 'محمد علي'])
      expect(cutToWidth(short, NAME_PIXELS, LABEL)).toBe(short);
  });

  it('a right-to-left name cut keeps its "…" at the end a reader reads last', () => {
    const cut = cutToWidth('יוסי כהן '.repeat(10), NAME_PIXELS, LABEL);
    expect(cut.endsWith('…\u200F')).toBe(true);
    expect(textWidth(cut, LABEL)).toBeLessThanOrEqual(NAME_PIXELS);
  });

  it('the chart draws the cut name, never the whole', () => {
    const long = 'B'.repeat(60);
    const document = svg(totalsJob([long, 'Zoë']));
    expect(document).toContain(`>${cutToWidth(long, NAME_PIXELS, LABEL)}</text>`);
    expect(document).not.toContain(long);
    expect(document).toContain('>Zoë</text>');
  });
});

describe('the day chart’s legend', () => {
  it('only when some day is on leave', () => {
    const member = chartData().member;
    const words = [ENGLISH.charts.onDuty, ENGLISH.charts.onLeave].map((w) => `>${escapeXml(w)}</text>`);
    const of = (leave: boolean[]) => {
      const spec = SPECS.member({ ...member, leave }, ENGLISH);
      if (!('job' in spec)) throw new Error('no chart');
      return svg(spec.job);
    };
    const withLeave = of(member.leave.map((_, i) => i === 3));
    for (const word of words) expect(withLeave).toContain(word);
    const without = of(member.leave.map(() => false));
    for (const word of words) expect(without).not.toContain(word);
  });
});
