/**
 * Drawing a chart (the thread's work, src/render/charts/worker.ts): Vega-Lite compiled to Vega,
 * Vega's headless view to SVG, and resvg to PNG with the shipped DejaVu fonts only (never the
 * machine's, so every machine draws the same picture).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { type ChartJob, FONT } from './spec.js';

/** Drawn at twice the specification's pixels, so it stays sharp on the screens Discord is read on. */
const ZOOM = 2;

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => join(fontDir, f));

export async function drawChart(job: ChartJob): Promise<Uint8Array> {
  const vega = compile(job as unknown as TopLevelSpec).spec;
  const view = new View(parse(vega), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    const image = new Resvg(svg, {
      font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT, sansSerifFamily: FONT },
      fitTo: { mode: 'zoom', value: ZOOM },
      background: 'white',
    });
    return image.render().asPng();
  } finally {
    view.finalize();
  }
}
