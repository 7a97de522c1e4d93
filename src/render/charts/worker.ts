/** The thread that draws charts (src/render/charts/index.ts): each job answered with its PNG or why not. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { drawChart } from './draw.js';
import type { ChartJob } from './spec.js';

/** `ms`: the drawing's time in the thread. */
export type DrawAnswer =
  | { id: number; ok: true; png: Uint8Array; ms: number }
  | { id: number; ok: false; message: string };

/**
 * A young-generation collection, run after each chart. resvg's memory (the parsed picture, its
 * fonts, the pixmap: megabytes a chart) is native, held by small objects whose weight V8 does not
 * know; the thread makes little other garbage, so V8 would collect them only after dozens of
 * charts (bench/chart-memory.ts: 131 MB more after 40 digests without a collection, 17 MB with a
 * minor one after each, which takes well under a millisecond here). `gc` is taken from a new
 * context with the flag set for that moment only, as test runners' leak detectors take it (V8's
 * flags are the process's: one started with --expose-gc keeps its own `gc`, and the flag); where
 * it cannot be had, nothing is collected early.
 */
function youngCollection(): () => void {
  // A process started with --expose-gc has it already: its flag is left as it is.
  const given = (globalThis as { gc?: (options: { type: 'minor'; execution: 'sync' }) => void }).gc;
  if (given) return () => given({ type: 'minor', execution: 'sync' });
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options: { type: 'minor'; execution: 'sync' }) => void;
    return () => gc({ type: 'minor', execution: 'sync' });
  } catch {
    return () => undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
const collect = youngCollection();

parentPort?.on('message', ({ id, job }: { id: number; job: ChartJob }) => {
  let answer: DrawAnswer;
  const started = performance.now();
  try {
    // A copy of resvg's buffer: Node 24 cannot hand over a buffer a native module made.
    const png = new Uint8Array(drawChart(job));
    answer = { id, ok: true, png, ms: performance.now() - started };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer, answer.ok ? [answer.png.buffer as ArrayBuffer] : []);
  collect();
});
