/**
 * The charts as pictures: each kind drawn in two languages and compared with its golden PNG under
 * test/charts/golden/ (a tolerance for anti-aliasing; a changed bar, label or colour fails). The
 * same resvg binary and shipped fonts draw them on every machine and Node version. A golden is
 * written anew only with UPDATE_CHARTS=1, after looking at it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import UPNG from 'upng-js';
import { afterAll, describe, expect, it } from 'vitest';
import { wordsFor } from '../../src/i18n/words.js';
import { type ChartKind, closeCharts, configureCharts, renderChart } from '../../src/render/charts/index.js';
import { chartData, UNHURRIED } from './fixtures.js';

const GOLDEN = new URL('./golden/', import.meta.url);
/** Pixels that may differ (anti-aliasing), and by how much a channel must differ to count. */
const TOLERATED = 0.0005;
const CHANNEL = 48;

function differing(a: Buffer, b: Buffer): { size: boolean; share: number } {
  const [x, y] = [a, b].map((png) => UPNG.decode(new Uint8Array(png).buffer));
  if (!x || !y || x.width !== y.width || x.height !== y.height) return { size: true, share: 1 };
  const [p, q] = [x, y].map((image) => new Uint8Array(UPNG.toRGBA8(image)[0] as ArrayBuffer));
  let off = 0;
  for (let i = 0; i < (p as Uint8Array).length; i += 4) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs((p as Uint8Array)[i + c]! - (q as Uint8Array)[i + c]!) > CHANNEL) {
        off++;
        break;
      }
    }
  }
  return { size: false, share: off / (x.width * x.height) };
}

configureCharts(UNHURRIED);
afterAll(closeCharts);

describe('charts against their golden pictures', () => {
  const data = chartData();
  const kinds: ChartKind[] = ['totals', 'quota', 'member', 'digest'];
  for (const locale of ['en-US', 'de']) {
    for (const kind of kinds) {
      it(`${kind} in ${locale}`, async () => {
        const chart = await renderChart(kind, data[kind] as never, wordsFor(locale));
        if (!('file' in chart)) throw new Error(`no chart: ${chart.omitted}`);
        const golden = new URL(`${kind}-${locale}.png`, GOLDEN);
        if (process.env.UPDATE_CHARTS === '1' || !existsSync(golden)) {
          mkdirSync(GOLDEN, { recursive: true });
          writeFileSync(golden, chart.file.data);
          if (process.env.UPDATE_CHARTS !== '1')
            throw new Error(`golden ${kind}-${locale}.png was missing: written, look at it`);
        }
        expect(chart.file.name).toBe(`${kind}-chart.png`);
        const diff = differing(chart.file.data, readFileSync(golden));
        expect(diff.size).toBe(false);
        expect(diff.share).toBeLessThanOrEqual(TOLERATED);
      });
    }
  }
});
