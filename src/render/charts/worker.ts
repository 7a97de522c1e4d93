/** The thread that draws charts (src/render/charts/index.ts): each job answered with its PNG or why not. */
import { parentPort } from 'node:worker_threads';
import { drawChart } from './draw.js';
import type { ChartJob } from './spec.js';

export type DrawAnswer =
  | { id: number; ok: true; png: Uint8Array }
  | { id: number; ok: false; message: string };

parentPort?.on('message', async ({ id, job }: { id: number; job: ChartJob }) => {
  let answer: DrawAnswer;
  try {
    // A copy of resvg's buffer: Node 24 cannot hand over a buffer a native module made.
    answer = { id, ok: true, png: new Uint8Array(await drawChart(job)) };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer, answer.ok ? [answer.png.buffer as ArrayBuffer] : []);
});
