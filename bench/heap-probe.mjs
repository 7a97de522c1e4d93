/**
 * Preloaded into the bot's process by the benchmark only (`node --import ./bench/heap-probe.mjs`,
 * with BENCH_HEAP_FD naming a pipe the bench opened): every 100 ms it writes one JSON line with the
 * V8 heap figures to that pipe. Nothing in Rollcall imports or knows about it. RSS and CPU time are
 * read from /proc by the bench, not from here.
 */
import { writeSync } from 'node:fs';

const fd = Number(process.env.BENCH_HEAP_FD);
if (Number.isInteger(fd) && fd > 2) {
  const timer = setInterval(() => {
    const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    try {
      writeSync(fd, `${JSON.stringify({ t: Date.now(), heapUsed, heapTotal, external, arrayBuffers })}\n`);
    } catch {
      clearInterval(timer); // the bench went away
    }
  }, 100);
  timer.unref();
}
