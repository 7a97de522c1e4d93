/**
 * Drawing a chart (the thread's work, src/render/charts/worker.ts): the job laid out as SVG (svg.ts)
 * and resvg's PNG of it, with the shipped DejaVu fonts only (never the machine's, so every machine
 * draws the same picture).
 */
import { Resvg } from '@resvg/resvg-js';
import { FONT, FONT_FILES } from './metrics.js';
import type { ChartJob } from './spec.js';
import { svg } from './svg.js';

/** Drawn at twice the SVG's pixels, so it stays sharp on the screens Discord is read on. */
const ZOOM = 2;

export function drawChart(job: ChartJob): Uint8Array {
  const image = new Resvg(svg(job), {
    font: {
      loadSystemFonts: false,
      fontFiles: [FONT_FILES.regular, FONT_FILES.bold],
      defaultFontFamily: FONT,
      sansSerifFamily: FONT,
    },
    fitTo: { mode: 'zoom', value: ZOOM },
    background: 'white',
  });
  return image.render().asPng();
}
