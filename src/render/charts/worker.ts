/** The thread that draws charts (src/render/charts/index.ts): each job answered with its PNG or why not. */
import { parentPort } from 'node:worker_threads';
import { drawChart } from './draw.js';
import type { ChartJob } from './spec.js';

/** `ms`: the drawing's time in the thread. */
export type DrawAnswer =
  | { id: number; ok: true; png: Uint8Array; ms: number }
  | { id: number; ok: false; message: string };

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
});
