/**
 * `node --max-semi-space-size=2 --max-old-space-size=512 --import tsx bench/chart-memory.ts
 * [none|minor|major] [N]`: the drawing's native memory, measured alone (the shipped flags). Draws the
 * digest chart (the charts' test fixture) N times (default 40) in this process with the drawing
 * thread's function (src/render/charts/draw.ts), a turn of the event loop after each as the thread
 * has between jobs, and prints the resident set's growth after each tenth; with `minor` or `major`
 * a collection of that kind follows each chart (exposed through `v8.setFlagsFromString`). The thread
 * itself runs a minor collection after each chart (src/render/charts/worker.ts), so `minor` is what
 * it holds and `none` what resvg's native memory would grow to without it. Not part of `npm run
 * bench`; its figures are in bench/README.md, "communities, round 7".
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ENGLISH } from '../src/i18n/words.js';
import { drawChart } from '../src/render/charts/draw.js';
import { SPECS } from '../src/render/charts/spec.js';
import { chartData } from '../test/charts/fixtures.js';

const mode = process.argv[2] ?? 'none';
const count = Number(process.argv[3] ?? 40);
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor'; execution: 'sync' }) => void;
const spec = SPECS.digest(chartData().digest, ENGLISH);
if (!('job' in spec)) throw new Error('no digest chart');
const mb = (bytes: number) => Math.round(bytes / 1048576);
const start = process.memoryUsage().rss;
let most = 0;
for (let i = 1; i <= count; i++) {
  drawChart(spec.job);
  if (mode !== 'none') gc({ type: mode as 'major' | 'minor', execution: 'sync' });
  // A turn of the event loop, as the thread has between two jobs: N-API runs finalizers there.
  await new Promise((resolve) => setImmediate(resolve));
  most = Math.max(most, process.memoryUsage().rss);
  if (i % 10 === 0)
    console.log(
      `${mode} ${i}: rss +${mb(process.memoryUsage().rss - start)} MB, most +${mb(most - start)} MB`,
    );
}
